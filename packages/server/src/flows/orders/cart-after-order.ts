import type { SQL } from 'drizzle-orm';
import { checkedOutLines, linesLeftAfterOrder } from '../../modules/cart/checked-out.ts';
import { type CheckedOutCart, cartAfterOrderStatement } from '../../modules/cart/service.ts';
import type { EventInput } from '../../platform/events.ts';

/**
 * What an order does to the cart its checkout was made from (placed and paid, or confirmed after 3-D Secure):
 * the lines the checkout took leave the cart, lines added after it began stay (modules/cart/checked-out.ts).
 * A cart left empty is deleted (`cart.deleted` with the order's id); one with lines left is updated
 * (`cart.updated`, as every cart write records it). A checkout that kept no lines of the cart takes it all.
 */
export function cartAfterOrder(
  cart: CheckedOutCart,
  checkoutCart: unknown,
  orderId: string,
  now: Date,
): { statement: SQL; event: EventInput } {
  const checkedOut = checkedOutLines(checkoutCart);
  const left = checkedOut ? linesLeftAfterOrder(cart.lineItems, checkedOut) : [];
  const owner = cart.memberId ? { memberId: cart.memberId } : { visitorId: cart.visitorId };
  return {
    statement: cartAfterOrderStatement(cart.id, left, now),
    event:
      left.length === 0
        ? { entity: 'cart', entityId: cart.id, type: 'deleted', payload: { id: cart.id, ...owner, orderId } }
        : {
            entity: 'cart',
            entityId: cart.id,
            type: 'updated',
            payload: { id: cart.id, revision: (BigInt(cart.revision) + 1n).toString(), ...owner },
          },
  };
}
