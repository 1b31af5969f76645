import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { runBulk } from '../../modules/catalogue/shared/write-support.ts';
import { loadOrderParts, partsToWire } from '../../modules/orders/parts.ts';
import { orderMoney } from '../../modules/orders/state.ts';
import { orders, ordersSettings } from '../../modules/orders/tables.ts';
import { tagsOf, type WireOrder } from '../../modules/orders/wire.ts';
import { payments, refunds } from '../../modules/payments/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, rows } from '../../platform/db.ts';
import { badRequest, conflict, invalid } from '../../platform/errors.ts';
import { changeOrder, insertActivities, UUID } from './store.ts';
import { isRecord, type Json } from './json.ts';

/** Orders made by the merchant (create, import), order numbers, tags, and deleting imported orders. */

type TagSet = { privateTags?: { tagIds: string[] } | undefined; tags?: { tagIds: string[] } | undefined };

// ---- Order numbers

/** The last number handed out (or the one before the first), and whether any was. */
async function counterState(tx: Db): Promise<bigint> {
  const [state] = await rows<{ last_value: string; is_called: boolean }>(
    tx,
    sql`select last_value::text as last_value, is_called from order_number_seq`,
  );
  const last = BigInt(state!.last_value);
  return state!.is_called ? last : last - 1n;
}

export async function nextOrderNumber(tx: Db): Promise<bigint> {
  const [row] = await rows<{ n: string }>(tx, sql`select nextval('order_number_seq')::text as n`);
  return BigInt(row!.n);
}

/**
 * `set-order-number-counter`: the next order gets `counter + 1`. Lowering it needs `allowLowerCounter` (numbers
 * already taken are then skipped by nobody: the merchant accepts the risk of a clash, which placement reports).
 */
export async function setOrderNumberCounter(ctx: AppContext, counter: string, allowLower: boolean) {
  const wanted = BigInt(counter);
  return ctx.events.transaction(async (tx) => {
    await tx.execute(sql`lock table orders in share row exclusive mode`);
    const old = await counterState(tx);
    if (wanted < old && !allowLower)
      throw badRequest(
        'CANNOT_SET_LOWER_ORDER_NUMBER_COUNTER',
        `The counter is at ${old}; setting it lower (${wanted}) needs allowLowerCounter`,
        { oldCounter: old.toString(), counter },
      );
    if (wanted >= 1n)
      await tx.execute(sql`select setval('order_number_seq', ${wanted.toString()}::bigint, true)`);
    else await tx.execute(sql`select setval('order_number_seq', 1, false)`);
    return { oldCounter: old.toString(), newCounter: wanted.toString() };
  });
}

// ---- Create and import

export interface OrderInput extends Json {
  number?: string;
  currency: string;
  lineItems: Json[];
  status?: string;
  paymentStatus?: string;
  fulfillmentStatus?: string;
  purchasedDate?: string;
  createdDate?: string;
  buyerInfo?: { email?: string; visitorId?: string; memberId?: string; contactId?: string };
  priceSummary?: Record<string, { amount: string } | undefined>;
  tags?: TagSet;
  archived?: boolean;
}

/** Columns and derived fields are not kept in `data` (docs/CHECKOUT.md "Stored order shape"). */
const NOT_IN_DATA = [
  'id',
  'number',
  'status',
  'paymentStatus',
  'fulfillmentStatus',
  'archived',
  'imported',
  'createdDate',
  'updatedDate',
  'purchasedDate',
  'activities',
  'balanceSummary',
  'fulfillments',
];

/** `priceSummary` with the missing parts computed from the lines: total = subtotal + shipping + tax + fees − discount. */
function priceSummaryOf(input: OrderInput) {
  const money = orderMoney(input.currency);
  const given = input.priceSummary ?? {};
  const part = (key: string) => (given[key] ? money.parse(given[key]!.amount) : 0n);
  const subtotal = given.subtotal
    ? money.parse(given.subtotal.amount)
    : input.lineItems.reduce((sum, line) => {
        const price = isRecord(line.price) ? String(line.price.amount) : '0';
        return sum + money.parse(price) * BigInt(Number(line.quantity) || 0);
      }, 0n);
  const total = given.total
    ? money.parse(given.total.amount)
    : subtotal + part('shipping') + part('tax') + part('totalAdditionalFees') - part('discount');
  if (total < 0n) throw badRequest('INVALID_AMOUNT', 'The order total cannot be negative', {});
  return {
    subtotal: money.price(subtotal),
    shipping: money.price(part('shipping')),
    tax: money.price(part('tax')),
    discount: money.price(part('discount')),
    totalAdditionalFees: money.price(part('totalAdditionalFees')),
    total: money.price(total),
  };
}

function linesOfInput(input: OrderInput): Json[] {
  const money = orderMoney(input.currency);
  return input.lineItems.map((line) => {
    const price = isRecord(line.price) ? money.parse(String(line.price.amount)) : 0n;
    const quantity = Number(line.quantity) || 0;
    return {
      ...line,
      id: typeof line.id === 'string' && line.id ? line.id : randomUUID(),
      price: money.price(price),
      lineItemPrice: isRecord(line.lineItemPrice)
        ? line.lineItemPrice
        : money.price(price * BigInt(quantity)),
      itemType: isRecord(line.itemType) ? line.itemType : { preset: 'PHYSICAL' },
      refundQuantity: 0,
      restockQuantity: 0,
    };
  });
}

interface NewOrder {
  input: OrderInput;
  imported: boolean;
  status: string;
  paymentStatus: string;
  notifications?: Json | undefined;
}

async function insertOrder(ctx: AppContext, spec: NewOrder): Promise<WireOrder> {
  const { input } = spec;
  const now = ctx.clock();
  const purchasedDate = input.purchasedDate ? new Date(input.purchasedDate) : now;
  if (purchasedDate.getTime() > now.getTime())
    throw badRequest('PURCHASED_DATE_CANNOT_BE_IN_FUTURE', 'purchasedDate cannot be in the future', {
      purchasedDate: input.purchasedDate,
    });
  const priceSummary = priceSummaryOf(input);
  const lineItems = linesOfInput(input);
  const buyer = input.buyerInfo ?? {};
  const data: Json = {};
  for (const [key, value] of Object.entries(input)) if (!NOT_IN_DATA.includes(key)) data[key] = value;
  const tags = {
    privateTags: { tagIds: input.tags?.privateTags?.tagIds ?? [] },
    tags: { tagIds: input.tags?.tags?.tagIds ?? [] },
  };
  Object.assign(data, {
    lineItems,
    priceSummary,
    tags,
    seenByAHuman: input.seenByAHuman === true,
    channelInfo: isRecord(input.channelInfo)
      ? input.channelInfo
      : { type: spec.imported ? 'OTHER_PLATFORM' : 'BACKOFFICE_MERCHANT' },
  });
  const id = randomUUID();
  const created = await ctx.events.transaction(async (tx) => {
    let number: bigint;
    if (input.number) {
      number = BigInt(input.number);
      const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
      if (taken)
        throw conflict('ORDER_NUMBER_ALREADY_EXISTS', `Order number ${number} is taken`, {
          number: input.number,
        });
      // Later orders must not take this number: move the counter past it when it is ahead.
      await tx.execute(
        sql`select setval('order_number_seq', ${number.toString()}::bigint, true) where ${number.toString()}::bigint >= (select last_value from order_number_seq)`,
      );
    } else number = await nextOrderNumber(tx);
    const total = priceSummary.total.amount;
    await tx.insert(orders).values({
      id,
      number,
      memberId: buyer.memberId && UUID.test(buyer.memberId) ? buyer.memberId : null,
      visitorId: buyer.visitorId && UUID.test(buyer.visitorId) ? buyer.visitorId : null,
      buyerEmail: buyer.email ?? null,
      status: spec.status,
      paymentStatus: spec.paymentStatus,
      fulfillmentStatus: input.fulfillmentStatus ?? 'NOT_FULFILLED',
      currency: input.currency,
      total,
      archived: input.archived === true,
      imported: spec.imported,
      channelType: String((data.channelInfo as Json).type ?? 'WEB'),
      tagIds: [...new Set([...tags.privateTags.tagIds, ...tags.tags.tagIds])],
      data,
      purchasedDate,
      createdDate: input.createdDate ? new Date(input.createdDate) : now,
      updatedDate: now,
    });
    if (spec.paymentStatus === 'PAID' && orderMoney(input.currency).parse(total) > 0n)
      await tx.insert(payments).values({
        orderId: id,
        provider: 'offline',
        amount: total,
        status: 'APPROVED',
        details: { paymentMethod: 'offline', recordedAt: spec.imported ? 'import' : 'create' },
        createdDate: purchasedDate,
        updatedDate: now,
      });
    await insertActivities(tx, id, [{ type: 'ORDER_PLACED', createdDate: purchasedDate }], now);
    const parts = (await loadOrderParts(tx, id))!;
    const order = partsToWire(parts);
    await ctx.events.record(tx, {
      entity: 'order',
      entityId: id,
      type: 'created',
      payload: { order, ...(spec.notifications ? { notifications: spec.notifications } : {}) },
    });
    return order;
  });
  return created;
}

/** `orders/import`: an order from elsewhere, `imported: true`, no mails. */
export function importOrder(ctx: AppContext, input: OrderInput): Promise<WireOrder> {
  return insertOrder(ctx, {
    input,
    imported: true,
    status: input.status ?? 'APPROVED',
    paymentStatus: input.paymentStatus ?? 'NOT_PAID',
    notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false },
  });
}

/**
 * `POST /ecom/v1/orders`: the merchant creates an order (number from the counter). Status by approval strategy
 * (the settings' or the request's): DEFAULT approves; PAYMENT_RECEIVED approves only a paid order; otherwise PENDING.
 */
export async function createOrder(
  ctx: AppContext,
  input: OrderInput,
  settings: { orderApprovalStrategy?: string | undefined; notifications?: Json | undefined } = {},
): Promise<WireOrder> {
  const { number: _ignored, ...rest } = input;
  const [stored] = await ctx.db
    .select({ strategy: ordersSettings.orderApprovalStrategy })
    .from(ordersSettings)
    .limit(1);
  const strategy = settings.orderApprovalStrategy ?? stored?.strategy ?? 'DEFAULT';
  const paymentStatus = input.paymentStatus ?? 'NOT_PAID';
  const approved = strategy === 'DEFAULT' || (strategy === 'PAYMENT_RECEIVED' && paymentStatus === 'PAID');
  return insertOrder(ctx, {
    input: rest as OrderInput,
    imported: false,
    status: input.status ?? (approved ? 'APPROVED' : 'PENDING'),
    paymentStatus,
    notifications: settings.notifications,
  });
}

/** `bulk/orders/import/bulk-delete-imported-orders`: deletes the imported ones among `ids`; others stay. */
export async function bulkDeleteImportedOrders(ctx: AppContext, ids: string[]): Promise<{ jobId: string }> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  if (wanted.length > 0)
    await ctx.events.transaction(async (tx) => {
      const deleted = await tx
        .delete(orders)
        .where(and(inArray(orders.id, wanted), eq(orders.imported, true)))
        .returning({ id: orders.id });
      const gone = deleted.map((d) => d.id);
      if (gone.length === 0) return;
      await tx.delete(refunds).where(inArray(refunds.orderId, gone));
      await tx.delete(payments).where(inArray(payments.orderId, gone));
      await ctx.events.record(
        tx,
        gone.map((id) => ({ entity: 'order', entityId: id, type: 'deleted', payload: { orderId: id } })),
      );
    });
  return { jobId: randomUUID() };
}

// ---- Tags

const union = (a: string[], b: string[] | undefined) => [...new Set([...a, ...(b ?? [])])];
const minus = (a: string[], b: string[] | undefined) => a.filter((x) => !(b ?? []).includes(x));

export async function bulkUpdateTags(
  ctx: AppContext,
  orderIds: string[],
  assign: TagSet | undefined,
  unassign: TagSet | undefined,
) {
  if (!assign && !unassign)
    throw invalid('assignTags', 'send assignTags or unassignTags', 'REQUIRED_ONE_OF_FIELD');
  return runBulk(
    ctx,
    orderIds,
    async (id) => {
      const { order } = await changeOrder(ctx, id, async (_tx, parts) => {
        const current = tagsOf(parts.row);
        const privateIds = minus(
          union(current.privateTags.tagIds, assign?.privateTags?.tagIds),
          unassign?.privateTags?.tagIds,
        );
        const publicIds = minus(union(current.tags.tagIds, assign?.tags?.tagIds), unassign?.tags?.tagIds);
        const tags = { privateTags: { tagIds: privateIds }, tags: { tagIds: publicIds } };
        return {
          change: {
            set: { data: { ...parts.row.data, tags }, tagIds: union(privateIds, publicIds) },
          },
        };
      });
      return { id: order.id };
    },
    (id) => id,
  );
}
