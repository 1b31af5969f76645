import { type CartOwner, deleteCartRow, findCart, lockCart, mergeLines } from '../../modules/cart/service.ts';
import type { AppContext } from '../../platform/context.ts';
import { productIdsOf } from './lines.ts';
import { writeCart } from './write.ts';

// ---- Visitor → member

class NothingToMerge extends Error {}

/**
 * Moves a visitor's cart into the member's (creating it if needed): lines of the same item add their
 * quantities, others are appended; the member's coupon and cart info win, the visitor's fill gaps. The
 * visitor's cart is deleted. Locks the member's cart, then the visitor's. A no-op when the visitor has none.
 */
export async function mergeVisitorCart(ctx: AppContext, visitorId: string, memberId: string): Promise<void> {
  const visitorOwner: CartOwner = { visitorId };
  if (!(await findCart(ctx.db, visitorOwner))) return;
  try {
    await writeCart(ctx, { memberId, visitorId }, { create: true, locked: true }, async (cart, tools) => {
      const visitor = await lockCart(tools.tx, visitorOwner);
      if (!visitor) throw new NothingToMerge();
      await tools.products(productIdsOf(visitor.lineItems));
      cart.lineItems = mergeLines(cart.lineItems, visitor.lineItems);
      cart.coupon ??= visitor.coupon;
      cart.info = { ...visitor.info, ...cart.info };
      if (cart.merchantDiscounts.length === 0) cart.merchantDiscounts = visitor.merchantDiscounts;
      await deleteCartRow(tools.tx, visitor.id);
      await ctx.events.record(tools.tx, {
        entity: 'cart',
        entityId: visitor.id,
        type: 'deleted',
        payload: { id: visitor.id, visitorId, mergedIntoMemberId: memberId },
      });
    });
  } catch (error) {
    if (!(error instanceof NothingToMerge)) throw error;
  }
}
