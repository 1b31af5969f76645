import type { SubscriptionCharge, SubscriptionContract } from '@aisle/sdk';
import { type ActionFunctionArgs, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { addressLines, contactName } from '../../../storefront/src/lib/address.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { everyText, SUBSCRIPTION_STATUS } from '../../../storefront/src/lib/subscriptions.ts';
import { StatusBadge } from '../../../storefront/src/components/status-badge.tsx';
import { ConfirmAction } from '../components/confirm.tsx';
import { DataTable, ItemsPanel } from '../components/data-table.tsx';
import { type ListFilter, ListPage } from '../components/list-page.tsx';
import type { ListColumn } from '../components/list-table.tsx';
import { useSession } from '../components/staff-nav.tsx';
import { adminError } from '../lib/errors.ts';
import { dateTime, words } from '../lib/format.ts';
import { countText, listData, listParams, PAGE_SIZE } from '../lib/list.ts';
import { usePageTitle } from '../lib/title.ts';
import { can, requireClient } from '../sdk.ts';
import { Outcome } from '../components/outcome.tsx';
import { linkColumn } from '../components/spec-columns.tsx';
import { Panel } from '../components/panel.tsx';

// Subscription contracts (docs/SUBSCRIPTIONS.md): the list (status filter, cursor paging, cards on a phone)
// and a contract's page (lines, buyer, billing, charge attempts, cancel after a confirmation). Reading needs
// `orders.read`, cancelling `orders.write` (the server checks both).

function SubscriptionStatus({ status }: { status: string | undefined }) {
  const shown = SUBSCRIPTION_STATUS[status ?? ''] ?? { text: words(status), tone: 'neutral' };
  return <StatusBadge status={shown} testId="subscription-status" />;
}

const FILTERS: readonly ListFilter[] = [
  {
    name: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'Any' },
      ...Object.entries(SUBSCRIPTION_STATUS).map(([value, s]) => ({ value, label: s.text })),
    ],
  },
];

const productOf = (c: SubscriptionContract) =>
  c.lineItems[0]?.productName?.original ?? c.title ?? 'Subscription';

/** `Every month`, `Every 2 weeks`, with the number of cycles when it is not renewed automatically. */
function planText(c: SubscriptionContract): string {
  const s = c.subscriptionSettings;
  const every = everyText(c);
  return s.billingCycles ? `${every}, ${s.billingCycles} charges` : `${every}, until cancelled`;
}

const nextCharge = (c: SubscriptionContract) =>
  c.nextChargeDate && (c.status === 'ACTIVE' || c.status === 'PAUSED') ? dateTime(c.nextChargeDate) : '—';

const COLUMNS: readonly ListColumn<SubscriptionContract>[] = [
  linkColumn('Subscription', 'subscriptions', productOf, { wrap: false }),
  { label: 'Buyer', className: 'wrap', cell: (c) => c.buyerInfo?.email ?? '' },
  { label: 'Status', cell: (c) => <SubscriptionStatus status={c.status} /> },
  { label: 'Plan', cell: planText },
  { label: 'Next charge', cell: (c) => <span data-testid="next-charge">{nextCharge(c)}</span> },
  { label: 'Charges paid', className: 'num', cell: (c) => String(c.billedCycles ?? 0) },
];

export async function subscriptionsLoader({ request }: LoaderFunctionArgs) {
  const params = listParams(request, ['status']);
  let query = requireClient()
    .subscriptionContracts.querySubscriptionContracts()
    .descending('createdDate')
    .limit(PAGE_SIZE)
    .cursorPaged();
  if (params.cursor) query = query.skipTo(params.cursor);
  if (params.values.status) query = query.eq('status', params.values.status);
  return listData(await query.find(), params);
}

export function Subscriptions() {
  const { params, rows, total, hasNext, pager } = useLoaderData<typeof subscriptionsLoader>();
  usePageTitle('Subscriptions');
  return (
    <ListPage<SubscriptionContract>
      title="Subscriptions"
      filters={FILTERS}
      params={params}
      columns={COLUMNS}
      rows={rows}
      rowKey={(c) => c.id}
      rowTestId="subscription-row"
      status={countText(rows.length, total, hasNext, ['subscription', 'subscriptions'])}
      empty={params.values.status ? 'No subscriptions match.' : 'No subscriptions yet.'}
      pager={pager}
    />
  );
}

export async function subscriptionLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  const id = params.subscriptionId ?? '';
  const [contract, charges] = await Promise.all([
    client.subscriptionContracts.getSubscriptionContract(id),
    client.subscriptionContracts.listSubscriptionCharges(id),
  ]);
  // Cycle 1 is paid with the buying order (no charge attempt of the scheduler) unless a free trial put it later.
  const atCheckout: SubscriptionCharge | undefined =
    contract.orderId && (contract.billedCycles ?? 0) >= 1 && !charges.some((c) => c.cycleNumber === 1)
      ? {
          id: 'checkout',
          cycleNumber: 1,
          attempt: 1,
          status: 'APPROVED',
          orderId: contract.orderId,
          createdDate: contract.createdDate ?? new Date(),
        }
      : undefined;
  return { contract, charges: atCheckout ? [atCheckout, ...charges] : charges };
}

/** `cancel`: the merchant cancels the contract (always allowed to them), with the revision read. */
export async function subscriptionAction({ params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'cancel') return { done: undefined, error: { message: 'Unknown action.' } };
  try {
    await requireClient().subscriptionContracts.cancelSubscriptionContract(
      params.subscriptionId ?? '',
      String(form.get('revision') ?? '') || undefined,
    );
    return { done: 'The subscription was cancelled. It is not charged again.', error: undefined };
  } catch (error) {
    return { done: undefined, error: adminError(error) };
  }
}

export function SubscriptionPage() {
  const { contract, charges } = useLoaderData<typeof subscriptionLoader>();
  const result = useSettledActionData<typeof subscriptionAction>();
  const session = useSession();
  const title = `Subscription to ${productOf(contract)}`;
  usePageTitle(title);
  const card = contract.paymentMethod?.card;
  const billing = contract.billingInfo as Parameters<typeof contactName>[0];
  const mayCancel =
    can(session, 'orders.write') && contract.status !== 'CANCELED' && contract.status !== 'ENDED';
  return (
    <div className="stack">
      <Link to="/subscriptions">← All subscriptions</Link>
      <div className="panel-head">
        <h1>{title}</h1>
      </div>
      <Outcome result={result} />
      <Panel id="summary-heading" title="Summary" className="panel">
        <dl className="facts" data-testid="subscription-summary">
          <dt>Status</dt>
          <dd>
            <SubscriptionStatus status={contract.status} />
          </dd>
          <dt>Plan</dt>
          <dd>
            {contract.title} · {planText(contract)}
          </dd>
          <dt>Buyer</dt>
          <dd className="wrap">{contract.buyerInfo?.email ?? contract.buyerInfo?.memberId ?? ''}</dd>
          <dt>Next charge</dt>
          <dd data-testid="next-charge">{nextCharge(contract)}</dd>
          <dt>Charges paid</dt>
          <dd>{contract.billedCycles ?? 0}</dd>
          <dt>Per charge</dt>
          <dd>{contract.priceSummary?.total?.formattedAmount ?? ''}</dd>
          {card && (
            <>
              <dt>Card</dt>
              <dd>
                {card.brand} ending {card.lastFourDigits}
              </dd>
            </>
          )}
          <dt>Started</dt>
          <dd>{dateTime(contract.createdDate)}</dd>
          {contract.orderId && (
            <>
              <dt>First order</dt>
              <dd>
                <Link to={`/orders/${encodeURIComponent(contract.orderId)}`}>Open the order</Link>
              </dd>
            </>
          )}
        </dl>
        {mayCancel && (
          <ConfirmAction
            label="Cancel subscription"
            question={`Cancel this subscription of ${contract.buyerInfo?.email ?? 'the buyer'}? It is not charged again; orders already placed stay as they are.`}
            confirm="Yes, cancel it"
            pendingText="Cancelling…"
            intent="cancel"
            values={{ revision: contract.revision ?? '' }}
          />
        )}
      </Panel>
      <ItemsPanel lines={contract.lineItems} />
      <Panel id="billing-heading" title="Billing" className="panel">
        <p data-testid="subscription-billing">
          {[contactName(billing), ...addressLines(billing?.address)].filter(Boolean).join(', ') ||
            'No billing address.'}
        </p>
      </Panel>
      <Panel id="charges-heading" title="Charges" className="panel">
        {charges.length === 0 ? (
          <p className="empty">No charges yet.</p>
        ) : (
          <DataTable columns={['Charge', 'Status', 'When', 'Order']}>
            {charges.map((c) => (
              <tr key={c.id} data-testid="charge-row">
                <th scope="row">
                  Charge {c.cycleNumber}
                  {c.attempt > 1 ? `, attempt ${c.attempt}` : ''}
                  {c.id === 'checkout' ? ' (at checkout)' : ''}
                </th>
                <td>
                  {c.status === 'APPROVED'
                    ? 'Paid'
                    : `Declined${c.declineReason ? `: ${c.declineReason}` : ''}`}
                </td>
                <td>{dateTime(c.createdDate)}</td>
                <td>
                  {c.orderId ? (
                    <Link to={`/orders/${encodeURIComponent(c.orderId)}`}>Open the order</Link>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
