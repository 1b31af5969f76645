import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { AisleApplicationError, AisleValidationError } from '../core/errors.ts';
import { fakeFetch, json, parseUrl, type RecordedCall, bodyOf, pathOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { applicationErrorReply, validationErrorReply } from '../testing/error-replies.ts';
import { checkout, sandboxPayments } from './checkout.ts';
import { STORES_APP_ID } from './catalog-ids.ts';
import { wireImage } from '../testing/wire-image.ts';
import { expectDeliveryAndMemberships, wireLogistics, wireMemberships } from '../testing/totals.ts';

const IMG = '5c3b2f1e-1b7a-4c8e-9a51-0d6a3c9e2f10';
const URI = `aisle:image://v1/${IMG}/mug.jpg#originWidth=640&originHeight=480`;

const logistics = wireLogistics(
  '3-5 business days',
  { addressLine: '5 Depot Rd', geocode: { latitude: 37.7, longitude: 'NaN' } },
  { pickupMethod: 'STORE_PICKUP' },
);

const wireCheckout = {
  id: 'co-1',
  cartId: 'cart-1',
  lineItems: [
    {
      id: 'l1',
      quantity: 2,
      catalogReference: { catalogItemId: 'p1', appId: STORES_APP_ID, options: { variantId: 'v1' } },
      productName: { original: 'Mug' },
      url: { relativePath: '/product-page/mug', url: 'https://shop.example/product-page/mug' },
      media: wireImage(IMG, 'mug.jpg', 640, 480, { x: 0.25, y: 'Infinity' }),
      physicalProperties: { weight: 0.4, shippable: true },
      serviceProperties: { scheduledDate: '2024-08-01T09:00:00Z' },
      subscriptionOptionInfo: { subscriptionSettings: { startDate: '2024-07-01T00:00:00Z' } },
      totalPriceAfterTax: { amount: '21.60', formattedAmount: '$21.60' },
      taxDetails: { taxRate: '0.08' },
    },
  ],
  billingInfo: {
    address: { country: 'US', addressLine: '1 Main St', geocode: { latitude: 40.1, longitude: -74.2 } },
    contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
  },
  shippingInfo: {
    shippingDestination: {
      address: { country: 'US', subdivision: 'US-NY', formattedAddress: '1 Main St, NY' },
      contactDetails: { firstName: 'Ada' },
    },
    selectedCarrierServiceOption: { code: 'std', title: 'Standard', logistics },
    carrierServiceOptions: [{ carrierId: 'c1', shippingOptions: [{ code: 'std', logistics }] }],
  },
  appliedDiscounts: [{ merchantDiscount: { percentage: 'NaN' } }],
  membershipOptions: wireMemberships('m1', 'm2'),
  subscriptionCharges: { charges: [{ cycleBillingDate: '2024-09-01T00:00:00Z' }] },
  priceSummary: { total: { amount: '26.60', formattedAmount: '$26.60' } },
  createdDate: '2024-05-01T10:00:00.000Z',
  updatedDate: '2024-05-02T10:00:00.000Z',
};

function client(reply: (call: RecordedCall) => Response = () => json({ checkout: wireCheckout })) {
  const { fetch, calls } = fakeFetch(reply);
  const aisle = createClient({
    modules: { checkout, sandboxPayments },
    fetch,
    baseUrl: 'https://shop.example',
  });
  return { module: aisle.checkout, sandbox: aisle.sandboxPayments, calls };
}

describe('checkout conversions', () => {
  it('getCheckout converts dates, floats, media, URLs, addresses, delivery slots and memberships', async () => {
    const { module, calls } = client();
    const co = await module.getCheckout('co-1');
    expect(calls[0]?.method).toBe('GET');
    expect(pathOf(calls[0])).toBe('/ecom/v1/checkouts/co-1');
    expect(parseUrl(calls[0]?.url ?? '').params.get('id')).toBe('co-1');

    expect(co.createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(co.updatedDate).toEqual(new Date('2024-05-02T10:00:00.000Z'));
    const [line] = co.lineItems;
    expect(line?.media).toBe(URI);
    expect(line?.url).toBe('https://shop.example/product-page/mug');
    expect(line?.physicalProperties?.weight).toBe(0.4);
    expect(line?.serviceProperties?.scheduledDate).toEqual(new Date('2024-08-01T09:00:00Z'));
    expect(line?.subscriptionOptionInfo?.subscriptionSettings?.startDate).toEqual(
      new Date('2024-07-01T00:00:00Z'),
    );
    expect(line?.totalPriceAfterTax?.amount).toBe('21.60');

    expect(co.billingInfo?.address).toEqual({
      country: 'US',
      addressLine1: '1 Main St',
      location: { latitude: 40.1, longitude: -74.2 },
    });
    expect(co.shippingInfo?.shippingDestination?.address).toEqual({
      country: 'US',
      subdivision: 'US-NY',
      formatted: '1 Main St, NY',
    });
    expectDeliveryAndMemberships(co, {
      addressLine1: '5 Depot Rd',
      location: { latitude: 37.7, longitude: Number.NaN },
    });
    expect(co.appliedDiscounts?.[0]?.merchantDiscount?.percentage).toBeNaN();
    expect(co.subscriptionCharges?.charges?.[0]?.cycleBillingDate).toEqual(new Date('2024-09-01T00:00:00Z'));
    expect(co.priceSummary?.total?.formattedAmount).toBe('$26.60');
  });
});

describe('checkout request shapes', () => {
  it('createCheckout posts checkout info with wire addresses, lines and codes', async () => {
    const { module, calls } = client();
    // What the client sends as it is; only addresses, images and links change spelling on the wire.
    const unchanged = {
      carrier: { selectedCarrierServiceOption: { code: 'std' } },
      contact: { contactDetails: { firstName: 'A' } },
      buyerInfo: { email: 'a@example.com' },
      line: { quantity: 1, catalogReference: { catalogItemId: 'p1', appId: STORES_APP_ID } },
      custom: { quantity: 1, price: '2.00', productName: { original: 'Wrap' } },
      codes: { couponCode: 'WELCOME10', channelType: 'WEB' as const },
    };
    const checkoutInfo = <Billing, Shipping>(billing: Billing, shipping: Shipping) => ({
      billingInfo: { address: billing },
      shippingInfo: {
        shippingDestination: { address: shipping, ...unchanged.contact },
        ...unchanged.carrier,
      },
      buyerInfo: unchanged.buyerInfo,
    });
    const co = await module.createCheckout({
      checkoutInfo: checkoutInfo(
        { country: 'US', addressLine1: '1 Main St', location: { latitude: 1, longitude: 2 } },
        { country: 'US', formatted: 'F' },
      ),
      lineItems: [{ ...unchanged.line, catalogOverrideFields: { image: URI } }],
      customLineItems: [{ ...unchanged.custom, media: 'https://x/w.png', url: 'https://x/w' }],
      ...unchanged.codes,
    });
    expect(co.id).toBe('co-1');
    expectSent(calls[0], 'POST', 'https://shop.example/ecom/v1/checkouts', {
      checkoutInfo: checkoutInfo(
        { country: 'US', addressLine: '1 Main St', geocode: { latitude: 1, longitude: 2 } },
        { country: 'US', formattedAddress: 'F' },
      ),
      lineItems: [
        {
          ...unchanged.line,
          catalogOverrideFields: { image: { id: IMG, filename: 'mug.jpg', width: 640, height: 480 } },
        },
      ],
      customLineItems: [
        { ...unchanged.custom, media: { url: 'https://x/w.png' }, url: { url: 'https://x/w' } },
      ],
      ...unchanged.codes,
    });
  });

  it('updateCheckout PATCHes the checkout with its id, wire addresses and a joined field mask', async () => {
    const { module, calls } = client();
    await module.updateCheckout(
      'co-1',
      {
        buyerInfo: { email: 'b@example.com' },
        shippingInfo: { shippingDestination: { address: { addressLine1: '2 Side St', country: 'US' } } },
      },
      { fieldMask: ['buyerInfo.email', 'shippingInfo.shippingDestination'], couponCode: 'FREESHIP' },
    );
    expectSent(calls[0], 'PATCH', 'https://shop.example/ecom/v1/checkouts/co-1', {
      checkout: {
        buyerInfo: { email: 'b@example.com' },
        shippingInfo: { shippingDestination: { address: { addressLine: '2 Side St', country: 'US' } } },
        id: 'co-1',
      },
      fieldMask: 'buyerInfo.email,shippingInfo.shippingDestination',
      couponCode: 'FREESHIP',
    });
  });

  it.each([
    [
      'addToCheckout',
      (m: Mod) => m.addToCheckout('co-1', { lineItems: [] }),
      'add-to-checkout',
      { lineItems: [] },
    ],
    [
      'removeLineItems',
      (m: Mod) => m.removeLineItems('co-1', ['l1']),
      'remove-line-items',
      { lineItemIds: ['l1'] },
    ],
    [
      'updateLineItemsQuantity',
      (m: Mod) => m.updateLineItemsQuantity('co-1', [{ id: 'l1', quantity: 3 }]),
      'update-line-items-quantity',
      { lineItems: [{ id: 'l1', quantity: 3 }] },
    ],
    ['removeCoupon', (m: Mod) => m.removeCoupon('co-1'), 'remove-coupon', {}],
    ['removeGiftCard', (m: Mod) => m.removeGiftCard('co-1'), 'remove-gift-card', {}],
    [
      'removeOverrideCheckoutUrl',
      (m: Mod) => m.removeOverrideCheckoutUrl('co-1'),
      'remove-override-checkout-url',
      {},
    ],
  ])('%s POSTs with the id and returns the converted checkout', async (_name, call, action, expected) => {
    const { module, calls } = client();
    const co = await call(module);
    expect(calls[0]?.method).toBe('POST');
    expect(pathOf(calls[0])).toBe(`/ecom/v1/checkouts/co-1/${action}`);
    expect(bodyOf(calls[0])).toEqual({ ...expected, id: 'co-1' });
    expect(co.lineItems[0]?.media).toBe(URI);
  });

  it('getCheckoutByCartId sends the cart id in the path and query', async () => {
    const { module, calls } = client();
    await module.getCheckoutByCartId('cart-1');
    expect(pathOf(calls[0])).toBe('/ecom/v1/checkouts/by-cart-id/cart-1');
    expect(parseUrl(calls[0]?.url ?? '').params.get('id')).toBe('cart-1');
  });

  it('getCheckoutUrl returns the URL as sent', async () => {
    const { module, calls } = client(() => json({ checkoutUrl: 'https://shop.example/checkout/co-1' }));
    await expect(module.getCheckoutUrl('co-1')).resolves.toEqual({
      checkoutUrl: 'https://shop.example/checkout/co-1',
    });
    expect(pathOf(calls[0])).toBe('/ecom/v1/checkouts/co-1/checkout-url');
  });

  it('createOrder and createOrderAndCharge post the options and return ids and tokens', async () => {
    const { module, calls } = client((call) =>
      json(
        call.url.endsWith('/create-order')
          ? { orderId: 'o-1', confirmationToken: 'ct' }
          : { orderId: 'o-2', paymentResponseToken: 'prt' },
      ),
    );
    await expect(module.createOrder('co-1')).resolves.toEqual({ orderId: 'o-1', confirmationToken: 'ct' });
    expect(bodyOf(calls[0])).toEqual({ id: 'co-1' });
    await expect(module.createOrderAndCharge('co-1', 'tok_1', { delayCapture: true })).resolves.toEqual({
      orderId: 'o-2',
      paymentResponseToken: 'prt',
    });
    expect(pathOf(calls[1])).toBe('/ecom/v1/checkouts/co-1/create-order-and-charge');
    expect(bodyOf(calls[1])).toEqual({ delayCapture: true, paymentToken: 'tok_1', id: 'co-1' });
  });

  it('markAsCompleted resolves to undefined', async () => {
    const { module, calls } = client(() => json({}));
    await expect(module.markAsCompleted('co-1')).resolves.toBeUndefined();
    expect(pathOf(calls[0])).toBe('/ecom/v1/checkouts/co-1/mark-as-completed');
  });

  it('a decline surfaces as an application error with its code and data', async () => {
    const { module } = client(() =>
      applicationErrorReply(
        400,
        'Payment failed',
        {
          code: 'PAYMENT_ERROR',
          description: 'The card was declined',
          data: { declineReason: 'CARD_DECLINED' },
        },
        { 'X-Aisle-Request-Id': 'r-1' },
      ),
    );
    const error = await module.createOrderAndCharge('co-1', 'tok').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({
      code: 'PAYMENT_ERROR',
      status: 400,
      data: { declineReason: 'CARD_DECLINED' },
      requestId: 'r-1',
    });
  });
});

type Mod = ReturnType<typeof client>['module'];

describe('sandboxPayments', () => {
  it('createCardToken posts the card with the number without spaces', async () => {
    const answer = {
      paymentToken: 'pt',
      card: { brand: 'VISA', lastFourDigits: '4242', expMonth: 12, expYear: 2030 },
    };
    const { sandbox, calls } = client(() => json(answer));
    await expect(
      sandbox.createCardToken({
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        holderName: 'A',
      }),
    ).resolves.toEqual(answer);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://shop.example/payments/sandbox/v1/card-tokens',
    });
    expect(bodyOf(calls[0])).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      holderName: 'A',
    });
  });

  it('a refused card is a validation error naming the field', async () => {
    const { sandbox } = client(() =>
      validationErrorReply('Invalid', [
        { field: 'number', description: 'is not a valid card number', violatedRule: 'FORMAT', data: {} },
      ]),
    );
    const error = await sandbox
      .createCardToken({ number: '1234', expMonth: 1, expYear: 2030, cvc: '1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleValidationError);
    expect((error as AisleValidationError).message).toBe(
      'INVALID_ARGUMENT: "number" is not a valid card number',
    );
  });

  it('confirmationUrl points at the sandbox page with the token and the way back', () => {
    const { sandbox } = client();
    const url = new URL(sandbox.confirmationUrl('prt-1', 'https://shop.example/orders/o?token=t'));
    expect(url.origin + url.pathname).toBe('https://shop.example/payments/sandbox/v1/confirm');
    expect(url.searchParams.get('token')).toBe('prt-1');
    expect(url.searchParams.get('returnUrl')).toBe('https://shop.example/orders/o?token=t');
  });
});
