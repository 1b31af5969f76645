import type { Module } from '../../platform/app.ts';
import { entityRoutes } from '../../platform/entity-kit/index.ts';
import { every, hourly } from '../../platform/hourly.ts';
import { CreateWebhookRequest, DeliveriesQuery, DeliveryParams, WebhookParams } from './schemas.ts';
import { kickSender, stopSender } from './sender.ts';
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  purgeOldDeliveries,
  redeliver,
  rotateSecret,
  webhookEndpoint,
  webhookService,
} from './service.ts';
import { eventTypesToWire } from './event-types.ts';
import { fanOut, watchEndpoints } from './fan-out.ts';
import { admin, routeOptions } from '../../platform/routing.ts';

const route = routeOptions(['webhooks']);
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
    route(admin, 'Register a webhook endpoint; the answer holds its signing secret', {
      body: CreateWebhookRequest,
    }),
    async (request) => createWebhook(ctx, request.body.webhook),
  );
  app.get(PATH, route(admin, 'Webhook endpoints'), async () => listWebhooks(ctx));
  app.get(
    `${PATH}/event-types`,
    route(admin, 'The events an endpoint can subscribe to, by entity'),
    async () => eventTypesToWire(),
  );
  entityRoutes(app, ctx, webhookEndpoint, webhookService, ['get', 'update', 'delete']);
  app.post(
    `${PATH}/:id/rotate-secret`,
    route(admin, 'Replace the signing secret', { params: WebhookParams }),
    async (request) => rotateSecret(ctx, request.params.id),
  );
  app.post(
    `${PATH}/:id/test`,
    route(admin, 'Queue an aisle.ping delivery', { params: WebhookParams }),
    async (request) => {
      const result = await pingWebhook(ctx, request.params.id);
      kickSender(ctx);
      return result;
    },
  );
  app.get(
    `${PATH}/:id/deliveries`,
    route(admin, 'Deliveries to an endpoint, newest first (cursor paging)', {
      params: WebhookParams,
      querystring: DeliveriesQuery,
    }),
    async (request) => listDeliveries(ctx, request.params.id, request.query.limit, request.query.cursor),
  );
  app.post(
    `${PATH}/deliveries/:deliveryId/redeliver`,
    route(admin, 'Send a delivery again', { params: DeliveryParams }),
    async (request) => {
      const result = await redeliver(ctx, request.params.deliveryId);
      kickSender(ctx);
      return result;
    },
  );
};

/** Hourly, in every process. */
export const webhookRetention = hourly('purging old webhook deliveries', (ctx) => purgeOldDeliveries(ctx));
