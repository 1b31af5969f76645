import { type SubscriptionContract, subscriptionContracts } from '@aisle/sdk';
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ErrorNotice, Notice, SubmitButton } from '../components/form.tsx';
import { shortDate } from '../components/checkout/view.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { useSettledActionData } from '../lib/action-data.ts';
import { type ShownError, showError } from '../lib/errors.ts';
import { everyText, SUBSCRIPTION_STATUS } from '../lib/subscriptions.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireMember } from '../resources/member.ts';
import { browserClientWith, browserStore, clientWith, storeOf } from '../sdk.ts';

/**
 * `/account/subscriptions` (redirect sessions with section SUBSCRIPTIONS land here): the member's contracts
 * with their next charge date, and pause / resume / cancel as the contract allows (docs/SUBSCRIPTIONS.md).
 */
export async function accountSubscriptionsLoader({ request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  await requireMember(store, request);
  const page = await (await clientWith(store, { subscriptionContracts })).subscriptionContracts
    .querySubscriptionContracts()
    .descending('createdDate')
    .limit(50)
    .find();
  return { contracts: page.items };
}

type Action = 'pause' | 'resume' | 'cancel';
interface ActionResult {
  id: string;
  ok?: string;
  error?: ShownError;
}

const DONE: Record<Action, string> = {
  pause: 'Your subscription is paused. Nothing is charged until you resume it.',
  resume: 'Your subscription is active again.',
  cancel: 'Your subscription is cancelled.',
};

export async function accountSubscriptionsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  await requireMember(browserStore(), request);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const action = String(form.get('intent') ?? '') as Action;
  const calls = (await browserClientWith({ subscriptionContracts })).subscriptionContracts;
  const revision = String(form.get('revision') ?? '') || undefined;
  try {
    if (action === 'pause') await calls.pauseSubscriptionContract(id, revision);
    else if (action === 'resume') await calls.resumeSubscriptionContract(id, revision);
    else if (action === 'cancel') await calls.cancelSubscriptionContract(id, revision);
    else return { id, error: { message: 'This action is not known.' } };
    return { id, ok: DONE[action] };
  } catch (error) {
    return { id, error: showError(error) };
  }
}

function ContractRow({
  contract,
  result,
}: {
  contract: SubscriptionContract;
  result: ActionResult | undefined;
}) {
  const status = SUBSCRIPTION_STATUS[contract.status ?? 'ACTIVE'] ?? {
    text: contract.status ?? '',
    tone: 'neutral',
  };
  const line = contract.lineItems[0];
  const name = line?.productName?.translated ?? line?.productName?.original ?? contract.title;
  const cycles = contract.subscriptionSettings.billingCycles;
  const canCancel = contract.subscriptionSettings.enableCustomerCancellation !== false;
  const titleId = `subscription-${contract.id}`;
  const button = (intent: Action, label: string, className = 'button button-secondary') => (
    <Form method="post" className="inline-form">
      <input type="hidden" name="id" value={contract.id} />
      <input type="hidden" name="revision" value={contract.revision ?? ''} />
      <SubmitButton name="intent" value={intent} className={className} pendingText={`${label}…`}>
        {label}
      </SubmitButton>
    </Form>
  );
  return (
    <li className="order-row" data-testid="subscription-row" aria-labelledby={titleId}>
      <div className="order-row-main">
        <h3 id={titleId}>{name}</h3>
        <p className="muted small">
          {contract.title} · {everyText(contract)}
          {cycles ? ` · ${contract.billedCycles ?? 0} of ${cycles} paid` : ''}
        </p>
        <p className="small" data-testid="next-charge">
          {contract.nextChargeDate && (contract.status === 'ACTIVE' || contract.status === 'PAUSED')
            ? `Next charge: ${shortDate(contract.nextChargeDate)}${
                contract.priceSummary?.total?.formattedAmount
                  ? `, ${contract.priceSummary.total.formattedAmount}`
                  : ''
              }`
            : 'No further charges'}
        </p>
      </div>
      <p className="order-row-status">
        <StatusBadge status={status} testId="subscription-status" />
      </p>
      <div className="row-actions">
        {contract.status === 'ACTIVE' && button('pause', 'Pause')}
        {(contract.status === 'PAUSED' || contract.status === 'SUSPENDED') && button('resume', 'Resume')}
        {canCancel &&
          contract.status !== 'CANCELED' &&
          contract.status !== 'ENDED' &&
          button('cancel', 'Cancel subscription')}
      </div>
      {result?.id === contract.id && result.ok && <Notice tone="success">{result.ok}</Notice>}
      {result?.id === contract.id && <ErrorNotice error={result.error} />}
    </li>
  );
}

export function AccountSubscriptions() {
  const { contracts } = useLoaderData<typeof accountSubscriptionsLoader>();
  const result = useSettledActionData<ActionResult>();
  usePageTitle('Subscriptions');
  return (
    <section className="panel" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">Subscriptions</h2>
      {contracts.length === 0 ? (
        <>
          <p className="muted">
            You have no subscriptions yet. Products you can subscribe to say so on their page.
          </p>
          <p>
            <Link className="button button-secondary" to="/shop">
              Continue shopping
            </Link>
          </p>
        </>
      ) : (
        <ul className="order-list">
          {contracts.map((c) => (
            <ContractRow key={c.id} contract={c} result={result} />
          ))}
        </ul>
      )}
    </section>
  );
}
