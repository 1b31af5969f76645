import {
  abandonedCheckoutService,
  type WireAbandonedCheckout,
} from '../../modules/abandoned-checkouts/entity.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import { sendDueRecoveryMails } from './job.ts';

/**
 * The merchant's "send recovery mail now": schedules the mail for now (SCHEDULED), then sends it through the
 * job's sender, which claims the row — a job running at the same moment sends it instead, never both.
 */
export async function sendRecoveryMailNow(ctx: AppContext, id: string): Promise<WireAbandonedCheckout> {
  await abandonedCheckoutService.change(ctx, id, undefined, (current) => {
    if (current.status === 'RECOVERED')
      throw conflict('ALREADY_RECOVERED', 'The checkout was recovered: an order was placed from it', { id });
    const now = ctx.clock();
    return {
      mailDueDate: now,
      activities: [...current.activities, { type: 'SCHEDULED' as const, createdDate: now.toISOString() }],
    };
  });
  await sendDueRecoveryMails(ctx, id);
  return abandonedCheckoutService.get(ctx.db, id);
}
