import { eq } from 'drizzle-orm';
import { lockCheckout, saveCheckout } from '../../modules/checkout/service.ts';
import { checkouts } from '../../modules/checkout/tables.ts';
import { listClients, returnUrl } from '../../modules/oauth/clients.ts';
import { orders } from '../../modules/orders/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { tokenOpensOrder } from '../orders/access.ts';
import { priceCheckout, pricingInputs } from './pricing.ts';
import { checkoutToWire } from './wire.ts';
import { UUID } from '../../platform/uuid.ts';

/**
 * Where a hosted flow may send the browser: the store's origin or a registered client's (oauth `returnUrl`).
 * The normalised URL to send, or undefined.
 */
export async function allowedReturnUrl(ctx: AppContext, url: string): Promise<string | undefined> {
  const own = returnUrl(ctx, undefined, url);
  if (own) return own;
  for (const client of await listClients(ctx.db)) {
    const allowed = returnUrl(ctx, client, url);
    if (allowed) return allowed;
  }
  return undefined;
}

const badToken = () =>
  new AppError(401, 'UNAUTHENTICATED_TOKEN', 'The token is not the confirmation token of an order');

/**
 * `GET …/mark-checkout-as-completed-and-redirect-to-url?token=`: `token` is an order's confirmation token (the
 * one create-order answered with, `<orderId>.<secret>`). The order's checkout is completed (it already is when
 * the order was placed here) and the browser goes to `redirectUrl` when it is on an allowed origin, else to the
 * store's order page.
 */
export async function completeAndRedirect(
  ctx: AppContext,
  token: string,
  redirectUrl: string | undefined,
): Promise<string> {
  const orderId = token.split('.')[0] ?? '';
  if (!UUID.test(orderId)) throw badToken();
  // The order with whether its checkout is complete already (as it is once the order was placed from it).
  const [order] = await ctx.db
    .select({
      id: orders.id,
      status: orders.status,
      checkoutId: orders.checkoutId,
      confirmationTokenHash: orders.confirmationTokenHash,
      checkoutCompleted: checkouts.completed,
    })
    .from(orders)
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(eq(orders.id, orderId));
  if (!order || !(await tokenOpensOrder(ctx, order, token))) throw badToken();
  const target = redirectUrl === undefined ? undefined : await allowedReturnUrl(ctx, redirectUrl);
  if (redirectUrl !== undefined && !target)
    throw invalid('redirectUrl', "is not on the store's or a registered client's origin");
  const checkoutId = order.checkoutId;
  // A rejected order's checkout was opened again for another try: it stays open. A complete one has nothing to do.
  if (checkoutId && order.status !== 'REJECTED' && order.checkoutCompleted === false) {
    const inputs = await pricingInputs(ctx);
    await ctx.events.transaction(async (tx) => {
      const row = await lockCheckout(tx, checkoutId);
      if (!row || row.completed) return;
      const now = ctx.clock();
      const saved = await saveCheckout(
        tx,
        checkoutId,
        { completed: true, orderId: row.orderId ?? order.id },
        now,
      );
      const checkout = checkoutToWire(await priceCheckout(ctx, tx, saved, inputs), now);
      await ctx.events.record(tx, {
        entity: 'checkout',
        entityId: checkoutId,
        type: 'completed',
        payload: { checkout },
      });
    });
  }
  return target ?? `${ctx.config.publicUrl}/orders/${order.id}?token=${encodeURIComponent(token)}`;
}
