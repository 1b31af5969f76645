import { type OrderStatus, orderActionError, statusTransitionError } from '../../modules/orders/state.ts';
import type { WireOrder } from '../../modules/orders/wire.ts';
import type { OrderParts } from '../../modules/orders/parts.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { voidPayments } from '../payments-collector/collector.ts';
import { buyerEmailOf, sendCanceledMail } from './mails.ts';
import { restockLines } from './restock.ts';
import { changeOrder, linesOf, type NewActivity, type OrderEventType, ruleFailure } from './store.ts';

/** Cancel and update-status (wire/orders.md §2), with the transitions of `state.ts`. */

/** A canceled order holds no money: its open authorizations (AUTHORIZED payments) are voided. */
function voidOpenAuthorizations(ctx: AppContext, tx: Db, parts: OrderParts): Promise<NewActivity[]> {
  return voidPayments(
    ctx,
    tx,
    parts.payments.filter((p) => p.status === 'AUTHORIZED'),
    'MANUAL',
  );
}

export interface CancelRequest {
  sendOrderCanceledEmail?: boolean | undefined;
  customMessage?: string | undefined;
  restockAllItems?: boolean | undefined;
}

/**
 * Cancels an order: ORDER_CANCELED (already canceled) and ORDER_IS_REJECTED refuse; `restockAllItems` puts
 * every unit not restocked before back in stock in the same transaction; the mail goes after commit.
 * Authorizations not captured (AUTHORIZED payments) are voided through their providers in the same transaction
 * (AUTHORIZED_PAYMENT_VOIDED); a provider refusing a void refuses the cancel (409 VOID_FAILED / PROVIDER_IS_DOWN)
 * and nothing changes. Money already collected stays: the merchant refunds it on their own.
 */
export async function cancelOrder(ctx: AppContext, id: string, request: CancelRequest): Promise<WireOrder> {
  const { order, parts } = await changeOrder(ctx, id, async (tx, parts) => {
    const refused = orderActionError(parts.row.status as OrderStatus);
    if (refused) throw ruleFailure(refused, { orderId: id });
    let data = parts.row.data;
    if (request.restockAllItems) {
      const lines = linesOf(data);
      const all = new Map(lines.map((l) => [String(l.id), Number(l.quantity) || 0]));
      data = {
        ...data,
        lineItems: (
          await restockLines(ctx, tx, data, lines, all, { reason: 'ORDER_CANCELED', orderId: parts.row.id })
        ).lines,
      };
    }
    const voided = await voidOpenAuthorizations(ctx, tx, parts);
    return {
      change: {
        set: { status: 'CANCELED', data },
        activities: [{ type: 'ORDER_CANCELED' }, ...voided],
        events: ['canceled'],
        paymentsChanged: voided.length > 0,
      },
    };
  });
  const to = buyerEmailOf(parts.row);
  if (request.sendOrderCanceledEmail && to) await sendCanceledMail(ctx, order, to, request.customMessage);
  return order;
}

const STATUS_ACTIVITY: Partial<Record<OrderStatus, string>> = {
  PENDING: 'ORDER_PENDING',
  REJECTED: 'ORDER_REJECTED',
  CANCELED: 'ORDER_CANCELED',
};

/**
 * update-status: STATUS_ALREADY_SET for the same status, UNSUPPORTED_TRANSITION for the others not allowed.
 * CANCELED voids open authorizations as `cancelOrder` does.
 */
export async function updateOrderStatus(
  ctx: AppContext,
  id: string,
  status: OrderStatus,
): Promise<WireOrder> {
  const { order } = await changeOrder(ctx, id, async (tx, parts) => {
    const refused = statusTransitionError(parts.row.status as OrderStatus, status);
    if (refused) throw ruleFailure(refused, { orderId: id, status: parts.row.status, requested: status });
    const type = STATUS_ACTIVITY[status];
    const activities: NewActivity[] = type ? [{ type }] : [];
    const events: OrderEventType[] =
      status === 'APPROVED' ? ['approved'] : status === 'CANCELED' ? ['canceled'] : [];
    const voided = status === 'CANCELED' ? await voidOpenAuthorizations(ctx, tx, parts) : [];
    return {
      change: {
        set: { status },
        activities: [...activities, ...voided],
        events,
        paymentsChanged: voided.length > 0,
      },
    };
  });
  return order;
}
