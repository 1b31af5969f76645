import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ItemsPanel } from '../components/data-table.tsx';
import { SubmitButton } from '../components/form.ts';
import { dateTime, money, words } from '../lib/format.ts';
import { adminError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { Outcome } from '../components/outcome.tsx';
import { Panel } from '../components/panel.tsx';

const ACTIVITY_TEXT: Record<string, string> = {
  SCHEDULED: 'Recovery e-mail scheduled',
  EMAIL_SENT: 'Recovery e-mail sent',
  EMAIL_NOT_SENT: 'Recovery e-mail could not be sent',
  NOTIFICATION_SENT: 'Notification sent',
  TASK_CREATED: 'Task created',
  AUTOMATION_SKIPPED: 'Recovery e-mails were switched off',
};

export async function abandonedCheckoutLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  return { checkout: await client.abandonedCheckouts.getAbandonedCheckout(params.abandonedCheckoutId ?? '') };
}

/** `send`: the recovery mail, now. */
export async function abandonedCheckoutAction({ params }: ActionFunctionArgs) {
  const client = requireClient();
  try {
    const checkout = await client.abandonedCheckouts.sendRecoveryEmail(params.abandonedCheckoutId ?? '');
    const last = checkout.activities.at(-1)?.type;
    return last === 'EMAIL_SENT'
      ? { done: `The recovery e-mail went to ${checkout.buyerInfo.email}.`, error: undefined }
      : {
          done: undefined,
          error: { message: 'The recovery e-mail could not be sent. Check the mail settings.' },
        };
  } catch (error) {
    return { done: undefined, error: adminError(error) };
  }
}

export function AbandonedCheckoutPage() {
  const { checkout } = useLoaderData<typeof abandonedCheckoutLoader>();
  const result = useSettledActionData<typeof abandonedCheckoutAction>();
  usePageTitle(`Abandoned checkout of ${checkout.buyerInfo.email}`);
  const name = [checkout.contactDetails?.firstName, checkout.contactDetails?.lastName]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="stack">
      <Link to="/abandoned-checkouts">← All abandoned checkouts</Link>
      <div className="panel-head">
        <h1>Abandoned checkout of {checkout.buyerInfo.email}</h1>
      </div>
      <Outcome result={result} />
      <section className="panel">
        <dl className="facts" data-testid="abandoned-summary">
          <dt>Status</dt>
          <dd data-testid="abandoned-status">{words(checkout.status)}</dd>
          {name && (
            <>
              <dt>Buyer</dt>
              <dd>{name}</dd>
            </>
          )}
          <dt>Abandoned</dt>
          <dd>{dateTime(checkout.createdDate)}</dd>
          {checkout.checkoutRecoveredDate && (
            <>
              <dt>Recovered</dt>
              <dd>{dateTime(checkout.checkoutRecoveredDate)}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>
            {checkout.totalPrice.formattedAmount ?? money(checkout.totalPrice.amount, checkout.currency)}
          </dd>
          <dt>Recovery link</dt>
          <dd className="wrap">
            <a href={checkout.checkoutUrl} target="_blank" rel="noreferrer">
              Open the checkout as the buyer would
            </a>
          </dd>
        </dl>
        {checkout.status === 'ABANDONED' && (
          <Form method="post">
            <SubmitButton className="button button-primary" pendingText="Sending…">
              Send recovery e-mail now
            </SubmitButton>
          </Form>
        )}
      </section>
      <ItemsPanel lines={checkout.lineItems} />
      <Panel id="activity-heading" title="Activity" className="panel">
        <ol className="timeline" data-testid="abandoned-activities">
          {checkout.activities.map((a, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: activities are only ever appended
            <li key={index}>
              <span>{ACTIVITY_TEXT[a.type] ?? words(a.type)}</span>{' '}
              <span className="muted small">{dateTime(a.createdDate)}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
