import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTipSettings } from '../src/modules/checkout-settings/tip-settings.ts';
import { purgeAbandonedCheckouts } from '../src/flows/checkout/janitor.ts';
import { keyStore } from '../src/modules/oauth/keys.ts';
import { rows } from '../src/platform/db.ts';
import {
  type Body,
  countRows,
  errorCode,
  eventsOf,
  line,
  NEW_YORK,
  newCheckout,
  product,
  seedStore,
  TEE,
  TEE_PICTURE,
  violationFields,
  visitor,
  stockedProduct,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { memberTokens } from './identity-helpers.ts';

const { server } = serverForFile({ seed: seedStore });
const ids: Record<string, string> = {};

interface Mcp {
  amount: string;
}
interface Line {
  id: string;
  quantity: number;
  media?: { url?: string };
  image?: unknown;
  price: Mcp;
  lineItemPrice: Mcp;
  totalPriceAfterTax?: Mcp;
  taxDetails?: { totalTax: Mcp };
  paymentOption: string;
  availability: { status: string };
}
interface Checkout {
  id: string;
  lineItems: Line[];
  priceSummary: { subtotal: Mcp; shipping: Mcp; tax: Mcp; discount: Mcp; total: Mcp; additionalFees: Mcp };
  payNow: { total: Mcp };
  shippingInfo: {
    shippingDestination?: Body;
    selectedCarrierServiceOption?: { code: string; title: string };
  };
  buyerInfo: Body;
  createdBy: Body;
  appliedDiscounts: Array<{ coupon?: { code: string } }>;
  additionalFees: Array<{ name: string; price: Mcp; source: string }>;
  violations: Array<{ severity: string }>;
  calculationErrors: Body;
  subscriptionCharges?: {
    charges: Array<{ cycleBillingDate: string; cycleFrom: number; lineItemIds: string[] }>;
  };
  completed: boolean;
  purchaseFlowId: string;
  channelType: string;
  [key: string]: unknown;
}

const call = (
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => server().call(method, `/ecom/v1/checkouts${path}`, { ...(token ? { token } : {}), body, headers });
const checkoutOf = (res: { status: number; body: Body }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout as Checkout;
};

beforeAll(async () => {
  ids.tee = await product(server(), {
    ...TEE,
    media: [TEE_PICTURE],
  });
  ids.ebook = await product(server(), { name: 'Style Guide', price: '9.00', productType: 'digital' });
  ids.soldOut = await stockedProduct(server(), 'Sold out', '5.00', 0);
});

describe('creating a checkout', () => {
  it('from line items: every field of the entity, totals from the engine', async () => {
    const token = await visitor(server());
    const checkout = await newCheckout(server(), token, [line(ids.tee!, 2), line(ids.ebook!)], {
      buyerNote: 'Gift wrap please',
      customFields: [{ title: 'PO number', value: '42' }],
    });
    const c = checkout as unknown as Checkout;
    expect(c.lineItems).toHaveLength(2);
    const tee = c.lineItems[0]!;
    expect(tee.media?.url).toContain('/media/11111111-1111-4111-8111-111111111111/tee.jpg');
    expect(tee.image).toBeUndefined();
    expect(tee.price.amount).toBe('20.00');
    expect(tee.lineItemPrice.amount).toBe('40.00');
    expect(tee.taxDetails?.totalTax.amount).toBe('3.40');
    expect(tee.totalPriceAfterTax?.amount).toBe('43.40');
    // 40 + 9 items, Standard $5.99 chosen (cheapest), 8.5 % New York tax on both lines.
    expect(c.priceSummary.subtotal.amount).toBe('49.00');
    expect(c.shippingInfo.selectedCarrierServiceOption?.title).toBe('Standard');
    expect(c.priceSummary.shipping.amount).toBe('5.99');
    expect(c.priceSummary.tax.amount).toBe('4.17');
    expect(c.priceSummary.total.amount).toBe('59.16');
    expect(c.payNow.total.amount).toBe('59.16');
    expect(c.shippingInfo.shippingDestination).toMatchObject({ address: { subdivision: 'US-NY' } });
    expect(c.buyerInfo).toMatchObject({ email: 'buyer@example.com' });
    expect(typeof c.buyerInfo.visitorId).toBe('string');
    expect(c.createdBy).toEqual({ visitorId: c.buyerInfo.visitorId });
    expect(c.buyerNote).toBe('Gift wrap please');
    expect(c.customFields).toEqual([{ title: 'PO number', value: '42' }]);
    expect(c.completed).toBe(false);
    expect(c.channelType).toBe('WEB');
    expect(c.violations).toEqual([]);
    expect(c.calculationErrors).toEqual({});
    for (const field of [
      'currency',
      'conversionCurrency',
      'paymentCurrency',
      'payLater',
      'taxSummary',
      'weightUnit',
      'siteLanguage',
      'taxIncludedInPrice',
      'createdDate',
      'updatedDate',
      'membershipOptions',
      'additionalFees',
      'appliedDiscounts',
      'purchaseFlowId',
    ])
      expect(c, field).toHaveProperty(field);
    const events = await eventsOf(server(), c.id);
    expect(events.map((e) => `${e.entity}.${e.type}`)).toEqual(['checkout.created']);
    expect((events[0]!.payload.checkout as Body).id).toBe(c.id);
  });

  it('refuses a request without lines, a bad channel, gift cards, custom lines and merchant fields from shoppers', async () => {
    const token = await visitor(server());
    const none = await call(token, 'POST', '', { lineItems: [] });
    expect(violationFields(none.body)).toEqual(['lineItems']);
    const channel = await call(token, 'POST', '', {
      lineItems: [line(ids.tee!)],
      channelType: 'CARRIER_PIGEON',
    });
    expect(violationFields(channel.body)).toEqual(['channelType']);
    const gift = await call(token, 'POST', '', { lineItems: [line(ids.tee!)], giftCardCode: 'GC-1' });
    expect(errorCode(gift.body)).toBe('GIFT_CARD_CODE_INVALID');
    const custom = await call(token, 'POST', '', {
      customLineItems: [{ quantity: 1, price: '1.00', productName: { original: 'Tip jar' } }],
    });
    expect(custom.status).toBe(403);
    const exempt = await call(token, 'POST', '', {
      lineItems: [line(ids.tee!)],
      checkoutInfo: { taxExemptGroupId: 'x' },
    });
    expect(exempt.status).toBe(403);
    const anonymous = await call(undefined, 'POST', '', { lineItems: [line(ids.tee!)] });
    expect(anonymous.status).toBe(401);
    expect(
      await countRows(
        server(),
        sql`select count(*)::int as n from checkouts where info->>'buyerNote' = 'nope'`,
      ),
    ).toBe(0);
  });

  it('lets admins price custom lines and set merchant fields; channel types from the enum', async () => {
    const res = await call(server().adminKey, 'POST', '', {
      customLineItems: [
        {
          quantity: 2,
          price: '7.50',
          productName: { original: 'Engraving' },
          itemType: { preset: 'SERVICE' },
        },
      ],
      checkoutInfo: {
        customSettings: { lockCouponCode: true },
        externalReference: { appId: 'pos', resourceId: 'r1' },
      },
      channelType: 'POS',
    });
    const c = checkoutOf(res);
    expect(c.priceSummary.subtotal.amount).toBe('15.00');
    expect(c.channelType).toBe('POS');
    expect(c.customSettings).toEqual({ lockCouponCode: true });
    expect(c.createdBy).toHaveProperty('userId');
    expect(c.buyerInfo).toHaveProperty('userId');
  });

  it('applies a coupon the engine accepts and refuses one it does not', async () => {
    const token = await visitor(server());
    const good = checkoutOf(
      await call(token, 'POST', '', { lineItems: [line(ids.tee!)], couponCode: 'welcome10' }),
    );
    expect(good.appliedDiscounts[0]?.coupon?.code).toBe('WELCOME10');
    expect(good.priceSummary.discount.amount).toBe('2.00');
    const bad = await call(token, 'POST', '', { lineItems: [line(ids.tee!)], couponCode: 'NOPE' });
    expect(bad.status).toBe(400);
    expect(errorCode(bad.body)).toBe('ERROR_COUPON_DOES_NOT_EXIST');
  });

  it("from the cart: lines, coupon, the request's address, option and e-mail; found by cart id", async () => {
    const token = await visitor(server());
    const added = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [line(ids.tee!, 3)] },
    });
    expect(added.status).toBe(200);
    const cartId = (added.body.cart as Body).id as string;
    await server().call('PATCH', '/ecom/v1/carts/current', {
      token,
      body: { couponCode: 'WELCOME10', cartInfo: { buyerNote: 'From the cart' } },
    });
    const created = await server().call('POST', '/_api/ecom-cart/v1/carts/current/create-checkout', {
      token,
      body: {
        channelType: 'WEB',
        email: 'cart@example.com',
        shippingAddress: NEW_YORK,
        billingAddress: NEW_YORK,
        selectedShippingOption: { code: 'nope' },
      },
    });
    expect(created.status).toBe(200);
    const checkoutId = created.body.checkoutId as string;
    const c = checkoutOf(await call(token, 'GET', `/${checkoutId}`));
    expect(c.cartId).toBe(cartId);
    expect(c.lineItems[0]!.quantity).toBe(3);
    expect(c.appliedDiscounts[0]?.coupon?.code).toBe('WELCOME10');
    expect(c.buyerInfo).toMatchObject({ email: 'cart@example.com' });
    expect(c.buyerNote).toBe('From the cart');
    expect(c.billingInfo).toMatchObject({ address: { city: 'New York' } });
    // An option that is not offered: the engine falls back to the cheapest and says so.
    expect(c.calculationErrors).toHaveProperty('selectedShippingOptionError');
    const alias = await server().call('GET', `/_api/ecom-checkout/v1/checkouts/${checkoutId}`, { token });
    expect(checkoutOf(alias).id).toBe(checkoutId);
    const byCart = checkoutOf(await call(token, 'GET', `/by-cart-id/${cartId}`));
    expect(byCart.id).toBe(checkoutId);
    const other = await visitor(server());
    expect((await call(other, 'GET', `/by-cart-id/${cartId}`)).status).toBe(404);
    expect((await eventsOf(server(), checkoutId)).map((e) => e.type)).toEqual(['created']);
  });
});

describe('who may act on a checkout', () => {
  it('its visitor and admins; anyone else gets the 404 of a checkout that does not exist', async () => {
    const owner = await visitor(server());
    const c = await newCheckout(server(), owner, [line(ids.tee!)]);
    expect((await call(owner, 'GET', `/${c.id}`)).status).toBe(200);
    expect((await call(server().adminKey, 'GET', `/${c.id}`)).status).toBe(200);
    const stranger = await visitor(server());
    const denied = await call(stranger, 'GET', `/${c.id}`);
    expect(denied.status).toBe(404);
    expect(errorCode(denied.body)).toBe('CHECKOUT_NOT_FOUND');
    const missing = await call(stranger, 'GET', '/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await call(stranger, 'GET', '/not-a-uuid')).status).toBe(404);
    expect((await call(stranger, 'POST', `/${c.id}/remove-coupon`, {})).status).toBe(404);
    expect((await call(stranger, 'POST', `/${c.id}/create-order`, {})).status).toBe(404);
  });

  it('a member sees what they created as the visitor they signed in from', async () => {
    const member = await memberTokens(server());
    const visitorId = (await keyStore(server().ctx).verify(member.access_token))?.visitorId;
    expect(visitorId).toBeTruthy();
    const [row] = await rows<{ id: string }>(
      server().ctx.db,
      sql`insert into checkouts (visitor_id, line_items) values (${visitorId}, '[]'::jsonb) returning id`,
    );
    expect((await call(member.access_token, 'GET', `/${row!.id}`)).status).toBe(200);
    const mine = await newCheckout(server(), member.access_token, [line(ids.tee!)]);
    expect(mine.buyerInfo).toEqual(expect.objectContaining({ memberId: member.memberId }));
    expect((await call(await visitor(server()), 'GET', `/${mine.id}`)).status).toBe(404);
    // The member's orders carry the member, also from the checkout their visitor made.
    for (const id of [mine.id, row!.id]) {
      if (id === row!.id)
        await call(member.access_token, 'POST', `/${id}/add-to-checkout`, { lineItems: [line(ids.ebook!)] });
      const placed = await call(member.access_token, 'POST', `/${id}/create-order`, {});
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const [order] = await rows<{ member_id: string }>(
        server().ctx.db,
        sql`select member_id from orders where id = ${placed.body.orderId as string}`,
      );
      expect(order!.member_id).toBe(member.memberId);
    }
  });

  it('a hosted page with its own visitor acts on the checkout through the owner’s redirect session, bound to it', async () => {
    const owner = await visitor(server());
    const c = await newCheckout(server(), owner, [line(ids.tee!)]);
    const session = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: owner,
      body: { ecomCheckout: { checkoutId: c.id } },
    });
    expect(session.status).toBe(200);
    const rs = session.body.redirectSession as { id: string; fullUrl: string };
    expect(rs.fullUrl).toContain(`/checkout/${c.id}?redirectSessionId=${rs.id}`);
    const page = await visitor(server());
    expect((await call(page, 'GET', `/${c.id}`)).status).toBe(404);
    const header = { 'x-aisle-redirect-session': rs.id };
    expect(checkoutOf(await call(page, 'GET', `/${c.id}`, undefined, header)).id).toBe(c.id);
    expect((await call(page, 'GET', `/${c.id}?redirectSessionId=${rs.id}`)).status).toBe(200);
    const updated = await call(
      page,
      'PATCH',
      `/${c.id}`,
      { checkout: { buyerNote: 'from the page' } },
      header,
    );
    expect(checkoutOf(updated).buyerNote).toBe('from the page');
    // Bound to the page's visitor: the same URL is useless to anyone else now.
    const thief = await visitor(server());
    expect((await call(thief, 'GET', `/${c.id}`, undefined, header)).status).toBe(404);
    // A session for somebody else's checkout grants nothing.
    const other = await visitor(server());
    const foreign = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: other,
      body: { ecomCheckout: { checkoutId: c.id } },
    });
    const foreignId = (foreign.body.redirectSession as { id: string }).id;
    expect(
      (await call(other, 'GET', `/${c.id}`, undefined, { 'x-aisle-redirect-session': foreignId })).status,
    ).toBe(404);
  });
});

describe('updating a checkout', () => {
  it('writes checkout fields per field mask, adds lines and re-prices; records checkout.updated', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(ids.tee!)], { buyerNote: 'keep me' });
    const express = checkoutOf(
      await call(token, 'PATCH', `/${c.id}`, {
        checkout: {
          id: c.id,
          buyerNote: 'ignored: not in the mask',
          shippingInfo: { selectedCarrierServiceOption: { code: 'ignored' } },
          billingInfo: { address: NEW_YORK, contactDetails: { firstName: 'Ada' } },
        },
        fieldMask: 'billingInfo',
      }),
    );
    expect(express.buyerNote).toBe('keep me');
    expect(express.billingInfo).toMatchObject({ contactDetails: { firstName: 'Ada' } });
    const options = (
      express.shippingInfo as {
        carrierServiceOptions: Array<{ shippingOptions: Array<{ code: string; title: string }> }>;
      }
    ).carrierServiceOptions[0]!.shippingOptions;
    const expressCode = options.find((o) => o.title === 'Express')!.code;
    const chosen = checkoutOf(
      await call(token, 'PATCH', `/${c.id}`, {
        checkout: { shippingInfo: { selectedCarrierServiceOption: { code: expressCode } }, buyerNote: 'new' },
        fieldMask: 'shippingInfo.selectedCarrierServiceOption,buyerNote',
        lineItems: [line(ids.ebook!)],
      }),
    );
    expect(chosen.shippingInfo.selectedCarrierServiceOption?.title).toBe('Express');
    // The destination was not named by the mask: kept.
    expect(chosen.shippingInfo.shippingDestination).toMatchObject({ address: { city: 'New York' } });
    expect(chosen.priceSummary.shipping.amount).toBe('16.99');
    expect(chosen.buyerNote).toBe('new');
    expect(chosen.lineItems).toHaveLength(2);
    const cleared = checkoutOf(
      await call(token, 'PATCH', `/${c.id}`, { checkout: {}, fieldMask: 'buyerNote' }),
    );
    expect(cleared.buyerNote).toBeUndefined();
    const badMask = await call(token, 'PATCH', `/${c.id}`, { checkout: {}, fieldMask: 'priceSummary' });
    expect(violationFields(badMask.body)).toEqual(['fieldMask']);
    const types = (await eventsOf(server(), c.id)).map((e) => e.type);
    expect(types).toEqual(['created', 'updated', 'updated', 'updated']);
  });

  it('add-to-checkout, update-line-items-quantity, remove-line-items', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(ids.tee!)]);
    const added = checkoutOf(
      await call(token, 'POST', `/${c.id}/add-to-checkout`, {
        lineItems: [line(ids.tee!, 2), line(ids.ebook!)],
      }),
    );
    expect(added.lineItems.map((l) => l.quantity)).toEqual([3, 1]);
    const [tee, ebook] = added.lineItems;
    const changed = checkoutOf(
      await call(token, 'POST', `/${c.id}/update-line-items-quantity`, {
        lineItems: [
          { id: tee!.id, quantity: 5 },
          { id: ebook!.id, quantity: 0 },
        ],
      }),
    );
    expect(changed.lineItems.map((l) => l.quantity)).toEqual([5]);
    const unknown = await call(token, 'POST', `/${c.id}/update-line-items-quantity`, {
      lineItems: [{ id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(violationFields(unknown.body)).toEqual(['lineItems[0].id']);
    const removed = checkoutOf(
      await call(token, 'POST', `/${c.id}/remove-line-items`, { lineItemIds: [tee!.id] }),
    );
    expect(removed.lineItems).toEqual([]);
    expect(removed.priceSummary.total.amount).toBe('0.00');
    const emptyAdd = await call(token, 'POST', `/${c.id}/add-to-checkout`, {});
    expect(violationFields(emptyAdd.body)).toEqual(['lineItems']);
  });

  it('coupon, gift card and override URL calls; checkout URLs', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(ids.tee!)]);
    const withCoupon = checkoutOf(await call(token, 'PATCH', `/${c.id}`, { couponCode: 'WELCOME10' }));
    expect(withCoupon.appliedDiscounts).toHaveLength(1);
    const refused = await call(token, 'PATCH', `/${c.id}`, {
      couponCode: 'NOPE',
      checkout: { buyerNote: 'x' },
    });
    expect(errorCode(refused.body)).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    // Nothing of a refused write stays.
    expect(checkoutOf(await call(token, 'GET', `/${c.id}`)).buyerNote).toBeUndefined();
    const without = checkoutOf(await call(token, 'POST', `/${c.id}/remove-coupon`, {}));
    expect(without.appliedDiscounts).toEqual([]);
    expect(errorCode((await call(token, 'PATCH', `/${c.id}`, { giftCardCode: 'GC' })).body)).toBe(
      'GIFT_CARD_CODE_INVALID',
    );
    expect((await call(token, 'POST', `/${c.id}/remove-gift-card`, {})).status).toBe(200);
    const platform = `${server().url}/checkout/${c.id}`;
    expect((await call(token, 'GET', `/${c.id}/checkout-url`)).body).toEqual({ checkoutUrl: platform });
    await call(token, 'PATCH', `/${c.id}`, { overrideCheckoutUrl: 'https://shop.example/pay' });
    expect((await call(token, 'GET', `/${c.id}/checkout-url`)).body).toEqual({
      checkoutUrl: 'https://shop.example/pay',
    });
    expect((await call(token, 'GET', `/${c.id}/aisle-checkout-url`)).body).toEqual({ checkoutUrl: platform });
    await call(token, 'POST', `/${c.id}/remove-override-checkout-url`, {});
    expect((await call(token, 'GET', `/${c.id}/checkout-url`)).body).toEqual({ checkoutUrl: platform });
  });

  it('mark-as-completed completes it once; then every write is CHECKOUT_IS_COMPLETE', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(ids.tee!)]);
    expect((await call(token, 'POST', `/${c.id}/mark-as-completed`, {})).body).toEqual({});
    expect((await call(token, 'POST', `/${c.id}/mark-as-completed`, {})).status).toBe(200);
    expect(checkoutOf(await call(token, 'GET', `/${c.id}`)).completed).toBe(true);
    for (const [method, path, body] of [
      ['PATCH', '', { checkout: { buyerNote: 'late' } }],
      ['POST', '/add-to-checkout', { lineItems: [line(ids.tee!)] }],
      ['POST', '/remove-coupon', {}],
      ['POST', '/create-order', {}],
    ] as const) {
      const res = await call(token, method, `/${c.id}${path}`, body);
      expect(res.status, path).toBe(409);
      expect(errorCode(res.body)).toBe('CHECKOUT_IS_COMPLETE');
    }
    const types = (await eventsOf(server(), c.id)).map((e) => e.type);
    expect(types).toEqual(['created', 'updated', 'completed']);
  });
});

describe('what the engine adds', () => {
  it('violations for sold-out lines; subscription charges; the tip as an additional fee', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [
      line(ids.soldOut!),
      line(ids.ebook!, 1, {
        subscriptionOptionInfo: {
          title: 'Monthly',
          subscriptionSettings: { frequency: 'MONTH', interval: 1, billingCycles: 12 },
        },
      }),
    ]);
    const checkout = c as unknown as Checkout;
    expect(checkout.violations).toEqual([
      expect.objectContaining({ severity: 'ERROR', suggestedFix: 'REMOVE_LINE_ITEM' }),
    ]);
    const charges = checkout.subscriptionCharges!.charges;
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      cycleFrom: 2,
      cycleCount: 11,
      lineItemIds: [checkout.lineItems[1]!.id],
    });
    const next = new Date(charges[0]!.cycleBillingDate);
    expect(next.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);

    await createTipSettings(server().ctx, { tipType: 'PERCENTAGE', choices: ['10', '15'], isDefault: true });
    const chosen = await server().call('PATCH', '/tips/v1/tips/choice', {
      token,
      body: { purchaseFlowId: checkout.purchaseFlowId, tipChoice: { tipType: 'PERCENTAGE', value: '10' } },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const tipped = checkoutOf(await call(token, 'GET', `/${c.id}`));
    expect(tipped.additionalFees).toEqual([
      expect.objectContaining({
        name: 'Tip',
        source: 'MANUAL',
        price: expect.objectContaining({ amount: '0.90' }),
      }),
    ]);
    expect(tipped.priceSummary.additionalFees.amount).toBe('0.90');
  });
});

describe('abandoned checkouts', () => {
  it('are deleted after 90 days untouched, with checkout.deleted; completed ones are kept', async () => {
    const token = await visitor(server());
    const old = await newCheckout(server(), token, [line(ids.tee!)]);
    const done = await newCheckout(server(), token, [line(ids.tee!)]);
    const fresh = await newCheckout(server(), token, [line(ids.tee!)]);
    await call(token, 'POST', `/${done.id}/mark-as-completed`, {});
    const longAgo = new Date(Date.now() - 91 * 24 * 3600 * 1000);
    await server().ctx.db.execute(
      sql`update checkouts set updated_date = ${longAgo.toISOString()} where id in (${old.id}, ${done.id})`,
    );
    expect(await purgeAbandonedCheckouts(server().ctx)).toBeGreaterThanOrEqual(1);
    expect((await call(token, 'GET', `/${old.id}`)).status).toBe(404);
    expect((await call(token, 'GET', `/${done.id}`)).status).toBe(200);
    expect((await call(token, 'GET', `/${fresh.id}`)).status).toBe(200);
    expect((await eventsOf(server(), old.id)).map((e) => e.type)).toEqual(['created', 'deleted']);
  });
});
