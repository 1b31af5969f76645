import { and, eq, sql } from 'drizzle-orm';
import { abandonedCheckoutService } from '../../modules/abandoned-checkouts/entity.ts';
import { abandonedCheckouts } from '../../modules/abandoned-checkouts/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { cartEvent } from './job.ts';

/**
 * An order placed from an abandoned checkout — from the recovery mail or not — recovers it: an outbox
 * subscriber on `order.created` sets RECOVERED, `checkoutRecoveredDate` and the order, and records
 * `abandoned_checkout.recovered` and `.updated` (and `cart.recovered`). Idempotent: only an ABANDONED row
 * changes, so a redelivered event does nothing.
 */
export async function recoverFromOrder(ctx: AppContext, event: DomainEvent): Promise<boolean> {
  const order = event.payload.order as { id?: string; checkoutId?: string } | undefined;
  if (!order?.checkoutId) return false;
  const checkoutId = order.checkoutId;
  const abandoned = and(
    eq(abandonedCheckouts.checkoutId, checkoutId),
    eq(abandonedCheckouts.status, 'ABANDONED'),
  );
  // Most orders come from checkouts never abandoned: one read, rather than a transaction that changes nothing.
  const [candidate] = await ctx.db
    .select({ id: abandonedCheckouts.id })
    .from(abandonedCheckouts)
    .where(abandoned)
    .limit(1);
  if (!candidate) return false;
  return ctx.events.transaction(async (tx) => {
    const now = ctx.clock();
    const [row] = await tx
      .update(abandonedCheckouts)
      .set({
        status: 'RECOVERED',
        recoveredDate: now,
        orderId: order.id ?? event.entityId,
        mailDueDate: null,
        revision: sql`${abandonedCheckouts.revision} + 1`,
        updatedDate: now,
      })
      .where(abandoned)
      .returning();
    if (!row) return false;
    const wire = await abandonedCheckoutService.record(
      ctx,
      tx,
      'recovered',
      row,
      cartEvent(row, 'recovered'),
    );
    await ctx.events.recordUpdate(tx, 'abandoned_checkout', row.id, 'abandonedCheckout', wire);
    return true;
  });
}

export function subscribeRecovery(ctx: AppContext): void {
  ctx.events.subscribe('order.created', async (event) => {
    await recoverFromOrder(ctx, event);
  });
}
