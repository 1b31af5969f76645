import { sql } from 'drizzle-orm';
import { type AppContext, perServer } from '../../platform/context.ts';
import { rows } from '../../platform/db.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { ENDPOINT_ENTITY } from './service.ts';

/** What the active endpoints subscribe to, per server; refreshed on endpoint changes (`watchEndpoints`). */
interface PatternCache {
  patterns: Set<string> | undefined;
  loadedAt: number;
  /** Bumped by every change, so a load that raced a change is not kept. */
  generation: number;
}
const patternCaches = perServer<PatternCache>(() => ({ patterns: undefined, loadedAt: 0, generation: 0 }));
/** Kept at most this long, and only while changes of other processes reach this one. */
const PATTERNS_TTL_MS = 60_000;

const patternCache = (ctx: AppContext): PatternCache => patternCaches.get(ctx);

/** Drop the cached patterns whenever an endpoint changes, in any process. */
export function watchEndpoints(ctx: AppContext): () => void {
  return ctx.events.watch([ENDPOINT_ENTITY], () => {
    const cache = patternCache(ctx);
    cache.patterns = undefined;
    cache.generation++;
  });
}

async function activePatterns(ctx: AppContext): Promise<Set<string>> {
  const cache = patternCache(ctx);
  if (cache.patterns && ctx.events.changesLive && Date.now() - cache.loadedAt < PATTERNS_TTL_MS)
    return cache.patterns;
  const generation = cache.generation;
  const found = await rows<{ pattern: string }>(
    ctx.db,
    sql`select distinct unnest(events) as pattern from webhook_endpoints where active`,
  );
  const patterns = new Set(found.map((r) => r.pattern));
  if (generation === cache.generation) {
    cache.patterns = patterns;
    cache.loadedAt = Date.now();
  }
  return patterns;
}

/**
 * One delivery per active endpoint subscribed to `event`, in one statement; a second dispatch of the same
 * event adds nothing (`unique (endpoint_id, event_id)`). Returns how many were queued. Events no endpoint
 * subscribes to cost no statement (the patterns are cached).
 */
export async function fanOut(ctx: AppContext, event: DomainEvent): Promise<number> {
  const name = `${event.entity}.${event.type}`;
  const matching = ['*', `${event.entity}.*`, name];
  const subscribed = await activePatterns(ctx);
  if (!matching.some((p) => subscribed.has(p))) return 0;
  const now = ctx.clock().toISOString();
  const patterns = `{${matching.map((p) => JSON.stringify(p)).join(',')}}`;
  const inserted = await rows<{ id: string }>(
    ctx.db,
    sql`insert into webhook_deliveries
          (endpoint_id, event_id, event_type, entity, entity_id, payload, occurred_at, next_attempt_at, created_date, updated_date)
        select id, ${event.eventId}, ${name}, ${event.entity}, ${event.entityId}, ${JSON.stringify(event.payload)}::jsonb,
          ${event.occurredAt.toISOString()}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
        from webhook_endpoints where active and events && ${patterns}::text[]
        on conflict (endpoint_id, event_id) do nothing
        returning id`,
  );
  return inserted.length;
}
