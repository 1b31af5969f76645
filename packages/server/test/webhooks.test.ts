import { randomUUID } from 'node:crypto';
import { verifyWebhook } from '@aisle/sdk';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_S, sendDueDeliveries } from '../src/modules/webhooks/sender.ts';
import { fanOut, watchEndpoints } from '../src/modules/webhooks/fan-out.ts';
import { purgeOldDeliveries } from '../src/modules/webhooks/service.ts';
import { Events } from '../src/platform/events.ts';
import { serverForFile } from './file-server.ts';
import { roleKey, visitorTokens } from './identity-helpers.ts';
import { type Received, receiverForFile } from './webhook-receiver.ts';

const { server, call } = serverForFile();
const PATH = '/aisle/v1/webhooks';

const { url: receiverUrl, answers, at } = receiverForFile();

const realClock = () => new Date();
let offsetMs = 0;
/** Moves the server's clock forward. */
function advance(seconds: number): void {
  offsetMs += seconds * 1000;
  const at = offsetMs;
  server().ctx.clock = () => new Date(Date.now() + at);
}

async function createEndpoint(path: string, events: string[], extra: Record<string, unknown> = {}) {
  const res = await call('POST', PATH, { webhook: { url: `${receiverUrl()}${path}`, events, ...extra } });
  expect(res.status).toBe(200);
  return res.body as {
    webhook: { id: string; url: string; events: string[]; active: boolean };
    secret: string;
  };
}

async function createProduct(name: string): Promise<string> {
  const res = await call('POST', '/stores/v1/products', {
    product: { name, productType: 'physical', priceData: { price: 10 } },
  });
  expect(res.status).toBe(200);
  return (res.body.product as { id: string }).id;
}

/** Outbox dispatched (fan-out done), then every due delivery sent. */
async function deliver(): Promise<void> {
  await server().ctx.events.drain();
  await sendDueDeliveries(server().ctx);
}

async function deliveries(id: string, query = '') {
  const res = await call('GET', `${PATH}/${id}/deliveries${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    deliveries: Array<
      Record<string, unknown> & { id: string; status: string; attempts: number; eventType: string }
    >;
    pagingMetadata: { count: number; hasNext: boolean; cursors: { next: string | null } };
  };
}

afterEach(() => {
  offsetMs = 0;
  server().ctx.clock = realClock;
});

describe('webhooks', () => {
  it('deliver one signed product.created to a product.* endpoint, and nothing it did not subscribe to', async () => {
    const { webhook, secret } = await createEndpoint('/products', ['product.*'], {
      description: 'catalogue sync',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ events: ['product.*'], active: true, description: 'catalogue sync' });
    expect((await call('GET', `${PATH}/${webhook.id}`)).body.webhook).toEqual(webhook);
    expect(JSON.stringify((await call('GET', PATH)).body)).not.toContain(secret);

    const productId = await createProduct('Webhook shirt');
    // A cart event: not subscribed.
    await server().ctx.events.transaction((tx) =>
      server().ctx.events.record(tx, { entity: 'cart', entityId: 'c1', type: 'updated', payload: {} }),
    );
    await deliver();

    const got = at('/products');
    expect(got.map((r) => r.headers['aisle-event-type'])).toEqual(['product.created']);
    const [request] = got as [Received];
    const envelope = JSON.parse(request.body);
    expect(envelope).toMatchObject({ type: 'product.created', entity: 'product', entityId: productId });
    expect(envelope.data).toBeTypeOf('object');
    expect(new Date(envelope.occurredAt).toISOString()).toBe(envelope.occurredAt);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Aisle-Webhooks/1',
      'aisle-event-id': envelope.id,
      'aisle-event-type': 'product.created',
    });
    const signature = request.headers['aisle-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    expect(await verifyWebhook({ body: request.body, signature, secret })).toMatchObject({ valid: true });
    expect(
      await verifyWebhook({ body: request.body.replace('Webhook', 'Webhooc'), signature, secret }),
    ).toEqual({
      valid: false,
      reason: 'SIGNATURE_MISMATCH',
    });
    expect(await verifyWebhook({ body: request.body, signature, secret: `${secret}x` })).toMatchObject({
      valid: false,
    });

    const log = await deliveries(webhook.id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      id: request.headers['aisle-delivery-id'],
      webhookId: webhook.id,
      eventId: envelope.id,
      eventType: 'product.created',
      status: 'SUCCEEDED',
      attempts: 1,
      lastStatusCode: 200,
      responseExcerpt: 'thanks',
    });
    expect(log.deliveries[0]?.deliveredDate).toBeTypeOf('string');
    expect(log.deliveries[0]?.durationMs).toBeTypeOf('number');
  });

  it('retry a failing receiver only once the clock has moved on, until it succeeds', async () => {
    answers.set('/flaky', (n) => (n <= 2 ? 500 : 204));
    const { webhook } = await createEndpoint('/flaky', ['product.created']);
    await createProduct('Flaky');
    await deliver();
    expect(at('/flaky')).toHaveLength(1);
    let [first] = (await deliveries(webhook.id)).deliveries;
    expect(first).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    expect(String(first?.responseExcerpt)).toHaveLength(1024);

    await sendDueDeliveries(server().ctx);
    expect(at('/flaky')).toHaveLength(1);
    advance(59);
    await sendDueDeliveries(server().ctx);
    expect(at('/flaky')).toHaveLength(1);
    advance(2);
    await sendDueDeliveries(server().ctx);
    expect(at('/flaky')).toHaveLength(2);
    advance(5 * 60 + 1);
    await sendDueDeliveries(server().ctx);
    expect(at('/flaky')).toHaveLength(3);
    [first] = (await deliveries(webhook.id)).deliveries;
    expect(first).toMatchObject({ status: 'SUCCEEDED', attempts: 3, lastStatusCode: 204 });
    expect(first?.lastError).toBeUndefined();
    // Every attempt carried the same event and delivery ids.
    expect(new Set(at('/flaky').map((r) => r.headers['aisle-delivery-id'])).size).toBe(1);
  });

  it('give up after 8 attempts on a receiver that always fails', async () => {
    answers.set('/down', () => 503);
    const { webhook } = await createEndpoint('/down', ['product.created']);
    await createProduct('Down');
    await deliver();
    expect(MAX_ATTEMPTS).toBe(8);
    for (const delay of RETRY_DELAYS_S) {
      advance(delay + 1);
      await sendDueDeliveries(server().ctx);
    }
    advance(7 * 24 * 3600);
    await sendDueDeliveries(server().ctx);
    expect(at('/down')).toHaveLength(8);
    const [only] = (await deliveries(webhook.id)).deliveries;
    expect(only).toMatchObject({ status: 'FAILED', attempts: 8, lastStatusCode: 503 });
    expect(only?.nextAttemptDate).toBeUndefined();
  });

  it('record network errors as failures', async () => {
    const res = await call('POST', PATH, { webhook: { url: 'http://127.0.0.1:1/nothing', events: ['*'] } });
    const id = (res.body.webhook as { id: string }).id;
    expect((await call('POST', `${PATH}/${id}/test`)).status).toBe(200);
    await sendDueDeliveries(server().ctx);
    // Subscribed to `*`, the endpoint also gets its own `webhook_endpoint.created`: pick the ping.
    const ping = (await deliveries(id)).deliveries.find((d) => d.eventType === 'aisle.ping');
    expect(ping).toMatchObject({ eventType: 'aisle.ping', status: 'PENDING', attempts: 1 });
    expect(ping?.lastStatusCode).toBeUndefined();
    expect(ping?.lastError).toBeTypeOf('string');
    expect((await call('DELETE', `${PATH}/${id}`)).status).toBe(200);
  });

  it('queue one delivery per endpoint and event, however often the outbox dispatches it', async () => {
    const { webhook } = await createEndpoint('/once', ['product.created']);
    const productId = await createProduct('Once');
    await deliver();
    const [event] = await rows<{ event_id: string }>(
      server().ctx.db,
      sql`select event_id from outbox_events where entity = 'product' and entity_id = ${productId} and type = 'created'`,
    );
    // The outbox delivers the event again (a retry after a failing subscriber, a lease run out).
    await server().ctx.db.execute(
      sql`update outbox_events set dispatched_at = null, claimed_until = null where event_id = ${event?.event_id}`,
    );
    await deliver();
    const [row] = await rows<{
      id: string;
      entity_id: string;
      type: string;
      payload: Record<string, unknown>;
    }>(
      server().ctx.db,
      sql`select id::text, entity, entity_id, type, payload, occurred_at from outbox_events where event_id = ${event?.event_id}`,
    );
    expect(
      await fanOut(server().ctx, {
        id: String(row?.id),
        eventId: event?.event_id as string,
        entity: 'product',
        entityId: productId,
        type: 'created',
        payload: row?.payload ?? {},
        occurredAt: new Date(),
      }),
    ).toBe(0);
    expect((await deliveries(webhook.id)).deliveries).toHaveLength(1);
    expect(at('/once')).toHaveLength(1);
  });

  it('see endpoints another process registered (its cached subscriptions are refreshed)', async () => {
    // A second server process on the same database: its own outbox and change listener.
    const events = new Events(server().ctx.db, { error: () => {}, warn: () => {} });
    events.start(60_000);
    try {
      for (let i = 0; i < 200 && !events.changesLive; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const other = { ...server().ctx, events };
      watchEndpoints(other);
      const gizmo = () => ({
        id: '0',
        eventId: randomUUID(),
        entity: 'gizmo',
        entityId: 'g1',
        type: 'made',
        payload: {},
        occurredAt: new Date(),
      });
      // Nobody subscribes to gizmos yet: cached, no statement.
      expect(await fanOut(other, gizmo())).toBe(0);
      const told = new Promise<void>((resolve) => {
        const stop = events.watch(['webhook_endpoint'], () => {
          stop();
          resolve();
        });
      });
      const { webhook } = await createEndpoint('/gizmos', ['gizmo.made']);
      await told;
      expect(await fanOut(other, gizmo())).toBe(1);
      await call('PATCH', `${PATH}/${webhook.id}`, { webhook: { active: false } });
      for (let i = 0; i < 200 && (await fanOut(other, gizmo())) !== 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await fanOut(other, gizmo())).toBe(0);
    } finally {
      await events.stop();
    }
  });

  it('send nothing to inactive or deleted endpoints', async () => {
    await createEndpoint('/inactive', ['*'], { active: false });
    const paused = await createEndpoint('/paused', ['product.*']);
    const deleted = await createEndpoint('/deleted', ['product.*']);
    const patched = await call('PATCH', `${PATH}/${paused.webhook.id}`, { webhook: { active: false } });
    expect(patched.body.webhook).toMatchObject({ active: false, events: ['product.*'] });

    // A delivery queued before the endpoint went away is dropped with it.
    answers.set('/deleted', () => 500);
    await createProduct('Before delete');
    await deliver();
    expect(at('/deleted')).toHaveLength(1);
    expect((await call('DELETE', `${PATH}/${deleted.webhook.id}`)).status).toBe(200);
    expect((await call('GET', `${PATH}/${deleted.webhook.id}`)).status).toBe(404);
    advance(3600);
    await createProduct('After delete');
    await deliver();
    expect(at('/inactive')).toHaveLength(0);
    expect(at('/paused')).toHaveLength(0);
    expect(at('/deleted')).toHaveLength(1);
    const [left] = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${deleted.webhook.id}`,
    );
    expect(left?.n).toBe(0);

    // Active again (and for everything): new events reach it.
    await call('PATCH', `${PATH}/${paused.webhook.id}`, { webhook: { active: true, events: ['*'] } });
    await createProduct('Resumed');
    await deliver();
    const types = at('/paused').map((r) => r.headers['aisle-event-type']);
    expect(types).toContain('product.created');
    // Endpoint changes are events too (never with the secret).
    expect(types).toContain('webhook_endpoint.updated');
    expect(at('/paused').some((r) => r.body.includes('whsec_'))).toBe(false);
  });

  it('redeliver, ping, and sign with the new secret after a rotation', async () => {
    const { webhook, secret } = await createEndpoint('/rotate', ['product.created']);
    await createProduct('Rotate');
    await deliver();
    const [delivery] = (await deliveries(webhook.id)).deliveries;

    const rotated = await call('POST', `${PATH}/${webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const next = rotated.body.secret as string;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);

    const again = await call('POST', `${PATH}/deliveries/${delivery?.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.delivery).toMatchObject({ id: delivery?.id, status: 'PENDING', attempts: 0 });
    await sendDueDeliveries(server().ctx);
    const [before, after] = at('/rotate') as [Received, Received];
    expect(at('/rotate')).toHaveLength(2);
    expect(after.body).toBe(before.body);
    expect(after.headers['aisle-event-id']).toBe(before.headers['aisle-event-id']);
    const signature = after.headers['aisle-signature'] as string;
    expect(await verifyWebhook({ body: after.body, signature, secret: next })).toMatchObject({ valid: true });
    expect(await verifyWebhook({ body: after.body, signature, secret })).toMatchObject({ valid: false });
    expect(await verifyWebhook({ body: after.body, signature, secret: [secret, next] })).toMatchObject({
      valid: true,
    });

    const ping = await call('POST', `${PATH}/${webhook.id}/test`);
    expect(ping.status).toBe(200);
    await sendDueDeliveries(server().ctx);
    const pinged = at('/rotate')[2] as Received;
    expect(JSON.parse(pinged.body)).toMatchObject({
      type: 'aisle.ping',
      entity: 'aisle',
      entityId: webhook.id,
      data: { webhookId: webhook.id },
    });
    expect(pinged.headers['aisle-event-type']).toBe('aisle.ping');

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `${PATH}/deliveries/${missing}/redeliver`)).status).toBe(404);
    expect((await call('POST', `${PATH}/${missing}/rotate-secret`)).status).toBe(404);
    expect((await call('POST', `${PATH}/${missing}/test`)).status).toBe(404);
    expect((await call('PATCH', `${PATH}/${missing}`, { webhook: { active: true } })).status).toBe(404);
  });

  it('page the delivery log newest first with a cursor', async () => {
    const { webhook } = await createEndpoint('/paged', ['aisle.ping']);
    for (let i = 0; i < 5; i++) await call('POST', `${PATH}/${webhook.id}/test`);
    const all = (await deliveries(webhook.id)).deliveries.map((d) => d.id);
    expect(all).toHaveLength(5);
    const dates = (await deliveries(webhook.id)).deliveries.map((d) => d.createdDate as string);
    expect([...dates].sort().reverse()).toEqual(dates);

    const seen: string[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 5; page++) {
      const { deliveries: items, pagingMetadata } = await deliveries(webhook.id, query);
      seen.push(...items.map((d) => d.id));
      if (!pagingMetadata.hasNext) {
        expect(pagingMetadata.cursors.next).toBeNull();
        break;
      }
      expect(pagingMetadata.count).toBe(2);
      query = `?limit=2&cursor=${pagingMetadata.cursors.next}`;
    }
    expect(seen).toEqual(all);
    expect((await call('GET', `${PATH}/${webhook.id}/deliveries?cursor=nonsense`)).status).toBe(400);
  });

  it('purge deliveries older than 30 days', async () => {
    const { webhook } = await createEndpoint('/old', ['aisle.ping']);
    await call('POST', `${PATH}/${webhook.id}/test`);
    // Sent first: a purge skips a delivery the sender holds at that moment (the timer may be sending it).
    await sendDueDeliveries(server().ctx);
    expect(await purgeOldDeliveries(server().ctx, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await purgeOldDeliveries(server().ctx, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThan(0);
    expect((await deliveries(webhook.id)).deliveries).toHaveLength(0);
  });

  it('reject bad endpoints with a validation error naming the field', async () => {
    const field = async (webhook: unknown, method = 'POST', path = PATH) => {
      const res = await call(method, path, { webhook });
      expect(res.status).toBe(400);
      const details = res.body.details as { validationError: { fieldViolations: Array<{ field: string }> } };
      return details.validationError.fieldViolations.map((v) => v.field);
    };
    const url = `${receiverUrl()}/x`;
    expect(await field({ url: 'ftp://example.com/x', events: ['*'] })).toEqual(['webhook.url']);
    expect(await field({ url: 'not a url', events: ['*'] })).toEqual(['webhook.url']);
    expect(await field({ url: 'https://user:pw@example.com/', events: ['*'] })).toEqual(['webhook.url']);
    expect(await field({ url: `https://example.com/${'a'.repeat(2048)}`, events: ['*'] })).toEqual([
      'webhook.url',
    ]);
    expect(await field({ url, events: ['order.created', 'cart.*', 'Bad Name'] })).toEqual([
      'webhook.events[2]',
    ]);
    expect(await field({ url, events: ['order'] })).toEqual(['webhook.events[0]']);
    expect(await field({ url, events: [] })).toEqual(['webhook.events']);
    expect(await field({ url, events: Array.from({ length: 101 }, () => '*') })).toEqual(['webhook.events']);
    expect(await field({ events: ['*'] })).toEqual(['webhook.url']);
    const { webhook } = await createEndpoint('/valid', ['*']);
    expect(await field({ url: 'mailto:a@b.c' }, 'PATCH', `${PATH}/${webhook.id}`)).toEqual(['webhook.url']);
    expect((await call('GET', `${PATH}/not-a-uuid`)).status).toBe(400);
  });

  it('list the event types an endpoint can subscribe to, by entity; a fulfilment key may not', async () => {
    const res = await call('GET', `${PATH}/event-types`);
    expect(res.status).toBe(200);
    const groups = res.body.eventTypes as Array<{ entity: string; label: string; events: string[] }>;
    expect(groups.find((g) => g.entity === 'order')).toEqual({
      entity: 'order',
      label: 'Orders',
      events: ['order.created', 'order.approved', 'order.updated', 'order.canceled', 'order.deleted'],
    });
    const all = groups.flatMap((g) => g.events);
    expect(all).toContain('product.created');
    expect(all).toContain('webhook_endpoint.secret_rotated');
    // Each one is accepted as an endpoint's event.
    const { webhook } = await createEndpoint('/every-known', all);
    expect(webhook.events).toEqual(all);
    const packer = await roleKey(server(), 'FULFILMENT');
    for (const path of [`${PATH}/event-types`, PATH, `${PATH}/${webhook.id}/deliveries`])
      expect((await server().call('GET', path, { token: packer })).status).toBe(403);
  });

  it('answer visitors and anonymous callers 401/403', async () => {
    const visitor = await visitorTokens(server());
    const { webhook } = await createEndpoint('/private', ['*']);
    const calls: Array<[string, string]> = [
      ['GET', PATH],
      ['POST', PATH],
      ['GET', `${PATH}/${webhook.id}`],
      ['PATCH', `${PATH}/${webhook.id}`],
      ['DELETE', `${PATH}/${webhook.id}`],
      ['POST', `${PATH}/${webhook.id}/rotate-secret`],
      ['POST', `${PATH}/${webhook.id}/test`],
      ['GET', `${PATH}/${webhook.id}/deliveries`],
      ['GET', `${PATH}/event-types`],
    ];
    for (const [method, path] of calls) {
      const body =
        method === 'POST' || method === 'PATCH'
          ? { webhook: { url: 'https://x.test/', events: ['*'] } }
          : undefined;
      expect((await server().call(method, path, { body, token: visitor.access_token })).status).toBe(403);
      expect((await server().call(method, path, { body })).status).toBe(401);
    }
    expect((await call('GET', `${PATH}/${webhook.id}`)).status).toBe(200);
  });
});
