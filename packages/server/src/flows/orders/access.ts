import { mediaSigner, verifyLink } from '../../modules/catalogue/media/signing.ts';
import type { OrderRow } from '../../modules/orders/wire.ts';
import { type Caller, hashSecret, sameSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Who may read an order (docs/CHECKOUT.md "Who sees what"): admins; its member; the visitor who placed it;
 * anyone with its confirmation token (returned at placement, stored as a hash) or with the order link token
 * of the order mails (an HMAC of the order id under the server's media signing secret: `o1.<mac>`).
 */

const LINK_PREFIX = 'o1.';

/** The token of the order mails' links: works for this order only, and never expires. */
export async function orderLinkToken(ctx: AppContext, orderId: string): Promise<string> {
  const signer = await mediaSigner(ctx);
  return LINK_PREFIX + signer.sign('order', orderId.toLowerCase(), 0);
}

/** `{PUBLIC_URL}/orders/{id}?token=…`: the storefront's order page, readable by whoever has the mail. */
export async function orderPageUrl(ctx: AppContext, orderId: string): Promise<string> {
  const token = await orderLinkToken(ctx, orderId);
  return `${ctx.config.publicUrl}/orders/${orderId}?token=${encodeURIComponent(token)}`;
}

/** Whether `token` opens this order: its confirmation token, or its order link token. */
export async function tokenOpensOrder(
  ctx: AppContext,
  row: Pick<OrderRow, 'id' | 'confirmationTokenHash'>,
  token: string,
): Promise<boolean> {
  if (token.startsWith(LINK_PREFIX))
    return verifyLink(ctx, ['order'], row.id.toLowerCase(), 0, token.slice(LINK_PREFIX.length));
  return row.confirmationTokenHash !== null && sameSecret(hashSecret(token), row.confirmationTokenHash);
}

export type Audience = 'merchant' | 'buyer';

/** How `caller` (with an optional token) may see the order, or undefined when not at all. */
export async function audienceOf(
  ctx: AppContext,
  row: Pick<OrderRow, 'id' | 'memberId' | 'visitorId' | 'confirmationTokenHash'>,
  caller: Caller,
  token: string | undefined,
): Promise<Audience | undefined> {
  if (caller.kind === 'admin') return 'merchant';
  if (caller.kind === 'member' && row.memberId !== null && caller.memberId === row.memberId) return 'buyer';
  if (
    (caller.kind === 'member' || caller.kind === 'visitor') &&
    caller.visitorId !== undefined &&
    row.visitorId !== null &&
    caller.visitorId === row.visitorId
  )
    return 'buyer';
  if (token && (await tokenOpensOrder(ctx, row, token))) return 'buyer';
  return undefined;
}
