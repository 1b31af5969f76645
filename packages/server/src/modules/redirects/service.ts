import { randomBytes, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { buildUrl, type Target } from './intents.ts';
import type { RedirectSessionRequest } from './schemas.ts';
import { redirectSessions } from './tables.ts';

/** Sessions can be opened through their short URL for a day. */
const TTL_SECONDS = 24 * 3600;

export interface SessionOwner {
  callerKind: string;
  visitorId?: string | undefined;
  memberId?: string | undefined;
  clientId?: string | undefined;
}

export interface RedirectSession {
  id: string;
  fullUrl: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
  sessionToken: string;
  shortUrl: string;
}

/** Store the session and record `redirect_session.created` (without secrets) in one transaction. */
export async function saveSession(
  ctx: AppContext,
  target: Target,
  body: RedirectSessionRequest,
  owner: SessionOwner,
): Promise<RedirectSession> {
  const id = randomUUID();
  const extra = { ...(body.preferences?.additionalQueryParameters ?? {}) };
  if (target.storefrontPage) target.searchParams.redirectSessionId = id;
  const fullUrl = buildUrl(target, extra);
  const storedUrl = buildUrl(target, extra, target.secrets);
  const hasSecret = target.secrets.some((name) => name in target.searchParams);
  const sessionToken = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  const callbacks = Object.fromEntries(
    Object.entries(body.callbacks ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  await ctx.events.transaction(async (tx) => {
    await tx.insert(redirectSessions).values({
      id,
      intent: target.intent,
      callerKind: owner.callerKind,
      visitorId: owner.visitorId ?? null,
      memberId: owner.memberId ?? null,
      clientId: owner.clientId ?? null,
      fullUrl: storedUrl,
      callbacks,
      preferences: body.preferences ?? {},
      origin: body.origin ?? null,
      sessionTokenHash: hashSecret(sessionToken),
      createdDate: now,
      expiresDate: new Date(now.getTime() + TTL_SECONDS * 1000),
    });
    await ctx.events.record(tx, {
      entity: 'redirect_session',
      entityId: id,
      type: 'created',
      payload: {
        id,
        intent: target.intent,
        callerKind: owner.callerKind,
        clientId: owner.clientId ?? null,
        fullUrl: storedUrl,
        callbacks,
        createdDate: now.toISOString(),
      },
    });
  });
  const parsed = new URL(fullUrl);
  return {
    id,
    fullUrl,
    urlDetails: {
      endpoint: `${parsed.origin}${parsed.pathname}`,
      searchParams: Object.fromEntries(parsed.searchParams),
    },
    sessionToken,
    // A URL carrying a secret is not kept, so it has no short form.
    shortUrl: hasSecret ? fullUrl : `${ctx.config.publicUrl}/r/${id}`,
  };
}

async function liveSession(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(redirectSessions).where(eq(redirectSessions.id, id)).limit(1);
  if (!row || row.expiresDate <= ctx.clock())
    throw notFound('REDIRECT_SESSION_NOT_FOUND', 'No such redirect session');
  return row;
}

/** What a hosted storefront page needs: the intent and the callbacks checked when the session was made. */
export async function publicSession(ctx: AppContext, id: string) {
  const row = await liveSession(ctx, id);
  return {
    redirectSession: {
      id: row.id,
      intent: row.intent,
      callbacks: row.callbacks,
      preferences: row.preferences,
      createdDate: row.createdDate.toISOString(),
    },
  };
}

export async function shortUrlTarget(ctx: AppContext, id: string): Promise<string> {
  return (await liveSession(ctx, id)).fullUrl;
}

export async function purgeExpiredSessions(ctx: AppContext): Promise<void> {
  await ctx.db.delete(redirectSessions).where(lt(redirectSessions.expiresDate, ctx.clock()));
}
