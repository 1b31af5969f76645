import type { Module } from '../../platform/app.ts';
import { every, hourly } from '../../platform/hourly.ts';
import {
  CreateWebhookRequest,
  DeliveriesQuery,
  DeliveryParams,
  UpdateWebhookRequest,
  WebhookParams,
} from './schemas.ts';
import { kickSender, stopSender } from './sender.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  purgeOldDeliveries,
  redeliver,
  rotateSecret,
  updateWebhook,
} from './service.ts';
import { fanOut, watchEndpoints } from './fan-out.ts';

const admin = { access: 'admin' } as const;
const tags = ['webhooks'];
const PATH = '/aisle/v1/webhooks';
/** Due deliveries are looked for this often in every process (and right after each fan-out). */
const SEND_EVERY_MS = 1000;

/**
 * Webhook endpoints (admin only) and their delivery: every committed outbox event fans out to the active
 * endpoints subscribed to it, and a sender in every process POSTs the due deliveries, signed, with retries.
 */
export const webhookRoutes: Module = async (app, ctx) => {
  // Neither is ever removed: events dispatched while the server shuts down are still queued (sent by the next start
  // or another process), since the outbox marks them dispatched once its subscribers have run.
  watchEndpoints(ctx);
  ctx.events.subscribe('*', async (event) => {
    if ((await fanOut(ctx, event)) > 0) kickSender(ctx);
  });
  await every(SEND_EVERY_MS, 'sending webhooks', kickSender)(app, ctx);
  app.addHook('onClose', () => stopSender(ctx));

  app.post(
    PATH,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Register a webhook endpoint; the answer holds its signing secret',
        body: CreateWebhookRequest,
      },
    },
    async (request) => createWebhook(ctx, request.body.webhook),
  );
  app.get(PATH, { config: admin, schema: { tags, summary: 'Webhook endpoints' } }, async () =>
    listWebhooks(ctx),
  );
  app.get(
    `${PATH}/:id`,
    { config: admin, schema: { tags, summary: 'A webhook endpoint', params: WebhookParams } },
    async (request) => getWebhook(ctx, request.params.id),
  );
  app.patch(
    `${PATH}/:id`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Update a webhook endpoint',
        params: WebhookParams,
        body: UpdateWebhookRequest,
      },
    },
    async (request) => updateWebhook(ctx, request.params.id, request.body.webhook),
  );
  app.delete(
    `${PATH}/:id`,
    {
      config: admin,
      schema: { tags, summary: 'Delete a webhook endpoint and its deliveries', params: WebhookParams },
    },
    async (request) => deleteWebhook(ctx, request.params.id),
  );
  app.post(
    `${PATH}/:id/rotate-secret`,
    { config: admin, schema: { tags, summary: 'Replace the signing secret', params: WebhookParams } },
    async (request) => rotateSecret(ctx, request.params.id),
  );
  app.post(
    `${PATH}/:id/test`,
    { config: admin, schema: { tags, summary: 'Queue an aisle.ping delivery', params: WebhookParams } },
    async (request) => {
      const result = await pingWebhook(ctx, request.params.id);
      kickSender(ctx);
      return result;
    },
  );
  app.get(
    `${PATH}/:id/deliveries`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deliveries to an endpoint, newest first (cursor paging)',
        params: WebhookParams,
        querystring: DeliveriesQuery,
      },
    },
    async (request) => listDeliveries(ctx, request.params.id, request.query.limit, request.query.cursor),
  );
  app.post(
    `${PATH}/deliveries/:deliveryId/redeliver`,
    { config: admin, schema: { tags, summary: 'Send a delivery again', params: DeliveryParams } },
    async (request) => {
      const result = await redeliver(ctx, request.params.deliveryId);
      kickSender(ctx);
      return result;
    },
  );
};

/** Hourly, in every process. */
export const webhookRetention = hourly('purging old webhook deliveries', (ctx) => purgeOldDeliveries(ctx));
