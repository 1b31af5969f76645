import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { deleteInBatches } from '../../platform/db.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { announceChanges } from '../../platform/events.ts';
import { defineEntity, entityService } from '../../platform/entity-kit/index.ts';
import { WebhookCreate, type WebhookInput, WebhookPatch, type WebhookUpdate } from './schemas.ts';
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

/** The entity of the events endpoint changes record (watched to refresh the fan-out's patterns). */
export const ENDPOINT_ENTITY = 'webhook_endpoint';
announceChanges([ENDPOINT_ENTITY]);

/** Endpoints carry no revision: the last write wins. Events never carry the secret. */
export const webhookEndpoint = defineEntity({
  label: 'webhook',
  key: 'webhook',
  plural: 'webhooks',
  event: ENDPOINT_ENTITY,
  table: webhookEndpoints,
  path: '/aisle/v1/webhooks',
  tags: ['webhooks'],
  summaries: {
    get: 'A webhook endpoint',
    update: 'Update a webhook endpoint',
    delete: 'Delete a webhook endpoint and its deliveries',
  },
  schemas: { create: WebhookCreate, patch: WebhookPatch },
  writable: ['url', 'events', 'description', 'active'] as const,
  revision: false,
  toWire: webhookToWire,
  notFound: webhookNotFound,
  eventPayload: (wire) => wire,
  checkCreate: (input: WebhookInput & { secret: string }) => ({ url: checkUrl(input.url) }),
  insert: (input, { checked }) => ({
    url: checked.url,
    events: unique(input.events),
    description: input.description ?? null,
    active: input.active ?? true,
    secret: input.secret,
  }),
  checkUpdate: (patch: WebhookUpdate, fields) => ({
    url: fields.includes('url') ? checkUrl(patch.url!) : undefined,
  }),
  update: (patch, fields, _current, { checked }) => ({
    ...(checked.url !== undefined ? { url: checked.url } : {}),
    ...(fields.includes('events') ? { events: unique(patch.events!) } : {}),
    ...(fields.includes('description') ? { description: patch.description } : {}),
    ...(fields.includes('active') ? { active: patch.active } : {}),
  }),
});

export const webhookService = entityService(webhookEndpoint);

/** The answer holds the signing secret: the only time it is shown. */
export async function createWebhook(ctx: AppContext, input: WebhookInput) {
  const secret = newSecret();
  return { webhook: await webhookService.create(ctx, { ...input, secret }), secret };
}

export async function listWebhooks(ctx: AppContext) {
  const list = await ctx.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdDate);
  return { webhooks: list.map(webhookToWire) };
}

export async function rotateSecret(ctx: AppContext, id: string) {
  const secret = newSecret();
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret, updatedDate: ctx.clock() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw webhookNotFound(id);
    await webhookService.record(ctx, tx, 'secret_rotated', row);
  });
  return { secret };
}

export async function pingWebhook(ctx: AppContext, id: string) {
  await webhookService.row(ctx.db, id);
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
  await webhookService.row(ctx.db, id);
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
