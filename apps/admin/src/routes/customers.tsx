import type { Customer, MemberStatusName, Money } from '@aisle/sdk';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/form.ts';
import { PageLinks } from '../components/page-links.tsx';
import { SelectField } from '../components/select-field.tsx';
import { useSession } from '../components/staff-nav.tsx';
import { FilterForm } from '../components/filter-form.tsx';
import { money, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { can, requireClient } from '../sdk.ts';

const PAGE_SIZE = 25;
const STATUSES: MemberStatusName[] = ['ACTIVE', 'PENDING', 'BLOCKED', 'OFFLINE'];

/** Members, newest first, searched on the server (e-mail or name) and filtered by status. */
export async function customersLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const search = params.get('q')?.trim() ?? '';
  const status = STATUSES.find((s) => s === params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const found = await requireClient().customers.listCustomers({
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  });
  return { ...found, search, status, page };
}

/** The name a merchant knows a customer by. */
export const customerName = (customer: Pick<Customer, 'member'>) => {
  const profile = customer.member.identityProfile;
  return (
    [profile?.firstName, profile?.lastName].filter(Boolean).join(' ') || customer.member.email?.address || '—'
  );
};

export const spentText = (totals: Money[]) =>
  totals.length === 0 ? money(0) : totals.map((t) => money(t.amount, t.currency)).join(' + ');

export function Customers() {
  const { customers, metadata, search, status, page } = useLoaderData<typeof customersLoader>();
  const session = useSession();
  usePageTitle('Customers');
  const link = (n: number) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(status ? { status } : {}), page: String(n) })}`;
  return (
    <div className="stack">
      <div className="panel-head">
        <h1>Customers</h1>
        {can(session, 'settings.write') && (
          <Link className="button button-secondary" to="/customers/settings">
            Sign-up settings
          </Link>
        )}
      </div>
      <FilterForm role="search" shown={{ q: search, status }}>
        <Field label="Search by name or e-mail" name="q" type="search" defaultValue={search} />
        <SelectField
          label="Status"
          name="status"
          defaultValue={status ?? ''}
          options={[['', 'Any status'], ...STATUSES.map((s) => [s, words(s)] as const)]}
        />
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </FilterForm>
      <p className="muted" role="status">
        {metadata.total} {metadata.total === 1 ? 'customer' : 'customers'}
        {search ? ` matching “${search}”` : ''}
      </p>
      {customers.length === 0 ? (
        <p className="empty">No customers found.</p>
      ) : (
        <DataTable
          columns={[
            'Name',
            'E-mail',
            'Status',
            { label: 'Orders', className: 'num' },
            { label: 'Spent', className: 'num' },
          ]}
          caption="Customers"
        >
          {customers.map((customer) => (
            <tr key={customer.member.id} data-testid="customer-row">
              <th scope="row">
                <Link to={`/customers/${encodeURIComponent(customer.member.id ?? '')}`}>
                  {customerName(customer)}
                </Link>
              </th>
              <td className="wrap">{customer.member.email?.address}</td>
              <td data-testid="customer-status">{words(customer.member.status?.name)}</td>
              <td className="num" data-testid="customer-orders">
                {customer.orderCount}
              </td>
              <td className="num" data-testid="customer-spent">
                {spentText(customer.totalSpent)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <PageLinks page={page} hasNext={metadata.offset + metadata.count < metadata.total} link={link} />
    </div>
  );
}
