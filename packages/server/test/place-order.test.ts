import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ordersSettings } from '../src/modules/orders/tables.ts';
import { createCoupon } from '../src/modules/settings/coupons.ts';
import { updateStoreSettings } from '../src/modules/settings/store.ts';
import { hashSecret } from '../src/platform/auth.ts';
import { rows } from '../src/platform/db.ts';
import {
  type Body,
  countRows,
  errorCode,
  errorData,
  eventsOf,
  line,
  NEW_YORK,
  newCheckout,
  orderRow,
  product,
  sizedProduct,
  seedStore,
  stockedProduct,
  TEE,
  stockOf,
  visitor,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

const { server } = serverForFile({ seed: seedStore });
const ids: Record<string, string> = {};

const call = (token: string, method: string, path: string, body?: unknown) =>
  server().call(method, `/ecom/v1/checkouts${path}`, { token, body });
const createOrder = (token: string, id: string) => call(token, 'POST', `/${id}/create-order`, {});

async function setOrdersSettings(values: {
  orderApprovalStrategy?: string;
  inventoryUpdateTrigger?: string;
}) {
  await server()
    .ctx.db.insert(ordersSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: ordersSettings.id, set: values });
}

/** A fixed-amount coupon with a limit on its uses: in all (`usageLimit`) or per customer (`limitPerCustomer`). */
const limitedCoupon = (
  code: string,
  fixedAmount: string,
  limit: { usageLimit: number } | { limitPerCustomer: number },
) => createCoupon(server().ctx, { code, discountType: 'FIXED_AMOUNT', fixedAmount, ...limit });

/** A new checkout of the shopper's for one of the product, with the coupon applied: its id. */
async function checkoutWithCoupon(token: string, productId: string, couponCode: string): Promise<string> {
  const c = await newCheckout(server(), token, [line(productId)]);
  expect((await call(token, 'PATCH', `/${c.id}`, { couponCode })).status).toBe(200);
  return c.id;
}

beforeAll(async () => {
  ids.tee = await product(server(), TEE);
  ids.sized = await sizedProduct(server(), 'Hoodie', '60.00', { S: 10, M: 10 });
  ids.ebook = await product(server(), { name: 'Style Guide', price: '9.00', productType: 'digital' });
  ids.untracked = await product(server(), { name: 'Sticker', price: '1.00' });
});

describe('create-order', () => {
  it('places the order once: number, data, activity, stock, coupon, completed checkout, cart gone, events', async () => {
    const token = await visitor(server());
    await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [line(ids.tee!, 2), line(ids.ebook!)] },
    });
    const created = await server().call('POST', '/ecom/v1/carts/current/create-checkout', {
      token,
      body: { shippingAddress: NEW_YORK, email: 'ada@example.com' },
    });
    const checkoutId = created.body.checkoutId as string;
    await call(token, 'PATCH', `/${checkoutId}`, {
      couponCode: 'WELCOME10',
      checkout: {
        billingInfo: { address: NEW_YORK, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
        shippingInfo: { shippingDestination: { address: NEW_YORK, contactDetails: { firstName: 'Ada' } } },
        buyerNote: 'Leave at the door',
      },
    });
    const before = await stockOf(server(), ids.tee!);
    const timesUsed = await countRows(
      server(),
      sql`select times_used as n from coupons where code = 'WELCOME10'`,
    );

    const res = await createOrder(token, checkoutId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { orderId, confirmationToken } = res.body as { orderId: string; confirmationToken: string };
    expect(confirmationToken.startsWith(`${orderId}.`)).toBe(true);
    expect(res.body).not.toHaveProperty('paymentResponseToken');

    const order = await orderRow(server(), orderId);
    expect(order.status).toBe('APPROVED');
    expect(order.payment_status).toBe('NOT_PAID');
    expect(Number(order.number)).toBeGreaterThanOrEqual(10001);
    expect(order.checkout_id).toBe(checkoutId);
    expect(order.confirmation_token_hash).toBe(hashSecret(confirmationToken));
    const data = order.data as Body & { lineItems: Body[] };
    // 2 × 20 + 9 = 49; 10 % off = 4.90; Standard 5.99; 8.5 % of 44.10 = 3.75: 44.10 + 5.99 + 3.75.
    expect(order.total).toMatch(/^53\.84/);
    expect(data.priceSummary).toMatchObject({
      subtotal: { amount: '49.00' },
      discount: { amount: '4.90' },
      shipping: { amount: '5.99' },
      tax: { amount: '3.75' },
      total: { amount: '53.84', formattedAmount: '$53.84' },
      totalAdditionalFees: { amount: '0.00' },
    });
    expect(data.lineItems).toHaveLength(2);
    expect(data.lineItems[0]).toMatchObject({
      productName: { original: 'Basic Tee', translated: 'Basic Tee' },
      catalogReference: { catalogItemId: ids.tee, options: { variantId: expect.any(String) } },
      quantity: 2,
      itemType: { preset: 'PHYSICAL' },
      price: { amount: '20.00', formattedAmount: '$20.00' },
      lineItemPrice: { amount: '40.00' },
      totalDiscount: { amount: '4.00' },
      paymentOption: 'FULL_PAYMENT_OFFLINE',
      taxDetails: { taxRate: '0.085' },
      physicalProperties: { weight: 0.25, shippable: true },
      refundQuantity: 0,
    });
    expect(data.lineItems[1]).toMatchObject({ itemType: { preset: 'DIGITAL' } });
    expect(data.buyerInfo).toMatchObject({ email: 'ada@example.com', visitorId: expect.any(String) });
    expect(data.billingInfo).toMatchObject({ contactDetails: { lastName: 'Lovelace' } });
    expect(data.recipientInfo).toMatchObject({ address: { city: 'New York' } });
    expect(data.shippingInfo).toMatchObject({
      title: 'Standard',
      cost: { price: { amount: '5.99' } },
      logistics: { shippingDestination: { address: { subdivision: 'US-NY' } } },
    });
    expect(data.appliedDiscounts).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        coupon: expect.objectContaining({ code: 'WELCOME10' }),
      }),
    ]);
    expect(data).toMatchObject({
      checkoutId,
      currency: 'USD',
      weightUnit: 'KG',
      taxIncludedInPrices: false,
      channelInfo: { type: 'WEB' },
      buyerNote: 'Leave at the door',
      createdBy: { visitorId: expect.any(String) },
      _inventory: { decremented: true },
    });
    expect(await stockOf(server(), ids.tee!)).toBe(before! - 2);
    expect(await countRows(server(), sql`select times_used as n from coupons where code = 'WELCOME10'`)).toBe(
      timesUsed + 1,
    );
    const activities = await countRows(
      server(),
      sql`select count(*)::int as n from order_activities where order_id = ${orderId} and type = 'ORDER_PLACED'`,
    );
    expect(activities).toBe(1);

    const checkout = (await call(token, 'GET', `/${checkoutId}`)).body.checkout as Body;
    expect(checkout).toMatchObject({ completed: true, orderId });
    expect((await server().call('GET', '/ecom/v1/carts/current', { token })).status).toBe(404);
    const orderEvents = await eventsOf(server(), orderId);
    expect(orderEvents.map((e) => `${e.entity}.${e.type}`)).toEqual(['order.created', 'order.approved']);
    // The events carry the order as placed, numbered by the same statement that stored it.
    for (const e of orderEvents)
      expect(e.payload.order).toMatchObject({
        id: orderId,
        number: String(order.number),
        status: 'APPROVED',
      });
    expect((await eventsOf(server(), checkoutId)).map((e) => e.type)).toContain('completed');

    // Again: the same order, nothing taken twice.
    const again = await createOrder(token, checkoutId);
    expect(again.body).toEqual({ orderId });
    expect(await stockOf(server(), ids.tee!)).toBe(before! - 2);
    expect(
      await countRows(server(), sql`select count(*)::int as n from orders where checkout_id = ${checkoutId}`),
    ).toBe(1);
  });

  it('takes only the checked-out lines: what another tab added after the checkout began stays in the cart', async () => {
    const token = await visitor(server());
    const cartCall = (path: string, body: unknown) =>
      server().call('POST', `/ecom/v1/carts/current${path}`, { token, body });
    type Line = { id: string; quantity: number; catalogReference: { catalogItemId: string } };
    const linesOf = (body: Body) => (body.cart as { lineItems: Line[] }).lineItems;
    const added = await cartCall('/add-to-cart', { lineItems: [line(ids.tee!, 2), line(ids.ebook!)] });
    const created = await cartCall('/create-checkout', {
      shippingAddress: NEW_YORK,
      email: 'tabs@example.com',
    });
    const checkoutId = created.body.checkoutId as string;
    const cartId = (added.body.cart as { id: string }).id;

    // Another tab, after the checkout began: one more tee, a new line, and the e-book removed and added again
    // (a new line id: it still counts as checked out).
    await cartCall('/add-to-cart', { lineItems: [line(ids.tee!, 1), line(ids.untracked!, 4)] });
    const ebookLine = linesOf(added.body).find((l) => l.catalogReference.catalogItemId === ids.ebook)!;
    await cartCall('/remove-line-items', { lineItemIds: [ebookLine.id] });
    await cartCall('/add-to-cart', { lineItems: [line(ids.ebook!)] });

    const placed = await createOrder(token, checkoutId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId as string;
    const order = await orderRow(server(), orderId);
    expect(
      (order.data.lineItems as Line[]).map((l) => [l.catalogReference.catalogItemId, l.quantity]).sort(),
    ).toEqual(
      [
        [ids.tee, 2],
        [ids.ebook, 1],
      ].sort(),
    );

    const left = await server().call('GET', '/ecom/v1/carts/current', { token });
    expect(left.status).toBe(200);
    expect(left.body.cart).not.toHaveProperty('checkoutId');
    expect(
      linesOf(left.body)
        .map((l) => [l.catalogReference.catalogItemId, l.quantity])
        .sort(),
    ).toEqual(
      [
        [ids.tee, 1],
        [ids.untracked, 4],
      ].sort(),
    );
    const cartEvents = await eventsOf(server(), cartId);
    expect(cartEvents.at(-1)).toMatchObject({ entity: 'cart', type: 'updated' });
    expect(cartEvents.map((e) => e.type)).not.toContain('deleted');

    // The order's own lines are not taken twice; the lines left check out as an order of their own.
    expect((await createOrder(token, checkoutId)).body).toEqual({ orderId });
    const next = await cartCall('/create-checkout', { shippingAddress: NEW_YORK, email: 'tabs@example.com' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await createOrder(token, next.body.checkoutId as string)).status).toBe(200);
    expect((await server().call('GET', '/ecom/v1/carts/current', { token })).status).toBe(404);
    expect((await eventsOf(server(), cartId)).at(-1)).toMatchObject({
      type: 'deleted',
      payload: { id: cartId },
    });
  });

  it("keeps the product's stock as the catalogue reads it: quantity, then in-stock flags when a variant runs out", async () => {
    const shirt = await sizedProduct(server(), 'Stock shirt', '30.00', { S: 3, M: 5 });
    const sized = (size: string, quantity: number) => ({
      ...line(shirt, quantity),
      catalogReference: { ...line(shirt).catalogReference, options: { options: { Size: size } } },
    });
    const read = async () => {
      const res = await server().call('GET', `/stores-reader/v1/products/${shirt}`);
      return res.body.product as {
        stock: Body;
        productOptions: Array<{ choices: Array<{ description: string; inStock: boolean }> }>;
      };
    };
    const token = await visitor(server());
    expect((await createOrder(token, (await newCheckout(server(), token, [sized('M', 2)])).id)).status).toBe(
      200,
    );
    expect((await read()).stock).toMatchObject({ quantity: 6, inStock: true, inventoryStatus: 'IN_STOCK' });
    // S runs out: the product is now partly out of stock, and so is its choice.
    expect((await createOrder(token, (await newCheckout(server(), token, [sized('S', 3)])).id)).status).toBe(
      200,
    );
    const after = await read();
    expect(after.stock).toMatchObject({
      quantity: 3,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
    expect(after.productOptions[0]!.choices.map((c) => [c.description, c.inStock])).toEqual([
      ['S', false],
      ['M', true],
    ]);
  });

  it('resolves option choices to the variant whose stock it takes', async () => {
    const token = await visitor(server());
    const c = await newCheckout(
      server(),
      token,
      [line(ids.sized!, 3, {})].map((l) => ({
        ...l,
        catalogReference: { ...l.catalogReference, options: { options: { Size: 'M' } } },
      })),
    );
    const res = await createOrder(token, c.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [m] = await rows<{ quantity: number }>(
      server().ctx.db,
      sql`select i.quantity from inventory_items i join product_variants v on v.id = i.variant_id and v.product_id = i.product_id where i.product_id = ${ids.sized} and v.choices->>'Size' = 'M'`,
    );
    expect(m!.quantity).toBe(7);
  });

  it('refuses an empty checkout, one without a shipping option, and sold-out lines (nothing written)', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(ids.tee!)]);
    await call(token, 'POST', `/${c.id}/remove-line-items`, {
      lineItemIds: [(c.lineItems as Body[])[0]!.id],
    });
    const empty = await createOrder(token, c.id);
    expect(empty.status).toBe(400);
    expect(errorCode(empty.body)).toBe('EMPTY_CHECKOUT');

    const nowhere = await newCheckout(server(), token, [line(ids.tee!)], {
      shippingInfo: { shippingDestination: { address: { country: 'BR' } } },
    });
    const noOption = await createOrder(token, nowhere.id);
    expect(errorCode(noOption.body)).toBe('NO_SELECTED_CARRIER_SERVICE_OPTION');
    // Digital only: nothing to ship, no address needed.
    const digital = await server().call('POST', '/ecom/v1/checkouts', {
      token,
      body: { lineItems: [line(ids.ebook!)] },
    });
    expect((await createOrder(token, (digital.body.checkout as Body).id as string)).status).toBe(200);

    const scarce = await stockedProduct(server(), 'Scarce', '5.00', 1);
    const gone = await stockedProduct(server(), 'Gone', '5.00', 0);
    const full = await newCheckout(server(), token, [line(gone)]);
    const fullRes = await createOrder(token, full.id);
    expect(fullRes.status).toBe(409);
    expect(errorCode(fullRes.body)).toBe('FULL_OUT_OF_STOCK');
    expect(errorData(fullRes.body).lineItems).toEqual([expect.objectContaining({ quantityAvailable: 0 })]);
    const partial = await newCheckout(server(), token, [line(scarce, 2), line(ids.tee!)]);
    const partialRes = await createOrder(token, partial.id);
    expect(errorCode(partialRes.body)).toBe('PARTIAL_OUT_OF_STOCK');
    expect(errorData(partialRes.body).lineItems).toEqual([
      expect.objectContaining({ quantity: 2, quantityAvailable: 1 }),
    ]);
    expect(await stockOf(server(), scarce)).toBe(1);
    expect(
      await countRows(
        server(),
        sql`select count(*)::int as n from orders where checkout_id in (${full.id}, ${partial.id})`,
      ),
    ).toBe(0);
    expect((await call(token, 'GET', `/${partial.id}`)).body.checkout).toMatchObject({ completed: false });
  });

  it('refuses a coupon used up since it was applied', async () => {
    await limitedCoupon('ONCE', '1.00', { usageLimit: 1 });
    const first = await visitor(server());
    const second = await visitor(server());
    const a = await checkoutWithCoupon(first, ids.tee!, 'ONCE');
    const b = await checkoutWithCoupon(second, ids.tee!, 'ONCE');
    expect((await createOrder(first, a)).status).toBe(200);
    const late = await createOrder(second, b);
    expect(late.status).toBe(400);
    expect(errorCode(late.body)).toBe('ERROR_COUPON_USAGE_EXCEEDED');
  });

  it('never lets parallel orders overrun a coupon: usage limit 3, 8 buyers at once', async () => {
    await limitedCoupon('THREE', '0.50', { usageLimit: 3 });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const token = await visitor(server());
        return { token, id: await checkoutWithCoupon(token, ids.untracked!, 'three') };
      }),
    );
    const results = await Promise.all(buyers.map((b) => createOrder(b.token, b.id)));
    const placed = results.filter((r) => r.status === 200);
    expect(placed).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).map((r) => errorCode(r.body))).toEqual(
      Array(5).fill('ERROR_COUPON_USAGE_EXCEEDED'),
    );
    const [coupon] = await rows<{ times_used: number; redemptions: number }>(
      server().ctx.db,
      sql`select times_used, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions
          from coupons c where code = 'THREE'`,
    );
    expect(coupon).toEqual({ times_used: 3, redemptions: 3 });
  });

  it('never lets parallel orders of one customer overrun the per-customer limit', async () => {
    await limitedCoupon('MINE', '0.50', { limitPerCustomer: 1 });
    const token = await visitor(server());
    const checkouts = [];
    for (let i = 0; i < 4; i++) checkouts.push(await checkoutWithCoupon(token, ids.untracked!, 'MINE'));
    const results = await Promise.all(checkouts.map((id) => createOrder(token, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => errorCode(r.body))).toEqual(
      Array(3).fill('ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'),
    );
  });

  it('honours the orders settings: approval on payment, stock taken when paid', async () => {
    await setOrdersSettings({
      orderApprovalStrategy: 'PAYMENT_RECEIVED',
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
    });
    try {
      const token = await visitor(server());
      const before = await stockOf(server(), ids.tee!);
      const c = await newCheckout(server(), token, [line(ids.tee!, 4), line(ids.untracked!)]);
      const res = await createOrder(token, c.id);
      expect(res.status).toBe(200);
      const order = await orderRow(server(), res.body.orderId as string);
      expect(order.status).toBe('PENDING');
      expect(order.payment_status).toBe('NOT_PAID');
      expect(order.data._inventory).toEqual({ decremented: false });
      expect(await stockOf(server(), ids.tee!)).toBe(before);
      expect((await eventsOf(server(), order.id)).map((e) => e.type)).toEqual(['created']);
    } finally {
      await setOrdersSettings({
        orderApprovalStrategy: 'DEFAULT',
        inventoryUpdateTrigger: 'ON_ORDER_PLACED',
      });
    }
  });

  it('other ERROR violations block the order: CHECKOUT_VIOLATIONS', async () => {
    await updateStoreSettings(server().ctx, { minimumOrderSubtotal: '500.00' }, 'minimumOrderSubtotal');
    try {
      const token = await visitor(server());
      const c = await newCheckout(server(), token, [line(ids.tee!)]);
      const res = await createOrder(token, c.id);
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('CHECKOUT_VIOLATIONS');
      expect(errorData(res.body).violations).toEqual([
        expect.objectContaining({ severity: 'ERROR', target: { other: { name: 'OTHER_DEFAULT' } } }),
      ]);
    } finally {
      await updateStoreSettings(server().ctx, {}, 'minimumOrderSubtotal');
    }
  });

  it('a free order is paid at once', async () => {
    const token = await visitor(server());
    const free = await product(server(), { name: 'Free sample', price: '0.00', productType: 'digital' });
    const c = await server().call('POST', '/ecom/v1/checkouts', { token, body: { lineItems: [line(free)] } });
    const res = await createOrder(token, (c.body.checkout as Body).id as string);
    expect((await orderRow(server(), res.body.orderId as string)).payment_status).toBe('PAID');
  });
});

describe('mark-checkout-as-completed-and-redirect-to-url', () => {
  it("takes the order's confirmation token and sends the browser to the order page or an allowed URL", async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(ids.ebook!)]);
    const placed = await createOrder(token, c.id);
    const { orderId, confirmationToken } = placed.body as { orderId: string; confirmationToken: string };
    const path = '/ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url';
    const go = await fetch(`${server().url}${path}?token=${encodeURIComponent(confirmationToken)}`, {
      redirect: 'manual',
    });
    expect(go.status).toBe(302);
    expect(go.headers.get('location')).toBe(
      `${server().url}/orders/${orderId}?token=${encodeURIComponent(confirmationToken)}`,
    );
    const back = await fetch(
      `${server().url}${path}?token=${encodeURIComponent(confirmationToken)}&redirectUrl=${encodeURIComponent(`${server().url}/thanks`)}`,
      { redirect: 'manual' },
    );
    expect(back.headers.get('location')).toBe(`${server().url}/thanks`);
    const foreign = await server().call(
      'GET',
      `${path}?token=${encodeURIComponent(confirmationToken)}&redirectUrl=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(foreign.status).toBe(400);
    const forged = await server().call('GET', `${path}?token=${orderId}.forged`);
    expect(forged.status).toBe(401);
    expect(errorCode(forged.body)).toBe('UNAUTHENTICATED_TOKEN');
    expect((await server().call('GET', `${path}?token=nonsense`)).status).toBe(401);
  });
});
