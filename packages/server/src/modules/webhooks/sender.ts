import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type AppContext, perServer } from '../../platform/context.ts';
import { preparedRows } from '../../platform/db.ts';

/** After failed attempt n (1-based), wait `RETRY_DELAYS_S[n - 1]`; past the last one the delivery is `FAILED`. */
export const RETRY_DELAYS_S = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
export const TIMEOUT_MS = 10_000;
/** How long a claim holds: longer than a request may take, so only a crashed sender's claims come back. */
const LEASE_S = 60;
const BATCH = 20;
const EXCERPT_BYTES = 1024;
export const USER_AGENT = 'Aisle-Webhooks/1';

interface Claimed {
  id: string;
  event_id: string;
  event_type: string;
  entity: string;
  entity_id: string;
  payload: Record<string, unknown>;
  occurred_at: string | Date;
  attempts: number;
  url: string;
  secret: string;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

async function claim(ctx: AppContext): Promise<Claimed[]> {
  const now = ctx.clock();
  const lease = new Date(now.getTime() + LEASE_S * 1000).toISOString();
  // Prepared once per connection: every process runs it every second.
  return preparedRows<Claimed>(
    ctx.db,
    sql`with due as (
          select id from webhook_deliveries
          where status = 'PENDING' and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${BATCH} for update skip locked),
        claimed as (
          update webhook_deliveries d set next_attempt_at = ${lease}::timestamptz, attempts = d.attempts + 1
          from due where d.id = due.id
          returning d.id, d.endpoint_id, d.event_id, d.event_type, d.entity, d.entity_id, d.payload, d.occurred_at, d.attempts)
        select c.*, e.url, e.secret from claimed c join webhook_endpoints e on e.id = c.endpoint_id`,
  );
}

async function excerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  // A multi-byte character cut at the end becomes U+FFFD, which is fine for an excerpt.
  return bytes.toString('utf8');
}

async function attempt(ctx: AppContext, row: Claimed): Promise<void> {
  const body = JSON.stringify({
    id: row.event_id,
    type: row.event_type,
    entity: row.entity,
    entityId: row.entity_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    data: row.payload,
  });
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  let responseText: string | null = null;
  try {
    const response = await fetch(row.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'aisle-event-id': row.event_id,
        'aisle-event-type': row.event_type,
        'aisle-delivery-id': row.id,
        'aisle-signature': signature(row.secret, body, ctx.clock()),
      },
    });
    status = response.status;
    responseText = await excerpt(response).catch(() => null);
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
    error =
      e instanceof Error ? (e.name === 'TimeoutError' ? 'timed out' : `${e.message}${cause}`) : String(e);
  }
  const durationMs = Math.round(performance.now() - started);
  const now = ctx.clock();
  const succeeded = error === null;
  const delay = RETRY_DELAYS_S[row.attempts - 1];
  const nextStatus = succeeded ? 'SUCCEEDED' : delay === undefined ? 'FAILED' : 'PENDING';
  const next = new Date(now.getTime() + (delay ?? 0) * 1000).toISOString();
  await ctx.db.execute(
    sql`update webhook_deliveries set status = ${nextStatus}, next_attempt_at = ${next}::timestamptz,
          last_status_code = ${status}, last_error = ${error}, response_excerpt = ${responseText},
          duration_ms = ${durationMs}, updated_date = ${now.toISOString()}::timestamptz,
          delivered_date = ${succeeded ? now.toISOString() : null}::timestamptz
        where id = ${row.id}`,
  );
  if (!succeeded)
    ctx.log.info(
      { deliveryId: row.id, eventType: row.event_type, attempt: row.attempts, status: nextStatus, error },
      'webhook delivery failed',
    );
}

/** Claims and sends due deliveries until none is left; each one at most once per call. Returns how many were sent. */
async function sendAll(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claim(ctx);
    if (batch.length === 0) return sent;
    await Promise.all(batch.map((row) => attempt(ctx, row)));
    sent += batch.length;
  }
}

interface Sender {
  running: Promise<number> | undefined;
  again: boolean;
  stopped: boolean;
}

/** Server state per server (test files share modules): keyed by its context. */
const senders = perServer<Sender>(() => ({ running: undefined, again: false, stopped: false }));

const sender = (ctx: AppContext): Sender => senders.get(ctx);

/** One run of `sendAll` as this process's sender run; a kick meanwhile runs it again afterwards. */
function run(ctx: AppContext, s: Sender): Promise<number> {
  const current = sendAll(ctx)
    .catch((error: unknown) => {
      ctx.log.error({ err: error }, 'sending webhooks failed');
      return 0;
    })
    .finally(() => {
      s.running = undefined;
      if (s.again) {
        s.again = false;
        kickSender(ctx);
      }
    });
  s.running = current;
  return current;
}

/** Send soon (after fan-out, on the timer); coalesces bursts. */
export function kickSender(ctx: AppContext): void {
  const s = sender(ctx);
  if (s.stopped) return;
  if (s.running) s.again = true;
  else void run(ctx, s);
}

/** Waits for this process's sender, then sends everything due now (tests, shutdown). Returns how many were sent. */
export async function sendDueDeliveries(ctx: AppContext): Promise<number> {
  const s = sender(ctx);
  while (s.running) await s.running;
  return run(ctx, s);
}

/** Stops the timer-driven sends and waits for the one in flight. */
export async function stopSender(ctx: AppContext): Promise<void> {
  const s = sender(ctx);
  s.stopped = true;
  while (s.running) await s.running;
}
