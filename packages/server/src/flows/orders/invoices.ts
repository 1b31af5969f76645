import { and, asc, eq, sql } from 'drizzle-orm';
import {
  invoiceStatusOf,
  orderMoney,
  type OrderPaymentStatus,
  type OrderStatus,
  orderActionError,
} from '../../modules/orders/state.ts';
import { orderInvoices } from '../../modules/orders/tables.ts';
import type { OrderRow } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, rows } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { buyerEmailOf, sendInvoiceMail } from './mails.ts';
import { merchantOrder } from './read.ts';
import { changeOrder, ruleFailure, UUID } from './store.ts';

/**
 * Invoices of an order (Aisle routes, docs/ORDERS.md): created as Draft, sent (Sent, mailed to the buyer),
 * voided or removed. Numbers count up over the whole store. The status is read against the order: Paid once
 * it is paid, Overdue once the due date passes unpaid.
 */

type InvoiceRow = typeof orderInvoices.$inferSelect;

function invoiceToWire(ctx: AppContext, row: InvoiceRow, order: OrderRow) {
  const money = orderMoney(order.currency);
  return {
    id: row.id,
    orderId: row.orderId,
    number: String(row.number),
    status: invoiceStatusOf(row.status, order.paymentStatus as OrderPaymentStatus, row.dueDate, ctx.clock()),
    ...(row.dueDate ? { dueDate: row.dueDate.toISOString() } : {}),
    ...(typeof row.data.sentDate === 'string' ? { sentDate: row.data.sentDate } : {}),
    total: money.price(money.parse(order.total)),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

const invoiceNotFound = (id: string) =>
  notFound('INVOICE_NOT_FOUND', `The order has no invoice ${id}`, { invoiceId: id });

export async function listInvoices(ctx: AppContext, orderId: string) {
  const parts = await merchantOrder(ctx, orderId);
  const list = await ctx.db
    .select()
    .from(orderInvoices)
    .where(eq(orderInvoices.orderId, parts.row.id))
    .orderBy(asc(orderInvoices.number));
  return { invoices: list.map((r) => invoiceToWire(ctx, r, parts.row)) };
}

export async function createInvoice(ctx: AppContext, orderId: string, dueDate: string | undefined) {
  const { parts, result } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const refused = orderActionError(parts.row.status as OrderStatus);
    if (refused) throw ruleFailure(refused, { orderId });
    // One numbering for the store: writers of invoices take turns.
    await tx.execute(sql`lock table order_invoices in share row exclusive mode`);
    const [last] = await rows<{ n: number | null }>(tx, sql`select max(number) as n from order_invoices`);
    const now = ctx.clock();
    const [row] = await tx
      .insert(orderInvoices)
      .values({
        orderId: parts.row.id,
        number: Number(last?.n ?? 0) + 1,
        status: 'Draft',
        dueDate: dueDate ? new Date(dueDate) : null,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    return {
      result: row!,
      change: { activities: [{ type: 'INVOICE_ADDED', details: { invoiceAdded: { invoiceId: row!.id } } }] },
    };
  });
  return { invoice: invoiceToWire(ctx, result, parts.row) };
}

async function invoiceOf(db: Db, orderId: string, invoiceId: string): Promise<InvoiceRow> {
  if (!UUID.test(invoiceId)) throw invoiceNotFound(invoiceId);
  const [row] = await db
    .select()
    .from(orderInvoices)
    .where(and(eq(orderInvoices.id, invoiceId), eq(orderInvoices.orderId, orderId)));
  if (!row) throw invoiceNotFound(invoiceId);
  return row;
}

/** Sends the invoice to the buyer: Sent, mailed, INVOICE_SENT. A voided one cannot be sent. */
export async function sendInvoice(ctx: AppContext, orderId: string, invoiceId: string) {
  const { order, parts, result } = await changeOrder(ctx, orderId, async (tx, parts) => {
    if (!buyerEmailOf(parts.row))
      throw badRequest('BUYER_EMAIL_MISSING', 'The order has no buyer e-mail to send the invoice to', {
        orderId,
      });
    const current = await invoiceOf(tx, parts.row.id, invoiceId);
    if (current.status === 'Void')
      throw conflict('INVOICE_IS_VOID', 'A voided invoice cannot be sent', { invoiceId });
    const now = ctx.clock();
    const [row] = await tx
      .update(orderInvoices)
      .set({ status: 'Sent', data: { ...current.data, sentDate: now.toISOString() }, updatedDate: now })
      .where(eq(orderInvoices.id, current.id))
      .returning();
    return {
      result: row!,
      change: { activities: [{ type: 'INVOICE_SENT', details: { invoiceSent: { invoiceId: row!.id } } }] },
    };
  });
  const wire = invoiceToWire(ctx, result, parts.row);
  await sendInvoiceMail(ctx, order, buyerEmailOf(parts.row)!, {
    id: wire.id,
    number: wire.number,
    dueDate: wire.dueDate,
  });
  return { invoice: wire };
}

export async function voidInvoice(ctx: AppContext, orderId: string, invoiceId: string) {
  const parts = await merchantOrder(ctx, orderId);
  const current = await invoiceOf(ctx.db, parts.row.id, invoiceId);
  if (current.status === 'Void')
    throw conflict('STATUS_ALREADY_SET', 'The invoice is already void', { invoiceId });
  const [row] = await ctx.db
    .update(orderInvoices)
    .set({ status: 'Void', updatedDate: ctx.clock() })
    .where(eq(orderInvoices.id, current.id))
    .returning();
  return { invoice: invoiceToWire(ctx, row!, parts.row) };
}

export async function deleteInvoice(ctx: AppContext, orderId: string, invoiceId: string) {
  const parts = await merchantOrder(ctx, orderId);
  const current = await invoiceOf(ctx.db, parts.row.id, invoiceId);
  await changeOrder(ctx, orderId, async (tx) => {
    await tx.delete(orderInvoices).where(eq(orderInvoices.id, current.id));
    return {
      change: {
        activities: [{ type: 'INVOICE_REMOVED', details: { invoiceRemoved: { invoiceId: current.id } } }],
      },
    };
  });
  return {};
}
