import { lockCheckedOutCart } from '../../modules/cart/service.ts';
import { lockCheckout, saveCheckout } from '../../modules/checkout/service.ts';
import { loadOrdersSettings } from '../../modules/checkout-settings/orders-settings.ts';
import {
  findPaymentAction,
  lockPaymentAction,
  type PaymentActionRow,
  settlePayment,
} from '../../modules/payments/service.ts';
import { unredeemCoupons } from '../../modules/settings/coupons.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { type PricingInputs, priceCheckout, pricingInputs } from '../checkout/pricing.ts';
import { checkoutToWire } from '../checkout/wire.ts';
import { cartAfterOrder } from './cart-after-order.ts';
import { statusOf } from './place-order.ts';
import { restockLines, takeStockWhenPaid } from './restock.ts';
import { changeOrder, linesOf, type NewActivity, type OrderChange, type OrderEventType } from './store.ts';

/**
 * Settling a payment that waited for the buyer (the sandbox's confirmation page): confirmed, the payment is
 * APPROVED (AUTHORIZED with delayed capture) and the order APPROVED and paid; failed, the payment is DECLINED,
 * the order REJECTED, its stock put back and its coupon use taken back, and its checkout opens again so it can be
 * ordered once more. An action past its time can only fail. Settling twice changes nothing.
 */

export type Settled = {
  orderId: string;
  outcome: 'CONFIRMED' | 'FAILED' | 'ALREADY_CONFIRMED' | 'ALREADY_FAILED';
};

const actionNotFound = () =>
  notFound('PAYMENT_ACTION_NOT_FOUND', 'No payment is waiting for this confirmation token');

/** The payment action of a token (for the page), or a 404. */
export async function pendingAction(ctx: AppContext, token: string): Promise<PaymentActionRow> {
  const action = await findPaymentAction(ctx.db, token);
  if (!action) throw actionNotFound();
  return action;
}

async function reopenCheckout(
  ctx: AppContext,
  tx: Db,
  id: string,
  inputs: PricingInputs,
  now: Date,
): Promise<void> {
  const row = await lockCheckout(tx, id);
  if (!row) return;
  const saved = await saveCheckout(tx, id, { completed: false, orderId: null }, now);
  const checkout = checkoutToWire(await priceCheckout(ctx, tx, saved, inputs), now);
  await ctx.events.record(tx, { entity: 'checkout', entityId: id, type: 'updated', payload: { checkout } });
}

/** The confirmed order takes its checked-out lines out of the cart (lines added since stay). */
async function takeCheckedOutLines(
  ctx: AppContext,
  tx: Db,
  checkoutId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  // The checkout first, then its cart: the order that placement locks them in.
  const checkout = await lockCheckout(tx, checkoutId);
  const cart = checkout && (await lockCheckedOutCart(tx, checkoutId));
  if (!cart) return;
  const { statement, event } = cartAfterOrder(cart, checkout.cart, orderId, now);
  await tx.execute(statement);
  await ctx.events.record(tx, event);
}

export async function settlePendingPayment(
  ctx: AppContext,
  token: string,
  decision: { confirm: boolean; returnUrl?: string | undefined },
): Promise<Settled> {
  const found = await pendingAction(ctx, token);
  const inputs = await pricingInputs(ctx);
  const { result } = await changeOrder<Settled>(ctx, found.orderId, async (tx, parts) => {
    const action = (await lockPaymentAction(tx, token))!;
    if (action.status !== 'PENDING')
      return {
        change: { none: true },
        result: {
          orderId: action.orderId,
          outcome: action.status === 'CONFIRMED' ? 'ALREADY_CONFIRMED' : 'ALREADY_FAILED',
        },
      };
    const now = ctx.clock();
    const confirm = decision.confirm && action.expiresAt > now;
    const payment = await settlePayment(tx, action, {
      confirmed: confirm,
      returnUrl: decision.returnUrl,
      reason: decision.confirm ? 'CONFIRMATION_EXPIRED' : 'BUYER_FAILED_CONFIRMATION',
      now,
    });
    const data = parts.row.data;
    const activities: NewActivity[] = [];
    const events: OrderEventType[] = [];
    let set: OrderChange['set'];
    if (confirm) {
      const captured = payment.status === 'APPROVED';
      const { orderApprovalStrategy } = await loadOrdersSettings(tx);
      const status = statusOf(orderApprovalStrategy, captured ? 'PAID' : 'NOT_PAID', false);
      const nextData = await takeStockWhenPaid(ctx, tx, data, parts.row.id);
      if (!captured) activities.push({ type: 'AUTHORIZED_PAYMENT_CREATED' });
      if (status === 'APPROVED') events.push('approved');
      set = { status, purchasedDate: now, data: nextData };
      // Placing the order left the cart for this moment (a failed confirmation gives the shopper it back).
      if (parts.row.checkoutId) await takeCheckedOutLines(ctx, tx, parts.row.checkoutId, action.orderId, now);
    } else {
      const all = linesOf(data);
      const wanted = new Map(all.map((l) => [String(l.id), Number(l.quantity) || 0]));
      const { lines } = await restockLines(ctx, tx, data, all, wanted, {
        reason: 'ORDER_NOT_PAID',
        orderId: parts.row.id,
      });
      await unredeemCoupons(tx, parts.row.id);
      // The checkout can be ordered again: the unique index ignores REJECTED orders.
      if (parts.row.checkoutId) await reopenCheckout(ctx, tx, parts.row.checkoutId, inputs, now);
      activities.push({ type: 'PAYMENT_DECLINED' }, { type: 'ORDER_REJECTED' });
      set = {
        status: 'REJECTED',
        data: { ...data, lineItems: lines },
      };
    }
    return {
      change: { set, activities, events, paymentsChanged: true },
      result: { orderId: action.orderId, outcome: confirm ? 'CONFIRMED' : 'FAILED' },
    };
  });
  return result!;
}
