import type { Order, OrderActivity, OrderInvoice, OrderPayment } from '@aisle/sdk';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateTime, words } from '../lib/format.ts';
import { ConfirmAction } from './confirm.tsx';
import { Field, SubmitButton } from './form.ts';
import { type HiddenValues, IntentForm, PostButton } from './intent-form.tsx';
import { Panel } from './panel.tsx';

/**
 * The order page's panels beside the wire's actions: payments (capture or void an authorisation), invoices
 * (create, print, send, void), notes, and the confirmation mail sent again. Each posts an `intent` to the
 * order page's action, like the fulfil and refund panels.
 */

/** A field's message from the last answer of the order action, if it was for this intent. */
export type ErrorOf = (intent: string, field: string) => string | undefined;

/** A merchant action's panel. */
export function ActionPanel({
  intent,
  title,
  children,
}: {
  intent: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Panel id={`${intent}-title`} title={title} testId={`${intent}-panel`}>
      {children}
    </Panel>
  );
}

/** How a payment was made, in a few words: `Visa •••• 4242`, `Offline`. */
function methodOf(payment: OrderPayment): string {
  const details = payment.regularPaymentDetails;
  const card = details?.creditCardDetails;
  if (card?.lastFourDigits) return `${card.brand ?? 'Card'} •••• ${card.lastFourDigits}`;
  if (details?.offlinePayment) return 'Offline';
  return words(details?.paymentMethod) === '—' ? 'Payment' : words(details?.paymentMethod);
}

const PAYMENT_STATUS: Record<string, string> = {
  AUTHORIZED: 'Authorised, not captured',
  APPROVED: 'Paid',
  VOIDED: 'Voided',
  DECLINED: 'Declined',
  PENDING: 'Waiting for the buyer',
};

/** A panel's list (`label` names it; `ordered`: an `<ol>`), or the words saying it has `none`. */
function ListOrNone<T>({
  rows,
  none,
  label,
  className = 'plain-list',
  ordered = false,
  children: row,
}: {
  rows: readonly T[];
  none: string;
  label: string;
  className?: string;
  ordered?: boolean;
  children: (item: T) => ReactNode;
}) {
  if (rows.length === 0) return <p className="muted">{none}</p>;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className} aria-label={label}>
      {rows.map((item) => row(item))}
    </List>
  );
}

/** Every payment of the order, with what it came to. */
export function PaymentsList({ payments }: { payments: OrderPayment[] }) {
  return (
    <Panel id="payments-title" title="Payments" className="panel">
      <ListOrNone rows={payments} none="No payment yet." label="Payments">
        {(p) => (
          <li key={p.id} data-testid="payment-row">
            <strong>{methodOf(p)}</strong> · {p.amount?.formattedAmount} ·{' '}
            <span data-testid="payment-row-status">{PAYMENT_STATUS[p.status ?? ''] ?? words(p.status)}</span>
            <span className="muted small"> · {dateTime(p.createdDate)}</span>
          </li>
        )}
      </ListOrNone>
    </Panel>
  );
}

/**
 * Authorised payments (delayed capture): capture all or part of each (the rest is released), or void it.
 * Only shown while one is open and the role may collect payments.
 */
export function AuthorisedPayments({
  payments,
  currency,
  errorOf,
}: {
  payments: OrderPayment[];
  currency: string;
  errorOf: ErrorOf;
}) {
  return (
    <ActionPanel intent="capture" title="Authorised payments">
      <p className="muted small">
        The buyer's card is authorised, not charged. Capture to charge it (less than authorised releases the
        rest), or void to release it all.
      </p>
      {payments.map((p) => (
        <div key={p.id} className="stack" data-testid="authorised-payment">
          <p>
            <strong>{methodOf(p)}</strong>: {p.amount?.formattedAmount} authorised
            {p.regularPaymentDetails?.authorizationDetails?.authorizedDate
              ? ` ${dateTime(p.regularPaymentDetails.authorizationDetails.authorizedDate)}`
              : ''}
          </p>
          <IntentForm intent="capture" values={{ paymentId: p.id }}>
            <Field
              label={`Amount to capture (${currency})`}
              name="amount"
              inputMode="decimal"
              className="narrow"
              defaultValue={p.amount?.amount ?? ''}
              error={errorOf('capture', 'amount')}
            />
            <SubmitButton pendingText="Capturing…">Capture payment</SubmitButton>
          </IntentForm>
          <VoidAction
            label="Void authorisation"
            question={`Void the authorisation of ${p.amount?.formattedAmount ?? 'this payment'}? The buyer is not charged and it cannot be captured afterwards.`}
            intent="void-payment"
            values={{ paymentId: p.id }}
          />
        </div>
      ))}
    </ActionPanel>
  );
}

/** Voiding an authorisation or an invoice, once the merchant confirms `question`. */
function VoidAction(props: { label: string; question: string; intent: string; values: HiddenValues }) {
  return <ConfirmAction {...props} confirm="Yes, void it" pendingText="Voiding…" />;
}

const INVOICE_TONE: Record<string, string> = {
  Paid: 'status-ok',
  Void: 'status-bad',
  Overdue: 'status-bad',
  PartialAndOverdue: 'status-bad',
};

/** The order's invoices: print view, send to the buyer, void; a new one with an optional due date. */
export function OrderInvoices({
  order,
  invoices,
  mayWrite,
  errorOf,
}: {
  order: Order;
  invoices: OrderInvoice[];
  /** The role may change orders and the order is open (a canceled or rejected order takes no invoice). */
  mayWrite: boolean;
  errorOf: ErrorOf;
}) {
  const email = order.buyerInfo?.email;
  return (
    <Panel id="invoices-title" title="Invoices" testId="invoices-panel">
      <ListOrNone rows={invoices} none="No invoice yet." label="Invoices" className="plain-list stack">
        {(invoice) => (
          <li key={invoice.id} className="invoice-item stack" data-testid="invoice">
            <p>
              <strong>Invoice {invoice.number}</strong> · {invoice.total?.formattedAmount} ·{' '}
              <span className={`status-badge ${INVOICE_TONE[invoice.status ?? ''] ?? 'status-info'}`}>
                <span data-testid="invoice-status">{words(invoice.status)}</span>
              </span>
            </p>
            <p className="muted small">
              Created {dateTime(invoice.createdDate)}
              {invoice.dueDate ? ` · due ${dateTime(invoice.dueDate)}` : ''}
              {invoice.sentDate ? ` · sent ${dateTime(invoice.sentDate)}` : ''}
            </p>
            <div className="actions">
              <Link
                className="button button-secondary"
                to={`/orders/${encodeURIComponent(order.id)}/invoices/${encodeURIComponent(invoice.id)}/print`}
              >
                Print view<span className="visually-hidden"> of invoice {invoice.number}</span>
              </Link>
              {mayWrite && invoice.status !== 'Void' && email && (
                <PostButton
                  values={{ intent: 'send-invoice', invoiceId: invoice.id }}
                  className="button button-secondary"
                  pendingText="Sending…"
                >
                  {invoice.sentDate ? 'Send again' : 'Send to buyer'}
                  <span className="visually-hidden"> invoice {invoice.number}</span>
                </PostButton>
              )}
            </div>
            {mayWrite && invoice.status !== 'Void' && (
              <VoidAction
                label={`Void invoice ${invoice.number}`}
                question={`Void invoice ${invoice.number}? It stays listed, marked void, and cannot be sent again.`}
                intent="void-invoice"
                values={{ invoiceId: invoice.id }}
              />
            )}
          </li>
        )}
      </ListOrNone>
      {mayWrite && (
        <IntentForm intent="create-invoice">
          <Field
            label="Due date (optional)"
            name="dueDate"
            type="date"
            className="narrow"
            error={errorOf('create-invoice', 'dueDate')}
          />
          <SubmitButton className="button button-secondary" pendingText="Creating…">
            Create invoice
          </SubmitButton>
        </IntentForm>
      )}
      {mayWrite && !email && (
        <p className="muted small">The order has no buyer e-mail to send invoices to.</p>
      )}
    </Panel>
  );
}

/** The merchant's notes on the order (merchant comments: never shown to the buyer), newest last. */
export function OrderNotes({
  notes,
  mayWrite,
  errorOf,
}: {
  notes: OrderActivity[];
  mayWrite: boolean;
  errorOf: ErrorOf;
}) {
  return (
    <Panel id="notes-title" title="Notes" testId="notes-panel">
      <p className="muted small">For the store's staff only: the buyer never sees them.</p>
      <ListOrNone rows={notes} none="No notes yet." label="Notes" className="plain-list stack" ordered>
        {(note) => (
          <li key={note.id} data-testid="note">
            <p className="note-text">{note.merchantComment?.message}</p>
            <p className="muted small">
              {dateTime(note.createdDate)}
              {note.authorEmail ? ` · ${note.authorEmail}` : ''}
            </p>
          </li>
        )}
      </ListOrNone>
      {mayWrite && (
        // A new key after each added note empties the field.
        <IntentForm intent="note" key={notes.length}>
          <div className="field">
            <label htmlFor="note-message">Add a note</label>
            <textarea
              id="note-message"
              name="message"
              rows={3}
              maxLength={5000}
              aria-invalid={errorOf('note', 'message') ? true : undefined}
              aria-describedby={errorOf('note', 'message') ? 'note-message-error' : undefined}
            />
            {errorOf('note', 'message') && (
              <p id="note-message-error" className="field-error">
                {errorOf('note', 'message')}
              </p>
            )}
          </div>
          <SubmitButton className="button button-secondary" pendingText="Saving…">
            Add note
          </SubmitButton>
        </IntentForm>
      )}
    </Panel>
  );
}

/** The confirmation mail, sent again to the buyer's e-mail as it is now. */
export function ResendConfirmation({ email }: { email: string }) {
  return (
    <ActionPanel intent="resend-confirmation" title="Buyer e-mails">
      <p className="muted small">
        The order confirmation goes to {email} again, with the order as it is now.
      </p>
      <PostButton
        values={{ intent: 'resend-confirmation' }}
        className="button button-secondary"
        pendingText="Sending…"
      >
        Resend confirmation e-mail
      </PostButton>
    </ActionPanel>
  );
}

/** Custom activities of the store's own, in words. */
const CUSTOM_ACTIVITIES: Record<string, string> = {
  ORDER_CONFIRMATION_RESENT: 'Confirmation e-mail sent again',
};

/** An activity of the order's history as a merchant reads it. */
export function activityText(activity: OrderActivity): string {
  const custom = activity.customActivity;
  if (activity.type === 'CUSTOM_ACTIVITY' && custom?.type) {
    const known = CUSTOM_ACTIVITIES[custom.type];
    const email = custom.additionalData?.email;
    if (known) return email ? `${known} to ${email}` : known;
    return words(custom.type);
  }
  if (activity.type === 'MERCHANT_COMMENT') return `Note: ${activity.merchantComment?.message ?? ''}`;
  const refund = activity.orderRefunded;
  if (activity.type === 'ORDER_REFUNDED' && refund) {
    const amount = refund.amount?.formattedAmount ?? refund.amount?.amount;
    return [
      amount ? `Refunded ${amount}` : 'Refunded',
      refund.manual ? ' (outside the store)' : '',
      refund.reason ? `: ${refund.reason}` : '',
    ].join('');
  }
  return words(activity.type);
}
