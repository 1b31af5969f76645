import { deleteStaleVisitorCarts } from '../../modules/cart/service.ts';
import type { AppContext } from '../../platform/context.ts';
import { hourly, purgeInBatches } from '../../platform/hourly.ts';

/**
 * Anonymous visitors' carts untouched this long are deleted (`cart.deleted`), hourly, in batches: a visitor
 * who has not come back in 90 days has lost the token that reaches the cart, or will find an empty one.
 * Members' carts are kept (the member can always sign in to them).
 */
export const ABANDONED_VISITOR_CART_DAYS = 90;

export const purgeAbandonedVisitorCarts = (ctx: AppContext): Promise<number> =>
  purgeInBatches(ctx, ABANDONED_VISITOR_CART_DAYS, async (tx, before, limit) =>
    (await deleteStaleVisitorCarts(tx, before, limit)).map(({ id, visitorId }) => ({
      entity: 'cart',
      entityId: id,
      type: 'deleted',
      payload: { id, visitorId },
    })),
  );

export const cartJanitor = hourly('purging abandoned visitor carts', purgeAbandonedVisitorCarts);
