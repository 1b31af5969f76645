import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CartOwner } from '../../modules/cart/service.ts';
import type { CreatedBy } from '../../modules/checkout/model.ts';
import { bindRedirectGrant, type CheckoutRow } from '../../modules/checkout/service.ts';
import { redirectSessions } from '../../modules/redirects/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { tokenOwner } from '../cart/routes.ts';
import { UUID } from '../../platform/uuid.ts';

/**
 * Who may act on a checkout (docs/CHECKOUT.md "Who sees what"): admins; its owner — the visitor or member whose
 * token created it (a member also owns what the visitor they signed in as created); and a hosted checkout page
 * that presents an `ecomCheckout` redirect session its owner made for this checkout. Anyone else gets the same
 * 404 as for a checkout that does not exist.
 */

export interface CheckoutCaller {
  /** The visitor or member of the token (or of the token beside an admin key). */
  owner?: CartOwner | undefined;
  admin: boolean;
  createdBy?: CreatedBy | undefined;
  /** An `ecomCheckout` redirect session presented by a hosted page (header or query). */
  redirectSessionId?: string | undefined;
}

export const REDIRECT_SESSION_HEADER = 'x-aisle-redirect-session';

export async function checkoutCaller(ctx: AppContext, request: FastifyRequest): Promise<CheckoutCaller> {
  const owner = await tokenOwner(ctx, request);
  const caller = request.caller;
  const header = request.headers[REDIRECT_SESSION_HEADER];
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.redirectSessionId;
  const session = (Array.isArray(header) ? header[0] : header) ?? fromQuery;
  const createdBy: CreatedBy | undefined =
    caller.kind === 'admin'
      ? { userId: caller.staffId ?? caller.keyId ?? '' }
      : caller.kind === 'app'
        ? { appId: caller.appId }
        : owner?.memberId
          ? { memberId: owner.memberId }
          : owner?.visitorId
            ? { visitorId: owner.visitorId }
            : undefined;
  return {
    owner,
    admin: caller.kind === 'admin',
    createdBy,
    ...(typeof session === 'string' && UUID.test(session)
      ? { redirectSessionId: session.toLowerCase() }
      : {}),
  };
}

/** Whether `owner` owns the checkout: a member their own and their signed-in visitor's; a visitor only theirs. */
export function owns(
  row: Pick<CheckoutRow, 'memberId' | 'visitorId'>,
  owner: { memberId?: string | null | undefined; visitorId?: string | null | undefined },
): boolean {
  if (owner.memberId) {
    if (row.memberId === owner.memberId) return true;
    return row.memberId === null && !!owner.visitorId && row.visitorId === owner.visitorId;
  }
  return row.memberId === null && !!owner.visitorId && row.visitorId === owner.visitorId;
}

const callerKey = (owner: CartOwner) => (owner.memberId ? `m:${owner.memberId}` : `v:${owner.visitorId}`);

/**
 * A redirect session grants the page that presents it this one checkout when: it is live, its intent is
 * `ecomCheckout` naming this checkout, it was made by the checkout's owner, and it is bound to the presenting
 * caller (the first one to present it; a copied URL is useless to anyone else after that).
 */
async function grantedBySession(db: Db, row: CheckoutRow, caller: CheckoutCaller, now: Date) {
  if (!caller.redirectSessionId || !caller.owner) return false;
  const [session] = await db
    .select()
    .from(redirectSessions)
    .where(eq(redirectSessions.id, caller.redirectSessionId))
    .limit(1);
  if (!session || session.expiresDate <= now || session.intent !== 'ecomCheckout') return false;
  let path: string;
  try {
    path = new URL(session.fullUrl).pathname;
  } catch {
    return false;
  }
  if (path !== `/checkout/${row.id}`) return false;
  if (!owns(row, session)) return false;
  const key = callerKey(caller.owner);
  const granted = row.info.redirectGrants?.[session.id];
  if (granted) return granted === key;
  return (await bindRedirectGrant(db, row.id, session.id, key)) === key;
}

/** Whether `caller` may read and act on the checkout; `db` is the caller's transaction when it holds one. */
export async function mayAct(db: Db, row: CheckoutRow, caller: CheckoutCaller, now: Date): Promise<boolean> {
  if (caller.admin) return true;
  if (caller.owner && owns(row, caller.owner)) return true;
  return grantedBySession(db, row, caller, now);
}
