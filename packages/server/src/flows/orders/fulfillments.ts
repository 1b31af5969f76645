import { eq } from 'drizzle-orm';
import { fulfilledQuantities, type OrderStatus, orderActionError } from '../../modules/orders/state.ts';
import { orderFulfillments } from '../../modules/orders/tables.ts';
import { type FulfillmentRow, fulfillmentToWire, type OrderRow } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { buyerEmailOf, recordMailActivity, sendShippingMail } from './mails.ts';
import { merchantOrder } from './read.ts';
import { changeOrder, linesOf, type NewActivity, ruleFailure, UUID } from './store.ts';

/**
 * Fulfilments (Aisle routes under `/ecom/v1/fulfillments`, docs/ORDERS.md): which units of which lines left,
 * with tracking. Whole (no lines: everything not fulfilled yet) or partial; the order's fulfilment status
 * follows (PARTIALLY_FULFILLED, FULFILLED). Adding tracking mails the buyer a shipping confirmation.
 */

export interface TrackingInfo {
  trackingNumber?: string | undefined;
  shippingProvider?: string | undefined;
  trackingLink?: string | undefined;
}

const clean = (t: TrackingInfo | undefined): FulfillmentRow['trackingInfo'] => {
  if (!t) return null;
  const out: NonNullable<FulfillmentRow['trackingInfo']> = {};
  if (t.trackingNumber) out.trackingNumber = t.trackingNumber;
  if (t.shippingProvider) out.shippingProvider = t.shippingProvider;
  if (t.trackingLink) out.trackingLink = t.trackingLink;
  return Object.keys(out).length > 0 ? out : null;
};

function orderWithFulfillments(orderId: string, rows: FulfillmentRow[]) {
  return { orderWithFulfillments: { orderId, fulfillments: rows.map(fulfillmentToWire) } };
}

export async function listFulfillments(ctx: AppContext, orderId: string) {
  const parts = await merchantOrder(ctx, orderId);
  return orderWithFulfillments(parts.row.id, parts.fulfillments);
}

/** Activities of tracking going from `before` to `after`. */
function trackingActivities(before: TrackingInfo | null, after: TrackingInfo | null, fulfillmentId: string) {
  const out: NewActivity[] = [];
  const details = { fulfillmentId, trackingNumber: after?.trackingNumber, trackingLink: after?.trackingLink };
  if (after?.trackingNumber && !before?.trackingNumber)
    out.push({ type: 'TRACKING_NUMBER_ADDED', details: { trackingNumberAdded: details } });
  else if (after?.trackingNumber !== before?.trackingNumber)
    out.push({ type: 'TRACKING_NUMBER_EDITED', details: { trackingNumberEdited: details } });
  if (after?.trackingLink && after.trackingLink !== before?.trackingLink)
    out.push({ type: 'TRACKING_LINK_ADDED', details: { trackingLinkAdded: details } });
  return out;
}

/** After commit: the shipping confirmation when tracking appeared, and its activity. */
async function mailTracking(
  ctx: AppContext,
  row: OrderRow,
  order: Parameters<typeof sendShippingMail>[1],
  tracking: TrackingInfo | null,
) {
  const to = buyerEmailOf(row);
  if (!to || !tracking || (!tracking.trackingNumber && !tracking.trackingLink)) return;
  await sendShippingMail(ctx, order, to, tracking);
  await recordMailActivity(ctx, row.id, 'SHIPPING_CONFIRMATION_EMAIL_SENT');
}

export async function createFulfillment(
  ctx: AppContext,
  orderId: string,
  input: {
    lineItems?: Array<{ id: string; quantity?: number | undefined }> | undefined;
    trackingInfo?: TrackingInfo | undefined;
    completed?: boolean | undefined;
  },
) {
  const tracking = clean(input.trackingInfo);
  const { parts, order, result } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const refused = orderActionError(parts.row.status as OrderStatus);
    if (refused) throw ruleFailure(refused, { orderId });
    const lines = linesOf(parts.row.data);
    const done = fulfilledQuantities(parts.fulfillments);
    const remaining = (id: string) => {
      const line = lines.find((l) => l.id === id);
      return line ? Math.max(0, (Number(line.quantity) || 0) - (done.get(id) ?? 0)) : 0;
    };
    let chosen: Array<{ id: string; quantity: number }>;
    if (!input.lineItems || input.lineItems.length === 0) {
      chosen = lines
        .map((l) => ({ id: String(l.id), quantity: remaining(String(l.id)) }))
        .filter((l) => l.quantity > 0);
      if (chosen.length === 0)
        throw conflict('ORDER_ALREADY_FULFILLED', 'Every unit of the order is fulfilled', { orderId });
    } else {
      const asked = new Map<string, number>();
      chosen = input.lineItems.map((entry, i) => {
        if (!lines.some((l) => l.id === entry.id))
          throw invalid(`fulfillment.lineItems[${i}].id`, 'is not a line of this order', 'VALIDATION');
        const quantity = entry.quantity ?? remaining(entry.id) - (asked.get(entry.id) ?? 0);
        const total = (asked.get(entry.id) ?? 0) + quantity;
        if (quantity < 1 || total > remaining(entry.id))
          throw invalid(
            `fulfillment.lineItems[${i}].quantity`,
            `must be 1 to ${remaining(entry.id) - (asked.get(entry.id) ?? 0)} (units not fulfilled yet)`,
            'MAX',
            {
              max: remaining(entry.id),
            },
          );
        asked.set(entry.id, total);
        return { id: entry.id, quantity };
      });
    }
    const [row] = await tx
      .insert(orderFulfillments)
      .values({
        orderId: parts.row.id,
        lineItems: chosen,
        trackingInfo: tracking,
        completed: input.completed ?? true,
        createdDate: ctx.clock(),
      })
      .returning();
    return {
      result: row!.id,
      change: { activities: trackingActivities(null, tracking, row!.id), fulfillmentsChanged: true },
    };
  });
  await mailTracking(ctx, parts.row, order, tracking);
  return { fulfillmentId: result, ...orderWithFulfillments(parts.row.id, parts.fulfillments) };
}

const fulfillmentNotFound = (id: string) =>
  notFound('FULFILLMENT_NOT_FOUND', `The order has no fulfillment ${id}`, { fulfillmentId: id });

export async function updateFulfillment(
  ctx: AppContext,
  orderId: string,
  fulfillmentId: string,
  input: { trackingInfo?: TrackingInfo | undefined; completed?: boolean | undefined },
) {
  if (!UUID.test(fulfillmentId)) throw fulfillmentNotFound(fulfillmentId);
  let added: TrackingInfo | null = null;
  const { parts, order } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const current = parts.fulfillments.find((f) => f.id === fulfillmentId.toLowerCase());
    if (!current) throw fulfillmentNotFound(fulfillmentId);
    const tracking = input.trackingInfo === undefined ? current.trackingInfo : clean(input.trackingInfo);
    await tx
      .update(orderFulfillments)
      .set({ trackingInfo: tracking, completed: input.completed ?? current.completed })
      .where(eq(orderFulfillments.id, current.id));
    const hadTracking = Boolean(current.trackingInfo?.trackingNumber || current.trackingInfo?.trackingLink);
    if (!hadTracking) added = tracking;
    return {
      change: {
        activities: trackingActivities(current.trackingInfo, tracking, current.id),
        fulfillmentsChanged: true,
      },
    };
  });
  await mailTracking(ctx, parts.row, order, added);
  return orderWithFulfillments(parts.row.id, parts.fulfillments);
}

export async function deleteFulfillment(ctx: AppContext, orderId: string, fulfillmentId: string) {
  if (!UUID.test(fulfillmentId)) throw fulfillmentNotFound(fulfillmentId);
  const { parts } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const current = parts.fulfillments.find((f) => f.id === fulfillmentId.toLowerCase());
    if (!current) throw fulfillmentNotFound(fulfillmentId);
    await tx.delete(orderFulfillments).where(eq(orderFulfillments.id, current.id));
    return { change: { fulfillmentsChanged: true } };
  });
  return orderWithFulfillments(parts.row.id, parts.fulfillments);
}
