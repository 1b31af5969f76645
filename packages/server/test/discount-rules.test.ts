import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_DISCOUNT_RULES } from '../src/modules/discount-rules/rules.ts';
import { rows } from '../src/platform/db.ts';
import * as shop from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

const { server, call } = serverForFile({ seed: shop.seedStore });
const ids: Record<string, string> = {};
const PATH = '/ecom/v1/discount-rules';

type Rule = shop.Body & { id: string; revision: string; usageCount: number; status: string };

async function createRule(rule: shop.Body): Promise<Rule> {
  const res = await call('POST', PATH, { discountRule: rule });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.discountRule as Rule;
}

const everything = (percentage: number) => ({ values: [{ discountType: 'PERCENTAGE', percentage }] });
const subtotalFrom = (from: string) => ({ triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from } });

async function ruleEvents(id: string): Promise<string[]> {
  const found = await rows<{ type: string }>(
    server().ctx.db,
    sql`select type from outbox_events where entity = 'discount_rule' and entity_id = ${id} order by id`,
  );
  return found.map((r) => r.type);
}

beforeAll(async () => {
  ids.tee = await shop.product(server(), { name: 'Rule Tee', price: '20.00' });
  ids.mug = await shop.product(server(), { name: 'Rule Mug', price: '8.00' });
});

describe('discount rules: the wire calls', () => {
  it('create, get, update with `mask`, refuse a stale revision, query, delete — each with its event', async () => {
    const rule = await createRule({
      name: 'Spend 50, save 10 %',
      trigger: subtotalFrom('50'),
      discounts: everything(10),
      activeTimeInfo: { start: '2020-01-01T00:00:00Z' },
      tags: { publicTags: { tagIds: ['summer'] } },
    });
    expect(rule).toMatchObject({
      name: 'Spend 50, save 10 %',
      active: true,
      status: 'LIVE',
      usageCount: 0,
      revision: '1',
      activeTimeInfo: { start: '2020-01-01T00:00:00.000Z' },
      trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50' } },
    });
    expect((await call('GET', `${PATH}/${rule.id}`)).body.discountRule).toEqual(rule);

    const updated = await call('PATCH', `${PATH}/${rule.id}`, {
      discountRule: { name: 'Spend 60', trigger: subtotalFrom('60'), revision: rule.revision },
      mask: 'name',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.discountRule).toMatchObject({
      name: 'Spend 60',
      revision: '2',
      trigger: rule.trigger,
    });

    const stale = await call('PATCH', `${PATH}/${rule.id}`, { discountRule: { name: 'x', revision: '1' } });
    expect(stale.status).toBe(409);
    expect(shop.errorCode(stale.body)).toBe('REVISION_MISMATCH');
    expect((await call('GET', `${PATH}/${rule.id}`)).body.discountRule).toMatchObject({ name: 'Spend 60' });

    const page = await call('POST', `${PATH}/query`, { query: { filter: { name: 'Spend 60' } } });
    expect(page.body).toMatchObject({ discountRules: [{ id: rule.id }], pagingMetadata: { count: 1 } });

    expect((await call('DELETE', `${PATH}/${rule.id}`)).status).toBe(200);
    expect((await call('GET', `${PATH}/${rule.id}`)).status).toBe(404);
    expect(await ruleEvents(rule.id)).toEqual(['created', 'updated', 'deleted']);
  });

  it('derives PENDING and EXPIRED from the window', async () => {
    const within = (name: string, activeTimeInfo: shop.Body) =>
      createRule({ name, trigger: subtotalFrom('0'), discounts: everything(5), activeTimeInfo });
    const pending = await within('Next year', { start: '2999-01-01T00:00:00Z' });
    const expired = await within('Last year', { start: '2000-01-01T00:00:00Z', end: '2001-01-01T00:00:00Z' });
    expect([pending.status, expired.status]).toEqual(['PENDING', 'EXPIRED']);
    await call('DELETE', `${PATH}/${pending.id}`);
    await call('DELETE', `${PATH}/${expired.id}`);
  });

  it.each<[string, shop.Body, string]>([
    [
      'a subtotal range from above to',
      { trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50', to: '10' } } },
      'discountRule.trigger.subtotalRange.to',
    ],
    [
      'a quantity range from above to',
      { trigger: { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 5, to: 2 } } },
      'discountRule.trigger.itemQuantityRange.to',
    ],
    [
      'a trigger without its field',
      { trigger: { triggerType: 'SUBTOTAL_RANGE' } },
      'discountRule.trigger.subtotalRange',
    ],
    [
      'a nested trigger without its field',
      { trigger: { triggerType: 'AND', and: { triggers: [subtotalFrom('1'), { triggerType: 'CUSTOM' }] } } },
      'discountRule.trigger.and.triggers[1].customTrigger',
    ],
    [
      'specific members, none named',
      {
        trigger: {
          triggerType: 'CUSTOMER_ELIGIBILITY',
          customerEligibility: { eligibilityType: 'SPECIFIC_MEMBERS' },
        },
      },
      'discountRule.trigger.customerEligibility.memberIds',
    ],
    [
      'a kind without its value',
      { discounts: { values: [{ discountType: 'FIXED_AMOUNT' }] } },
      'discountRule.discounts.values[0].fixedAmount',
    ],
    [
      'a window ending before it starts',
      { activeTimeInfo: { start: '2030-01-02T00:00:00Z', end: '2030-01-01T00:00:00Z' } },
      'discountRule.activeTimeInfo.end',
    ],
    [
      'a percentage over 100',
      { discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 150 }] } },
      'discountRule.discounts.values[0].percentage',
    ],
    ['an unknown trigger type', { trigger: { triggerType: 'LUCKY' } }, 'discountRule.trigger.triggerType'],
  ])('refuses %s with a violation naming the field, and writes nothing', async (_, change, field) => {
    const before = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from discount_rules`,
    );
    const res = await call('POST', PATH, {
      discountRule: { name: 'Bad', trigger: subtotalFrom('0'), discounts: everything(5), ...change },
    });
    expect(res.status).toBe(400);
    expect(shop.violationFields(res.body)).toContain(field);
    const after = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from discount_rules`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 404 for an unknown rule and 401/403 to shoppers', async () => {
    expect((await call('GET', `${PATH}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    const token = await shop.visitor(server());
    expect((await server().call('POST', `${PATH}/query`, { token, body: {} })).status).toBe(403);
    expect((await server().call('POST', `${PATH}/query`, { body: {} })).status).toBe(401);
  });

  it(`refuses rule number ${MAX_DISCOUNT_RULES + 1} with MAX_DISCOUNT_RULES_REACHED`, async () => {
    const present = (
      await rows<{ n: number }>(server().ctx.db, sql`select count(*)::int as n from discount_rules`)
    )[0]!.n;
    await server().ctx.db.execute(sql`
      insert into discount_rules (name, active, trigger, discounts)
      select 'filler ' || g, false, '{"triggerType":"SUBTOTAL_RANGE","subtotalRange":{}}'::jsonb,
             '{"values":[{"discountType":"PERCENTAGE","percentage":1}]}'::jsonb
      from generate_series(1, ${MAX_DISCOUNT_RULES - present}) as g`);
    const res = await call('POST', PATH, {
      discountRule: { name: 'One too many', trigger: subtotalFrom('0'), discounts: everything(5) },
    });
    expect(res.status).toBe(400);
    expect(shop.errorCode(res.body)).toBe('MAX_DISCOUNT_RULES_REACHED');
    await server().ctx.db.execute(sql`delete from discount_rules where name like 'filler %'`);
  });
});

describe('discount rules in prices', () => {
  const cart = (token: string, method: string, path: string, body?: unknown) =>
    server().call(method, `/ecom/v1/carts/current${path}`, {
      token,
      ...(body !== undefined ? { body } : {}),
    });

  it('the cart estimate, the checkout and the placed order show the same rule discount, counted once per order', async () => {
    const rule = await createRule({
      name: 'Two tees, 25 % off tees',
      trigger: {
        triggerType: 'ITEM_QUANTITY_RANGE',
        itemQuantityRange: {
          from: 2,
          scopes: [
            {
              type: 'CATALOG_ITEM',
              catalogItemFilter: { catalogAppId: shop.APP, catalogItemIds: [ids.tee] },
            },
          ],
        },
      },
      discounts: {
        values: [
          {
            discountType: 'PERCENTAGE',
            percentage: 25,
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: {
              scopes: [
                {
                  type: 'CATALOG_ITEM',
                  catalogItemFilter: { catalogAppId: shop.APP, catalogItemIds: [ids.tee] },
                },
              ],
            },
          },
        ],
      },
    });
    const token = await shop.visitor(server());
    expect(
      (
        await cart(token, 'POST', '/add-to-cart', {
          lineItems: [shop.line(ids.tee!, 2), shop.line(ids.mug!)],
        })
      ).status,
    ).toBe(200);
    const estimate = await cart(token, 'POST', '/estimate-totals', {});
    expect(estimate.status).toBe(200);
    const applied = estimate.body.appliedDiscounts as Array<shop.Body & { discountRule?: shop.Body }>;
    expect(applied).toEqual([
      expect.objectContaining({
        discountType: 'SPECIFIC_ITEMS',
        discountRule: expect.objectContaining({
          id: rule.id,
          name: { original: rule.name, translated: rule.name },
          amount: expect.objectContaining({ amount: '10.00' }),
        }),
      }),
    ]);
    expect((estimate.body.priceSummary as shop.Body).discount).toMatchObject({ amount: '10.00' });

    const checkout = await shop.newCheckout(server(), token, [shop.line(ids.tee!, 2), shop.line(ids.mug!)]);
    expect((checkout.priceSummary as shop.Body).discount).toMatchObject({ amount: '10.00' });
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await call('GET', `/ecom/v1/orders/${placed.body.orderId}`);
    expect((order.body.order as shop.Body).appliedDiscounts).toEqual([
      expect.objectContaining({ discountRule: expect.objectContaining({ id: rule.id }) }),
    ]);
    expect(((await call('GET', `${PATH}/${rule.id}`)).body.discountRule as Rule).usageCount).toBe(1);
    // Placing it again changes nothing: the order exists once and the rule counted it once.
    await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, { token, body: {} });
    expect(((await call('GET', `${PATH}/${rule.id}`)).body.discountRule as Rule).usageCount).toBe(1);
    await call('DELETE', `${PATH}/${rule.id}`);
  });

  it('counts every one of 8 parallel orders exactly once', async () => {
    const rule = await createRule({
      name: 'Everything 5 %',
      trigger: subtotalFrom('0'),
      discounts: everything(5),
    });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const token = await shop.visitor(server());
        return { token, checkout: await shop.newCheckout(server(), token, [shop.line(ids.mug!)]) };
      }),
    );
    const results = await Promise.all(
      buyers.map(({ token, checkout }) =>
        server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, { token, body: {} }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(((await call('GET', `${PATH}/${rule.id}`)).body.discountRule as Rule).usageCount).toBe(8);
    await call('DELETE', `${PATH}/${rule.id}`);
  });

  it('a rule switched off stops applying at once', async () => {
    const rule = await createRule({ name: 'Flash', trigger: subtotalFrom('0'), discounts: everything(50) });
    const token = await shop.visitor(server());
    await cart(token, 'POST', '/add-to-cart', { lineItems: [shop.line(ids.mug!)] });
    const on = await cart(token, 'POST', '/estimate-totals', {});
    expect((on.body.priceSummary as shop.Body).discount).toMatchObject({ amount: '4.00' });
    await call('PATCH', `${PATH}/${rule.id}`, { discountRule: { active: false } });
    const off = await cart(token, 'POST', '/estimate-totals', {});
    expect((off.body.priceSummary as shop.Body).discount).toMatchObject({ amount: '0.00' });
    expect(off.body.appliedDiscounts).toEqual([]);
    await call('DELETE', `${PATH}/${rule.id}`);
  });
});
