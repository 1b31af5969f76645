import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutTip } from '../src/flows/tips/checkout-tip.ts';
import { checkouts } from '../src/modules/checkout/tables.ts';
import { keyStore } from '../src/modules/oauth/keys.ts';
import { rows } from '../src/platform/db.ts';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, memberTokens, seedClient, visitorTokens } from './identity-helpers.ts';

type Body = Record<string, unknown>;
type Entity = Body & { id: string; revision: string };
const { server, call } = serverForFile({ seed: seedClient });

const SETTINGS = '/tips/v1/tip-settings';
const TIPS = '/tips/v1/tips';

function violations(body: Body): Array<{ field: string; violatedRule: string; ruleName?: string }> {
  const details = body.details as { validationError?: { fieldViolations: never[] } } | undefined;
  return details?.validationError?.fieldViolations ?? [];
}
const fields = (body: Body) => violations(body).map((v) => [v.field, v.violatedRule]);

async function create(tipSettings: Body): Promise<Entity> {
  const res = await call('POST', SETTINGS, { tipSettings });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tipSettings as Entity;
}

async function get(id: string): Promise<Entity> {
  const res = await call('GET', `${SETTINGS}/${id}`);
  expect(res.status).toBe(200);
  return res.body.tipSettings as Entity;
}

/** A shopper: their token and visitor id (and member id for members). */
interface Shopper {
  token: string;
  visitorId: string;
  memberId?: string;
}

async function visitor(): Promise<Shopper> {
  const tokens = await visitorTokens(server());
  const claims = await keyStore(server().ctx).verify(tokens.access_token);
  return { token: tokens.access_token, visitorId: claims!.subject };
}

async function member(): Promise<Shopper> {
  const tokens = await memberTokens(server());
  const claims = await keyStore(server().ctx).verify(tokens.access_token);
  return { token: tokens.access_token, visitorId: claims!.visitorId!, memberId: tokens.memberId };
}

/** A checkout row as the checkout flow stores it (only what the tip calls read). */
async function checkoutOf(
  owner: { visitorId?: string; memberId?: string },
  completed = false,
): Promise<string> {
  const [row] = await server()
    .ctx.db.insert(checkouts)
    .values({ visitorId: owner.visitorId ?? null, memberId: owner.memberId ?? null, completed })
    .returning({ purchaseFlowId: checkouts.purchaseFlowId });
  return row!.purchaseFlowId;
}

async function events(): Promise<Array<{ entity_id: string; type: string }>> {
  return rows(
    server().ctx.db,
    sql`select entity_id, type from outbox_events where entity = 'tip_settings' order by id`,
  );
}

const LINES = [
  { lineItemId: 'a', name: 'Mug', price: '10.00', quantity: 2 },
  { lineItemId: 'b', price: '4.5', quantity: 1 },
];

let percent: Entity;
let amounts: Entity;

describe('tip settings', () => {
  it('creates settings; the first one becomes the default; records tip_settings.created', async () => {
    percent = await create({
      title: 'Tips',
      tipType: 'PERCENTAGE',
      choices: ['10', 15, '20.0'],
      defaultChoice: '15.00',
      allowCustomAmount: true,
    });
    expect(percent).toMatchObject({
      title: 'Tips',
      enabled: true,
      isDefault: true,
      tipType: 'PERCENTAGE',
      choices: ['10', '15', '20'],
      defaultChoice: '15',
      allowCustomAmount: true,
      revision: '1',
    });
    expect(typeof percent.createdDate).toBe('string');
    amounts = await create({ tipType: 'AMOUNT', choices: ['1', '2.50', '5'] });
    expect(amounts).toMatchObject({ isDefault: false, choices: ['1', '2.5', '5'], allowCustomAmount: false });
    expect(amounts).not.toHaveProperty('defaultChoice');
    expect(await events()).toEqual([
      { entity_id: percent.id, type: 'created' },
      { entity_id: amounts.id, type: 'created' },
    ]);
  });

  it.each<[string, Body, Array<[string, string]>]>([
    [
      'a percentage over 100',
      { tipType: 'PERCENTAGE', choices: ['10', '120'] },
      [['tipSettings.choices[1]', 'DECIMAL_LTE']],
    ],
    ['a zero preset', { tipType: 'AMOUNT', choices: ['0'] }, [['tipSettings.choices[0]', 'DECIMAL_GT']]],
    [
      'a repeated preset',
      { tipType: 'AMOUNT', choices: ['1', '1.00'] },
      [['tipSettings.choices[1]', 'VALIDATION']],
    ],
    [
      'a default that is not a preset',
      { tipType: 'AMOUNT', choices: ['1'], defaultChoice: '2' },
      [['tipSettings.defaultChoice', 'VALIDATION']],
    ],
    [
      'an unknown type',
      { tipType: 'CUSTOM', choices: ['1'] },
      [['tipSettings.tipType', 'INVALID_ENUM_VALUE']],
    ],
    ['no presets', { tipType: 'AMOUNT', choices: [] }, [['tipSettings.choices', 'MIN_SIZE']]],
    [
      'too many presets',
      { tipType: 'AMOUNT', choices: ['1', '2', '3', '4', '5', '6', '7'] },
      [['tipSettings.choices', 'MAX_SIZE']],
    ],
    [
      'a preset that is not a decimal',
      { tipType: 'AMOUNT', choices: ['12,5'] },
      [['tipSettings.choices[0]', 'FORMAT']],
    ],
  ])('refuses %s, naming the field', async (_name, tipSettings, expected) => {
    const before = await events();
    const res = await call('POST', SETTINGS, { tipSettings });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual(expected);
    expect(await events()).toEqual(before);
  });

  it('keeps writes for admins; shoppers read enabled settings only', async () => {
    const shopper = await visitor();
    const write = await server().call('POST', SETTINGS, {
      token: shopper.token,
      body: { tipSettings: { tipType: 'AMOUNT', choices: ['1'] } },
    });
    expect(write.status).toBe(403);
    expect((await server().call('POST', SETTINGS, { body: { tipSettings: {} } })).status).toBe(401);
    for (const [method, path] of [
      ['PATCH', `${SETTINGS}/${percent.id}`],
      ['DELETE', `${SETTINGS}/${percent.id}`],
      ['POST', `${SETTINGS}/query`],
    ] as const) {
      const res = await server().call(method, path, { token: shopper.token, body: { tipSettings: {} } });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const read = await server().call('GET', `${SETTINGS}/${percent.id}`, { token: shopper.token });
    expect(read.status).toBe(200);
    expect(read.body.tipSettings).toEqual(percent);
    const byDefault = await server().call('GET', `${SETTINGS}/default`, { token: shopper.token });
    expect(byDefault.body).toEqual({ tipSettings: percent });

    const hidden = await create({ tipType: 'AMOUNT', choices: ['3'], enabled: false });
    const refused = await server().call('GET', `${SETTINGS}/${hidden.id}`, { token: shopper.token });
    expect(refused.status).toBe(404);
    expect(errorCode(refused.body)).toBe('TIP_SETTINGS_NOT_FOUND');
    expect((await get(hidden.id)).enabled).toBe(false);
    await call('DELETE', `${SETTINGS}/${hidden.id}`);
  });

  it('updates with a field mask and a revision; a new default takes over; records updated', async () => {
    const stale = await call('PATCH', `${SETTINGS}/${amounts.id}`, {
      tipSettings: { title: 'x', revision: '0' },
    });
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe('REVISION_MISMATCH');

    const res = await call('PATCH', `${SETTINGS}/${amounts.id}`, {
      tipSettings: {
        title: 'Round amounts',
        defaultChoice: '2.5',
        allowCustomAmount: true,
        revision: amounts.revision,
      },
      fieldMask: 'title,defaultChoice',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    amounts = res.body.tipSettings as Entity;
    expect(amounts).toMatchObject({
      title: 'Round amounts',
      defaultChoice: '2.5',
      allowCustomAmount: false,
      revision: '2',
    });

    // Choices that drop the default are refused as a whole.
    const broken = await call('PATCH', `${SETTINGS}/${amounts.id}`, {
      tipSettings: { choices: ['1', '5'] },
    });
    expect(fields(broken.body)).toEqual([['tipSettings.defaultChoice', 'VALIDATION']]);
    expect(await get(amounts.id)).toEqual(amounts);

    const made = await call('PATCH', `${SETTINGS}/${amounts.id}`, { tipSettings: { isDefault: true } });
    expect((made.body.tipSettings as Entity).isDefault).toBe(true);
    expect((await get(percent.id)).isDefault).toBe(false);
    const back = await call('PATCH', `${SETTINGS}/${percent.id}`, { tipSettings: { isDefault: true } });
    percent = back.body.tipSettings as Entity;
    amounts = await get(amounts.id);
    expect([percent.isDefault, amounts.isDefault]).toEqual([true, false]);
    expect((await events()).filter((e) => e.type === 'updated').length).toBe(3);

    const missing = await call('PATCH', `${SETTINGS}/00000000-0000-4000-8000-000000000000`, {
      tipSettings: { title: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('queries with filters and sorts, by POST and by complex GET', async () => {
    const query = { filter: { tipType: 'AMOUNT' }, sort: [{ fieldName: 'createdDate', order: 'DESC' }] };
    const res = await call('POST', `${SETTINGS}/query`, { query });
    expect(res.status).toBe(200);
    expect((res.body.tipSettings as Entity[]).map((s) => s.id)).toEqual([amounts.id]);
    expect(res.body.pagingMetadata).toMatchObject({ count: 1, total: 1 });
    const viaGet = await call('GET', `${SETTINGS}/query?${encodeComplexQuery({ query })}`);
    expect(viaGet.body).toEqual(res.body);
    const bad = await call('POST', `${SETTINGS}/query`, { query: { filter: { choices: '1' } } });
    expect(fields(bad.body)).toEqual([['query.filter.choices', 'FIELD_NOT_ALLOWED']]);
  });
});

describe('tip preview', () => {
  const preview = (body: Body, token?: string, prefix = TIPS) =>
    server().call('POST', `${prefix}/preview`, { token: token ?? server().adminKey, body });

  it.each<[string, Body, { amount: string; lineItemSubtotal: string }]>([
    ['the default choice of the default settings', {}, { amount: '3.68', lineItemSubtotal: '24.50' }],
    [
      'a preset percentage',
      { tipChoice: { tipType: 'PERCENTAGE', value: '20' } },
      { amount: '4.90', lineItemSubtotal: '24.50' },
    ],
    [
      'a custom amount',
      { tipChoice: { tipType: 'CUSTOM', value: 3.333 } },
      { amount: '3.33', lineItemSubtotal: '24.50' },
    ],
    [
      'no tip',
      { tipChoice: { tipType: 'CUSTOM', value: '0' } },
      { amount: '0.00', lineItemSubtotal: '24.50' },
    ],
  ])('%s', async (_name, extra, expected) => {
    const shopper = await visitor();
    const res = await preview({ lineItemInfo: LINES, ...extra }, shopper.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tip).toEqual({ ...expected, undistributedAmount: expected.amount, distributions: [] });
  });

  it('uses named settings, on the custom-host alias too', async () => {
    const res = await preview(
      { lineItemInfo: LINES, tipSettingsId: amounts.id, tipChoice: { tipType: 'AMOUNT', value: '2.50' } },
      undefined,
      '/_api/tips-service/v1/tips',
    );
    expect(res.status).toBe(200);
    expect((res.body.tip as Body).amount).toBe('2.50');
  });

  const refuse = async (extra: Body) => {
    const body: Body = { lineItemInfo: LINES, ...extra };
    if (body.tipSettingsId === 'AMOUNTS') body.tipSettingsId = amounts.id;
    return preview(body);
  };

  const choice = (tipType: string, value: string, extra: Body = {}): Body => ({
    ...extra,
    tipChoice: { tipType, value },
  });

  it.each<[string, Body, string, string]>([
    ['a percentage not offered', choice('PERCENTAGE', '12'), 'tipChoice.value', 'VALIDATION'],
    ['an amount under percentage settings', choice('AMOUNT', '1'), 'tipChoice.tipType', 'VALIDATION'],
    [
      'custom when not allowed',
      choice('CUSTOM', '4', { tipSettingsId: 'AMOUNTS' }),
      'tipChoice.tipType',
      'VALIDATION',
    ],
    ['an unknown choice type', choice('ROUND_UP', '1'), 'tipChoice.tipType', 'INVALID_ENUM_VALUE'],
    [
      'a line without a price',
      { lineItemInfo: [{ quantity: 1 }] },
      'lineItemInfo[0].price',
      'REQUIRED_FIELD',
    ],
  ])('refuses %s', async (_name, extra, field, violation) => {
    const res = await refuse(extra);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fields(res.body)).toEqual([[field, violation]]);
  });

  it('refuses unknown settings', async () => {
    const res = await refuse({ tipSettingsId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(fields(res.body)).toEqual([]);
    expect(errorCode(res.body)).toBe('TIP_SETTINGS_NOT_FOUND');
  });

  it('names the broken rule of a refused choice', async () => {
    const res = await preview({ lineItemInfo: LINES, tipChoice: { tipType: 'PERCENTAGE', value: '12' } });
    expect(violations(res.body)[0]).toMatchObject({ ruleName: 'TIP_CHOICE_NOT_OFFERED' });
  });

  it('needs a visitor token at least', async () => {
    expect((await server().call('POST', `${TIPS}/preview`, { body: { lineItemInfo: LINES } })).status).toBe(
      401,
    );
  });

  it('refuses choices of disabled settings', async () => {
    const off = await create({ tipType: 'PERCENTAGE', choices: ['10'], enabled: false });
    const res = await preview({
      lineItemInfo: LINES,
      tipSettingsId: off.id,
      tipChoice: { tipType: 'PERCENTAGE', value: '10' },
    });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('TIPS_DISABLED');
    await call('DELETE', `${SETTINGS}/${off.id}`);
  });

  it("rounds to the store currency's minor unit", async () => {
    await call('PATCH', '/ecom/v1/store-settings', { storeSettings: { currency: 'JPY' } });
    try {
      const res = await preview({ lineItemInfo: [{ price: '1999', quantity: 1 }] });
      expect(res.body.tip).toMatchObject({ amount: '300', lineItemSubtotal: '1999' });
    } finally {
      await call('PATCH', '/ecom/v1/store-settings', { storeSettings: { currency: 'USD' } });
    }
  });
});

describe('tip choice', () => {
  const getChoice = (purchaseFlowId: string, token: string) =>
    server().call('GET', `${TIPS}/choice/${purchaseFlowId}`, { token });
  const setChoice = (purchaseFlowId: string, token: string, tipChoice: Body, extra: Body = {}) =>
    server().call('PATCH', `${TIPS}/choice`, { token, body: { purchaseFlowId, tipChoice, ...extra } });

  it("reads the default until the buyer chooses; the buyer's choice is kept and priced by checkoutTip", async () => {
    const shopper = await visitor();
    const flow = await checkoutOf({ visitorId: shopper.visitorId });
    expect((await getChoice(flow, shopper.token)).body).toEqual({
      tipChoice: { tipType: 'PERCENTAGE', value: '15' },
    });
    expect(await checkoutTip(server().ctx.db, flow, '24.50', 'USD')).toEqual({
      amount: '3.68',
      choice: { tipType: 'PERCENTAGE', value: '15' },
      tipSettingsId: percent.id,
    });

    const set = await setChoice(flow, shopper.token, { tipType: 'PERCENTAGE', value: 20 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ tipChoice: { tipType: 'PERCENTAGE', value: '20' } });
    expect((await getChoice(flow, shopper.token)).body).toEqual(set.body);
    expect((await checkoutTip(server().ctx.db, flow, '24.50', 'USD')).amount).toBe('4.90');

    // The choice keeps its settings: amounts from then on.
    const other = await setChoice(
      flow,
      shopper.token,
      { tipType: 'AMOUNT', value: '5' },
      { tipSettingsId: amounts.id },
    );
    expect(other.status).toBe(200);
    expect(await checkoutTip(server().ctx.db, flow, '24.50', 'USD')).toMatchObject({
      amount: '5.00',
      tipSettingsId: amounts.id,
    });
    const same = await setChoice(flow, shopper.token, { tipType: 'AMOUNT', value: '1' });
    expect(same.status).toBe(200);
  });

  it('refuses a choice the settings do not offer and keeps the previous one', async () => {
    const shopper = await visitor();
    const flow = await checkoutOf({ visitorId: shopper.visitorId });
    await setChoice(flow, shopper.token, { tipType: 'PERCENTAGE', value: '10' });
    const res = await setChoice(flow, shopper.token, { tipType: 'PERCENTAGE', value: '11' });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual([['tipChoice.value', 'VALIDATION']]);
    expect((await getChoice(flow, shopper.token)).body).toEqual({
      tipChoice: { tipType: 'PERCENTAGE', value: '10' },
    });
  });

  it("is the checkout owner's (visitor, member, member's earlier visitor) or an admin's; others get 404", async () => {
    const owner = await visitor();
    const stranger = await visitor();
    const signedIn = await member();
    const otherMember = await member();
    const visitorFlow = await checkoutOf({ visitorId: owner.visitorId });
    const memberFlow = await checkoutOf({ memberId: signedIn.memberId!, visitorId: signedIn.visitorId });
    const beforeSignIn = await checkoutOf({ visitorId: signedIn.visitorId });
    const choice = { tipType: 'PERCENTAGE', value: '10' };

    for (const [flow, token] of [
      [visitorFlow, owner.token],
      [visitorFlow, server().adminKey],
      [memberFlow, signedIn.token],
      [beforeSignIn, signedIn.token],
    ] as const) {
      expect((await getChoice(flow, token)).status).toBe(200);
      expect((await setChoice(flow, token, choice)).status).toBe(200);
    }
    for (const [flow, token] of [
      [visitorFlow, stranger.token],
      [visitorFlow, signedIn.token],
      [memberFlow, otherMember.token],
      [memberFlow, owner.token],
    ] as const) {
      for (const res of [await getChoice(flow, token), await setChoice(flow, token, choice)]) {
        expect(res.status).toBe(404);
        expect(errorCode(res.body)).toBe('CHECKOUT_NOT_FOUND');
      }
    }
    expect((await server().call('GET', `${TIPS}/choice/${visitorFlow}`)).status).toBe(401);
    const unknown = await getChoice('00000000-0000-4000-8000-000000000000', server().adminKey);
    expect(unknown.status).toBe(404);
    const malformed = await getChoice('not-a-flow', server().adminKey);
    expect(fields(malformed.body)).toEqual([['purchaseFlowId', 'FORMAT']]);
  });

  it("is the hosted page's through the owner's redirect session (header or query), bound to that page", async () => {
    const owner = await visitor();
    const flow = await checkoutOf({ visitorId: owner.visitorId });
    const [row] = await server()
      .ctx.db.select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.purchaseFlowId, flow));
    const made = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: owner.token,
      body: { ecomCheckout: { checkoutId: row!.id } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const sessionId = (made.body.redirectSession as { id: string }).id;
    const grant = { 'x-aisle-redirect-session': sessionId };
    const page = await visitor();
    const choice = { tipType: 'PERCENTAGE', value: '20' };

    expect(errorCode((await getChoice(flow, page.token)).body)).toBe('CHECKOUT_NOT_FOUND');
    expect((await setChoice(flow, page.token, choice)).status).toBe(404);
    const read = await server().call('GET', `${TIPS}/choice/${flow}`, { token: page.token, headers: grant });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual({ tipChoice: { tipType: 'PERCENTAGE', value: '15' } });
    const set = await server().call('PATCH', `/_api/tips-service/v1/tips/choice`, {
      token: page.token,
      headers: grant,
      body: { purchaseFlowId: flow, tipChoice: choice },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // The owner sees the page's choice, and the checkout is priced with it.
    expect((await getChoice(flow, owner.token)).body).toEqual({ tipChoice: choice });
    expect((await checkoutTip(server().ctx.db, flow, '10', 'USD')).amount).toBe('2.00');
    const byQuery = await server().call('GET', `${TIPS}/choice/${flow}?redirectSessionId=${sessionId}`, {
      token: page.token,
    });
    expect(byQuery.body).toEqual({ tipChoice: choice });

    // Bound to the page's visitor: the same session grants nobody else, and no other checkout.
    const thief = await visitor();
    for (const res of [
      await server().call('GET', `${TIPS}/choice/${flow}`, { token: thief.token, headers: grant }),
      await server().call('PATCH', `${TIPS}/choice`, {
        token: thief.token,
        headers: grant,
        body: { purchaseFlowId: flow, tipChoice: { tipType: 'PERCENTAGE', value: '10' } },
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(errorCode(res.body)).toBe('CHECKOUT_NOT_FOUND');
    }
    const elsewhere = await checkoutOf({ visitorId: owner.visitorId });
    const foreign = await server().call('GET', `${TIPS}/choice/${elsewhere}`, {
      token: page.token,
      headers: grant,
    });
    expect(foreign.status).toBe(404);
    expect((await getChoice(flow, owner.token)).body).toEqual({ tipChoice: choice });
  });

  it('cannot change once an order was placed from the checkout', async () => {
    const shopper = await visitor();
    const flow = await checkoutOf({ visitorId: shopper.visitorId }, true);
    const res = await setChoice(flow, shopper.token, { tipType: 'PERCENTAGE', value: '10' });
    expect(res.status).toBe(409);
    expect(errorCode(res.body)).toBe('CHECKOUT_ALREADY_COMPLETED');
  });

  it('falls back to the default settings when the chosen settings are deleted; no default means no tip', async () => {
    const shopper = await visitor();
    const flow = await checkoutOf({ visitorId: shopper.visitorId });
    const temporary = await create({ tipType: 'AMOUNT', choices: ['7'] });
    await setChoice(flow, shopper.token, { tipType: 'AMOUNT', value: '7' }, { tipSettingsId: temporary.id });
    expect((await checkoutTip(server().ctx.db, flow, '10', 'USD')).amount).toBe('7.00');
    expect((await call('DELETE', `${SETTINGS}/${temporary.id}`)).status).toBe(200);
    // An AMOUNT choice under the default PERCENTAGE settings is no longer offered: no tip.
    expect(await checkoutTip(server().ctx.db, flow, '10', 'USD')).toMatchObject({
      amount: '0.00',
      tipSettingsId: percent.id,
    });

    await call('DELETE', `${SETTINGS}/${percent.id}`);
    const fresh = await checkoutOf({ visitorId: shopper.visitorId });
    expect(await checkoutTip(server().ctx.db, fresh, '10', 'USD')).toEqual({ amount: '0.00' });
    expect((await getChoice(fresh, shopper.token)).body).toEqual({});
    const none = await server().call('GET', `${SETTINGS}/default`, { token: shopper.token });
    expect(none.body).toEqual({});
    const refused = await setChoice(fresh, shopper.token, { tipType: 'PERCENTAGE', value: '10' });
    expect(refused.status).toBe(404);
    expect(errorCode(refused.body)).toBe('TIP_SETTINGS_NOT_FOUND');
    expect((await events()).filter((e) => e.type === 'deleted').length).toBe(4);
  });
});
