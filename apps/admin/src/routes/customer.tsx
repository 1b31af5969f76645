import type { CustomValue } from '@aisle/sdk';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
} from 'react-router';
import { ConfirmAction } from '../components/confirm.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorNotice, Notice, SubmitButton } from '../components/form.ts';
import { useSession } from '../components/staff-nav.tsx';
import { adminError } from '../lib/errors.ts';
import { dateTime, money, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { can, requireClient } from '../sdk.ts';
import { customerName, spentText } from './customers.tsx';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { Panel } from '../components/panel.tsx';

/** One customer: contact, addresses, custom fields, sign-in factors, orders; approve, block, delete. */
export async function customerLoader({ params }: LoaderFunctionArgs) {
  return { customer: await requireClient().customers.getCustomer(params.customerId ?? '') };
}

export async function customerAction({ request, params }: ActionFunctionArgs) {
  const client = requireClient().customers;
  const id = params.customerId ?? '';
  const intent = String((await request.formData()).get('intent') ?? '');
  try {
    if (intent === 'approve') await client.approveMember(id);
    else if (intent === 'block') await client.blockMember(id);
    else if (intent === 'unblock') await client.unblockMember(id);
    else if (intent === 'delete') {
      await client.deleteMember(id);
      return redirect('/customers?deleted=1');
    }
    return {
      done: {
        approve: 'Approved: they can sign in now.',
        block: 'Blocked: they cannot sign in.',
        unblock: 'Unblocked.',
      }[intent],
    };
  } catch (error) {
    return { error: adminError(error) };
  }
}

/** A custom field's value as text (one of its members is set). */
function customValueText(value: CustomValue | undefined): string {
  if (!value) return '';
  if (value.strValue !== undefined) return value.strValue;
  if (value.numValue !== undefined) return String(value.numValue);
  if (value.boolValue !== undefined) return value.boolValue ? 'Yes' : 'No';
  if (value.dateValue) return dateTime(value.dateValue);
  if (value.listValue) return value.listValue.value.map(customValueText).join(', ');
  if (value.mapValue)
    return Object.entries(value.mapValue.value)
      .map(([k, v]) => `${k}: ${customValueText(v)}`)
      .join(', ');
  return '';
}

const addressText = (a: Record<string, unknown> | undefined) =>
  a
    ? [a.addressLine, a.addressLine2, a.postalCode, a.city, a.subdivision, a.country]
        .filter(Boolean)
        .join(', ')
    : '';

export function CustomerPage() {
  const { customer } = useLoaderData<typeof customerLoader>();
  const result = useSettledActionData<typeof customerAction>();
  const session = useSession();
  const name = customerName(customer);
  usePageTitle(name);
  const member = customer.member;
  const profile = member.identityProfile ?? {};
  const status = member.status?.name;
  const mayChange = can(session, 'customers.write');
  return (
    <div className="stack">
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1>{name}</h1>
      {result && 'done' in result && result.done && <Notice tone="success">{result.done}</Notice>}
      <ErrorNotice error={result && 'error' in result ? result.error : undefined} />
      <Panel id="contact-title" title="Contact">
        <dl className="facts">
          <dt>E-mail</dt>
          <dd>
            {member.email?.address} {member.email?.isVerified ? '(verified)' : '(not verified)'}
          </dd>
          <dt>Status</dt>
          <dd data-testid="member-status">
            {words(status)}
            {member.status?.reasons?.length ? ` (${member.status.reasons.map(words).join(', ')})` : ''}
          </dd>
          <dt>Member since</dt>
          <dd>{dateTime(member.createdDate)}</dd>
          <dt>Last sign-in</dt>
          <dd>{dateTime(customer.lastLoginDate) || '—'}</dd>
          <dt>Orders</dt>
          <dd data-testid="member-orders">
            {customer.orderCount}, {spentText(customer.totalSpent)} spent
          </dd>
          <dt>Sign-in factors</dt>
          <dd>
            {(member.factors ?? [])
              .map((f) => `${words(f.type)} (${words(f.status).toLowerCase()})`)
              .join(', ') || 'None'}
          </dd>
          {profile.phones?.length ? (
            <>
              <dt>Phones</dt>
              <dd>{profile.phones.join(', ')}</dd>
            </>
          ) : null}
          {profile.company ? (
            <>
              <dt>Company</dt>
              <dd>{profile.company}</dd>
            </>
          ) : null}
        </dl>
        {mayChange && (
          <div className="actions">
            {(status === 'PENDING' || status === 'OFFLINE') && (
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <SubmitButton pendingText="Approving…">Approve</SubmitButton>
              </Form>
            )}
            {status === 'BLOCKED' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <SubmitButton className="button button-secondary" pendingText="Unblocking…">
                  Unblock
                </SubmitButton>
              </Form>
            ) : (
              <ConfirmAction
                label="Block"
                question={`Block ${name}? They are signed out and cannot sign in until you unblock them.`}
                confirm="Block the customer"
                pendingText="Blocking…"
                intent="block"
              />
            )}
            <ConfirmAction
              label="Delete"
              question={`Delete ${name}? Their account goes (their orders stay), and the e-mail address can register again.`}
              confirm="Delete the customer"
              pendingText="Deleting…"
              intent="delete"
            />
          </div>
        )}
      </Panel>
      <Panel id="addresses-title" title="Addresses">
        {profile.addresses?.length ? (
          <ul>
            {profile.addresses.map((a) => (
              <li key={a.id ?? addressText(a.address as Record<string, unknown>)}>
                {a.tag ? <strong>{words(a.tag)}: </strong> : null}
                {addressText(a.address as Record<string, unknown>)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No saved addresses.</p>
        )}
      </Panel>
      <Panel id="fields-title" title="Custom fields">
        {profile.customFields?.length ? (
          <dl className="facts" data-testid="custom-fields">
            {profile.customFields.map((f) => (
              <div key={f.name}>
                <dt>{f.name}</dt>
                <dd>{customValueText(f.value)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">None.</p>
        )}
      </Panel>
      <Panel id="orders-title" title="Orders">
        {customer.orders.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <DataTable
            columns={[
              'Order',
              'Placed',
              'Status',
              'Payment',
              'Fulfilment',
              { label: 'Total', className: 'num' },
            ]}
          >
            {customer.orders.map((order) => (
              <tr key={order.id} data-testid="customer-order">
                <th scope="row">
                  <Link to={`/orders/${encodeURIComponent(order.id)}`}>#{order.number}</Link>
                </th>
                <td>{dateTime(order.createdDate)}</td>
                <td>{words(order.status)}</td>
                <td>{words(order.paymentStatus)}</td>
                <td>{words(order.fulfillmentStatus)}</td>
                <td className="num">{money(order.total.amount, order.total.currency)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
