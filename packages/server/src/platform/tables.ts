import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Actor } from './actor.ts';
import { at, createdDate, flag, primaryId } from './columns.ts';

/**
 * Lifecycle events written in the same transaction as the change that raised them.
 * Delivery state lives elsewhere (per subscriber / webhook), so this table never changes shape for it.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    eventId: uuid('event_id').notNull().default(sql`gen_random_uuid()`),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: at('occurred_at').notNull().defaultNow(),
    dispatchedAt: at('dispatched_at'),
    attempts: integer('attempts').notNull().default(0),
    /** Lease of the dispatcher that claimed the row; lets several processes share the table. */
    claimedUntil: at('claimed_until'),
    lastError: text('last_error'),
    /** The staff member or API key whose request recorded the event (the audit log reads it). */
    actor: jsonb('actor').$type<Actor>(),
  },
  (t) => [index('outbox_pending_idx').on(t.id).where(sql`${t.dispatchedAt} is null`)],
);

/**
 * Merchant API keys: only a SHA-256 of the key is stored. `role` is a staff role (OWNER, MANAGER, FULFILMENT;
 * keys made before roles say ADMIN, read as OWNER). One live key is the bootstrap key (`ADMIN_API_KEY`).
 */
export const apiKeys = pgTable('api_keys', {
  id: primaryId(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  role: text('role').notNull().default('ADMIN'),
  bootstrap: flag('bootstrap', false),
  /** Who made it (a staff e-mail, a key name, or `keys CLI`). */
  createdBy: text('created_by'),
  createdDate: createdDate(),
  revokedDate: at('revoked_date'),
});
