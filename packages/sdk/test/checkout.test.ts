import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleValidationError,
  IMAGE_URI_PREFIX,
  REDIRECT_SESSION_HEADER,
  redirects,
  createClient,
} from '../src/index.ts';
import {
  admin,
  CARDS,
  cardToken,
  lineOf,
  readyCheckout,
  SAN_FRANCISCO,
  shopper,
  storeForFile,
} from './checkout-helpers.ts';
import { rejection } from '../src/testing/rejection.ts';

const store = storeForFile();

describe('SDK against the real server: checkout', () => {
  it('a visitor prices, discounts and pays a checkout of the cart; a decline changes nothing', async () => {
    const visitor = shopper(store.server);
    const tee = await lineOf(visitor, 'classic-cotton-tee');
    const press = await lineOf(visitor, 'classic-french-press');
    const cart = await visitor.currentCart.addToCurrentCart({ lineItems: [tee, press] });
    const { checkoutId } = await visitor.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });

    let co = await visitor.checkout.getCheckout(checkoutId);
    expect(co.id).toBe(checkoutId);
    expect(co.cartId).toBe(cart.id);
    expect(co.lineItems).toHaveLength(2);
    expect(co.createdDate).toBeInstanceOf(Date);
    expect(co.updatedDate).toBeInstanceOf(Date);
    expect(co.completed).toBe(false);
    expect(co.lineItems.some((line) => line.media?.startsWith(IMAGE_URI_PREFIX))).toBe(true);
    expect((await visitor.checkout.getCheckoutByCartId(cart.id)).id).toBe(checkoutId);

    // Address in the client's names both ways; the options for it come back with the checkout.
    co = await visitor.checkout.updateCheckout(
      checkoutId,
      {
        buyerInfo: { email: 'ada@example.com' },
        shippingInfo: {
          shippingDestination: {
            address: { ...SAN_FRANCISCO, location: { latitude: 37.78, longitude: -122.39 } },
            contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
          },
        },
      },
      { fieldMask: ['buyerInfo.email', 'shippingInfo.shippingDestination'] },
    );
    expect(co.buyerInfo?.email).toBe('ada@example.com');
    const destination = co.shippingInfo?.shippingDestination?.address;
    expect(destination).toMatchObject({ addressLine1: '500 Howard St', subdivision: 'US-CA' });
    expect(destination).not.toHaveProperty('addressLine');
    expect(destination?.location).toEqual({ latitude: 37.78, longitude: -122.39 });
    const offered = co.shippingInfo?.carrierServiceOptions?.flatMap((c) => c.shippingOptions ?? []) ?? [];
    expect(offered.map((o) => o.title)).toEqual(expect.arrayContaining(['Standard', 'Express']));
    const express = offered.find((o) => o.title === 'Express');
    co = await visitor.checkout.updateCheckout(
      checkoutId,
      { shippingInfo: { selectedCarrierServiceOption: { code: express?.code ?? '' } } },
      { fieldMask: ['shippingInfo.selectedCarrierServiceOption'] },
    );
    expect(co.shippingInfo?.selectedCarrierServiceOption?.title).toBe('Express');
    expect(Number(co.priceSummary?.shipping?.amount)).toBeGreaterThan(0);

    // A refused coupon is a typed error and leaves the checkout as it was.
    const refused = await rejection(
      visitor.checkout.updateCheckout(checkoutId, {}, { couponCode: 'NOSUCHCODE' }),
    );
    expect(refused).toBeInstanceOf(AisleApplicationError);
    expect(refused.code).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    expect((await visitor.checkout.getCheckout(checkoutId)).priceSummary).toEqual(co.priceSummary);
    co = await visitor.checkout.updateCheckout(checkoutId, {}, { couponCode: 'WELCOME10' });
    expect(co.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code).toBe('WELCOME10');
    expect(Number(co.priceSummary?.discount?.amount)).toBeCloseTo(
      Number(co.priceSummary?.subtotal?.amount) / 10,
      2,
    );
    co = await visitor.checkout.removeCoupon(checkoutId);
    expect(co.appliedDiscounts ?? []).toEqual([]);

    // Quantities and lines.
    const teeLine = co.lineItems.find(
      (l) => l.catalogReference?.catalogItemId === tee.catalogReference.catalogItemId,
    );
    co = await visitor.checkout.updateLineItemsQuantity(checkoutId, [{ id: teeLine?.id ?? '', quantity: 3 }]);
    expect(co.lineItems.find((l) => l.id === teeLine?.id)?.quantity).toBe(3);
    co = await visitor.checkout.updateCheckout(checkoutId, {}, { couponCode: 'WELCOME10' });
    const total = co.priceSummary?.total?.amount;

    const { checkoutUrl } = await visitor.checkout.getCheckoutUrl(checkoutId);
    expect(new URL(checkoutUrl).pathname).toBe(`/checkout/${checkoutId}`);

    // Someone else's checkout does not exist for them.
    const stranger = shopper(store.server);
    const hidden = await rejection(stranger.checkout.getCheckout(checkoutId));
    expect(hidden.status).toBe(404);

    // Declined: the error says why, nothing is placed, the checkout can be paid again.
    const declined = await rejection(
      visitor.checkout.createOrderAndCharge(checkoutId, await cardToken(visitor, CARDS.declines)),
    );
    expect(declined).toBeInstanceOf(AisleApplicationError);
    expect(declined.code).toBe('PAYMENT_ERROR');
    expect(declined.data).toMatchObject({ declineReason: 'CARD_DECLINED' });
    const poor = await rejection(
      visitor.checkout.createOrderAndCharge(checkoutId, await cardToken(visitor, CARDS.insufficientFunds)),
    );
    expect(poor.data).toMatchObject({ declineReason: 'INSUFFICIENT_FUNDS' });
    expect((await visitor.checkout.getCheckout(checkoutId)).completed).toBe(false);

    const placed = await visitor.checkout.createOrderAndCharge(
      checkoutId,
      await cardToken(visitor, CARDS.approves),
    );
    expect(placed.orderId).toBeTruthy();
    expect(placed.confirmationToken).toBeTruthy();
    expect(placed.paymentResponseToken).toBeUndefined();
    // Exactly once: asking again answers with the same order and charges nothing.
    const again = await visitor.checkout.createOrderAndCharge(
      checkoutId,
      await cardToken(visitor, CARDS.approves),
    );
    expect(again.orderId).toBe(placed.orderId);
    expect((await visitor.checkout.getCheckout(checkoutId)).completed).toBe(true);

    const order = await visitor.orders.getOrder(placed.orderId);
    expect(order.number).toMatch(/^\d+$/);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.priceSummary?.total?.amount).toBe(total);
    expect(order.createdDate).toBeInstanceOf(Date);
    expect(order.purchasedDate).toBeInstanceOf(Date);
    expect(order.activities?.[0]?.createdDate).toBeInstanceOf(Date);
    expect(order.lineItems.find((l) => l.quantity === 3)).toBeDefined();
    expect(order.lineItems.some((l) => l.image?.startsWith(IMAGE_URI_PREFIX))).toBe(true);
    const shippedTo =
      order.shippingInfo?.logistics?.shippingDestination?.address ?? order.recipientInfo?.address;
    expect(shippedTo?.addressLine1).toBe('500 Howard St');
    expect(order.balanceSummary?.paid?.amount).toBe(total);

    // Another browser reads it with the confirmation token only.
    expect((await rejection(stranger.orders.getOrder(placed.orderId))).status).toBe(404);
    const withToken = await stranger.orders.getOrder(placed.orderId, {
      confirmationToken: placed.confirmationToken,
    });
    expect(withToken.id).toBe(placed.orderId);
  });

  it('checkouts of lines: add and remove lines, billing address, an offline order, mark as completed', async () => {
    const visitor = shopper(store.server);
    const press = await lineOf(visitor, 'classic-french-press');
    const lamp = await lineOf(visitor, 'stoneware-table-lamp');
    let co = await visitor.checkout.createCheckout({
      lineItems: [press],
      checkoutInfo: {
        buyerInfo: { email: 'offline@example.com' },
        billingInfo: { address: SAN_FRANCISCO, contactDetails: { firstName: 'Grace', lastName: 'Hopper' } },
        shippingInfo: { shippingDestination: { address: SAN_FRANCISCO } },
      },
      channelType: 'WEB',
    });
    expect(co.billingInfo?.address?.addressLine1).toBe('500 Howard St');
    expect(co.billingInfo?.contactDetails?.lastName).toBe('Hopper');
    co = await visitor.checkout.addToCheckout(co.id, { lineItems: [lamp] });
    expect(co.lineItems).toHaveLength(2);
    const lampLine = co.lineItems.find(
      (l) => l.catalogReference?.catalogItemId === lamp.catalogReference.catalogItemId,
    );
    co = await visitor.checkout.removeLineItems(co.id, [lampLine?.id ?? '']);
    expect(co.lineItems).toHaveLength(1);
    const standard = co.shippingInfo?.carrierServiceOptions?.flatMap((c) => c.shippingOptions ?? [])[0];
    co = await visitor.checkout.updateCheckout(
      co.id,
      { shippingInfo: { selectedCarrierServiceOption: { code: standard?.code ?? '' } } },
      { fieldMask: ['shippingInfo.selectedCarrierServiceOption'] },
    );

    const placed = await visitor.checkout.createOrder(co.id);
    const order = await visitor.orders.getOrder(placed.orderId);
    expect(order.paymentStatus).toBe('NOT_PAID');
    expect(order.billingInfo?.address?.addressLine1).toBe('500 Howard St');
    expect(order.lineItems[0]?.paymentOption).toBe('FULL_PAYMENT_OFFLINE');
    const complete = await rejection(visitor.checkout.addToCheckout(co.id, { lineItems: [lamp] }));
    expect(complete).toBeInstanceOf(AisleApplicationError);

    // An admin marks another checkout completed (paid elsewhere).
    const merchant = admin(store.server);
    const other = await merchant.checkout.createCheckout({ lineItems: [press] });
    await expect(merchant.checkout.markAsCompleted(other.id)).resolves.toBeUndefined();
    expect((await merchant.checkout.getCheckout(other.id)).completed).toBe(true);
  });

  it('tokenising refuses a card that is not one, naming the field', async () => {
    const visitor = shopper(store.server);
    const error = await rejection(
      visitor.sandboxPayments.createCardToken({
        number: '4242 4242 4242 4241',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      }),
    );
    expect(error).toBeInstanceOf(AisleValidationError);
    expect((error as AisleValidationError).fieldViolations.map((v) => v.field)).toContain('number');
  });

  it("a hosted page presents another visitor's redirect session to act on that checkout", async () => {
    const site = shopper(store.server);
    const co = await readyCheckout(site, [await lineOf(site, 'classic-french-press')]);
    const withRedirects = createClient({
      modules: { redirects },
      baseUrl: store.server.url,
      auth: site.auth,
    });
    const session = await withRedirects.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: co.id },
    });
    const sessionId = new URL(session.fullUrl).searchParams.get('redirectSessionId') ?? '';

    const page = shopper(store.server, { [REDIRECT_SESSION_HEADER]: sessionId });
    expect((await page.checkout.getCheckout(co.id)).id).toBe(co.id);
    const placed = await page.checkout.createOrderAndCharge(co.id, await cardToken(page, CARDS.approves));
    expect(
      (await page.orders.getOrder(placed.orderId, { confirmationToken: placed.confirmationToken }))
        .paymentStatus,
    ).toBe('PAID');
    // Bound to the first caller: the same session does nothing for a third visitor.
    const third = shopper(store.server, { [REDIRECT_SESSION_HEADER]: sessionId });
    expect((await rejection(third.checkout.getCheckout(co.id))).status).toBe(404);
  });
});
