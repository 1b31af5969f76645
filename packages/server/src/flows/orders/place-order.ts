import { randomBytes, randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { StoredCatalogLine } from '../../modules/cart/model.ts';
import { carts } from '../../modules/cart/tables.ts';
import type { CheckedOutCart } from '../../modules/cart/service.ts';
import { changeStockIn, type StockChange } from '../../modules/catalogue/inventory/stock.ts';
import {
  ORDERS_SETTINGS_DEFAULTS,
  type OrdersSettings,
} from '../../modules/checkout-settings/orders-settings.ts';
import { type TipInputs, tipInputsFrom, tipInputsSql } from '../tips/checkout-tip.ts';
import {
  checkoutFromRow,
  checkoutIsComplete,
  checkoutNotFound,
  type CheckoutRow,
  checkoutSelectList,
  findCheckout,
} from '../../modules/checkout/service.ts';
import { checkouts } from '../../modules/checkout/tables.ts';
import { partsToWire } from '../../modules/orders/parts.ts';
import { orderMoney, type OrderPaymentStatus, paymentStatusOf } from '../../modules/orders/state.ts';
import { orderActivities, orders, ordersSettings } from '../../modules/orders/tables.ts';
import type { ActivityRow, OrderRow } from '../../modules/orders/wire.ts';
import { getPaymentProvider } from '../../modules/payments/registry.ts';
import { SANDBOX_CARD } from '../../modules/payments/provider.ts';
import {
  latestPayment,
  type PaymentRow,
  paymentRow,
  savePaymentAction,
} from '../../modules/payments/service.ts';
import { payments } from '../../modules/payments/tables.ts';
import { isShippable, isUnavailable } from '../../modules/pricing/lines.ts';
import { countRuleUses } from '../../modules/discount-rules/rules.ts';
import { lockCouponByCode, redeemCoupon } from '../../modules/settings/coupons.ts';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, markExternalEffect, preparedRows, rows } from '../../platform/db.ts';
import { AppError, badRequest, invalid } from '../../platform/errors.ts';
import type { EventInput } from '../../platform/events.ts';
import { couponFailure } from '../cart/pricing.ts';
import { type Catalog, type CatalogProduct, catalogOf, productsJson } from '../cart/catalogue.ts';
import { type CheckoutCaller, mayAct } from '../checkout/access.ts';
import {
  priceCheckout,
  type PricedCheckout,
  type PricingInputs,
  pricingInputs,
} from '../checkout/pricing.ts';
import { checkoutToWire } from '../checkout/wire.ts';
import { cartAfterOrder } from './cart-after-order.ts';
import { catalogueDigitalFiles } from './digital.ts';
import { orderDataFrom } from './place-order-data.ts';
import { isRecord, type Json } from './json.ts';
import { subscriptionSettingsOf } from '../checkout/subscriptions.ts';
import { subscriptionNeedsMember } from '../cart/flow.ts';
import { contractsFromOrder } from '../subscriptions/from-order.ts';
import { contractService } from '../../modules/subscriptions/contracts.ts';
import { type SavedPaymentMethod, subscriptionContracts } from '../../modules/subscriptions/tables.ts';
import { findSubscriptionOption, subscriptionPrice } from '../../modules/catalogue/products/subscriptions.ts';
import { UUID } from './store.ts';

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
  /**
   * A subscription cycle's order (flows/subscriptions/billing.ts): charged with the contract's saved method,
   * makes no new contract, and `onPlaced` advances the contract in the order's transaction.
   */
  cycle?: {
    contractId: string;
    cycle: number;
    /** The charge's idempotency key at the provider and on the payment (one per contract, cycle, attempt). */
    idempotencyKey: string;
    onPlaced(tx: Db, placed: { orderId: string; paymentId?: string | undefined }): Promise<void>;
  };
}

export interface PlaceOrderResult {
  orderId: string;
  /** Reads the order without a token of its buyer; only in the answer that placed it (kept as a hash). */
  confirmationToken?: string;
  /** The payment's id, when one was made. */
  paymentGatewayOrderId?: string;
  /** For a payment that waits for the buyer: send them to the provider's confirmation page with it. */
  paymentResponseToken?: string;
  /** The first subscription contract the order made, when it made any. */
  subscriptionId?: string;
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
  // A membership the shopper chose that can no longer pay (paused, canceled, ended meanwhile): the lines would
  // cost more than the checkout showed, so nothing is placed until the choice is changed.
  const membership = totals.calculationErrors.membershipError;
  if (membership)
    return badRequest(
      'MEMBERSHIP_NOT_ELIGIBLE',
      'applicationError' in membership
        ? membership.applicationError.description
        : 'The selected membership could not be checked',
      { checkoutId: row.id, selectedMemberships: row.info.membershipOptions?.selectedMemberships ?? {} },
    );
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

// ---- Subscriptions

/** The per-unit price of a cycle of each subscription line: the option's price, trial or not. */
function cyclePricesOf(priced: PricedCheckout): Map<string, string> {
  const prices = new Map<string, string>();
  for (const line of priced.row.lineItems) {
    if (line.kind !== 'catalog') continue;
    const product = priced.catalog.get(line.productId);
    const option = findSubscriptionOption(
      product?.data.subscriptionDetails,
      line.catalogReference.options?.subscriptionOptionId,
    );
    const variant = product?.variants.find((v) => v.id === line.variantId);
    if (option && variant) prices.set(line.id, subscriptionPrice(variant.discountedPrice, option));
  }
  return prices;
}

/** A cycle's order: its subscription lines name the contract and the cycle. */
function markCycle(data: Json, cycle: { contractId: string; cycle: number }): void {
  for (const line of (data.lineItems as Json[] | undefined) ?? []) {
    const info = line.subscriptionInfo;
    if (isRecord(info)) Object.assign(info, { id: cycle.contractId, cycleNumber: cycle.cycle });
  }
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

/** The checkout, locked, with what placement reads beside it (one statement: see `lockForOrder`). */
interface Locked {
  row: CheckoutRow;
  /** The status of the order the checkout names, if any. */
  existingStatus: string | null;
  settings: Pick<OrdersSettings, 'inventoryUpdateTrigger' | 'orderApprovalStrategy'>;
  tip: TipInputs;
  /** The cart the checkout was made from, locked, when it still points at this checkout. */
  cart: CheckedOutCart | null;
  /** The products of the checkout's catalogue lines, as `loadProducts` reads them. */
  catalog: Catalog;
}

/**
 * Locks the checkout and reads, in the same round trip, the status of its order (if it names one), the orders
 * settings (defaults when never written), the tip's inputs, the products its lines name (the catalogue the
 * order is priced with) and — locked after the checkout — the cart it came from when that cart still points at
 * it (the order takes its checked-out lines, so what it does to the cart and its event are known up front). What
 * is read beside the lock is as of the statement's start, before any wait for the lock: a price or stock change
 * committed during that wait counts as made after the order (the stock is taken by a conditional decrement
 * all the same).
 */
/** A stored line's product id as PostgreSQL matches it (`~*`): what `loadProducts` would read. */
const UUID_PATTERN = UUID.source;

async function lockForOrder(tx: Db, checkoutId: string): Promise<Locked | undefined> {
  if (!UUID.test(checkoutId)) return undefined;
  const [raw] = await preparedRows<Record<string, unknown>>(
    tx,
    sql`select ck.*,
        (select o.status from ${orders} o where o.id = ck.order_id) as "_existingStatus",
        (select to_jsonb(s) from ${ordersSettings} s where s.id = 1) as "_settings",
        ${tipInputsSql(sql`ck.purchase_flow_id`)} as "_tip",
        (select jsonb_build_object('id', ca.id, 'memberId', ca.member_id, 'visitorId', ca.visitor_id,
            'revision', ca.revision::text, 'lineItems', ca.line_items)
          from ${carts} ca where ca.id = ck.cart_id and ca.checkout_id = ck.id for update) as "_cart",
        ${productsJson(sql`array(select distinct (l->>'productId')::uuid from jsonb_array_elements(ck.line_items) l
          where l->>'kind' = 'catalog' and l->>'productId' ~* ${UUID_PATTERN})`)} as "_catalog",
        -- The rest of the transaction runs on generic plans: its statements (products by id array, the stock
        -- change, the order's writes) cost PostgreSQL more to plan for each call than to run.
        set_config('plan_cache_mode', 'force_generic_plan', true) as "_plans"
      from (select ${checkoutSelectList('c')} from ${checkouts} c where c.id = ${checkoutId}::uuid for update) ck`,
  );
  if (!raw) return undefined;
  const settings = raw._settings as {
    inventory_update_trigger: string;
    order_approval_strategy: string;
  } | null;
  return {
    row: checkoutFromRow(raw),
    existingStatus: (raw._existingStatus as string | null) ?? null,
    settings: settings
      ? {
          inventoryUpdateTrigger:
            settings.inventory_update_trigger as OrdersSettings['inventoryUpdateTrigger'],
          orderApprovalStrategy: settings.order_approval_strategy as OrdersSettings['orderApprovalStrategy'],
        }
      : ORDERS_SETTINGS_DEFAULTS,
    tip: tipInputsFrom(raw._tip),
    cart: (raw._cart as Locked['cart']) ?? null,
    catalog: catalogOf((raw._catalog as CatalogProduct[] | null) ?? []),
  };
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The order as stored, not yet written: its columns as `orders` defaults them (wire payloads are made of it). */
type NewOrder = OrderRow;

/**
 * Writes a placed order in one statement: the order (numbered here from `order_number_seq` unless `number` was
 * drawn before a charge), its activities and payment, the completed checkout, what it does to the cart (deleted, or
 * left with the lines added after the checkout began) and every event
 * (their `order.number` filled in from the order row).
 */
async function writeOrder(
  ctx: AppContext,
  tx: Db,
  order: NewOrder,
  parts: {
    number: string | undefined;
    activities: ActivityRow[];
    payment: PaymentRow | undefined;
    checkout: CheckoutRow;
    cart: SQL | undefined;
    events: EventInput[];
  },
): Promise<void> {
  const { payment, checkout } = parts;
  const paymentPart = payment
    ? sql`, paid as (insert into ${payments} (id, order_id, provider, provider_reference, idempotency_key, amount,
          status, details, created_date, updated_date)
        values (${payment.id}::uuid, ${payment.orderId}::uuid, ${payment.provider}, ${payment.providerReference},
          ${payment.idempotencyKey}, ${payment.amount}::numeric, ${payment.status}, ${jsonb(payment.details)},
          ${payment.createdDate}, ${payment.updatedDate}))`
    : sql``;
  const cartPart = parts.cart ? sql`, carted as (${parts.cart})` : sql``;
  const activities = parts.activities.map((a) => ({ id: a.id, type: a.type, details: a.details }));
  await preparedRows(
    tx,
    sql`with placed as (
        insert into ${orders} (id, number, checkout_id, cart_id, member_id, visitor_id, buyer_email, status,
          payment_status, currency, total, channel_type, confirmation_token_hash, data, purchased_date,
          created_date, updated_date)
        values (${order.id}::uuid, coalesce(${parts.number ?? null}::bigint, nextval('order_number_seq')),
          ${order.checkoutId}::uuid, ${order.cartId}::uuid, ${order.memberId}::uuid, ${order.visitorId}::uuid,
          ${order.buyerEmail}, ${order.status}, ${order.paymentStatus}, ${order.currency}, ${order.total}::numeric,
          ${order.channelType}, ${order.confirmationTokenHash}, ${jsonb(order.data)}, ${order.purchasedDate},
          ${order.createdDate}, ${order.updatedDate})
        returning number
      ), noted as (
        insert into ${orderActivities} (id, order_id, type, details, created_date)
        select (a->>'id')::uuid, ${order.id}::uuid, a->>'type', a->'details', ${order.createdDate}
        from jsonb_array_elements(${jsonb(activities)}) with ordinality as x(a, n) order by x.n
      )${paymentPart}, completed as (
        update ${checkouts} set completed = true, order_id = ${order.id}::uuid, member_id = ${checkout.memberId}::uuid,
          revision = revision + 1, updated_date = ${checkout.updatedDate}
        where id = ${checkout.id}::uuid
      )${cartPart}, recorded as (
        ${ctx.events.recordPart(tx, parts.events, {
          path: ['order', 'number'],
          value: sql`to_jsonb((select number::text from placed))`,
        })}
      )
      select number::text as number from placed`,
  );
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
  const locked = await lockForOrder(tx, checkoutId);
  if (!locked || !(await mayAct(tx, locked.row, caller, now))) throw checkoutNotFound(checkoutId);
  const { row, settings } = locked;
  if (row.orderId) {
    // Read beside the lock, the order's status is as of before it was waited for: a concurrent placement that
    // held the lock committed an order that statement could not see yet.
    const status =
      locked.existingStatus ??
      (await rows<{ status: string }>(tx, sql`select status from ${orders} where id = ${row.orderId}`))[0]
        ?.status;
    if (status && status !== 'REJECTED') return existingResult(tx, row.orderId);
  }
  if (row.completed) throw checkoutIsComplete(checkoutId);

  // The coupon is locked before pricing (and so before anything is charged): orders with one code are priced
  // one after another, each counting the uses committed before it, and the coupon stays until the commit.
  if (row.coupon) await lockCouponByCode(tx, row.coupon.code);
  const priced = await priceCheckout(ctx, tx, row, { ...inputs, tip: locked.tip, catalog: locked.catalog });
  const problem = blocker(priced);
  if (problem) throw problem;
  const { totals, currency } = priced;
  const chargeAmount = currency.parse(totals.payNow.total.amount);
  const charging = request.charge && chargeAmount > 0n;
  if (charging && !request.paymentToken)
    throw invalid('paymentToken', 'is required to charge the amount due now', 'REQUIRED_FIELD');
  // A checkout template's `disabledManualPayment`: the shopper pays by card (an admin may still place it).
  if (!request.charge && chargeAmount > 0n && row.info.customSettings?.disabledManualPayment && !caller.admin)
    throw badRequest('MANUAL_PAYMENT_DISABLED', 'This checkout must be paid by card', { checkoutId });

  const coupon = totals.appliedDiscounts.find((d) => d.coupon)?.coupon;

  // Subscriptions: a member's, charged each cycle with the card given now (saved at the provider first).
  const subscribing =
    !request.cycle && priced.views.some((v) => subscriptionSettingsOf(v.wire.subscriptionOptionInfo));
  if (subscribing) {
    if (!(row.memberId ?? caller.owner?.memberId)) throw subscriptionNeedsMember();
    if (!request.paymentToken)
      throw invalid(
        'paymentToken',
        'is required: a subscription is charged each cycle with the card given now (create-order-and-charge)',
        'REQUIRED_FIELD',
      );
  }

  // Stock: taken at placement, or (ON_ORDER_PAID) when paid — a charge pays now, so it takes it now too. The
  // products stay locked from here to the commit: everything the order needs is made before or after in memory.
  const takeStock = settings.inventoryUpdateTrigger !== 'ON_ORDER_PAID' || charging;
  const events: EventInput[] = [];
  const orderId = randomUUID();
  if (takeStock) {
    try {
      events.push(
        ...(await changeStockIn(ctx, tx, 'decrement', stockChanges(priced), 'ORDER', {
          record: false,
          note: { reason: 'ORDER_PLACED', orderId },
        })),
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_INVENTORY')
        throw new StockShortfall(error);
      throw error;
    }
  }

  // A charge names the order: its number is drawn first. Otherwise the order's insert draws it.
  const number = charging
    ? (
        (await rows<{ number: string }>(tx, sql`select nextval('order_number_seq')::text as number`)) as [
          { number: string },
        ]
      )[0].number
    : undefined;
  // Not run again after a deadlock from here: a new run would charge under a new idempotency key (order id).
  if (charging || subscribing) markExternalEffect(tx);
  const provider = getPaymentProvider(ctx, SANDBOX_CARD, tx);
  let paymentToken = request.paymentToken;
  let savedMethod: SavedPaymentMethod | null = null;
  if (subscribing && paymentToken) {
    const saved = provider.saveMethod
      ? await provider.saveMethod(paymentToken)
      : ({ status: 'DECLINED', reason: 'SAVED_METHODS_UNSUPPORTED' } as const);
    if (saved.status === 'DECLINED')
      throw new AppError(
        400,
        'PAYMENT_ERROR',
        `The card could not be saved for the subscription: ${saved.reason}`,
        {
          declineReason: saved.reason,
        },
      );
    paymentToken = saved.token;
    savedMethod = { provider: SANDBOX_CARD, token: saved.token, ...(saved.card ? { card: saved.card } : {}) };
  }
  const charge = charging
    ? await provider.charge({
        amount: totals.payNow.total.amount,
        currency: currency.code,
        token: paymentToken,
        idempotencyKey: request.cycle?.idempotencyKey ?? orderId,
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
    digitalFiles: catalogueDigitalFiles(row.lineItems, priced.catalog),
    inventoryDecremented: takeStock,
    newId: randomUUID,
  });
  const contracts =
    subscribing && member
      ? contractsFromOrder({
          orderId,
          memberId: member,
          data,
          currency: currency.code,
          cyclePrices: cyclePricesOf(priced),
          paymentMethod: savedMethod,
          now,
          newId: randomUUID,
        })
      : [];
  if (request.cycle) markCycle(data, request.cycle);
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
  const order: NewOrder = {
    id: orderId,
    // Until the insert numbers it: the events' `order.number` is filled in by the same statement.
    number: BigInt(number ?? 0),
    checkoutId: row.id,
    cartId: row.cartId,
    memberId: member,
    visitorId: row.visitorId,
    buyerEmail: row.info.buyerInfo?.email ?? null,
    status,
    paymentStatus,
    fulfillmentStatus: 'NOT_FULFILLED',
    currency: currency.code,
    total: money.text(total),
    archived: false,
    imported: false,
    channelType: row.channelType,
    confirmationTokenHash: hashSecret(confirmationToken),
    tagIds: [],
    data,
    revision: 1n,
    purchasedDate: status === 'INITIALIZED' ? null : now,
    createdDate: now,
    updatedDate: now,
  };

  const activityTypes = ['ORDER_PLACED'];
  const result: PlaceOrderResult = {
    orderId,
    confirmationToken,
    ...(contracts[0] ? { subscriptionId: contracts[0].id } : {}),
  };
  let payment: PaymentRow | undefined;
  if (charge) {
    payment = paymentRow({
      orderId,
      provider: SANDBOX_CARD,
      amount: totals.payNow.total.amount,
      idempotencyKey: request.cycle?.idempotencyKey ?? orderId,
      result: charge,
      capture: !request.delayCapture,
      now,
    });
    result.paymentGatewayOrderId = payment.id;
    if (charge.status === 'PENDING') {
      result.paymentResponseToken = charge.action.confirmationToken;
      activityTypes.push('PAYMENT_PENDING');
    } else if (charge.status === 'AUTHORIZED') activityTypes.push('AUTHORIZED_PAYMENT_CREATED');
  }
  if (paymentStatus === 'PAID') activityTypes.push('ORDER_PAID');
  if (paymentStatus === 'PARTIALLY_PAID') activityTypes.push('ORDER_PARTIALLY_PAID');
  const activities: ActivityRow[] = activityTypes.map((type, seq) => ({
    id: randomUUID(),
    orderId,
    seq,
    type,
    authorEmail: null,
    details: {},
    createdDate: now,
  }));

  if (coupon) await redeemCoupon(tx, coupon.id, { ...buyer, email: row.info.buyerInfo?.email, orderId });
  await countRuleUses(
    tx,
    totals.appliedDiscounts.flatMap((d) => (d.discountRule ? [d.discountRule.id] : [])),
  );

  const completed: CheckoutRow = {
    ...row,
    completed: true,
    orderId,
    memberId: member,
    revision: row.revision + 1n,
    updatedDate: now,
  };
  // The lines the shopper checked out leave the cart (lines added in another tab since stay); a cart that moved
  // on to another checkout is left alone. A payment that waits for the buyer (3-D Secure) leaves the cart as it
  // is until it is confirmed: a failed confirmation rejects the order and reopens the checkout, and the shopper
  // still has the cart.
  const cart =
    waitingForBuyer || !locked.cart ? undefined : cartAfterOrder(locked.cart, row.cart, orderId, now);
  if (cart) events.push(cart.event);
  const wire = partsToWire({
    row: order,
    activities,
    payments: payment ? [payment] : [],
    refunds: [],
    fulfillments: [],
  });
  events.push({ entity: 'order', entityId: orderId, type: 'created', payload: { order: wire } });
  if (status === 'APPROVED')
    events.push({ entity: 'order', entityId: orderId, type: 'approved', payload: { order: wire } });
  events.push({
    entity: 'checkout',
    entityId: row.id,
    type: 'completed',
    payload: { checkout: checkoutToWire({ ...priced, row: completed }, now), orderId },
  });
  for (const contract of contracts) {
    const [saved] = await tx.insert(subscriptionContracts).values(contract).returning();
    await contractService.record(ctx, tx, 'created', saved!);
  }
  await writeOrder(ctx, tx, order, {
    number,
    activities,
    payment,
    checkout: completed,
    cart: cart?.statement,
    events,
  });
  if (request.cycle) await request.cycle.onPlaced(tx, { orderId, paymentId: payment?.id });
  if (charge?.status === 'PENDING' && payment)
    await savePaymentAction(tx, {
      token: charge.action.confirmationToken,
      paymentId: payment.id,
      orderId,
      now,
    });
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
