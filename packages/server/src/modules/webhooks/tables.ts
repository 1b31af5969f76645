import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, cascadeRef, flag, primaryId } from '../../platform/columns.ts';

/**
 * Merchant webhook endpoints. `secret` signs every delivery, so it is stored as is (like SMTP passwords and
 * OAuth client secrets of the configuration): it is shown only when created or rotated, and never logged.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: primaryId(),
  url: text('url').notNull(),
  /** Exact names (`order.created`), `entity.*` wildcards or `*`. */
  events: text('events').array().notNull(),
  description: text('description'),
  active: flag('active', true),
  secret: text('secret').notNull(),
  createdDate: at('created_date').notNull(),
  updatedDate: at('updated_date').notNull(),
});

/**
 * One event to send to one endpoint, with its envelope copied (the outbox is purged on its own schedule) and
 * the outcome of its latest attempt. `next_attempt_at` is also the lease of a claimed row: a sender pushes it
 * past its timeout when it claims the row, so a crashed sender's claims come back by themselves.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    endpointId: cascadeRef('endpoint_id', () => webhookEndpoints.id),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: at('occurred_at').notNull(),
    /** `PENDING`, `SUCCEEDED` or `FAILED`. */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** The first kilobyte of the latest response body. */
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms'),
    deliveredDate: at('delivered_date'),
    createdDate: at('created_date').notNull(),
    updatedDate: at('updated_date').notNull(),
  },
  (t) => [
    unique('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdDate, t.id),
    index('webhook_deliveries_created_idx').on(t.createdDate),
  ],
);
