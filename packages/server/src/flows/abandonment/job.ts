import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  type AbandonedCheckoutRow,
  abandonedCheckoutService,
} from '../../modules/abandoned-checkouts/entity.ts';
import { effectiveDelayMinutes, readRecoverySettings } from '../../modules/abandoned-checkouts/settings.ts';
import { abandonedCheckouts } from '../../modules/abandoned-checkouts/tables.ts';
import { checkouts } from '../../modules/checkout/tables.ts';
import type { Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { rows } from '../../platform/db.ts';
import type { EventInput } from '../../platform/events.ts';
import { every } from '../../platform/hourly.ts';
import { priceCheckout, pricingInputs } from '../checkout/pricing.ts';
import { checkoutToWire } from '../checkout/wire.ts';
import { sendRecoveryMail } from './mail.ts';
import { abandonedRowOf } from './snapshot.ts';

/**
 * The abandonment job, in every process: checkouts with a buyer e-mail, not completed, untouched for the
 * store's delay and not yet abandoned become abandoned checkouts (`abandoned_checkout.created`, and
 * `cart.abandoned` for the cart they came from), claimed with `FOR UPDATE SKIP LOCKED` so that each is handled
 * by one process; then the recovery mails that are due go out (claimed the same way, so each goes once).
 */

const BATCH = 50;

/** The cart-abandonment event of an abandoned checkout that came from a cart. */
export function cartEvent(row: AbandonedCheckoutRow, type: 'abandoned' | 'recovered'): EventInput[] {
  if (!row.cartId) return [];
  return [
    {
      entity: 'cart',
      entityId: row.cartId,
      type,
      payload: {
        cartAbandonment: {
          cartId: row.cartId,
          checkoutId: row.checkoutId,
          abandonedCheckoutId: row.id,
          currency: row.currency,
          subtotal: row.subtotal,
          total: row.total,
          createdDate: row.createdDate.toISOString(),
          abandonTime: row.abandonedDate.toISOString(),
          ...(row.recoveredDate ? { recoveredTime: row.recoveredDate.toISOString() } : {}),
        },
      },
    },
  ];
}

/** Turns the due checkouts into abandoned checkouts; returns how many. */
export async function abandonDueCheckouts(ctx: AppContext): Promise<number> {
  const settings = await readRecoverySettings(ctx.db);
  const inputs = await pricingInputs(ctx);
  let total = 0;
  for (;;) {
    const now = ctx.clock();
    const before = new Date(now.getTime() - effectiveDelayMinutes(ctx, settings) * 60_000);
    const made = await ctx.events.transaction(async (tx) => {
      const due = await rows<{ id: string }>(
        tx,
        sql`select c.id from ${checkouts} c
          where not c.completed and c.updated_date <= ${before.toISOString()}::timestamptz
            and coalesce(c.info->'buyerInfo'->>'email', '') <> ''
            and not exists (select 1 from ${abandonedCheckouts} a where a.checkout_id = c.id)
          order by c.updated_date limit ${BATCH}
          for update of c skip locked`,
      );
      if (due.length === 0) return { made: 0, more: false };
      const locked = await tx
        .select()
        .from(checkouts)
        .where(
          inArray(
            checkouts.id,
            due.map((d) => d.id),
          ),
        );
      let n = 0;
      for (const checkout of locked) {
        const wire = checkoutToWire(await priceCheckout(ctx, tx, checkout, inputs), now);
        const values = abandonedRowOf(
          ctx.config.publicUrl,
          checkout,
          wire,
          settings.recoveryEmailsEnabled,
          now,
        );
        const [inserted] = await tx
          .insert(abandonedCheckouts)
          .values(values)
          .onConflictDoNothing()
          .returning();
        if (!inserted) continue;
        await abandonedCheckoutService.record(ctx, tx, 'created', inserted, cartEvent(inserted, 'abandoned'));
        n++;
      }
      return { made: n, more: due.length === BATCH };
    });
    total += made.made;
    if (!made.more) return total;
  }
}

/**
 * Sends the recovery mails that are due (`only`: of that abandoned checkout alone). Each row is claimed by
 * clearing `mail_due_date` under `FOR UPDATE SKIP LOCKED`, then mailed after the commit, then its activity
 * (EMAIL_SENT or EMAIL_NOT_SENT) recorded: a crash in between loses one mail, never sends two.
 */
export async function sendDueRecoveryMails(ctx: AppContext, only?: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.clock();
    const claimed = await ctx.events.transaction(async (tx) => {
      const due = await tx
        .select({ id: abandonedCheckouts.id })
        .from(abandonedCheckouts)
        .where(
          and(
            lte(abandonedCheckouts.mailDueDate, now),
            eq(abandonedCheckouts.status, 'ABANDONED'),
            only ? eq(abandonedCheckouts.id, only) : undefined,
          ),
        )
        .orderBy(abandonedCheckouts.mailDueDate)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(abandonedCheckouts)
        .set({ mailDueDate: null })
        .where(
          inArray(
            abandonedCheckouts.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    for (const row of claimed) {
      const outcome = await sendRecoveryMail(ctx, row);
      await abandonedCheckoutService
        .change(ctx, row.id, undefined, (current) => ({
          activities: [...current.activities, { type: outcome, createdDate: ctx.clock().toISOString() }],
        }))
        // Deleted meanwhile: nothing to record on.
        .catch((error: unknown) =>
          ctx.log.warn({ err: error, id: row.id }, 'recovery mail activity not recorded'),
        );
      if (outcome === 'EMAIL_SENT') sent++;
    }
    if (claimed.length < BATCH) return sent;
  }
}

export async function runAbandonment(ctx: AppContext): Promise<void> {
  await abandonDueCheckouts(ctx);
  await sendDueRecoveryMails(ctx);
}

/** How often the job looks: a quarter of the delay, between a second and a minute. */
export function abandonmentInterval(minutes: number | undefined): number {
  if (minutes === undefined) return 60_000;
  return Math.min(60_000, Math.max(1000, Math.round((minutes * 60_000) / 4)));
}

export const abandonmentJob: Module = (app, ctx) =>
  every(
    abandonmentInterval(ctx.config.abandonedCheckoutMinutes),
    'finding abandoned checkouts',
    runAbandonment,
  )(app, ctx);
