import { sql } from 'drizzle-orm';
import { type MailMessage, mailerFor } from '../../modules/mail/mailer.ts';
import { type MailContent, type MailItem, type MailTotal, renderMail } from '../../modules/mail/templates.ts';
import { mailBrand } from '../../modules/checkout-settings/checkout-settings.ts';
import { loadOrderParts, partsToWire } from '../../modules/orders/parts.ts';
import { orderActionError, orderMoney, type OrderStatus } from '../../modules/orders/state.ts';
import { orderActivities, orderMails, orders } from '../../modules/orders/tables.ts';
import type { OrderRow, WireOrder } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import { preparedRows } from '../../platform/db.ts';
import { presentFields } from '../../platform/entity-kit/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { sendMail } from '../accounts/mails.ts';
import { orderPageUrl } from './access.ts';
import { digitalLines, digitalLinksOf, isDownloadable, MAILED_LINK_MINUTES } from './digital.ts';
import { merchantOrder } from './read.ts';
import { insertActivities, linesOf, ruleFailure } from './store.ts';
import { isRecord, type Json } from './json.ts';

/**
 * Order mails, through the mailer (SMTP or the dev mailbox). The confirmation and the download links go out
 * from outbox subscribers (`order.created`, `order.updated`), so placement never waits on mail; the merchant
 * actions (shipping confirmation, refund, cancellation, invoice) send after their transaction commits. Every
 * mail links to the order page `{PUBLIC_URL}/orders/{id}?token=<order link token>` (see access.ts).
 */

/** Where an order's mail goes: the buyer's e-mail, if there is one. */
export function buyerEmailOf(row: Pick<OrderRow, 'buyerEmail' | 'data'>): string | undefined {
  const info = isRecord(row.data.buyerInfo) ? row.data.buyerInfo : {};
  const email = row.buyerEmail ?? (typeof info.email === 'string' ? info.email : undefined);
  return email || undefined;
}

function totalOf(order: WireOrder): string {
  const summary = isRecord((order as Json).priceSummary) ? ((order as Json).priceSummary as Json) : {};
  const total = isRecord(summary.total) ? summary.total : undefined;
  return typeof total?.formattedAmount === 'string' ? total.formattedAmount : '';
}

/** The order's lines for a mail's table: name, quantity and unit price, and the line's amount. */
function mailItems(order: WireOrder): MailItem[] {
  const money = orderMoney(order.currency);
  return linesOf(order as unknown as Json).map((line) => {
    const name = isRecord(line.productName) ? String(line.productName.original ?? '') : 'Item';
    const quantity = Number(line.quantity ?? 1);
    const unit = isRecord(line.price) ? money.parse(String(line.price.amount)) : undefined;
    const total = isRecord(line.totalPriceBeforeTax)
      ? money.parse(String(line.totalPriceBeforeTax.amount))
      : unit !== undefined
        ? unit * BigInt(quantity)
        : undefined;
    return {
      name: `${quantity} × ${name}`,
      ...(unit !== undefined ? { detail: `${money.price(unit).formattedAmount} each` } : {}),
      amount: total !== undefined ? money.price(total).formattedAmount : '',
    };
  });
}

/** Subtotal, discount (with its minus sign), shipping, tax and the total, as the order's price summary has them. */
function mailTotals(order: WireOrder): MailTotal[] {
  const summary = isRecord((order as Json).priceSummary) ? ((order as Json).priceSummary as Json) : {};
  const shown = (key: string) => {
    const value = summary[key];
    return isRecord(value) && typeof value.formattedAmount === 'string' ? value : undefined;
  };
  const rows: MailTotal[] = [];
  const subtotal = shown('subtotal');
  if (subtotal) rows.push({ label: 'Subtotal', amount: String(subtotal.formattedAmount) });
  const discount = shown('discount');
  if (discount && Number(discount.amount) > 0)
    rows.push({ label: 'Discount', amount: `−${String(discount.formattedAmount)}` });
  const shipping = shown('shipping');
  if (shipping) rows.push({ label: 'Shipping', amount: String(shipping.formattedAmount) });
  const tax = shown('tax');
  if (tax && Number(tax.amount) > 0) rows.push({ label: 'Tax', amount: String(tax.formattedAmount) });
  const total = shown('total');
  if (total) rows.push({ label: 'Total', amount: String(total.formattedAmount), strong: true });
  return rows;
}

/** What an order mail says: its tag (for tests and the dev mailbox), title, paragraphs and extra data. */
interface OrderMailContent extends Pick<MailContent, 'items' | 'totals'> {
  tag: string;
  title: string;
  paragraphs: string[];
  data?: Record<string, string>;
}

async function orderMail(
  ctx: AppContext,
  order: WireOrder,
  to: string,
  { tag, title, paragraphs, data = {}, ...table }: OrderMailContent,
): Promise<MailMessage> {
  const [link, { store, ...brand }] = await Promise.all([orderPageUrl(ctx, order.id), mailBrand(ctx)]);
  const body = renderMail({
    brand,
    title,
    paragraphs,
    ...table,
    button: { label: 'View your order', url: link },
    footer: `Order #${order.number} at ${store}.`,
  });
  return {
    to,
    subject: `${title} · ${store}`,
    ...body,
    tag,
    data: { orderId: order.id, orderNumber: order.number, link, ...data },
  };
}

/** Sends an order mail (a mailer that refuses is logged by `sendMail`, not thrown). */
async function sendOrderMail(ctx: AppContext, order: WireOrder, to: string, content: OrderMailContent) {
  await sendMail(ctx, await orderMail(ctx, order, to, content));
}

const confirmationMail = (ctx: AppContext, order: WireOrder, to: string): Promise<MailMessage> =>
  orderMail(ctx, order, to, {
    tag: 'order-confirmation',
    title: `Thank you for your order #${order.number}`,
    paragraphs: ['We received your order:'],
    items: mailItems(order),
    totals: mailTotals(order),
  });

export async function sendConfirmationMail(ctx: AppContext, order: WireOrder, to: string): Promise<void> {
  await sendMail(ctx, await confirmationMail(ctx, order, to));
}

/** The custom activity of a confirmation mail sent again by the merchant. */
export const CONFIRMATION_RESENT = 'ORDER_CONFIRMATION_RESENT';

/**
 * The merchant sends the confirmation mail again (the buyer lost it, or their address was corrected): to the
 * order's buyer e-mail as it is now, with the order as it is now. Unlike the mails of other actions, a mailer
 * that refuses is the call's error (502 MAIL_NOT_SENT), since sending is all the call does; once sent, a
 * CUSTOM_ACTIVITY `ORDER_CONFIRMATION_RESENT` names the address. A canceled or rejected order is refused.
 */
export async function resendConfirmation(ctx: AppContext, orderId: string): Promise<{ sentTo: string }> {
  const parts = await merchantOrder(ctx, orderId);
  const refused = orderActionError(parts.row.status as OrderStatus);
  if (refused) throw ruleFailure(refused, { orderId });
  const to = buyerEmailOf(parts.row);
  if (!to)
    throw badRequest('BUYER_EMAIL_MISSING', 'The order has no buyer e-mail to send the confirmation to', {
      orderId,
    });
  const order = partsToWire(parts);
  try {
    await mailerFor(ctx).send(await confirmationMail(ctx, order, to));
  } catch (error) {
    ctx.log.error({ err: error instanceof Error ? error.message : String(error) }, 'confirmation not resent');
    throw new AppError(
      502,
      'MAIL_NOT_SENT',
      'The mail server did not take the confirmation; try again later',
      {
        orderId,
      },
    );
  }
  await recordMailActivity(ctx, order.id, 'CUSTOM_ACTIVITY', {
    customActivity: { type: CONFIRMATION_RESENT, additionalData: { email: to } },
  });
  return { sentTo: to };
}

/** The merchant's own words after a mail's first paragraph, when they wrote any. */
const withMessage = (first: string, customMessage?: string) => [
  first,
  ...(customMessage ? [customMessage] : []),
];

export async function sendCanceledMail(
  ctx: AppContext,
  order: WireOrder,
  to: string,
  customMessage?: string,
) {
  await sendOrderMail(ctx, order, to, {
    tag: 'order-canceled',
    title: `Your order #${order.number} was canceled`,
    paragraphs: withMessage('Your order was canceled.', customMessage),
  });
}

export async function sendRefundMail(
  ctx: AppContext,
  order: WireOrder,
  to: string,
  amount: string,
  customMessage?: string,
) {
  await sendOrderMail(ctx, order, to, {
    tag: 'order-refunded',
    title: `A refund for your order #${order.number}`,
    paragraphs: withMessage(`We refunded ${amount} of your order.`, customMessage),
    data: { amount },
  });
}

export async function sendShippingMail(
  ctx: AppContext,
  order: WireOrder,
  to: string,
  tracking: { trackingNumber?: string; shippingProvider?: string; trackingLink?: string },
) {
  const carrier = tracking.shippingProvider ? ` with ${tracking.shippingProvider}` : '';
  await sendOrderMail(ctx, order, to, {
    tag: 'shipping-confirmation',
    title: `Your order #${order.number} is on its way`,
    paragraphs: [
      `Your order was shipped${carrier}.`,
      ...(tracking.trackingNumber ? [`Tracking number: ${tracking.trackingNumber}`] : []),
      ...(tracking.trackingLink ? [`Track it here: ${tracking.trackingLink}`] : []),
    ],
    data: presentFields(tracking, ['trackingNumber', 'trackingLink']),
  });
}

export async function sendInvoiceMail(
  ctx: AppContext,
  order: WireOrder,
  to: string,
  invoice: { id: string; number: string; dueDate?: string | undefined },
) {
  const total = totalOf(order);
  await sendOrderMail(ctx, order, to, {
    tag: 'order-invoice',
    title: `Invoice ${invoice.number} for your order #${order.number}`,
    paragraphs: [
      ...(total ? [`Amount: ${total}`] : []),
      ...(invoice.dueDate ? [`Due by ${invoice.dueDate.slice(0, 10)}`] : []),
    ],
    data: { invoiceId: invoice.id },
  });
}

/**
 * The download links of a paid order's digital lines, once: the DOWNLOAD_LINK_SENT activity is written
 * (under the order lock) before the mail goes, so redelivered events never send twice.
 */
export async function sendDownloadLinksOnce(ctx: AppContext, orderId: string): Promise<boolean> {
  const claimed = await ctx.events.transaction(async (tx) => {
    const parts = await loadOrderParts(tx, orderId, { lock: true });
    if (!parts || !isDownloadable(parts.row) || digitalLines(parts.row.data).length === 0) return undefined;
    if (parts.activities.some((a) => a.type === 'DOWNLOAD_LINK_SENT')) return undefined;
    const to = buyerEmailOf(parts.row);
    if (!to) return undefined;
    await insertActivities(tx, orderId, [{ type: 'DOWNLOAD_LINK_SENT', details: {} }], ctx.clock());
    return { parts, to };
  });
  if (!claimed) return false;
  const { parts, to } = claimed;
  const links = await digitalLinksOf(ctx, parts.row, MAILED_LINK_MINUTES);
  const order = partsToWire(parts);
  const names = new Map(digitalLines(parts.row.data).map((l) => [l.lineId, l.name]));
  const paragraphs = [
    'Your downloads are ready. These links work for 24 hours; the order page always has fresh ones.',
    ...[...links].map(([lineId, l]) => `${names.get(lineId) || 'Download'}: ${l.link}`),
  ];
  const data: Record<string, string> = {};
  for (const [lineId, l] of links) data[`download:${lineId}`] = l.link;
  await sendOrderMail(ctx, order, to, {
    tag: 'download-links',
    title: `Your downloads for order #${order.number}`,
    paragraphs,
    data,
  });
  return true;
}

/**
 * The confirmation mail, once per order (claimed by its `order_mails` row; orders placed before that table have
 * theirs from the migration), of the order as placed: the `order.created` snapshot when the event has one (no
 * reload), else the order as stored.
 */
async function sendConfirmationOnce(ctx: AppContext, orderId: string, placed?: WireOrder): Promise<void> {
  const [claimed] = await preparedRows<{ buyerEmail: string | null }>(
    ctx.db,
    sql`with claimed as (
        insert into ${orderMails} (order_id, kind, sent_date)
        select o.id, 'confirmation', ${ctx.clock()} from ${orders} o where o.id = ${orderId}::uuid
        on conflict do nothing returning order_id)
      select o.buyer_email as "buyerEmail" from ${orders} o join claimed c on c.order_id = o.id`,
  );
  if (!claimed) return;
  if (placed) {
    const to = buyerEmailOf({ buyerEmail: claimed.buyerEmail, data: placed as unknown as Json });
    if (to) await sendConfirmationMail(ctx, placed, to);
    return;
  }
  const parts = await loadOrderParts(ctx.db, orderId);
  const to = parts ? buyerEmailOf(parts.row) : undefined;
  if (!parts || !to) return;
  await sendConfirmationMail(ctx, partsToWire(parts), to);
}

/** Whether the event asks for no buyer notification (create-order `settings.notifications`). */
const buyerNotified = (event: DomainEvent) => {
  const notifications = isRecord(event.payload.notifications) ? event.payload.notifications : {};
  return notifications.sendNotificationToBuyer !== false;
};

/** Whether an event's order snapshot rules out download links (saves a locked read per order update). */
function noDownloadsIn(event: DomainEvent): boolean {
  const order = isRecord(event.payload.order) ? event.payload.order : undefined;
  if (!order) return false;
  if (!isDownloadable(order as Pick<OrderRow, 'status' | 'paymentStatus'>)) return true;
  if (digitalLines(order).length === 0) return true;
  const activities = Array.isArray(order.activities) ? order.activities : [];
  return activities.some((a) => isRecord(a) && a.type === 'DOWNLOAD_LINK_SENT');
}

/** Subscribes the order mails to the outbox. */
export function subscribeOrderMails(ctx: AppContext): void {
  ctx.events.subscribe('order.created', async (event) => {
    const placed = isRecord(event.payload.order) ? (event.payload.order as unknown as WireOrder) : undefined;
    if (buyerNotified(event)) await sendConfirmationOnce(ctx, event.entityId, placed);
    if (!noDownloadsIn(event)) await sendDownloadLinksOnce(ctx, event.entityId);
  });
  ctx.events.subscribe('order.updated', async (event) => {
    if (!noDownloadsIn(event)) await sendDownloadLinksOnce(ctx, event.entityId);
  });
}

/** Records that a mail of a merchant action went out (SHIPPING_CONFIRMATION_EMAIL_SENT, INVOICE_SENT…). */
export async function recordMailActivity(ctx: AppContext, orderId: string, type: string, details: Json = {}) {
  await ctx.db.insert(orderActivities).values({ orderId, type, details, createdDate: ctx.clock() });
}
