import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, deleteInBatches } from '../../platform/db.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { announceChanges } from '../../platform/events.ts';
import type { WebhookInput, WebhookUpdate } from './schemas.ts';
import { webhookDeliveries, webhookEndpoints } from './tables.ts';

type Endpoint = typeof webhookEndpoints.$inferSelect;
type Delivery = typeof webhookDeliveries.$inferSelect;

export const PING_EVENT = 'aisle.ping';
/** Deliveries are kept this long after they were queued, then deleted (hourly). */
export const DELIVERY_RETENTION_DAYS = 30;

/** `whsec_` + 32 random bytes, base64url. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Absolute http(s), no credentials. Private and loopback hosts are allowed: the merchant owns the network. */
function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('webhook.url', 'must be an absolute http(s) URL', 'FORMAT');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw invalid('webhook.url', 'must be an absolute http(s) URL', 'FORMAT');
  if (parsed.username || parsed.password)
    throw invalid('webhook.url', 'must not carry a user name or password', 'FORMAT');
  return parsed.href;
}

const unique = (events: string[]) => [...new Set(events)];

export function webhookToWire(row: Endpoint) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description ?? undefined,
    active: row.active,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export function deliveryToWire(row: Delivery) {
  return {
    id: row.id,
    webhookId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    entityId: row.entityId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptDate: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : undefined,
    lastStatusCode: row.lastStatusCode ?? undefined,
    lastError: row.lastError ?? undefined,
    responseExcerpt: row.responseExcerpt ?? undefined,
    durationMs: row.durationMs ?? undefined,
    deliveredDate: row.deliveredDate?.toISOString(),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

const webhookNotFound = (id: string) => notFound('WEBHOOK_NOT_FOUND', `No webhook with id ${id}`, { id });

async function endpoint(ctx: AppContext, id: string): Promise<Endpoint> {
  const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw webhookNotFound(id);
  return row;
}

/** The entity of the events endpoint changes record (watched to refresh the fan-out's patterns). */
export const ENDPOINT_ENTITY = 'webhook_endpoint';
announceChanges([ENDPOINT_ENTITY]);

/**
 * Writes an endpoint with `write` and records `webhook_endpoint.<type>` (never the secret) in the same
 * transaction; undefined when `write` found no row.
 */
async function writeEndpoint(
  ctx: AppContext,
  type: 'created' | 'updated' | 'deleted' | 'secret_rotated',
  write: (tx: Db) => Promise<Endpoint[]>,
): Promise<Endpoint | undefined> {
  return ctx.events.transaction(async (tx) => {
    const [row] = await write(tx);
    if (!row) return undefined;
    const payload = type === 'deleted' ? { id: row.id } : webhookToWire(row);
    await ctx.events.record(tx, { entity: ENDPOINT_ENTITY, entityId: row.id, type, payload });
    return row;
  });
}

export async function createWebhook(ctx: AppContext, input: WebhookInput) {
  const now = ctx.clock();
  const secret = newSecret();
  const values = {
    url: checkUrl(input.url),
    events: unique(input.events),
    description: input.description ?? null,
    active: input.active ?? true,
    secret,
    createdDate: now,
    updatedDate: now,
  };
  const row = await writeEndpoint(ctx, 'created', (tx) =>
    tx.insert(webhookEndpoints).values(values).returning(),
  );
  return { webhook: webhookToWire(row as Endpoint), secret };
}

export async function listWebhooks(ctx: AppContext) {
  const list = await ctx.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdDate);
  return { webhooks: list.map(webhookToWire) };
}

export async function getWebhook(ctx: AppContext, id: string) {
  return { webhook: webhookToWire(await endpoint(ctx, id)) };
}

export async function updateWebhook(ctx: AppContext, id: string, input: WebhookUpdate) {
  const set: Partial<Endpoint> = { updatedDate: ctx.clock() };
  if (input.url !== undefined) set.url = checkUrl(input.url);
  if (input.events !== undefined) set.events = unique(input.events);
  if (input.description !== undefined) set.description = input.description;
  if (input.active !== undefined) set.active = input.active;
  const row = await writeEndpoint(ctx, 'updated', (tx) =>
    tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning(),
  );
  if (!row) throw webhookNotFound(id);
  return { webhook: webhookToWire(row) };
}

/** Its deliveries go with it (pending ones included): it receives nothing more. */
export async function deleteWebhook(ctx: AppContext, id: string) {
  const row = await writeEndpoint(ctx, 'deleted', (tx) =>
    tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning(),
  );
  if (!row) throw webhookNotFound(id);
  return {};
}

export async function rotateSecret(ctx: AppContext, id: string) {
  const secret = newSecret();
  const row = await writeEndpoint(ctx, 'secret_rotated', (tx) =>
    tx
      .update(webhookEndpoints)
      .set({ secret, updatedDate: ctx.clock() })
      .where(eq(webhookEndpoints.id, id))
      .returning(),
  );
  if (!row) throw webhookNotFound(id);
  return { secret };
}

/** Queues an `aisle.ping` to this endpoint (active or not). */
export async function pingWebhook(ctx: AppContext, id: string) {
  await endpoint(ctx, id);
  const now = ctx.clock();
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId: id,
      eventId: randomUUID(),
      eventType: PING_EVENT,
      entity: 'aisle',
      entityId: id,
      payload: { webhookId: id },
      occurredAt: now,
      nextAttemptAt: now,
      createdDate: now,
      updatedDate: now,
    })
    .returning();
  return { delivery: deliveryToWire(row as Delivery) };
}

/** Queues the delivery again, now, with a fresh round of attempts. */
export async function redeliver(ctx: AppContext, deliveryId: string) {
  const now = ctx.clock();
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now, updatedDate: now })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  if (!row)
    throw notFound('WEBHOOK_DELIVERY_NOT_FOUND', `No delivery with id ${deliveryId}`, { id: deliveryId });
  return { delivery: deliveryToWire(row) };
}

const encodeCursor = (row: Delivery) =>
  Buffer.from(`${row.createdDate.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { date: Date; id: string } {
  const [date, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const parsed = new Date(date ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(parsed.getTime()))
    throw invalid('cursor', 'is not a cursor of this list', 'FORMAT');
  return { date: parsed, id };
}

/** Newest first, cursor-paged. */
export async function listDeliveries(ctx: AppContext, id: string, limit = 50, cursor?: string) {
  await endpoint(ctx, id);
  const after = cursor ? decodeCursor(cursor) : undefined;
  const page = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, id),
        after
          ? sql`(${webhookDeliveries.createdDate}, ${webhookDeliveries.id}) < (${after.date.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdDate), desc(webhookDeliveries.id))
    .limit(limit + 1);
  const hasNext = page.length > limit;
  const items = page.slice(0, limit);
  const last = items.at(-1);
  return {
    deliveries: items.map(deliveryToWire),
    pagingMetadata: {
      count: items.length,
      hasNext,
      cursors: { next: hasNext && last ? encodeCursor(last) : null },
    },
  };
}

/**
 * Deliveries queued more than `DELIVERY_RETENTION_DAYS` ago, whatever their status, oldest first, in batches;
 * rows another process is deleting (or sending) are skipped. Returns how many went.
 */
export async function purgeOldDeliveries(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const cutoff = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  return deleteInBatches(
    ctx.db,
    sql`webhook_deliveries`,
    sql`created_date < ${cutoff}::timestamptz`,
    sql`created_date`,
  );
}
