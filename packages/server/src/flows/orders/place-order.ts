import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { StoredCatalogLine } from '../../modules/cart/model.ts';
import { carts } from '../../modules/cart/tables.ts';
import { changeStockIn, type StockChange } from '../../modules/catalogue/inventory.ts';
import { loadOrdersSettings } from '../../modules/checkout-settings/orders-settings.ts';
import {
  checkoutIsComplete,
  checkoutNotFound,
  findCheckout,
  lockCheckout,
  saveCheckout,
} from '../../modules/checkout/service.ts';
import { partsToWire } from '../../modules/orders/parts.ts';
import { type OrderPaymentStatus, orderMoney, paymentStatusOf } from '../../modules/orders/state.ts';
import { orderActivities, orders } from '../../modules/orders/tables.ts';
import { getPaymentProvider, SANDBOX_CARD } from '../../modules/payments/provider.ts';
import {
  latestPayment,
  type PaymentRow,
  recordPayment,
  savePaymentAction,
} from '../../modules/payments/service.ts';
import { isShippable, isUnavailable } from '../../modules/pricing/lines.ts';
import { redeemCoupon } from '../../modules/settings/coupons.ts';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, rows } from '../../platform/db.ts';
import { AppError, badRequest, invalid } from '../../platform/errors.ts';
import type { EventInput } from '../../platform/events.ts';
import { couponFailure } from '../cart/pricing.ts';
import { type CheckoutCaller, mayAct } from '../checkout/access.ts';
import {
  type PricedCheckout,
  type PricingInputs,
  priceCheckout,
  pricingInputs,
} from '../checkout/pricing.ts';
import { checkoutToWire } from '../checkout/wire.ts';
import { insertActivities, type NewActivity } from './store.ts';
import { orderDataFrom } from './place-order-data.ts';

/**
 * Placing an order from a checkout, exactly once (docs/CHECKOUT.md "Exactly once and never oversold"). In one
 * transaction holding the checkout's row lock: price the checkout, refuse what blocks an order, take the stock
 * with the catalogue's conditional decrement, charge the provider (idempotency key = order id), then write the
 * order, its activities and payment, redeem the coupon, complete the checkout, delete the cart it came from and
 * record the events. A decline or a shortfall throws, so nothing of it stays. A second call for the same
 * checkout finds its order and returns it without charging again.
 */

export interface PlaceOrderRequest {
  /** `create-order-and-charge`: charge the pay-now amount with `paymentToken`. */
  charge: boolean;
  paymentToken?: string | undefined;
  delayCapture?: boolean | undefined;
}

export interface PlaceOrderResult {
  orderId: string;
  /** Reads the order without a token of its buyer; only in the answer that placed it (kept as a hash). */
  confirmationToken?: string;
  /** The payment's id, when one was made. */
  paymentGatewayOrderId?: string;
  /** For a payment that waits for the buyer: send them to the provider's confirmation page with it. */
  paymentResponseToken?: string;
}

/** Raised inside the transaction when the conditional decrement fails; answered after the rollback. */
class StockShortfall extends Error {
  constructor(readonly failure: AppError) {
    super(failure.description);
  }
}

// ---- What blocks an order

interface LineStock {
  id: string;
  name: string;
  quantity: number;
  quantityAvailable: number;
}

/** Lines that cannot be served as asked, or undefined when all can. */
function shortLines(priced: PricedCheckout): { lines: LineStock[]; none: boolean } | undefined {
  const short: LineStock[] = [];
  let servable = 0;
  for (const { snapshot } of priced.views) {
    const available = snapshot.availability.quantityAvailable;
    if (isUnavailable(snapshot)) {
      short.push({ id: snapshot.id, name: snapshot.name, quantity: snapshot.quantity, quantityAvailable: 0 });
      continue;
    }
    servable++;
    if (available !== undefined && available < snapshot.quantity)
      short.push({
        id: snapshot.id,
        name: snapshot.name,
        quantity: snapshot.quantity,
        quantityAvailable: available,
      });
  }
  return short.length ? { lines: short, none: servable === 0 } : undefined;
}

function outOfStock(short: { lines: LineStock[]; none: boolean }): AppError {
  return short.none
    ? new AppError(409, 'FULL_OUT_OF_STOCK', 'None of the items of the checkout are in stock', {
        lineItems: short.lines,
      })
    : new AppError(409, 'PARTIAL_OUT_OF_STOCK', 'Some items of the checkout are not in stock as asked', {
        lineItems: short.lines,
      });
}

/** EMPTY_CHECKOUT, FULL/PARTIAL_OUT_OF_STOCK, the coupon's error, NO_SELECTED_CARRIER_SERVICE_OPTION, violations. */
function blocker(priced: PricedCheckout): AppError | undefined {
  const { row, totals } = priced;
  if (row.lineItems.length === 0)
    return badRequest('EMPTY_CHECKOUT', 'The checkout has no line items', { checkoutId: row.id });
  const short = shortLines(priced);
  if (short) return outOfStock(short);
  if (row.coupon) {
    const failure = couponFailure(totals.calculationErrors, row.coupon.code);
    if (failure) return failure;
  }
  if (priced.views.some((v) => isShippable(v.snapshot)) && !totals.shippingInfo.selectedCarrierServiceOption)
    return badRequest(
      'NO_SELECTED_CARRIER_SERVICE_OPTION',
      'The checkout has items to ship but no shipping option: give a shipping address the store delivers to',
      {
        ...(totals.calculationErrors.generalShippingCalculationError
          ? { shippingError: totals.calculationErrors.generalShippingCalculationError }
          : {}),
      },
    );
  const errors = totals.violations.filter((v) => v.severity === 'ERROR');
  if (errors.length)
    return badRequest('CHECKOUT_VIOLATIONS', errors.map((v) => v.description).join(' '), {
      violations: errors,
    });
  return undefined;
}

/** The stock a placement takes: tracked (or out-of-stock) variants of store-catalogue lines. */
function stockChanges(priced: PricedCheckout): StockChange[] {
  const changes: StockChange[] = [];
  priced.row.lineItems.forEach((line, index) => {
    if (line.kind !== 'catalog') return;
    const variant = priced.catalog.get(line.productId)?.variants.find((v) => v.id === line.variantId);
    const stock = variant?.stock;
    if (!stock || (!stock.trackQuantity && stock.inStock)) return;
    changes.push({
      productId: line.productId,
      variantId: line.variantId,
      by: line.quantity,
      preorderRequest: stock.preorderEnabled,
      field: `lineItems[${index}]`,
    });
  });
  return changes;
}

// ---- Placing

async function existingResult(tx: Db, orderId: string): Promise<PlaceOrderResult> {
  const payment = await latestPayment(tx, orderId);
  return { orderId, ...(payment ? { paymentGatewayOrderId: payment.id } : {}) };
}

/** The order's status at placement or payment: approval strategy, payment status, a buyer step pending. */
export function statusOf(
  strategy: string,
  paymentStatus: OrderPaymentStatus,
  waitingForBuyer: boolean,
): 'INITIALIZED' | 'APPROVED' | 'PENDING' {
  if (waitingForBuyer) return 'INITIALIZED';
  if (strategy === 'PAYMENT_RECEIVED' || strategy === 'PAYMENT_METHOD_SAVED')
    return paymentStatus === 'PAID' ? 'APPROVED' : 'PENDING';
  return 'APPROVED';
}

async function place(
  ctx: AppContext,
  tx: Db,
  caller: CheckoutCaller,
  checkoutId: string,
  request: PlaceOrderRequest,
  inputs: PricingInputs,
): Promise<PlaceOrderResult> {
  const now = ctx.clock();
  const row = await lockCheckout(tx, checkoutId);
  if (!row || !(await mayAct(tx, row, caller, now))) throw checkoutNotFound(checkoutId);
  if (row.orderId) {
    const [existing] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    if (existing && existing.status !== 'REJECTED') return existingResult(tx, existing.id);
  }
  if (row.completed) throw checkoutIsComplete(checkoutId);

  const priced = await priceCheckout(ctx, tx, row, inputs);
  const problem = blocker(priced);
  if (problem) throw problem;
  const { totals, currency } = priced;
  const settings = await loadOrdersSettings(tx);
  const chargeAmount = currency.parse(totals.payNow.total.amount);
  const charging = request.charge && chargeAmount > 0n;
  if (charging && !request.paymentToken)
    throw invalid('paymentToken', 'is required to charge the amount due now', 'REQUIRED_FIELD');

  // Stock: taken at placement, or (ON_ORDER_PAID) when paid — a charge pays now, so it takes it now too.
  const takeStock = settings.inventoryUpdateTrigger !== 'ON_ORDER_PAID' || charging;
  if (takeStock) {
    try {
      await changeStockIn(ctx, tx, 'decrement', stockChanges(priced), 'ORDER');
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_INVENTORY')
        throw new StockShortfall(error);
      throw error;
    }
  }

  const orderId = randomUUID();
  const [{ number }] = (await rows<{ number: string }>(
    tx,
    sql`select nextval('order_number_seq')::text as number`,
  )) as [{ number: string }];
  const charge = charging
    ? await getPaymentProvider(ctx, SANDBOX_CARD, tx).charge({
        amount: totals.payNow.total.amount,
        currency: currency.code,
        token: request.paymentToken,
        idempotencyKey: orderId,
        capture: !request.delayCapture,
        description: `Order ${number}`,
      })
    : undefined;
  if (charge?.status === 'DECLINED')
    throw new AppError(400, 'PAYMENT_ERROR', `The payment was declined: ${charge.reason}`, {
      declineReason: charge.reason,
    });

  const member = row.memberId ?? caller.owner?.memberId ?? null;
  const buyer = { memberId: member ?? undefined, visitorId: row.visitorId ?? undefined };
  const variantIds = new Map(
    row.lineItems.filter((l): l is StoredCatalogLine => l.kind === 'catalog').map((l) => [l.id, l.variantId]),
  );
  const data = orderDataFrom({
    checkout: row,
    views: priced.views,
    totals,
    store: priced.store,
    buyer,
    offline: !request.charge,
    variantIds,
    inventoryDecremented: takeStock,
    newId: randomUUID,
  });
  const money = orderMoney(currency.code);
  const total = currency.parse(totals.priceSummary.total.amount);
  const waitingForBuyer = charge?.status === 'PENDING';
  const paymentStatus: OrderPaymentStatus = waitingForBuyer
    ? 'PENDING'
    : paymentStatusOf(
        total,
        charge
          ? [
              {
                id: '',
                provider: SANDBOX_CARD,
                status: charge.status,
                amount: chargeAmount,
                refunded: 0n,
                pendingRefund: 0n,
              },
            ]
          : [],
      );
  const status = statusOf(settings.orderApprovalStrategy, paymentStatus, waitingForBuyer);
  // `<orderId>.<secret>`: the order it opens is found by id, the secret checked against the stored hash.
  const confirmationToken = `${orderId}.${randomBytes(32).toString('base64url')}`;
  const [orderRow] = await tx
    .insert(orders)
    .values({
      id: orderId,
      number: BigInt(number),
      checkoutId: row.id,
      cartId: row.cartId,
      memberId: member,
      visitorId: row.visitorId,
      buyerEmail: row.info.buyerInfo?.email ?? null,
      status,
      paymentStatus,
      currency: currency.code,
      total: money.text(total),
      channelType: row.channelType,
      confirmationTokenHash: hashSecret(confirmationToken),
      data,
      purchasedDate: status === 'INITIALIZED' ? null : now,
      createdDate: now,
      updatedDate: now,
    })
    .returning();

  const activities: NewActivity[] = [{ type: 'ORDER_PLACED' }];
  const result: PlaceOrderResult = { orderId, confirmationToken };
  const paymentRows: PaymentRow[] = [];
  if (charge) {
    const payment = await recordPayment(tx, {
      orderId,
      provider: SANDBOX_CARD,
      amount: totals.payNow.total.amount,
      idempotencyKey: orderId,
      result: charge,
      capture: !request.delayCapture,
      now,
    });
    result.paymentGatewayOrderId = payment.id;
    paymentRows.push(payment);
    if (charge.status === 'PENDING') {
      await savePaymentAction(tx, {
        token: charge.action.confirmationToken,
        paymentId: payment.id,
        orderId,
        now,
      });
      result.paymentResponseToken = charge.action.confirmationToken;
      activities.push({ type: 'PAYMENT_PENDING' });
    } else if (charge.status === 'AUTHORIZED') activities.push({ type: 'AUTHORIZED_PAYMENT_CREATED' });
  }
  if (paymentStatus === 'PAID') activities.push({ type: 'ORDER_PAID' });
  if (paymentStatus === 'PARTIALLY_PAID') activities.push({ type: 'ORDER_PARTIALLY_PAID' });
  await insertActivities(tx, orderId, activities, now);

  const coupon = totals.appliedDiscounts.find((d) => d.coupon)?.coupon;
  if (coupon) await redeemCoupon(tx, coupon.id, { ...buyer, email: row.info.buyerInfo?.email, orderId });

  const completed = await saveCheckout(
    tx,
    row.id,
    { completed: true, orderId, ...(member && !row.memberId ? { memberId: member } : {}) },
    now,
  );
  const events: EventInput[] = [];
  // The cart the shopper checked out is done with; a cart that moved on to another checkout is left alone.
  if (row.cartId) {
    const [deleted] = await tx
      .delete(carts)
      .where(and(eq(carts.id, row.cartId), eq(carts.checkoutId, row.id)))
      .returning({ id: carts.id, memberId: carts.memberId, visitorId: carts.visitorId });
    if (deleted)
      events.push({
        entity: 'cart',
        entityId: deleted.id,
        type: 'deleted',
        payload: {
          id: deleted.id,
          ...(deleted.memberId ? { memberId: deleted.memberId } : { visitorId: deleted.visitorId }),
          orderId,
        },
      });
  }
  const activityRows = await tx
    .select()
    .from(orderActivities)
    .where(eq(orderActivities.orderId, orderId))
    .orderBy(asc(orderActivities.seq));
  const order = partsToWire({
    row: orderRow!,
    activities: activityRows,
    payments: paymentRows,
    refunds: [],
    fulfillments: [],
  });
  events.push({ entity: 'order', entityId: orderId, type: 'created', payload: { order } });
  if (status === 'APPROVED')
    events.push({ entity: 'order', entityId: orderId, type: 'approved', payload: { order } });
  events.push({
    entity: 'checkout',
    entityId: row.id,
    type: 'completed',
    payload: { checkout: checkoutToWire({ ...priced, row: completed }, now), orderId },
  });
  await ctx.events.record(tx, events);
  return result;
}

/** `create-order` (charge: false) and `create-order-and-charge` (charge: true). */
export async function placeOrder(
  ctx: AppContext,
  caller: CheckoutCaller,
  checkoutId: string,
  request: PlaceOrderRequest,
): Promise<PlaceOrderResult> {
  const inputs = await pricingInputs(ctx);
  try {
    return await ctx.events.transaction((tx) => place(ctx, tx, caller, checkoutId, request, inputs));
  } catch (error) {
    if (!(error instanceof StockShortfall)) throw error;
    // Another order took the stock between our read and our decrement: say what is short now.
    const row = await findCheckout(ctx.db, checkoutId);
    const short = row ? shortLines(await priceCheckout(ctx, ctx.db, row, inputs)) : undefined;
    throw short
      ? outOfStock(short)
      : new AppError(409, 'PARTIAL_OUT_OF_STOCK', error.failure.description, { ...error.failure.data });
  }
}
