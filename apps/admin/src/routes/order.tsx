import type { AddressWithContact, Order, Price } from '@aisle/sdk';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { addressLines, contactName } from '../../../storefront/src/lib/address.ts';
import { ConfirmAction } from '../components/confirm.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { adminError, type ShownError } from '../lib/errors.ts';
import { dateTime, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { type AdminClient, requireClient } from '../sdk.ts';

/** The order, and the payment a refund would go back to (none when nothing can be refunded). */
export async function orderLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  const order = await client.orders.getOrder(params.orderId ?? '');
  let refundablePaymentId: string | undefined;
  if (['PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED'].includes(order.paymentStatus ?? '')) {
    const { refundabilities } = await client.paymentsCollector.getRefundabilityStatus(order.id);
    refundablePaymentId = refundabilities?.find((r) => r.refundabilityStatus === 'REFUNDABLE')?.paymentId;
  }
  return { order, refundablePaymentId };
}

type Intent = 'fulfil' | 'mark-paid' | 'cancel' | 'refund';

const DONE: Record<Intent, string> = {
  fulfil: 'The order is marked as fulfilled; the buyer was sent the tracking details.',
  'mark-paid': 'The order is marked as paid.',
  cancel: 'The order was canceled.',
  refund: 'The refund was made.',
};

async function act(client: AdminClient, id: string, intent: Intent, form: FormData): Promise<void> {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  switch (intent) {
    case 'fulfil': {
      const trackingInfo = {
        ...(text('trackingNumber') ? { trackingNumber: text('trackingNumber') } : {}),
        ...(text('shippingProvider') ? { shippingProvider: text('shippingProvider') } : {}),
        ...(text('trackingLink') ? { trackingLink: text('trackingLink') } : {}),
      };
      await client.orders.createFulfillment(id, { trackingInfo });
      return;
    }
    case 'mark-paid':
      await client.paymentsCollector.markAsPaid(id);
      return;
    case 'cancel':
      await client.orders.cancelOrder(id, {
        restockAllItems: form.get('restock') === 'on',
        sendOrderCanceledEmail: true,
      });
      return;
    case 'refund':
      await client.paymentsCollector.triggerRefund(
        id,
        [{ paymentId: text('paymentId'), amount: text('amount') }],
        {
          ...(text('reason') ? { details: { reason: text('reason') } } : {}),
          sideEffects: { restockInfo: { type: 'NO_ITEMS' }, sendOrderRefundedEmail: true },
        },
      );
  }
}

/** One merchant action per post (`intent`); the loader then reads the order again. */
export async function orderAction({ request, params }: ActionFunctionArgs) {
  const client = requireClient();
  const form = await request.formData();
  const intent = String(form.get('intent')) as Intent;
  if (!(intent in DONE)) return { intent, error: { message: 'Unknown action.' } as ShownError };
  try {
    await act(client, params.orderId ?? '', intent, form);
  } catch (error) {
    const shown = adminError(error);
    // Field violations of the calls name their wire path (`fulfillment.trackingInfo.trackingLink`, `payments[0].amount`).
    const fields = Object.fromEntries(
      Object.entries(shown.fields ?? {}).map(([path, message]) => [path.split('.').pop() ?? path, message]),
    );
    return { intent, error: { ...shown, fields } };
  }
  return { intent, done: DONE[intent] };
}

function Contact({
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
  ].filter(Boolean);
  return (
    <div className="order-fact">
      <h3>{title}</h3>
      {lines.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <address data-testid={testId}>
          {lines.map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
      )}
    </div>
  );
}

/** A line of the totals; zero discounts, fees and refunds are left out. */
function Amount({
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

/** What can still be refunded: paid minus refunded. */
function refundable(order: Order): string {
  const paid = Number(order.balanceSummary?.paid?.amount ?? order.priceSummary?.total?.amount ?? 0);
  const refunded = Number(order.balanceSummary?.refunded?.amount ?? 0);
  return Math.max(0, paid - refunded).toFixed(2);
}

/** A merchant action's form. */
function ActionPanel({ intent, title, children }: { intent: Intent; title: string; children: ReactNode }) {
  return (
    <section className="panel stack" aria-labelledby={`${intent}-title`} data-testid={`${intent}-panel`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The outcome of the last action, under the order's header: its panel may be gone (a fulfilled order has no
 * fulfil form), so it is shown here and scrolled into view.
 */
function ActionResult() {
  const result = useActionData<typeof orderAction>();
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
  const { order, refundablePaymentId } = useLoaderData<typeof orderLoader>();
  const result = useActionData<typeof orderAction>();
  const errorOf = (intent: Intent, field: string) =>
    result?.intent === intent && 'error' in result ? result.error?.fields?.[field] : undefined;
  usePageTitle(`Order #${order.number ?? ''}`);
  const canceled = order.status === 'CANCELED';
  const summary = order.priceSummary;
  const destination = order.shippingInfo?.logistics?.shippingDestination ?? order.recipientInfo;
  return (
    <div className="stack">
      <p className="small">
        <Link to="/orders">← All orders</Link>
      </p>
      <div className="panel-head">
        <h1>Order #{order.number}</h1>
        <span
          className={`status-badge ${canceled ? 'status-bad' : 'status-info'}`}
          data-testid="order-status"
        >
          {words(order.status)}
        </span>
      </div>
      <p className="muted">Placed {dateTime(order.purchasedDate ?? order.createdDate)}</p>
      <ActionResult />
      <dl className="facts">
        <div>
          <dt>Payment</dt>
          <dd data-testid="payment-status">{words(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt>Fulfilment</dt>
          <dd data-testid="fulfillment-status">{words(order.fulfillmentStatus)}</dd>
        </div>
        <div>
          <dt>Buyer</dt>
          <dd data-testid="buyer-email">{order.buyerInfo?.email ?? '—'}</dd>
        </div>
      </dl>
      <div className="order-columns">
        <div className="stack">
          <section className="panel" aria-labelledby="lines-title">
            <h2 id="lines-title">Items</h2>
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
                  </th>
                  <td className="num">{line.quantity}</td>
                  <td className="num">{line.price?.formattedAmount}</td>
                  <td className="num">{line.totalPriceAfterTax?.formattedAmount}</td>
                </tr>
              ))}
            </DataTable>
            <dl className="totals">
              <Amount label="Subtotal" price={summary?.subtotal} testId="total-subtotal" always />
              <Amount label="Discount" price={summary?.discount} testId="total-discount" />
              <Amount label="Shipping" price={summary?.shipping} testId="total-shipping" always />
              <Amount label="Tax" price={summary?.tax} testId="total-tax" />
              <Amount label="Total" price={summary?.total} testId="total-total" always />
              <Amount label="Refunded" price={order.balanceSummary?.refunded} testId="total-refunded" />
            </dl>
          </section>
          <section className="panel order-facts" aria-labelledby="addresses-title">
            <h2 id="addresses-title">Buyer and addresses</h2>
            <Contact title="Shipping to" contact={destination} testId="shipping-address" />
            <Contact title="Billing address" contact={order.billingInfo} testId="billing-address" />
            {order.shippingInfo?.title && (
              <div className="order-fact">
                <h3>Delivery</h3>
                <p>{order.shippingInfo.title}</p>
              </div>
            )}
          </section>
          <section className="panel" aria-labelledby="shipments-title">
            <h2 id="shipments-title">Shipments</h2>
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
          </section>
          <section className="panel" aria-labelledby="activities-title">
            <h2 id="activities-title">Activity</h2>
            <ol className="plain-list activities">
              {(order.activities ?? []).map((a, i) => (
                <li key={a.id ?? i} data-testid="activity">
                  <span className="muted small">{dateTime(a.createdDate)}</span> {words(a.type)}
                  {a.merchantComment?.message && <span>: {a.merchantComment.message}</span>}
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className="stack">
          {!canceled && order.fulfillmentStatus !== 'FULFILLED' && (
            <ActionPanel intent="fulfil" title="Fulfil">
              <Form method="post" className="stack" noValidate>
                <input type="hidden" name="intent" value="fulfil" />
                <Field
                  label="Tracking number"
                  name="trackingNumber"
                  autoComplete="off"
                  error={errorOf('fulfil', 'trackingNumber')}
                />
                <Field
                  label="Carrier"
                  name="shippingProvider"
                  autoComplete="off"
                  error={errorOf('fulfil', 'shippingProvider')}
                />
                <Field
                  label="Tracking link"
                  name="trackingLink"
                  type="url"
                  autoComplete="off"
                  error={errorOf('fulfil', 'trackingLink')}
                />
                <SubmitButton pendingText="Fulfilling…">Mark as fulfilled</SubmitButton>
              </Form>
            </ActionPanel>
          )}
          {!canceled && ['NOT_PAID', 'PARTIALLY_PAID'].includes(order.paymentStatus ?? '') && (
            <ActionPanel intent="mark-paid" title="Payment">
              <p className="muted small">
                For an order paid offline (cash, bank transfer): records the balance as paid.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="mark-paid" />
                <SubmitButton pendingText="Marking as paid…">Mark as paid</SubmitButton>
              </Form>
            </ActionPanel>
          )}
          {refundablePaymentId && (
            <ActionPanel intent="refund" title="Refund">
              <Form method="post" className="stack" noValidate key={refundable(order)}>
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="paymentId" value={refundablePaymentId} />
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
                <SubmitButton pendingText="Refunding…">Refund</SubmitButton>
              </Form>
            </ActionPanel>
          )}
          {!canceled && (
            <ActionPanel intent="cancel" title="Cancel">
              <ConfirmAction
                label="Cancel order"
                question={`Cancel order #${order.number}? The buyer is told by e-mail. Money paid is not refunded by canceling.`}
                confirm="Yes, cancel it"
                pendingText="Canceling…"
                intent="cancel"
              >
                <label className="check">
                  <input type="checkbox" name="restock" defaultChecked />
                  Put the items back in stock
                </label>
              </ConfirmAction>
            </ActionPanel>
          )}
        </div>
      </div>
    </div>
  );
}
