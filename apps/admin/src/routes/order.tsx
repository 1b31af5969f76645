import type { AddressWithContact, Order, Price } from '@aisle/sdk';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { addressLines, contactName } from '../../../storefront/src/lib/address.ts';
import { ConfirmAction, ConfirmSubmit } from '../components/confirm.tsx';
import { DataTable } from '../components/data-table.tsx';
import { CheckBox, ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { BackLink, StatusHeading } from '../components/page-head.tsx';
import {
  ActionPanel,
  activityText,
  AuthorisedPayments,
  OrderInvoices,
  OrderNotes,
  PaymentsList,
  ResendConfirmation,
} from '../components/order-panels.tsx';
import { adminError, CHECK_FIELDS, type ShownError } from '../lib/errors.ts';
import { readField } from '../lib/fields.ts';
import { dateTime, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { useSession } from '../components/staff-nav.tsx';
import { type AdminClient, can, requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { IntentForm, PostButton } from '../components/intent-form.tsx';
import { AddressLines } from '../../../storefront/src/components/address-lines.tsx';
import { Fact, Panel } from '../components/panel.tsx';

/**
 * The order, its payments and invoices, and the payment a refund would go back to (none when nothing can be
 * refunded).
 */
export async function orderLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  const id = params.orderId ?? '';
  const [order, { orderTransactions }, invoices] = await Promise.all([
    client.orders.getOrder(id),
    client.paymentsCollector.listTransactionsForSingleOrder(id),
    client.orders.listInvoices(id),
  ]);
  let refundablePaymentId: string | undefined;
  if (['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED'].includes(order.paymentStatus ?? '')) {
    const { refundabilities } = await client.paymentsCollector.getRefundabilityStatus(order.id);
    refundablePaymentId = refundabilities?.find((r) => r.refundabilityStatus === 'REFUNDABLE')?.paymentId;
  }
  return { order, payments: orderTransactions?.payments ?? [], invoices, refundablePaymentId };
}

type Intent =
  | 'fulfil'
  | 'mark-paid'
  | 'cancel'
  | 'refund'
  | 'capture'
  | 'void-payment'
  | 'create-invoice'
  | 'send-invoice'
  | 'void-invoice'
  | 'note'
  | 'resend-confirmation';

const DONE: Record<Intent, string> = {
  fulfil: 'The order is marked as fulfilled; the buyer was sent the tracking details.',
  'mark-paid': 'The order is marked as paid.',
  cancel: 'The order was canceled.',
  refund: 'The refund was made.',
  capture: 'The payment was captured.',
  'void-payment': 'The authorisation was voided: the buyer is not charged.',
  'create-invoice': 'The invoice was created.',
  'send-invoice': 'The invoice was sent to the buyer.',
  'void-invoice': 'The invoice was voided.',
  note: 'The note was added.',
  'resend-confirmation': 'The confirmation e-mail was sent again.',
};

/** A form value the merchant must correct, shown next to its field. */
class FieldProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The action; a message of its own when the outcome says more than `DONE`. */
async function act(
  client: AdminClient,
  id: string,
  intent: Intent,
  form: FormData,
): Promise<string | undefined> {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  switch (intent) {
    case 'capture': {
      const amount = readField(
        { name: 'amount', label: 'Amount to capture', kind: 'money', required: true },
        form.get('amount'),
      );
      if ('problem' in amount) throw new FieldProblem('amount', amount.problem);
      await client.paymentsCollector.captureAuthorizedPayments(id, [
        { paymentId: text('paymentId'), amount: String(amount.value) },
      ]);
      return undefined;
    }
    case 'void-payment':
      await client.paymentsCollector.voidAuthorizedPayments(id, [text('paymentId')]);
      return undefined;
    case 'create-invoice': {
      const due = text('dueDate');
      if (due && !/^\d{4}-\d{2}-\d{2}$/.test(due)) throw new FieldProblem('dueDate', 'Enter a date.');
      const invoice = await client.orders.createInvoice(id, due ? { dueDate: `${due}T23:59:59.000Z` } : {});
      return `Invoice ${invoice.number} was created. Send it to the buyer or open its print view.`;
    }
    case 'send-invoice': {
      const invoice = await client.orders.sendInvoice(id, text('invoiceId'));
      return `Invoice ${invoice.number} was sent to the buyer.`;
    }
    case 'void-invoice': {
      const invoice = await client.orders.voidInvoice(id, text('invoiceId'));
      return `Invoice ${invoice.number} was voided.`;
    }
    case 'note': {
      const message = text('message');
      if (!message) throw new FieldProblem('message', 'Write the note first.');
      await client.orders.addActivity(id, { merchantComment: { message } });
      return undefined;
    }
    case 'resend-confirmation': {
      const { sentTo } = await client.orders.resendConfirmationEmail(id);
      return `The confirmation e-mail was sent again to ${sentTo}.`;
    }
    case 'fulfil': {
      const trackingInfo = {
        ...(text('trackingNumber') ? { trackingNumber: text('trackingNumber') } : {}),
        ...(text('shippingProvider') ? { shippingProvider: text('shippingProvider') } : {}),
        ...(text('trackingLink') ? { trackingLink: text('trackingLink') } : {}),
      };
      const lineItems = quantities(form, 'ship-');
      // Quantities were offered and all are zero: nothing to ship.
      if (lineItems && lineItems.length === 0)
        throw new Error('Enter how many of at least one item ship now.');
      await client.orders.createFulfillment(id, {
        trackingInfo,
        ...(lineItems ? { lineItems: toIds(lineItems) } : {}),
      });
      return;
    }
    case 'mark-paid':
      await client.paymentsCollector.markAsPaid(id);
      return;
    case 'cancel':
      // A paid order: its refund first, in the same step (a failed refund leaves the order as it was).
      if (form.get('refund') === 'on')
        await client.paymentsCollector.triggerRefund(
          id,
          [{ paymentId: text('paymentId'), amount: text('amount') }],
          {
            details: { reason: 'Order canceled' },
            sideEffects: { restockInfo: { type: 'NO_ITEMS' }, sendOrderRefundedEmail: true },
          },
        );
      await client.orders.cancelOrder(id, {
        restockAllItems: form.get('restock') === 'on',
        sendOrderCanceledEmail: true,
      });
      return;
    case 'refund': {
      // By line (what goes back, optionally to stock) and shipping; the amount is what the payment returns.
      const lineItems = quantities(form, 'refund-') ?? [];
      const restock = form.get('restock') === 'on' && lineItems.length > 0;
      await client.paymentsCollector.triggerRefund(
        id,
        [{ paymentId: text('paymentId'), amount: text('amount') }],
        {
          details: {
            ...(text('reason') ? { reason: text('reason') } : {}),
            ...(lineItems.length ? { lineItems } : {}),
            ...(text('shipping') ? { shipping: { amount: text('shipping') } } : {}),
          },
          sideEffects: {
            restockInfo: restock ? { type: 'SOME_ITEMS', items: lineItems } : { type: 'NO_ITEMS' },
            sendOrderRefundedEmail: true,
          },
        },
      );
      return undefined;
    }
  }
  return undefined;
}

/** The line quantities of fields named `<prefix><lineItemId>` above zero; undefined when the form had none. */
function quantities(form: FormData, prefix: string): { lineItemId: string; quantity: number }[] | undefined {
  const fields = [...form.entries()].filter(([name]) => name.startsWith(prefix));
  if (fields.length === 0) return undefined;
  return fields
    .map(([name, value]) => ({
      lineItemId: name.slice(prefix.length),
      quantity: Number.parseInt(String(value), 10),
    }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
}

const toIds = (lines: { lineItemId: string; quantity: number }[]) =>
  lines.map((line) => ({ id: line.lineItemId, quantity: line.quantity }));

/** Units of each line not in a fulfilment yet. */
function unshipped(order: Order): Map<string, number> {
  const left = new Map(order.lineItems.map((line) => [line.id ?? '', line.quantity ?? 0]));
  for (const fulfilment of order.fulfillments ?? [])
    for (const item of fulfilment.lineItems ?? [])
      left.set(item.id, Math.max(0, (left.get(item.id) ?? 0) - (item.quantity ?? 0)));
  return left;
}

/** One merchant action per post (`intent`); the loader then reads the order again. */
export async function orderAction({ request, params }: ActionFunctionArgs) {
  const client = requireClient();
  const form = await request.formData();
  const intent = String(form.get('intent')) as Intent;
  if (!(intent in DONE)) return { intent, error: { message: 'Unknown action.' } as ShownError };
  let message: string | undefined;
  try {
    message = await act(client, params.orderId ?? '', intent, form);
  } catch (error) {
    if (error instanceof FieldProblem)
      return {
        intent,
        error: { message: CHECK_FIELDS, fields: { [error.field]: error.message } } as ShownError,
      };
    const shown = adminError(error);
    // Field violations of the calls name their wire path (`fulfillment.trackingInfo.trackingLink`, `payments[0].amount`).
    const fields = Object.fromEntries(
      Object.entries(shown.fields ?? {}).map(([path, message]) => [path.split('.').pop() ?? path, message]),
    );
    return { intent, error: { ...shown, fields } };
  }
  return { intent, done: message ?? DONE[intent] };
}

/** A contact and its address, as lines (the order page and the invoice's print view). */
export function Contact({
  title,
  contact,
  testId,
}: {
  title: string;
  contact: AddressWithContact | undefined;
  testId: string;
}) {
  const details = contact?.contactDetails;
  const lines = [
    contactName(contact),
    details?.company,
    ...addressLines(contact?.address),
    details?.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <div className="order-fact">
      <h3>{title}</h3>
      {lines.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <address data-testid={testId}>
          <AddressLines lines={lines} />
        </address>
      )}
    </div>
  );
}

/** A line of the totals; zero discounts, fees and refunds are left out. */
export function Amount({
  label,
  price,
  testId,
  always = false,
}: {
  label: string;
  price: Price | undefined;
  testId: string;
  always?: boolean;
}) {
  if (!price?.formattedAmount || (!always && Number(price.amount ?? 0) === 0)) return null;
  const grand = testId === 'total-total' ? 'grand' : undefined;
  return (
    <>
      <dt className={grand}>{label}</dt>
      <dd className={grand} data-testid={testId}>
        {price.formattedAmount}
      </dd>
    </>
  );
}

/** A discount as the merchant named it: the coupon's code and name, the automatic discount's name. */
function discountLabel(d: NonNullable<Order['appliedDiscounts']>[number]): string {
  if (d.coupon)
    return `Coupon ${d.coupon.code ?? ''}${d.coupon.name && d.coupon.name !== d.coupon.code ? ` (${d.coupon.name})` : ''}`;
  if (d.discountRule) return `Automatic discount: ${d.discountRule.name?.original ?? 'unnamed'}`;
  return 'Discount';
}

/**
 * Each discount of the order by its name, taken off (−$4.90); the total alone when the order names none.
 */
function Discounts({ order }: { order: Order }) {
  const named = (order.appliedDiscounts ?? []).flatMap((d) => {
    const price = d.coupon?.amount ?? d.discountRule?.amount ?? d.merchantDiscount?.amount;
    return price?.formattedAmount && Number(price.amount ?? 0) !== 0
      ? [{ label: discountLabel(d), price }]
      : [];
  });
  const total = order.priceSummary?.discount;
  const rows = named.length
    ? named
    : total?.formattedAmount && Number(total.amount ?? 0) !== 0
      ? [{ label: 'Discount', price: total }]
      : [];
  return rows.map((row, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the order's discounts, in its order
    <Fragment key={i}>
      <dt>{row.label}</dt>
      <dd data-testid="total-discount">−{row.price.formattedAmount}</dd>
    </Fragment>
  ));
}

/**
 * The lines (each with its own total: price × quantity, before order-level discounts and tax) and the totals
 * (the order page and the invoice's print view).
 */
export function OrderLines({ order, children }: { order: Order; children?: ReactNode }) {
  const summary = order.priceSummary;
  return (
    <>
      <DataTable
        columns={[
          'Item',
          { label: 'Quantity', className: 'num' },
          { label: 'Price', className: 'num' },
          { label: 'Total', className: 'num' },
        ]}
      >
        {order.lineItems.map((line) => (
          <tr key={line.id} data-testid="order-line">
            <th scope="row" className="wrap">
              {line.productName?.original ?? 'Item'}
              {line.descriptionLines?.map((d) => (
                <span key={d.name?.original} className="muted small block">
                  {d.name?.original}: {d.colorInfo?.original ?? d.plainText?.original}
                </span>
              ))}
              {/* Priced at 0: the buyer's membership plan paid for it (docs/SUBSCRIPTIONS.md "Memberships"). */}
              {line.paymentOption === 'MEMBERSHIP' && (
                <span className="muted small block" data-testid="paid-by-membership">
                  Paid by the customer’s membership
                </span>
              )}
            </th>
            <td className="num">{line.quantity}</td>
            <td className="num">{line.price?.formattedAmount}</td>
            {/* The line's own total (price × quantity), before order-level discounts and tax. */}
            <td className="num" data-testid="line-total">
              {line.lineItemPrice?.formattedAmount ?? line.totalPriceBeforeTax?.formattedAmount}
            </td>
          </tr>
        ))}
      </DataTable>
      <dl className="totals">
        <Amount label="Subtotal" price={summary?.subtotal} testId="total-subtotal" always />
        <Discounts order={order} />
        <Amount label="Shipping" price={summary?.shipping} testId="total-shipping" always />
        <Amount label="Tax" price={summary?.tax} testId="total-tax" />
        <Amount label="Total" price={summary?.total} testId="total-total" always />
        <Amount label="Refunded" price={order.balanceSummary?.refunded} testId="total-refunded" />
        {children}
      </dl>
    </>
  );
}

/** The fulfilment form's tracking fields: label, name and input type. */
const TRACKING_FIELDS: ReadonlyArray<[string, string, string?]> = [
  ['Tracking number', 'trackingNumber'],
  ['Carrier', 'shippingProvider'],
  ['Tracking link', 'trackingLink', 'url'],
];

/** What can still be refunded: paid minus refunded. */
function refundable(order: Order): string {
  const paid = Number(order.balanceSummary?.paid?.amount ?? order.priceSummary?.total?.amount ?? 0);
  const refunded = Number(order.balanceSummary?.refunded?.amount ?? 0);
  return Math.max(0, paid - refunded).toFixed(2);
}

/**
 * The outcome of the last action, under the order's header: its panel may be gone (a fulfilled order has no
 * fulfil form), so it is shown here and scrolled into view.
 */
function ActionResult() {
  const result = useSettledActionData<typeof orderAction>();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) box.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <div ref={box} data-testid="action-result">
      {result && 'done' in result && <Notice tone="success">{result.done}</Notice>}
      <ErrorNotice error={result && 'error' in result ? result.error : undefined} />
    </div>
  );
}

export function OrderPage() {
  const { order, payments, invoices, refundablePaymentId } = useLoaderData<typeof orderLoader>();
  const result = useSettledActionData<typeof orderAction>();
  const errorOf = (intent: string, field: string) =>
    result?.intent === intent && 'error' in result ? result.error?.fields?.[field] : undefined;
  usePageTitle(`Order #${order.number ?? ''}`);
  const canceled = order.status === 'CANCELED';
  // Only what can succeed: a rejected or declined order (failed payment) takes no merchant action, an
  // unplaced one (initialized, pending) cannot be fulfilled, and each action needs the role's permission.
  const session = useSession();
  const open = !canceled && order.status !== 'REJECTED' && order.paymentStatus !== 'DECLINED';
  const placed = open && order.status === 'APPROVED';
  const mayFulfil = placed && can(session, 'orders.fulfil');
  const mayMarkPaid = open && can(session, 'orders.payments');
  const mayRefund = Boolean(refundablePaymentId) && can(session, 'orders.refund');
  const mayCancel = open && can(session, 'orders.write');
  const authorised = payments.filter((p) => p.status === 'AUTHORIZED');
  const mayCollect = open && authorised.length > 0 && can(session, 'orders.payments');
  const mayWrite = can(session, 'orders.write');
  const notes = (order.activities ?? []).filter((a) => a.type === 'MERCHANT_COMMENT');
  const buyerEmail = order.buyerInfo?.email;
  const left = unshipped(order);
  const shipLines = order.lineItems
    .map((line) => [line, left.get(line.id ?? '') ?? 0] as const)
    .filter(([, n]) => n > 0);
  const destination = order.shippingInfo?.logistics?.shippingDestination ?? order.recipientInfo;
  return (
    <div className="stack">
      <BackLink to="/orders">All orders</BackLink>
      <StatusHeading
        title={`Order #${order.number ?? ''}`}
        status={words(order.status)}
        tone={canceled ? 'status-bad' : 'status-info'}
        testId="order-status"
      />
      <p className="muted">Placed {dateTime(order.purchasedDate ?? order.createdDate)}</p>
      <ActionResult />
      <dl className="facts">
        <Fact label="Payment" testId="payment-status">
          {words(order.paymentStatus)}
        </Fact>
        <Fact label="Fulfilment" testId="fulfillment-status">
          {words(order.fulfillmentStatus)}
        </Fact>
        <Fact label="Buyer" testId="buyer-email">
          {order.buyerInfo?.email ?? '—'}
        </Fact>
      </dl>
      <div className="order-columns">
        <div className="stack">
          <Panel id="lines-title" title="Items" className="panel">
            <OrderLines order={order} />
          </Panel>
          <Panel id="addresses-title" title="Buyer and addresses" className="panel order-facts">
            <Contact title="Shipping to" contact={destination} testId="shipping-address" />
            <Contact title="Billing address" contact={order.billingInfo} testId="billing-address" />
            {order.shippingInfo?.title && (
              <div className="order-fact">
                <h3>Delivery</h3>
                <p>{order.shippingInfo.title}</p>
              </div>
            )}
          </Panel>
          <PaymentsList payments={payments} />
          <Panel id="shipments-title" title="Shipments" className="panel">
            {(order.fulfillments ?? []).length === 0 ? (
              <p className="muted">Nothing shipped yet.</p>
            ) : (
              <ul className="shipments" aria-label="Shipments">
                {order.fulfillments?.map((f, i) => (
                  <li key={f.id ?? i} data-testid="shipment">
                    {f.trackingInfo?.shippingProvider && <span>{f.trackingInfo.shippingProvider} · </span>}
                    {f.trackingInfo?.trackingNumber && (
                      <span>
                        tracking{' '}
                        <strong data-testid="tracking-number">{f.trackingInfo.trackingNumber}</strong>
                      </span>
                    )}
                    {f.trackingInfo?.trackingLink && (
                      <>
                        {' · '}
                        <a
                          href={f.trackingInfo.trackingLink}
                          target="_blank"
                          rel="noopener noreferrer"
                          data-testid="tracking-link"
                        >
                          Tracking page<span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      </>
                    )}
                    {f.createdDate && <span className="muted small"> · {dateTime(f.createdDate)}</span>}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel id="activities-title" title="Activity" className="panel">
            <ol className="plain-list activities">
              {(order.activities ?? []).map((a, i) => (
                <li key={a.id ?? i} data-testid="activity">
                  <span className="muted small">{dateTime(a.createdDate)}</span> {activityText(a)}
                </li>
              ))}
            </ol>
          </Panel>
        </div>
        <div className="stack">
          {mayFulfil && order.fulfillmentStatus !== 'FULFILLED' && (
            <ActionPanel intent="fulfil" title="Fulfil">
              <IntentForm intent="fulfil">
                {shipLines.length > 1 || (shipLines[0]?.[1] ?? 0) > 1 ? (
                  <fieldset className="stack">
                    <legend>Ship now</legend>
                    {shipLines.map(([line, left]) => (
                      <Field
                        key={line.id}
                        label={`${line.productName?.original ?? 'Item'} (of ${left})`}
                        name={`ship-${line.id}`}
                        type="number"
                        min={0}
                        max={left}
                        className="narrow"
                        defaultValue={left}
                      />
                    ))}
                  </fieldset>
                ) : null}
                {TRACKING_FIELDS.map(([label, name, type]) => (
                  <Field
                    key={name}
                    label={label}
                    name={name}
                    type={type}
                    autoComplete="off"
                    error={errorOf('fulfil', name)}
                  />
                ))}
                <SubmitButton pendingText="Fulfilling…">Mark as fulfilled</SubmitButton>
              </IntentForm>
            </ActionPanel>
          )}
          {mayMarkPaid && ['NOT_PAID', 'PARTIALLY_PAID'].includes(order.paymentStatus ?? '') && (
            <ActionPanel intent="mark-paid" title="Payment">
              <p className="muted small">
                For an order paid offline (cash, bank transfer): records the balance as paid.
              </p>
              <PostButton values={{ intent: 'mark-paid' }} pendingText="Marking as paid…">
                Mark as paid
              </PostButton>
            </ActionPanel>
          )}
          {mayRefund && (
            <ActionPanel intent="refund" title="Refund">
              <IntentForm intent="refund" key={refundable(order)} values={{ paymentId: refundablePaymentId }}>
                <Field
                  label="Amount to refund"
                  name="amount"
                  inputMode="decimal"
                  className="narrow"
                  defaultValue={refundable(order)}
                  error={errorOf('refund', 'amount')}
                />
                <Field
                  label="Reason (optional)"
                  name="reason"
                  autoComplete="off"
                  error={errorOf('refund', 'reason')}
                />
                <details>
                  <summary>Items and shipping refunded</summary>
                  <div className="stack">
                    {order.lineItems.map((line) => (
                      <Field
                        key={line.id}
                        label={`${line.productName?.original ?? 'Item'} returned (of ${Math.max(0, (line.quantity ?? 0) - (line.refundQuantity ?? 0))})`}
                        name={`refund-${line.id}`}
                        type="number"
                        min={0}
                        max={Math.max(0, (line.quantity ?? 0) - (line.refundQuantity ?? 0))}
                        className="narrow"
                        defaultValue={0}
                      />
                    ))}
                    <CheckBox name="restock" defaultChecked>
                      Put returned items back in stock
                    </CheckBox>
                    <Field
                      label="Shipping refunded (optional)"
                      name="shipping"
                      inputMode="decimal"
                      className="narrow"
                      error={errorOf('refund', 'shipping')}
                    />
                  </div>
                </details>
                <ConfirmSubmit
                  answer={result}
                  label="Refund"
                  question={`Refund this amount to the buyer's ${order.currency ?? ''} payment? It cannot be undone.`}
                  confirm="Yes, refund"
                  pendingText="Refunding…"
                />
              </IntentForm>
            </ActionPanel>
          )}
          {mayCancel && (
            <ActionPanel intent="cancel" title="Cancel">
              <ConfirmAction
                label="Cancel order"
                question={`Cancel order #${order.number}? The buyer is told by e-mail.${mayRefund ? '' : ' Money paid is not refunded by canceling.'}`}
                confirm="Yes, cancel it"
                pendingText="Canceling…"
                intent="cancel"
              >
                <CheckBox name="restock" defaultChecked>
                  Put the items back in stock
                </CheckBox>
                {mayRefund && (
                  <>
                    <input type="hidden" name="paymentId" value={refundablePaymentId} />
                    <input type="hidden" name="amount" value={refundable(order)} />
                    <CheckBox name="refund" defaultChecked>
                      Refund what was paid ({refundable(order)} {order.currency})
                    </CheckBox>
                  </>
                )}
              </ConfirmAction>
            </ActionPanel>
          )}
          {mayCollect && (
            <AuthorisedPayments payments={authorised} currency={order.currency ?? ''} errorOf={errorOf} />
          )}
          <OrderInvoices order={order} invoices={invoices} mayWrite={mayWrite && open} errorOf={errorOf} />
          <OrderNotes notes={notes} mayWrite={mayWrite} errorOf={errorOf} />
          {mayWrite && open && buyerEmail && <ResendConfirmation email={buyerEmail} />}
        </div>
      </div>
    </div>
  );
}
