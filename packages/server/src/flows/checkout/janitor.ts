import { deleteStaleCheckouts } from '../../modules/checkout/service.ts';
import type { AppContext } from '../../platform/context.ts';
import { hourly, purgeInBatches } from '../../platform/hourly.ts';

/** Checkouts never completed and untouched this long are deleted (`checkout.deleted`), hourly, in batches. */
export const ABANDONED_CHECKOUT_DAYS = 90;

export const purgeAbandonedCheckouts = (ctx: AppContext): Promise<number> =>
  purgeInBatches(ctx, ABANDONED_CHECKOUT_DAYS, async (tx, before, limit) =>
    (await deleteStaleCheckouts(tx, before, limit)).map((id) => ({
      entity: 'checkout',
      entityId: id,
      type: 'deleted',
      payload: { id },
    })),
  );

export const checkoutJanitor = hourly('purging abandoned checkouts', purgeAbandonedCheckouts);
