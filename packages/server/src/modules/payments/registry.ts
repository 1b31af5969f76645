import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { offlineProvider } from './offline.ts';
import { sandboxProvider } from './sandbox.ts';
import { OFFLINE, type PaymentProvider, SANDBOX_CARD } from './provider.ts';

/**
 * The provider with this id. `db` is where the provider keeps its own records (the sandbox's card tokens): pass
 * the caller's transaction when charging inside one, so a declined or rolled-back charge leaves no trace.
 */
export function getPaymentProvider(ctx: AppContext, id: string, db: Db = ctx.db): PaymentProvider {
  switch (id) {
    case SANDBOX_CARD:
      return sandboxProvider(db, ctx.clock);
    case OFFLINE:
    case 'manual':
      return offlineProvider(id);
    default:
      throw notFound('PAYMENT_PROVIDER_NOT_FOUND', `No payment provider "${id}"`, { provider: id });
  }
}
