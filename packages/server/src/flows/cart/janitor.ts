import { deleteStaleVisitorCarts } from '../../modules/cart/service.ts';
import type { AppContext } from '../../platform/context.ts';
import { hourly } from '../../platform/hourly.ts';

/**
 * Anonymous visitors' carts untouched this long are deleted (`cart.deleted`), hourly, in batches: a visitor
 * who has not come back in 90 days has lost the token that reaches the cart, or will find an empty one.
 * Members' carts are kept (the member can always sign in to them).
 */
export const ABANDONED_VISITOR_CART_DAYS = 90;
const BATCH = 500;

export async function purgeAbandonedVisitorCarts(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock().getTime() - ABANDONED_VISITOR_CART_DAYS * 24 * 3600 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await ctx.events.transaction(async (tx) => {
      const gone = await deleteStaleVisitorCarts(tx, before, BATCH);
      await ctx.events.record(
        tx,
        gone.map(({ id, visitorId }) => ({
          entity: 'cart',
          entityId: id,
          type: 'deleted',
          payload: { id, visitorId },
        })),
      );
      return gone.length;
    });
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export const cartJanitor = hourly('purging abandoned visitor carts', purgeAbandonedVisitorCarts);
