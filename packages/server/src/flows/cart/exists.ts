import { inArray } from 'drizzle-orm';
import { carts } from '../../modules/cart/tables.ts';
import { type CartOwner, ownerKey } from '../../modules/cart/service.ts';
import { keyStore } from '../../modules/oauth/keys.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * Has the visitor or member of an access token a current cart (or, for a member, a visitor cart their first cart
 * call merges)? For the storefront's session token answer, so a page that knows there is none does not ask
 * (and log a 404). Undefined when the token is not one.
 */
export async function accessTokenHasCart(ctx: AppContext, accessToken: string): Promise<boolean | undefined> {
  const claims = await keyStore(ctx).verify(accessToken);
  if (!claims) return undefined;
  // A member's first cart call merges the cart they had as a visitor: either one makes a cart to read.
  const owners: CartOwner[] =
    claims.subjectType === 'member'
      ? [{ memberId: claims.subject }, ...(claims.visitorId ? [{ visitorId: claims.visitorId }] : [])]
      : [{ visitorId: claims.subject }];
  const found = await ctx.db
    .select({ id: carts.id })
    .from(carts)
    .where(inArray(carts.ownerKey, owners.map(ownerKey)))
    .limit(1);
  return found.length > 0;
}
