import { deleteStaleCheckouts } from '../../modules/checkout/service.ts';
import type { AppContext } from '../../platform/context.ts';
import { hourly } from '../../platform/hourly.ts';

/** Checkouts never completed and untouched this long are deleted (`checkout.deleted`), hourly, in batches. */
export const ABANDONED_CHECKOUT_DAYS = 90;
const BATCH = 500;

export async function purgeAbandonedCheckouts(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock().getTime() - ABANDONED_CHECKOUT_DAYS * 24 * 3600 * 1000);
  let total = 0;
  for (;;) {
    const ids = await ctx.events.transaction(async (tx) => {
      const deleted = await deleteStaleCheckouts(tx, before, BATCH);
      await ctx.events.record(
        tx,
        deleted.map((id) => ({ entity: 'checkout', entityId: id, type: 'deleted', payload: { id } })),
      );
      return deleted;
    });
    total += ids.length;
    if (ids.length < BATCH) return total;
  }
}

export const checkoutJanitor = hourly('purging abandoned checkouts', purgeAbandonedCheckouts);
