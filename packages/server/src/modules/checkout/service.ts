import type { Db } from '../../platform/db.ts';
import { checkouts } from './tables.ts';

export interface NewCheckout {
  cartId: string;
  memberId?: string | undefined;
  visitorId?: string | undefined;
  channelType: string;
  cart: Record<string, unknown>;
  request: Record<string, unknown>;
  now: Date;
}

/** Stores a checkout created from a cart and returns its id (the checkout issue builds the entity on it). */
export async function insertCheckout(tx: Db, input: NewCheckout): Promise<string> {
  const [row] = await tx
    .insert(checkouts)
    .values({
      cartId: input.cartId,
      memberId: input.memberId ?? null,
      visitorId: input.visitorId ?? null,
      channelType: input.channelType,
      cart: input.cart,
      request: input.request,
      createdDate: input.now,
      updatedDate: input.now,
    })
    .returning({ id: checkouts.id });
  return row!.id;
}
