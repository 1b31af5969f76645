import type { ConversionSpec } from '../core/convert.ts';
import { entityCalls } from '../core/entity.ts';
import type { Cursors } from '../core/paging.ts';
import { applyTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';

export const WEBHOOKS_PATH = '/aisle/v1/webhooks';

/** A merchant endpoint receiving lifecycle events (docs/WEBHOOKS.md). */
export interface Webhook {
  id: string;
  /** Absolute http(s) URL the deliveries are POSTed to. */
  url: string;
  /** Exact event names (`order.created`), `entity.*` wildcards or `*`. */
  events: string[];
  description?: string;
  /** Inactive endpoints get no new deliveries. */
  active: boolean;
  createdDate: Date;
  updatedDate: Date;
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string;
  active?: boolean;
}

export type WebhookUpdate = Partial<WebhookInput>;

export type WebhookDeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** One event sent (or to be sent) to one endpoint, with the outcome of its latest attempt. */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  /** The event's id: the envelope's `id` and the `aisle-event-id` header. */
  eventId: string;
  /** `order.created`, `aisle.ping`, … */
  eventType: string;
  entityId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptDate?: Date;
  lastStatusCode?: number;
  lastError?: string;
  /** The first kilobyte of the latest response body. */
  responseExcerpt?: string;
  durationMs?: number;
  deliveredDate?: Date;
  createdDate: Date;
  updatedDate: Date;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  pagingMetadata: { count: number; hasNext: boolean; cursors: Cursors };
}

export interface ListDeliveriesOptions {
  /** 1–100, default 50. */
  limit?: number;
  /** `pagingMetadata.cursors.next` of the previous page. */
  cursor?: string;
}

/** The events of one entity an endpoint can subscribe to. */
export interface WebhookEventTypeGroup {
  /** `order`: `order.*` subscribes to all of them. */
  entity: string;
  /** What a merchant calls it: `Orders`. */
  label: string;
  /** Full names: `order.created`, `order.approved`, … */
  events: string[];
}

export const WEBHOOK_CONVERSION: ConversionSpec = { dates: ['createdDate', 'updatedDate'] };
export const WEBHOOK_DELIVERY_CONVERSION: ConversionSpec = {
  dates: ['nextAttemptDate', 'deliveredDate', 'createdDate', 'updatedDate'],
};

const delivery = (raw: unknown) => applyTransform(raw, WEBHOOK_DELIVERY_CONVERSION) as WebhookDelivery;

/** Webhook endpoints and their delivery log (admin). Check deliveries with `verifyWebhook`. */
export const webhooks = (http: Http) => {
  const calls = entityCalls<Webhook, WebhookInput, WebhookUpdate>(http, {
    path: WEBHOOKS_PATH,
    key: 'webhook',
    conversion: WEBHOOK_CONVERSION,
  });
  return {
    /** The answer's `secret` (`whsec_…`) signs every delivery and is not shown again: keep it. */
    createWebhook: (webhook: WebhookInput): Promise<{ webhook: Webhook; secret: string }> =>
      http
        .request<{ webhook: unknown; secret: string }>({
          method: 'POST',
          path: WEBHOOKS_PATH,
          data: { webhook },
        })
        .then((r) => ({ webhook: calls.fromWire(r.webhook), secret: r.secret })),
    listWebhooks: (): Promise<Webhook[]> =>
      http
        .request<{ webhooks: unknown[] }>({ method: 'GET', path: WEBHOOKS_PATH })
        .then((r) => r.webhooks.map(calls.fromWire)),
    getWebhook: (webhookId: string): Promise<Webhook> => calls.get(webhookId),
    /** The events this server records, by entity: what an endpoint's `events` may name. */
    listWebhookEventTypes: (): Promise<WebhookEventTypeGroup[]> =>
      http
        .request<{ eventTypes: WebhookEventTypeGroup[] }>({
          method: 'GET',
          path: `${WEBHOOKS_PATH}/event-types`,
        })
        .then((r) => r.eventTypes),
    updateWebhook: (webhookId: string, webhook: WebhookUpdate): Promise<Webhook> =>
      calls.update(webhookId, webhook),
    /** Its pending deliveries are dropped with it. */
    deleteWebhook: (webhookId: string): Promise<void> => calls.remove(webhookId),
    /** A new secret signs from now on; the old one stops at once (verify with both while you switch). */
    rotateWebhookSecret: (webhookId: string): Promise<{ secret: string }> =>
      http.request<{ secret: string }>({
        method: 'POST',
        path: `${WEBHOOKS_PATH}/{id}/rotate-secret`,
        data: { id: webhookId },
      }),
    /** Queues an `aisle.ping` delivery to the endpoint. */
    testWebhook: (webhookId: string): Promise<WebhookDelivery> =>
      http
        .request<{ delivery: unknown }>({
          method: 'POST',
          path: `${WEBHOOKS_PATH}/{id}/test`,
          data: { id: webhookId },
        })
        .then((r) => delivery(r.delivery)),
    /** Newest first; pass `pagingMetadata.cursors.next` as `cursor` for the next page. */
    listWebhookDeliveries: (
      webhookId: string,
      options: ListDeliveriesOptions = {},
    ): Promise<WebhookDeliveryPage> =>
      http
        .request<{ deliveries: unknown[]; pagingMetadata: WebhookDeliveryPage['pagingMetadata'] }>({
          method: 'GET',
          path: `${WEBHOOKS_PATH}/{id}/deliveries`,
          data: { id: webhookId, ...options },
        })
        .then((r) => ({ deliveries: r.deliveries.map(delivery), pagingMetadata: r.pagingMetadata })),
    /** Queues the delivery again, now, with a fresh round of attempts. */
    redeliverWebhook: (deliveryId: string): Promise<WebhookDelivery> =>
      http
        .request<{ delivery: unknown }>({
          method: 'POST',
          path: `${WEBHOOKS_PATH}/deliveries/{deliveryId}/redeliver`,
          data: { deliveryId },
        })
        .then((r) => delivery(r.delivery)),
  };
};

export type WebhooksModule = ReturnType<typeof webhooks>;
