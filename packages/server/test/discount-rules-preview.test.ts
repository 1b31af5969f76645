import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addProductsToCollection, createCollection } from '../src/modules/catalogue/collections/writes.ts';
import { rows } from '../src/platform/db.ts';
import * as shop from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { register, uniqueEmail } from './identity-helpers.ts';

// POST /ecom/v1/discount-rules/preview: a hypothetical cart priced by the real engine with the store's rules.

const { server, call } = serverForFile({ seed: shop.seedStore });
const ids: Record<string, string> = {};
const RULES = '/ecom/v1/discount-rules';
const PREVIEW = `${RULES}/preview`;

async function createRule(rule: shop.Body): Promise<string> {
  const res = await call('POST', RULES, { discountRule: rule });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.discountRule as { id: string }).id;
}

type Applied = {
  discountType: string;
  lineItemIds: string[];
  discountRule?: shop.Body & { name: shop.Body };
};
const preview = async (body: shop.Body) => {
  const res = await call('POST', PREVIEW, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { appliedDiscounts: Applied[]; priceSummary: Record<string, { amount: string }> };
};
const ruleNames = (applied: Applied[]) => applied.map((a) => a.discountRule?.name.translated);

beforeAll(async () => {
  ids.tee = await shop.product(server(), { name: 'Preview Tee', price: '20.00' });
  ids.mug = await shop.product(server(), { name: 'Preview Mug', price: '8.00' });
  ids.hidden = await shop.product(server(), { name: 'Preview Secret', price: '30.00', visible: false });
  const mugs = await createCollection(server().ctx, { name: 'Preview Mugs' });
  ids.mugs = mugs.id;
  await addProductsToCollection(server().ctx, mugs.id, [ids.mug]);
  await createRule({
    name: 'Spend $50, get 10 % off',
    trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50' } },
    discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10 }] },
  });
  await createRule({
    name: 'Three mugs for $20',
    trigger: {
      triggerType: 'ITEM_QUANTITY_RANGE',
      itemQuantityRange: {
        from: 3,
        scopes: [
          { type: 'CUSTOM_FILTER', customFilter: { appId: shop.APP, params: { collectionIds: [mugs.id] } } },
        ],
      },
    },
    discounts: {
      values: [
        {
          discountType: 'QUANTITY_BASED',
          quantityBased: { configurations: [{ quantity: 3, price: '20.00' }] },
          targetType: 'SPECIFIC_ITEMS',
          specificItemsInfo: {
            scopes: [
              {
                type: 'CUSTOM_FILTER',
                customFilter: { appId: shop.APP, params: { collectionIds: [mugs.id] } },
              },
            ],
          },
        },
      ],
    },
  });
  await createRule({
    name: 'Not yet',
    activeTimeInfo: { start: '2999-01-01T00:00:00Z' },
    trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '0' } },
    discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 50 }] },
  });
  await createRule({
    name: 'Switched off',
    active: false,
    trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '0' } },
    discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 50 }] },
  });
});

describe('discount rules preview', () => {
  it('names each live rule the cart triggers, with the amount the engine gives', async () => {
    const big = await preview({ lineItems: [shop.line(ids.tee!, 3)] });
    expect(ruleNames(big.appliedDiscounts)).toEqual(['Spend $50, get 10 % off']);
    expect(big.appliedDiscounts[0]!.discountRule!.amount).toMatchObject({ amount: '6.00' });
    expect(big.priceSummary.subtotal).toMatchObject({ amount: '60.00' });
    expect(big.priceSummary.discount).toMatchObject({ amount: '6.00' });
    expect(big.priceSummary.total).toMatchObject({ amount: '54.00' });

    const small = await preview({ lineItems: [shop.line(ids.tee!, 2)] });
    expect(small.appliedDiscounts).toEqual([]);
    expect(small.priceSummary.total).toMatchObject({ amount: '40.00' });
  });

  it('applies collection-scoped "3 for $20" with the subtotal rule after it, oldest first', async () => {
    // 2 tees + 3 mugs = 64.00; the subtotal rule (older) takes 6.40, then the mugs (21.60 left) go for 20.00.
    const both = await preview({ lineItems: [shop.line(ids.tee!, 2), shop.line(ids.mug!, 3)] });
    expect(ruleNames(both.appliedDiscounts)).toEqual(['Spend $50, get 10 % off', 'Three mugs for $20']);
    const amounts = both.appliedDiscounts.map((a) => (a.discountRule!.amount as { amount: string }).amount);
    expect(amounts).toEqual(['6.40', '1.60']);
    expect(both.priceSummary.total).toMatchObject({ amount: '56.00' });
  });

  it('applies member-only rules only for that member', async () => {
    const registered = await register(server(), uniqueEmail('preview'));
    const memberId = (registered.body.identity as { id: string }).id;
    const ruleId = await createRule({
      name: 'Members 5 %',
      trigger: {
        triggerType: 'CUSTOMER_ELIGIBILITY',
        customerEligibility: { eligibilityType: 'SPECIFIC_MEMBERS', memberIds: [memberId] },
      },
      discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: '1.00', targetType: 'ALL_ITEMS' }] },
    });
    expect(ruleNames((await preview({ lineItems: [shop.line(ids.mug!)] })).appliedDiscounts)).toEqual([]);
    const asMember = await preview({ lineItems: [shop.line(ids.mug!)], memberId });
    expect(ruleNames(asMember.appliedDiscounts)).toEqual(['Members 5 %']);
    expect(asMember.priceSummary.discount).toMatchObject({ amount: '1.00' });
    await call('DELETE', `${RULES}/${ruleId}`);
  });

  it('writes nothing: no cart, no checkout, no usage counted', async () => {
    const count = async () =>
      (
        await rows<{ carts: number; checkouts: number; used: number }>(
          server().ctx.db,
          sql`select (select count(*)::int from carts) as carts, (select count(*)::int from checkouts) as checkouts,
            (select coalesce(sum(usage_count), 0)::int from discount_rules) as used`,
        )
      )[0];
    const before = await count();
    await preview({ lineItems: [shop.line(ids.tee!, 5)] });
    expect(await count()).toEqual(before);
  });

  it('refuses bad input with the field named, unknown ids with a 404, and shoppers', async () => {
    const empty = await call('POST', PREVIEW, { lineItems: [] });
    expect(empty.status).toBe(400);
    expect(shop.violationFields(empty.body)).toContain('lineItems');

    const zero = await call('POST', PREVIEW, { lineItems: [shop.line(ids.tee!, 0)] });
    expect(zero.status).toBe(400);
    expect(shop.violationFields(zero.body)).toContain('lineItems[0].quantity');

    const badMember = await call('POST', PREVIEW, { lineItems: [shop.line(ids.tee!)], memberId: 'nobody' });
    expect(badMember.status).toBe(400);
    expect(shop.violationFields(badMember.body)).toContain('memberId');

    const unknownProduct = await call('POST', PREVIEW, {
      lineItems: [shop.line('00000000-0000-4000-8000-000000000000')],
    });
    expect(unknownProduct.status).toBe(404);
    expect(shop.errorCode(unknownProduct.body)).toBe('CATALOG_ITEM_NOT_FOUND');

    // Shoppers cannot buy a hidden product: the preview does not find it either.
    const hidden = await call('POST', PREVIEW, { lineItems: [shop.line(ids.hidden!)] });
    expect(hidden.status).toBe(404);
    expect(shop.errorCode(hidden.body)).toBe('CATALOG_ITEM_NOT_FOUND');

    const unknownMember = await call('POST', PREVIEW, {
      lineItems: [shop.line(ids.tee!)],
      memberId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownMember.status).toBe(404);
    expect(shop.errorCode(unknownMember.body)).toBe('MEMBER_NOT_FOUND');

    const token = await shop.visitor(server());
    const body = { lineItems: [shop.line(ids.tee!)] };
    expect((await server().call('POST', PREVIEW, { token, body })).status).toBe(403);
    expect((await server().call('POST', PREVIEW, { body })).status).toBe(401);
  });
});
