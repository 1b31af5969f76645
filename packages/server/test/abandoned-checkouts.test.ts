import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abandonDueCheckouts, sendDueRecoveryMails } from '../src/flows/abandonment/job.ts';
import { rows } from '../src/platform/db.ts';
import * as shop from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { lastMail } from './identity-helpers.ts';

const { server, call } = serverForFile({ seed: shop.seedStore });
let tee: string;
/** How far the server's clock is ahead of the real one. */
let ahead = 0;

const later = (seconds: number) => {
  ahead += seconds * 1000;
};

type Abandoned = shop.Body & {
  id: string;
  status: string;
  checkoutId: string;
  checkoutUrl: string;
  revision: string;
  activities: Array<{ type: string; createdDate: string }>;
};

/** A checkout through the current cart (so it has a cart), with the buyer's e-mail. */
async function cartCheckout(email: string, quantity = 1) {
  const token = await shop.visitor(server());
  await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [shop.line(tee, quantity)] },
  });
  const created = await server().call('POST', '/ecom/v1/carts/current/create-checkout', {
    token,
    body: { shippingAddress: shop.NEW_YORK, email },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { token, checkoutId: created.body.checkoutId as string };
}

async function abandonedOf(checkoutId: string): Promise<Abandoned> {
  const res = await call('POST', '/ecom/v1/abandoned-checkout/query', {
    query: { filter: { checkoutId } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [found] = res.body.abandonedCheckouts as Abandoned[];
  expect(found).toBeDefined();
  return found!;
}

/** Checkouts abandoned now: the clock moved past the delay, the job run. */
async function abandonNow(): Promise<number> {
  later(10);
  return abandonDueCheckouts(server().ctx);
}

async function eventTypes(entityId: string): Promise<string[]> {
  const found = await rows<{ entity: string; type: string }>(
    server().ctx.db,
    sql`select entity, type from outbox_events where entity_id = ${entityId} order by id`,
  );
  return found.map((e) => `${e.entity}.${e.type}`);
}

beforeAll(async () => {
  // Three seconds without an order make a checkout abandoned; the tests move the clock instead of waiting.
  server().ctx.config.abandonedCheckoutMinutes = 0.05;
  server().ctx.clock = () => new Date(Date.now() + ahead);
  tee = await shop.product(server(), shop.TEE);
});
beforeEach(async () => {
  // Every test starts with what earlier ones left abandoned.
  await abandonNow();
  await sendDueRecoveryMails(server().ctx);
});

describe('abandonment', () => {
  it('turns a checkout with an e-mail and no order into an abandoned checkout, once, after the delay', async () => {
    const { checkoutId } = await cartCheckout('ada@example.com', 2);
    const token = await shop.visitor(server());
    const withoutEmail = await shop.newCheckout(server(), token, [shop.line(tee)], { buyerInfo: {} });

    expect(await abandonDueCheckouts(server().ctx)).toBe(0);
    expect(await abandonNow()).toBe(1);
    expect(await abandonNow()).toBe(0);
    expect(
      await shop.countRows(
        server(),
        sql`select count(*) as n from abandoned_checkouts where checkout_id = ${withoutEmail.id}`,
      ),
    ).toBe(0);

    const found = await abandonedOf(checkoutId);
    expect(found).toMatchObject({
      status: 'ABANDONED',
      checkoutId,
      buyerInfo: { email: 'ada@example.com' },
      currency: 'USD',
      subtotalPrice: { amount: '40.00' },
      activities: [{ type: 'SCHEDULED' }],
      revision: '1',
    });
    expect(found.cartId).toEqual(expect.any(String));
    expect((found.totalPrice as shop.Body).amount).toMatch(/^\d+\.\d{2}$/);
    expect(found.lineItems).toMatchObject([{ quantity: 2, productName: { original: 'Basic Tee' } }]);
    expect(found.checkoutUrl).toContain(
      `/ecom/v1/abandoned-checkout/${found.id}/redirect-to-checkout?token=`,
    );
    expect(await eventTypes(found.id)).toEqual(['abandoned_checkout.created']);
    expect(await eventTypes(found.cartId as string)).toContain('cart.abandoned');

    const got = await call('GET', `/ecom/v1/abandoned-checkout/${found.id}`);
    expect(got.status).toBe(200);
    expect(got.body.abandonedCheckout).toEqual(found);
  });

  it('handles each checkout once when several processes run the job at the same time', async () => {
    const made = await Promise.all([1, 2, 3, 4].map((i) => cartCheckout(`parallel${i}@example.com`)));
    later(10);
    const counts = await Promise.all([1, 2, 3].map(() => abandonDueCheckouts(server().ctx)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    for (const { checkoutId } of made)
      expect(
        await shop.countRows(
          server(),
          sql`select count(*) as n from abandoned_checkouts where checkout_id = ${checkoutId}`,
        ),
      ).toBe(1);
  });
});

describe('recovery mail and link', () => {
  it('mails the buyer once, with the store, the lines and a link that restores the checkout elsewhere', async () => {
    const { token, checkoutId } = await cartCheckout('grace@example.com');
    await abandonNow();
    expect(await sendDueRecoveryMails(server().ctx)).toBe(1);
    expect(await sendDueRecoveryMails(server().ctx)).toBe(0);

    const found = await abandonedOf(checkoutId);
    expect(found.activities.map((a) => a.type)).toEqual(['SCHEDULED', 'EMAIL_SENT']);
    const mail = await lastMail(server(), 'grace@example.com', 'checkout-recovery');
    expect(mail.text).toContain(new URL(server().url).host);
    expect(mail.text).toContain('1 × Basic Tee');
    expect(mail.data.link).toBe(found.checkoutUrl);

    // The link, opened in another browser: a redirect to the checkout page with a redirect session.
    const opened = await fetch(mail.data.link!, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location')!);
    expect(target.pathname).toBe(`/checkout/${checkoutId}`);
    const session = target.searchParams.get('redirectSessionId')!;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const stranger = await shop.visitor(server());
    const denied = await server().call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token: stranger });
    expect(denied.status).toBe(404);
    const restored = await server().call('GET', `/ecom/v1/checkouts/${checkoutId}`, {
      token: stranger,
      headers: { 'x-aisle-redirect-session': session },
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((restored.body.checkout as shop.Body).id).toBe(checkoutId);
    // The owner still has it too.
    expect((await server().call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token })).status).toBe(200);
  });

  it('refuses the link without its token (404, as an unknown id), and answers admins in JSON', async () => {
    const { checkoutId } = await cartCheckout('token@example.com');
    await abandonNow();
    const found = await abandonedOf(checkoutId);
    const base = `/ecom/v1/abandoned-checkout/${found.id}/redirect-to-checkout`;
    const wrong = await server().call('GET', `${base}?token=nope`);
    expect(wrong.status).toBe(404);
    expect(shop.errorCode(wrong.body)).toBe('ABANDONED_CHECKOUT_NOT_FOUND');
    expect((await server().call('GET', base)).status).toBe(404);
    const unknown = await server().call(
      'GET',
      '/ecom/v1/abandoned-checkout/00000000-0000-4000-8000-000000000000/redirect-to-checkout?token=x',
    );
    expect(unknown.status).toBe(404);
    const asAdmin = await server().call('GET', base, {
      token: server().adminKey,
      headers: { accept: 'application/json' },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.redirectUrl).toMatch(new RegExp(`/checkout/${checkoutId}\\?redirectSessionId=`));
  });

  it('sends the mail now when the merchant asks, and never for a recovered checkout', async () => {
    const { token, checkoutId } = await cartCheckout('again@example.com');
    await abandonNow();
    await sendDueRecoveryMails(server().ctx);
    const found = await abandonedOf(checkoutId);
    const res = await call('POST', `/ecom/v1/abandoned-checkouts/${found.id}/send-recovery-email`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.abandonedCheckout as Abandoned).activities.map((a) => a.type)).toEqual([
      'SCHEDULED',
      'EMAIL_SENT',
      'SCHEDULED',
      'EMAIL_SENT',
    ]);
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await server().ctx.events.drain();
    const refused = await call('POST', `/ecom/v1/abandoned-checkouts/${found.id}/send-recovery-email`);
    expect(refused.status).toBe(409);
    expect(shop.errorCode(refused.body)).toBe('ALREADY_RECOVERED');
    expect((await abandonedOf(checkoutId)).activities).toHaveLength(4);
  });
});

describe('recovery', () => {
  it('marks the abandoned checkout RECOVERED when its order is placed, once however often the event comes', async () => {
    const { token, checkoutId } = await cartCheckout('lin@example.com');
    await abandonNow();
    const before = await abandonedOf(checkoutId);
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await server().ctx.events.drain();

    const after = await abandonedOf(checkoutId);
    expect(after.status).toBe('RECOVERED');
    expect(new Date(after.checkoutRecoveredDate as string).getTime()).toBeGreaterThan(
      new Date(before.createdDate as string).getTime() - 1,
    );
    expect(after.revision).toBe('2');
    // The order.created event delivered again changes nothing.
    await server().ctx.db.execute(
      sql`update outbox_events set dispatched_at = null, claimed_until = null
          where entity = 'order' and type = 'created' and entity_id = ${placed.body.orderId as string}`,
    );
    await server().ctx.events.drain();
    expect((await abandonedOf(checkoutId)).revision).toBe('2');
    expect(await eventTypes(after.id)).toEqual([
      'abandoned_checkout.created',
      'abandoned_checkout.recovered',
      'abandoned_checkout.updated',
    ]);
    expect(await eventTypes(after.cartId as string)).toEqual(
      expect.arrayContaining(['cart.abandoned', 'cart.recovered']),
    );
    // A recovered checkout gets no mail.
    expect(await sendDueRecoveryMails(server().ctx)).toBe(0);
  });
});

describe('settings', () => {
  it('switch recovery mails off and set the delay; a stale revision changes nothing', async () => {
    const read = await call('GET', '/ecom/v1/abandoned-checkout-settings');
    expect(read.body.abandonedCheckoutSettings).toMatchObject({
      recoveryEmailsEnabled: true,
      delayMinutes: 60,
      effectiveDelayMinutes: 0.05,
    });
    const revision = (read.body.abandonedCheckoutSettings as shop.Body).revision as string;
    const off = await call('PATCH', '/ecom/v1/abandoned-checkout-settings', {
      abandonedCheckoutSettings: { recoveryEmailsEnabled: false, delayMinutes: 30, revision },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.abandonedCheckoutSettings).toMatchObject({
      recoveryEmailsEnabled: false,
      delayMinutes: 30,
    });

    const stale = await call('PATCH', '/ecom/v1/abandoned-checkout-settings', {
      abandonedCheckoutSettings: { recoveryEmailsEnabled: true, revision },
    });
    expect(stale.status).toBe(409);
    expect(shop.errorCode(stale.body)).toBe('REVISION_MISMATCH');
    const bad = await call('PATCH', '/ecom/v1/abandoned-checkout-settings', {
      abandonedCheckoutSettings: { delayMinutes: 0 },
    });
    expect(bad.status).toBe(400);
    expect(shop.violationFields(bad.body)).toEqual(['abandonedCheckoutSettings.delayMinutes']);
    expect(
      (await call('GET', '/ecom/v1/abandoned-checkout-settings')).body.abandonedCheckoutSettings,
    ).toMatchObject({ recoveryEmailsEnabled: false, delayMinutes: 30 });

    const { checkoutId } = await cartCheckout('quiet@example.com');
    await abandonNow();
    expect(await sendDueRecoveryMails(server().ctx)).toBe(0);
    expect((await abandonedOf(checkoutId)).activities.map((a) => a.type)).toEqual(['AUTOMATION_SKIPPED']);

    // Without the environment's override the store's delay applies: 30 minutes.
    server().ctx.config.abandonedCheckoutMinutes = undefined;
    try {
      const { checkoutId: slow } = await cartCheckout('slow@example.com');
      later(20 * 60);
      expect(await abandonDueCheckouts(server().ctx)).toBe(0);
      later(11 * 60);
      expect(await abandonDueCheckouts(server().ctx)).toBe(1);
      expect((await abandonedOf(slow)).status).toBe('ABANDONED');
    } finally {
      server().ctx.config.abandonedCheckoutMinutes = 0.05;
      await call('PATCH', '/ecom/v1/abandoned-checkout-settings', {
        abandonedCheckoutSettings: { recoveryEmailsEnabled: true },
      });
    }
  });
});

describe('wire calls', () => {
  it('query, search, and refuse bad input naming the field', async () => {
    const { checkoutId } = await cartCheckout('Searchable.Person@example.com');
    await abandonNow();
    const q = await call('POST', '/ecom/v1/abandoned-checkout/query', {
      query: {
        filter: { status: 'ABANDONED' },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        paging: { limit: 2 },
      },
    });
    expect(q.status).toBe(200);
    expect(q.body.abandonedCheckouts).toEqual(q.body.results);
    expect((q.body.abandonedCheckouts as Abandoned[]).length).toBe(2);
    expect(q.body.metadata).toMatchObject({ count: 2, offset: 0 });

    const s = await call('POST', '/ecom/v1/abandoned-checkout/search', {
      search: { search: { expression: 'searchable.person' } },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect((s.body.abandonedCheckouts as Abandoned[]).map((c) => c.checkoutId)).toEqual([checkoutId]);
    expect(s.body.pagingMetadata).toMatchObject({ count: 1 });

    const badField = await call('POST', '/ecom/v1/abandoned-checkout/query', {
      query: { filter: { nope: 1 } },
    });
    expect(badField.status).toBe(400);
    const badStatus = await call('POST', '/ecom/v1/abandoned-checkout/query', {
      query: { filter: { status: 'LOST' } },
    });
    expect(badStatus.status).toBe(400);
    expect(JSON.stringify(badStatus.body)).toContain('INVALID_ENUM_VALUE');
    expect((await call('GET', '/ecom/v1/abandoned-checkout/not-a-uuid')).status).toBe(400);
    const unknown = await call('GET', '/ecom/v1/abandoned-checkout/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(shop.errorCode(unknown.body)).toBe('ABANDONED_CHECKOUT_NOT_FOUND');
  });

  it('add-activity appends; a stale revision, an unknown type or id is a clear 4xx and writes nothing', async () => {
    const { checkoutId } = await cartCheckout('activity@example.com');
    await abandonNow();
    const found = await abandonedOf(checkoutId);
    const path = `/ecom/v1/abandoned-checkouts/${found.id}/add-activity`;
    const ok = await call('POST', path, { activityType: 'TASK_CREATED', revision: found.revision });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const changed = ok.body.abandonedCheckout as Abandoned;
    expect(changed.activities.map((a) => a.type)).toEqual(['SCHEDULED', 'TASK_CREATED']);
    expect(changed.revision).toBe(String(Number(found.revision) + 1));

    const stale = await call('POST', path, { activityType: 'NOTIFICATION_SENT', revision: found.revision });
    expect(stale.status).toBe(409);
    expect(shop.errorCode(stale.body)).toBe('REVISION_MISMATCH');
    const badType = await call('POST', path, { activityType: 'PHONED' });
    expect(badType.status).toBe(400);
    expect(shop.violationFields(badType.body)).toEqual(['activityType']);
    const unknown = await call(
      'POST',
      '/ecom/v1/abandoned-checkouts/00000000-0000-4000-8000-000000000000/add-activity',
      {
        activityType: 'TASK_CREATED',
      },
    );
    expect(unknown.status).toBe(404);
    expect((await abandonedOf(checkoutId)).activities).toHaveLength(2);
    expect(await eventTypes(found.id)).toEqual(['abandoned_checkout.created', 'abandoned_checkout.updated']);
  });

  it('get-analytics: values, counts and rate over a range, per day; from > to is a 400', async () => {
    const { token, checkoutId } = await cartCheckout('analytics@example.com', 3);
    await cartCheckout('analytics2@example.com');
    await abandonNow();
    await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, { token, body: {} });
    await server().ctx.events.drain();
    const now = server().ctx.clock();
    const all = await rows<{ total: string; status: string }>(
      server().ctx.db,
      sql`select total::text, status from abandoned_checkouts`,
    );
    const sum = (list: typeof all) => list.reduce((a, r) => a + Math.round(Number(r.total) * 100), 0);
    const recovered = all.filter((r) => r.status === 'RECOVERED');
    const range = {
      startDate: new Date(now.getTime() - 86_400_000).toISOString(),
      endDate: new Date(now.getTime() + 1000).toISOString(),
    };
    const res = await call('POST', '/ecom/v1/abandoned-checkout/get-analytics', {
      ...range,
      interval: 'DAY',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as shop.Body & { periods: shop.Body[] };
    expect(body).toMatchObject({
      currency: 'USD',
      recoverableCheckoutCount: all.length,
      recoveredCheckoutCount: recovered.length,
      recoveryRate: recovered.length / all.length,
    });
    expect(Math.round(Number(body.recoverableValue) * 100)).toBe(sum(all));
    expect(Math.round(Number(body.recoveredValue) * 100)).toBe(sum(recovered));
    expect(body.averageRecoverableCheckoutValue).toMatch(/^\d+\.\d{2}$/);
    expect(body.periods.reduce((a, p) => a + (p.recoverableCheckoutCount as number), 0)).toBe(all.length);
    expect(body.periods[0]!.startDate).toMatch(/T00:00:00\.000Z$/);

    const empty = await call('POST', '/ecom/v1/abandoned-checkout/get-analytics', {
      startDate: '2001-01-01T00:00:00Z',
      endDate: '2001-02-01T00:00:00Z',
    });
    expect(empty.body).toMatchObject({ recoverableCheckoutCount: 0, recoveryRate: 0, recoverableValue: '0' });
    const backwards = await call('POST', '/ecom/v1/abandoned-checkout/get-analytics', {
      startDate: range.endDate,
      endDate: range.startDate,
    });
    expect(backwards.status).toBe(400);
    expect(shop.violationFields(backwards.body)).toEqual(['endDate']);
    const notADate = await call('POST', '/ecom/v1/abandoned-checkout/get-analytics', {
      startDate: 'yesterday',
    });
    expect(notADate.status).toBe(400);
    expect(shop.violationFields(notADate.body)).toEqual(['startDate']);
  });

  it('delete and bulk delete: events, bulk results per id, unknown ids reported', async () => {
    const made = await Promise.all(['d1', 'd2', 'd3'].map((n) => cartCheckout(`${n}@example.com`)));
    await abandonNow();
    const [a, b, c] = await Promise.all(made.map((m) => abandonedOf(m.checkoutId)));
    expect((await call('DELETE', `/ecom/v1/abandoned-checkout/${a!.id}`)).status).toBe(200);
    expect((await call('GET', `/ecom/v1/abandoned-checkout/${a!.id}`)).status).toBe(404);
    expect((await call('DELETE', `/ecom/v1/abandoned-checkout/${a!.id}`)).status).toBe(404);

    const unknown = '00000000-0000-4000-8000-000000000000';
    const bulk = await call('POST', '/ecom/v1/bulk/abandoned-checkout/delete', {
      abandonedCheckoutIds: [b!.id, unknown, c!.id],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body).toEqual({
      results: [
        { itemMetadata: { id: b!.id, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: unknown,
            originalIndex: 1,
            success: false,
            error: expect.objectContaining({ code: 'ABANDONED_CHECKOUT_NOT_FOUND' }),
          },
        },
        { itemMetadata: { id: c!.id, originalIndex: 2, success: true } },
      ],
      bulkActionMetadata: { totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 },
    });
    for (const gone of [b!, c!]) {
      expect((await call('GET', `/ecom/v1/abandoned-checkout/${gone.id}`)).status).toBe(404);
      expect(await eventTypes(gone.id)).toEqual(['abandoned_checkout.created', 'abandoned_checkout.deleted']);
    }
    const empty = await call('POST', '/ecom/v1/bulk/abandoned-checkout/delete', {
      abandonedCheckoutIds: [],
    });
    expect(empty.status).toBe(400);
    expect(shop.violationFields(empty.body)).toEqual(['abandonedCheckoutIds']);
  });

  it('serves the older /v1/abandonedCarts get and query', async () => {
    const { checkoutId } = await cartCheckout('cart@example.com');
    await abandonNow();
    const found = await abandonedOf(checkoutId);
    const res = await call('GET', `/v1/abandonedCarts/${found.id}`);
    expect(res.status).toBe(200);
    expect(res.body.abandonedCart).toMatchObject({
      id: found.id,
      cartId: found.cartId,
      status: 'ABANDONED',
      buyerInfo: { identityType: 'VISITOR', email: 'cart@example.com' },
      activities: [{ activityType: 'SCHEDULED', message: 'Recovery e-mail scheduled' }],
    });
    expect((res.body.abandonedCart as shop.Body).abandonTime).toEqual(expect.any(String));
    const q = await call('POST', '/v1/abandonedCarts/query', { query: { filter: { checkoutId } } });
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ totalResults: 1, abandonedCarts: [{ id: found.id }] });
    const unknown = await call('GET', '/v1/abandonedCarts/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(shop.errorCode(unknown.body)).toBe('ABANDONED_CART_NOT_FOUND');
  });

  it('names the buyer of a checkout an admin made for nobody signed in ADMIN', async () => {
    const made = await shop.newCheckout(server(), server().adminKey, [shop.line(tee)], {
      buyerInfo: { email: 'phone-order@example.com' },
    });
    await abandonNow();
    const found = await abandonedOf(made.id);
    const res = await call('GET', `/v1/abandonedCarts/${found.id}`);
    expect(res.status).toBe(200);
    expect((res.body.abandonedCart as shop.Body).buyerInfo).toMatchObject({
      identityType: 'ADMIN',
      id: expect.any(String),
      email: 'phone-order@example.com',
    });
  });

  it('is for admins only', async () => {
    const token = await shop.visitor(server());
    for (const [method, path] of [
      ['POST', '/ecom/v1/abandoned-checkout/query'],
      ['POST', '/ecom/v1/abandoned-checkout/get-analytics'],
      ['GET', '/ecom/v1/abandoned-checkout-settings'],
      ['POST', '/v1/abandonedCarts/query'],
    ] as const) {
      const res = await server().call(method, path, { token, body: method === 'GET' ? undefined : {} });
      expect([401, 403], `${method} ${path}`).toContain(res.status);
    }
  });
});
