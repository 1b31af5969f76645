import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '@aisle/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleValidationError,
  products,
  verifyWebhook,
  webhooks,
} from '../src/index.ts';
import { rejection } from '../src/testing/rejection.ts';
import { adminClient, serverForFile } from './test-server.ts';

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ body: string; signature: string; type: string }> = [];

const modules = { webhooks, products };
const admin = () => adminClient(server, modules);

/** Waits until the receiver has `n` requests (the server's sender runs on its own). */
async function receivedCount(n: number): Promise<void> {
  for (let i = 0; i < 200 && received.length < n; i++) {
    await server.ctx.events.drain();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(received).toHaveLength(n);
}

serverForFile((s) => (server = s));

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        body,
        signature: String(request.headers['aisle-signature']),
        type: String(request.headers['aisle-event-type']),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('SDK against the real server: webhooks', () => {
  it('manages endpoints, receives a signed event and verifies it', async () => {
    const client = admin();
    const { webhook, secret } = await client.webhooks.createWebhook({
      url: receiverUrl,
      events: ['product.created'],
      description: 'sync',
    });
    expect(webhook).toMatchObject({
      url: receiverUrl,
      events: ['product.created'],
      active: true,
      description: 'sync',
    });
    expect(webhook.createdDate).toBeInstanceOf(Date);
    expect(secret).toMatch(/^whsec_/);
    expect((await client.webhooks.listWebhooks()).map((w) => w.id)).toContain(webhook.id);
    expect(await client.webhooks.getWebhook(webhook.id)).toEqual(webhook);

    await client.products.createProduct({
      name: 'SDK hook',
      productType: 'physical',
      priceData: { price: 5 },
    });
    await receivedCount(1);
    const [first] = received as [(typeof received)[number]];
    expect(first.type).toBe('product.created');
    expect(JSON.parse(first.body)).toMatchObject({ type: 'product.created', entity: 'product' });
    expect(await verifyWebhook({ body: first.body, signature: first.signature, secret })).toMatchObject({
      valid: true,
    });

    const page = await client.webhooks.listWebhookDeliveries(webhook.id, { limit: 10 });
    expect(page.pagingMetadata).toMatchObject({ count: 1, hasNext: false });
    const [delivery] = page.deliveries;
    expect(delivery).toMatchObject({
      webhookId: webhook.id,
      eventType: 'product.created',
      status: 'SUCCEEDED',
    });
    expect(delivery?.deliveredDate).toBeInstanceOf(Date);

    const { secret: next } = await client.webhooks.rotateWebhookSecret(webhook.id);
    expect(next).not.toBe(secret);
    const again = await client.webhooks.redeliverWebhook(delivery?.id as string);
    expect(again).toMatchObject({ id: delivery?.id, status: 'PENDING' });
    await receivedCount(2);
    const second = received[1] as (typeof received)[number];
    expect(
      await verifyWebhook({ body: second.body, signature: second.signature, secret: next }),
    ).toMatchObject({
      valid: true,
    });
    expect(await verifyWebhook({ body: second.body, signature: second.signature, secret })).toMatchObject({
      valid: false,
    });

    const ping = await client.webhooks.testWebhook(webhook.id);
    expect(ping).toMatchObject({ eventType: 'aisle.ping', status: 'PENDING', attempts: 0 });
    await receivedCount(3);
    expect(received[2]?.type).toBe('aisle.ping');

    const updated = await client.webhooks.updateWebhook(webhook.id, { active: false, events: ['order.*'] });
    expect(updated).toMatchObject({ active: false, events: ['order.*'] });
    await client.webhooks.deleteWebhook(webhook.id);
    const gone = await rejection(client.webhooks.getWebhook(webhook.id));
    expect(gone).toBeInstanceOf(AisleApplicationError);
    expect((gone as AisleApplicationError).status).toBe(404);
  });

  it('reports validation errors by field', async () => {
    const error = await rejection(admin().webhooks.createWebhook({ url: 'ftp://x.test/', events: ['*'] }));
    expect(error).toBeInstanceOf(AisleValidationError);
    expect((error as AisleValidationError).fieldViolations.map((v) => v.field)).toEqual(['webhook.url']);
  });
});
