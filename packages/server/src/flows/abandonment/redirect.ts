import { abandonedCheckout, abandonedCheckoutService } from '../../modules/abandoned-checkouts/entity.ts';
import { checkoutNotFound, findCheckout } from '../../modules/checkout/service.ts';
import { targetOf } from '../../modules/redirects/intents.ts';
import { saveSession } from '../../modules/redirects/service.ts';
import { sameSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * `redirect-to-checkout`: where the recovery link lands. Admins may follow it for any abandoned checkout;
 * anyone else needs the row's recovery token (the mail's link carries it), otherwise the same 404 as for an
 * unknown id. The answer is the storefront checkout page with an `ecomCheckout` redirect session made on behalf
 * of the checkout's owner, so the browser that opens it — whoever's it is — gets that one checkout back
 * (flows/checkout/access.ts, "redirect session grants").
 */

export async function recoveryRedirect(
  ctx: AppContext,
  id: string,
  access: { admin: boolean; token?: string | undefined },
): Promise<string> {
  const row = await abandonedCheckoutService.row(ctx.db, id);
  if (!access.admin && !(access.token && sameSecret(access.token, row.recoveryToken)))
    throw abandonedCheckout.notFound(id);
  const checkout = await findCheckout(ctx.db, row.checkoutId);
  if (!checkout) throw checkoutNotFound(row.checkoutId);
  const plain = `${ctx.config.publicUrl}/checkout/${checkout.id}`;
  // A placed order's checkout, or one no shopper owns (made by an admin or an app): the plain page.
  if (checkout.completed || (!checkout.memberId && !checkout.visitorId)) return plain;
  const body = { ecomCheckout: { checkoutId: checkout.id } };
  const session = await saveSession(ctx, targetOf(ctx.config.publicUrl, body), body, {
    callerKind: checkout.memberId ? 'member' : 'visitor',
    visitorId: checkout.visitorId ?? undefined,
    memberId: checkout.memberId ?? undefined,
  });
  return session.fullUrl;
}
