import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { AisleApplicationError } from '../core/errors.ts';
import { fakeFetch, json, type RecordedCall, bodyOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { applicationErrorReply } from '../testing/error-replies.ts';
import { wireImage } from '../testing/wire-image.ts';
import { expectDeliveryAndMemberships, wireLogistics, wireMemberships } from '../testing/totals.ts';
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from './catalog-ids.ts';
import { currentCart } from './current-cart.ts';

const IMG = '5c3b2f1e-1b7a-4c8e-9a51-0d6a3c9e2f10';
const URI = `aisle:image://v1/${IMG}/shirt.jpg#originWidth=800&originHeight=600`;

const wireCart = {
  id: 'cart-1',
  lineItems: [
    {
      id: 'l1',
      quantity: 2,
      catalogReference: { catalogItemId: 'p1', appId: STORES_APP_ID, options: { variantId: 'v1' } },
      productName: { original: 'Shirt', translated: 'Shirt' },
      url: { relativePath: '/product-page/shirt', url: 'https://shop.example/product-page/shirt' },
      price: {
        amount: '10.00',
        convertedAmount: '10.00',
        formattedAmount: '$10.00',
        formattedConvertedAmount: '$10.00',
      },
      image: wireImage(IMG, 'shirt.jpg', 800, 600, { x: 0.5, y: 'NaN' }),
      physicalProperties: { weight: 'Infinity', shippable: true },
      subscriptionOptionInfo: {
        subscriptionSettings: { frequency: 'MONTH', startDate: '2024-07-01T00:00:00Z' },
      },
      serviceProperties: { scheduledDate: '2024-08-01T09:00:00Z', endDate: '2024-08-01T10:00:00Z' },
      catalogOverrideFields: {
        image: { url: 'https://cdn.example/o.png' },
        physicalProperties: { weight: 'NaN' },
      },
    },
    {
      id: 'l2',
      quantity: 1,
      media: { url: 'https://cdn.example/custom.png' },
      url: { url: 'https://x.example' },
    },
  ],
  appliedDiscounts: [{ merchantDiscount: { percentage: 'NaN' }, discountType: 'GLOBAL', lineItemIds: [] }],
  contactInfo: {
    address: {
      country: 'US',
      addressLine: '1 Main St',
      formattedAddress: '1 Main St, Springfield',
      geocode: { latitude: 40.5, longitude: 'NaN' },
    },
  },
  createdDate: '2024-05-01T10:00:00.000Z',
  updatedDate: '2024-05-02T10:00:00.000Z',
  revision: '7',
};

function client(reply: (call: RecordedCall) => Response = () => json({ cart: wireCart })) {
  const { fetch, calls } = fakeFetch(reply);
  return { cart: createClient({ modules: { currentCart }, fetch }).currentCart, calls };
}

describe('currentCart conversions', () => {
  it('getCurrentCart GETs the current cart and converts dates, floats, images, URLs and the address', async () => {
    const { cart: module, calls } = client();
    const cart = await module.getCurrentCart();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/ecom/v1/carts/current', body: undefined });
    const [line, custom] = cart.lineItems;
    expect(cart.createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(cart.updatedDate).toEqual(new Date('2024-05-02T10:00:00.000Z'));
    expect(cart.revision).toBe('7');
    expect(line?.image).toBe(URI);
    expect(line?.url).toBe('https://shop.example/product-page/shirt');
    expect(line?.physicalProperties?.weight).toBe(Number.POSITIVE_INFINITY);
    expect(line?.subscriptionOptionInfo?.subscriptionSettings?.startDate).toEqual(
      new Date('2024-07-01T00:00:00Z'),
    );
    expect(line?.serviceProperties).toEqual({
      scheduledDate: new Date('2024-08-01T09:00:00Z'),
      endDate: new Date('2024-08-01T10:00:00Z'),
    });
    expect(line?.catalogOverrideFields?.image).toBe('https://cdn.example/o.png');
    expect(line?.catalogOverrideFields?.physicalProperties?.weight).toBeNaN();
    expect(line?.price?.formattedAmount).toBe('$10.00');
    expect(custom?.media).toBe('https://cdn.example/custom.png');
    expect(custom?.url).toBe('https://x.example');
    expect(cart.appliedDiscounts?.[0]?.merchantDiscount?.percentage).toBeNaN();
    expect(cart.contactInfo?.address).toEqual({
      country: 'US',
      addressLine1: '1 Main St',
      formatted: '1 Main St, Springfield',
      location: { latitude: 40.5, longitude: Number.NaN },
    });
  });

  it('estimateCurrentCartTotals converts the cart inside, shipping slots, pickup addresses and memberships', async () => {
    const logistics = wireLogistics('2 days', {
      addressLine: 'Depot 1',
      geocode: { latitude: 'NaN', longitude: 2 },
    });
    const { cart: module, calls } = client(() =>
      json({
        cart: wireCart,
        priceSummary: { total: { amount: '20.00' } },
        shippingInfo: {
          selectedCarrierServiceOption: { code: 'opt-1', logistics },
          carrierServiceOptions: [{ carrierId: 'c', shippingOptions: [{ code: 'opt-1', logistics }] }],
        },
        appliedDiscounts: [{ merchantDiscount: { percentage: 'Infinity' } }],
        membershipOptions: wireMemberships('m', 'n', { reason: 'x' }),
      }),
    );
    const totals = await module.estimateCurrentCartTotals({
      shippingAddress: { country: 'US', subdivision: 'US-CA', addressLine1: '1 Main', postalCode: '94105' },
      billingAddress: { country: 'US', location: { latitude: 1, longitude: 2 }, formatted: 'F' },
      selectedShippingOption: { code: 'opt-1' },
      calculateTax: true,
    });
    expectSent(calls[0], 'POST', '/ecom/v1/carts/current/estimate-totals', {
      shippingAddress: { country: 'US', subdivision: 'US-CA', addressLine: '1 Main', postalCode: '94105' },
      billingAddress: { country: 'US', geocode: { latitude: 1, longitude: 2 }, formattedAddress: 'F' },
      selectedShippingOption: { code: 'opt-1' },
      calculateTax: true,
    });
    expect(totals.cart?.lineItems[0]?.image).toBe(URI);
    expect(totals.cart?.createdDate).toBeInstanceOf(Date);
    expectDeliveryAndMemberships(totals, {
      addressLine1: 'Depot 1',
      location: { latitude: Number.NaN, longitude: 2 },
    });
    expect(totals.appliedDiscounts?.[0]?.merchantDiscount?.percentage).toBe(Number.POSITIVE_INFINITY);
    expect(totals.priceSummary?.total?.amount).toBe('20.00');
  });
});

describe('currentCart request shapes', () => {
  it('addToCurrentCart posts the lines, with image URIs and URL strings back in wire form', async () => {
    const { cart: module, calls } = client();
    const when = new Date('2024-08-01T09:00:00.000Z');
    // What the client sends as it is; only images, dates and links change spelling on the wire.
    const unchanged = {
      line: {
        quantity: 2,
        catalogReference: {
          catalogItemId: 'p1',
          appId: STORES_APP_ID,
          options: { variantId: DEFAULT_VARIANT_ID },
        },
      },
      custom: { quantity: 1, price: '3.50', productName: { original: 'Gift wrap' } },
    };
    await module.addToCurrentCart({
      lineItems: [
        {
          ...unchanged.line,
          catalogOverrideFields: { image: URI, price: '5.00' },
          serviceProperties: { scheduledDate: when },
        },
      ],
      customLineItems: [
        { ...unchanged.custom, media: 'https://cdn.example/wrap.png', url: 'https://shop.example/wrap' },
      ],
      businessLocationId: 'loc',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/ecom/v1/carts/current/add-to-cart' });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(bodyOf(calls[0])).toEqual({
      lineItems: [
        {
          ...unchanged.line,
          catalogOverrideFields: {
            image: { id: IMG, filename: 'shirt.jpg', width: 800, height: 600 },
            price: '5.00',
          },
          serviceProperties: { scheduledDate: '2024-08-01T09:00:00.000Z' },
        },
      ],
      customLineItems: [
        {
          ...unchanged.custom,
          media: { url: 'https://cdn.example/wrap.png' },
          url: { url: 'https://shop.example/wrap' },
        },
      ],
      businessLocationId: 'loc',
    });
  });

  it('updateCurrentCart PATCHes cart info with the address in wire names and a joined field mask', async () => {
    const { cart: module, calls } = client();
    await module.updateCurrentCart({
      cartInfo: {
        buyerNote: 'Leave at the door',
        contactInfo: { address: { addressLine1: '1 Main St', location: { latitude: 1, longitude: 2 } } },
      },
      couponCode: 'SAVE10',
      cartFieldmask: ['buyerNote', 'contactInfo.address'],
    });
    expectSent(calls[0], 'PATCH', '/ecom/v1/carts/current', {
      cartInfo: {
        buyerNote: 'Leave at the door',
        contactInfo: { address: { addressLine: '1 Main St', geocode: { latitude: 1, longitude: 2 } } },
      },
      couponCode: 'SAVE10',
      cartFieldmask: 'buyerNote,contactInfo.address',
    });
    await module.updateCurrentCart({ couponCode: null });
    expect(bodyOf(calls[1])).toEqual({ couponCode: null });
  });

  it.each([
    [
      'removeLineItemsFromCurrentCart',
      () => client(),
      (m: ReturnType<typeof client>['cart']) => m.removeLineItemsFromCurrentCart(['l1', 'l2']),
      '/ecom/v1/carts/current/remove-line-items',
      { lineItemIds: ['l1', 'l2'] },
    ],
    [
      'updateCurrentCartLineItemQuantity',
      () => client(),
      (m: ReturnType<typeof client>['cart']) =>
        m.updateCurrentCartLineItemQuantity([{ id: 'l1', quantity: 0 }]),
      '/ecom/v1/carts/current/update-line-items-quantity',
      { lineItems: [{ id: 'l1', quantity: 0 }] },
    ],
    [
      'removeCouponFromCurrentCart',
      () => client(),
      (m: ReturnType<typeof client>['cart']) => m.removeCouponFromCurrentCart(),
      '/ecom/v1/carts/current/remove-coupon',
      {},
    ],
  ])('%s POSTs its body and returns the converted cart', async (_name, make, call, url, expected) => {
    const { cart: module, calls } = make();
    const cart = await call(module);
    expect(calls[0]).toMatchObject({ method: 'POST', url });
    expect(bodyOf(calls[0])).toEqual(expected);
    expect(cart.lineItems[0]?.image).toBe(URI);
  });

  it('createCheckoutFromCurrentCart posts channel, addresses and e-mail and returns the checkout id', async () => {
    const { cart: module, calls } = client(() => json({ checkoutId: 'co-1' }));
    const result = await module.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      shippingAddress: { country: 'DE', addressLine1: 'Hauptstr. 1' },
      email: 'a@example.com',
    });
    expect(result).toEqual({ checkoutId: 'co-1' });
    expectSent(calls[0], 'POST', '/ecom/v1/carts/current/create-checkout', {
      channelType: 'WEB',
      shippingAddress: { country: 'DE', addressLine: 'Hauptstr. 1' },
      email: 'a@example.com',
    });
  });

  it('deleteCurrentCart sends DELETE and resolves to undefined', async () => {
    const { cart: module, calls } = client(() => json({}));
    await expect(module.deleteCurrentCart()).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/ecom/v1/carts/current', body: undefined });
  });

  it('keeps the code and request id of a missing cart', async () => {
    const { cart: module } = client(() =>
      applicationErrorReply(
        404,
        'No cart',
        { code: 'OWNED_CART_NOT_FOUND', description: 'No cart', data: {} },
        { 'X-Aisle-Request-Id': 'req-9' },
      ),
    );
    const error = await module.getCurrentCart().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({ code: 'OWNED_CART_NOT_FOUND', status: 404, requestId: 'req-9' });
  });
});
