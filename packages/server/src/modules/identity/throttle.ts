import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loginFailures } from './tables.ts';

export const WINDOW_SECONDS = 15 * 60;

export interface ThrottleKeys {
  account: string;
  ip: string;
}

export function throttleKeys(emailKey: string, ip: string): ThrottleKeys {
  return { account: `account:${emailKey}`, ip: `ip:${ip}` };
}

interface Counts {
  account: number;
  ip: number;
  /** Seconds until the fullest window that is over its limit ends. */
  retryAfter: number;
}

async function counts(ctx: AppContext, keys: ThrottleKeys): Promise<Counts> {
  const now = ctx.clock().getTime();
  const rows = await ctx.db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.account, keys.ip]));
  const out: Counts = { account: 0, ip: 0, retryAfter: 0 };
  for (const row of rows) {
    const ends = row.windowStart.getTime() + WINDOW_SECONDS * 1000;
    if (ends <= now) continue;
    const which = row.key === keys.account ? 'account' : 'ip';
    out[which] = row.failures;
    const limit = which === 'account' ? ctx.config.loginMaxFailures : ctx.config.loginMaxFailuresPerIp;
    if (row.failures >= limit) out.retryAfter = Math.max(out.retryAfter, Math.ceil((ends - now) / 1000));
  }
  return out;
}

/** Failures so far in the current windows (the captcha policy reads them too). */
export async function failureCounts(ctx: AppContext, keys: ThrottleKeys): Promise<Counts> {
  return counts(ctx, keys);
}

/** 429 with `Retry-After` when the account or the client address has failed too often. */
export async function assertNotThrottled(ctx: AppContext, keys: ThrottleKeys): Promise<Counts> {
  const current = await counts(ctx, keys);
  if (current.retryAfter > 0) {
    throw new AppError(
      429,
      'THROTTLED_FEATURE',
      'Too many failed sign-in attempts; try again later',
      { retryAfterSeconds: current.retryAfter },
      { 'retry-after': String(current.retryAfter) },
    );
  }
  return current;
}

/** One more in each key's window (a window restarts once it has ended): the counts and window starts after it. */
async function countOne(ctx: AppContext, keys: string[], windowSeconds: number) {
  const now = ctx.clock();
  const windowFloor = new Date(now.getTime() - windowSeconds * 1000);
  return ctx.db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key, failures: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStart} <= ${windowFloor} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} <= ${windowFloor} then ${now} else ${loginFailures.windowStart} end`,
      },
    })
    .returning({ failures: loginFailures.failures, windowStart: loginFailures.windowStart });
}

/** Count one failure against both keys. */
export async function recordFailure(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await countOne(ctx, [keys.account, keys.ip], WINDOW_SECONDS);
}

/** Calls to a limited public feature per client address: `validate-email` answers whether an address is registered. */
export const PROBE_WINDOW_SECONDS = 60;

/**
 * One more call of a public feature that reveals something (`validate-email`) from `ip`: once `limit` calls were
 * made in the current minute, 429 with `Retry-After` until it ends. Counted atomically in the throttle table
 * (`probe:<feature>:<ip>`), so every server process shares the count.
 */
export async function spendProbe(ctx: AppContext, feature: string, ip: string, limit: number): Promise<void> {
  const [row] = await countOne(ctx, [`probe:${feature}:${ip}`], PROBE_WINDOW_SECONDS);
  if (!row || row.failures <= limit) return;
  const ends = row.windowStart.getTime() + PROBE_WINDOW_SECONDS * 1000;
  throw tooManyFromAddress(Math.max(1, Math.ceil((ends - ctx.clock().getTime()) / 1000)));
}

/** 429 `THROTTLED_FEATURE` for a client address over a limit, with `Retry-After`. */
export function tooManyFromAddress(seconds: number): AppError {
  return new AppError(
    429,
    'THROTTLED_FEATURE',
    'Too many requests from this address; try again later',
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearFailures(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await ctx.db.delete(loginFailures).where(inArray(loginFailures.key, [keys.account]));
}

/** 429 for a code asked for too soon or too often (SMS, CALL, e-mail codes), with `Retry-After`. */
export function sendThrottled(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const forever = !Number.isFinite(retryAfterSeconds);
  return new AppError(
    429,
    'THROTTLED_FEATURE',
    forever
      ? 'Too many codes were sent for this step; start again'
      : `Please wait ${seconds} seconds before asking for another code`,
    forever ? {} : { retryAfterSeconds: seconds },
    forever ? {} : { 'retry-after': String(seconds) },
  );
}
