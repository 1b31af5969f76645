import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { SubmitButton } from '../components/form.ts';
import { DeletedNotice, ListHead } from '../components/page-head.tsx';
import { PageLinks } from '../components/page-links.tsx';
import { discountText, usesText, validityText } from '../lib/coupon-form.ts';
import { adminError } from '../lib/errors.ts';
import { plural } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { Outcome } from '../components/outcome.tsx';

const PAGE_SIZE = 20;

/** Every coupon, newest first, 20 a page (`page` is one-based), with the store's currency for amounts. */
export async function couponsLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  const [found, settings] = await Promise.all([
    client.coupons
      .queryCoupons()
      .descending('createdDate')
      .limit(PAGE_SIZE)
      .skip((page - 1) * PAGE_SIZE)
      .find(),
    client.storeSettings.getStoreSettings(),
  ]);
  return {
    coupons: found.items,
    total: found.totalCount,
    hasNext: found.hasNext(),
    page,
    currency: settings.currency,
  };
}

/** `toggle` activates or deactivates the coupon `couponId` (`active` is what it becomes). */
export async function couponsAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const form = await request.formData();
  const active = form.get('active') === 'true';
  try {
    const coupon = await client.coupons.updateCoupon(String(form.get('couponId') ?? ''), { active });
    return { error: undefined, done: `${coupon.code} is ${active ? 'active' : 'inactive'} now.` };
  } catch (error) {
    return { error: adminError(error), done: undefined };
  }
}

/** Products by name for the coupon form's picker (`q`), ids and names only. */
export async function couponProductsLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  const found = await client.products.queryProducts().eq('search', q).limit(10).find();
  return { q, products: found.items.map((p) => ({ id: p.id, name: p.name ?? p.id })) };
}

export function Coupons() {
  const { coupons, total, hasNext, page, currency } = useLoaderData<typeof couponsLoader>();
  const result = useSettledActionData<typeof couponsAction>();
  usePageTitle('Coupons');
  return (
    <div className="stack">
      <ListHead title="Coupons" newLink="/coupons/new" newLabel="New coupon" />
      <DeletedNotice one="coupon" acted={result !== undefined} />
      <Outcome result={result} />
      <p className="muted" role="status">
        {total === undefined ? '' : plural(total, 'coupon')}
      </p>
      {coupons.length === 0 ? (
        <p className="empty">No coupons yet.</p>
      ) : (
        <DataTable
          columns={['Code', 'Name', 'Discount', 'Status', { label: 'Uses', className: 'num' }, 'Valid']}
        >
          {coupons.map((coupon) => (
            <tr key={coupon.id} data-testid="coupon-row" className={coupon.active ? undefined : 'quiet'}>
              <th scope="row">
                <Link to={`/coupons/${encodeURIComponent(coupon.id)}`}>{coupon.code}</Link>
              </th>
              <td className="wrap">{coupon.name}</td>
              <td className="wrap" data-testid="coupon-discount">
                {discountText(coupon, currency)}
              </td>
              <td>
                <Form method="post" className="row-action">
                  <input type="hidden" name="active" value={String(!coupon.active)} />
                  <span data-testid="coupon-status">{coupon.active ? 'Active' : 'Inactive'}</span>
                  <SubmitButton
                    className="link-button"
                    name="couponId"
                    value={coupon.id}
                    pendingText="Saving…"
                  >
                    {coupon.active ? 'Deactivate' : 'Activate'}
                    <span className="visually-hidden"> {coupon.code}</span>
                  </SubmitButton>
                </Form>
              </td>
              <td className="num" data-testid="coupon-uses">
                {usesText(coupon)}
              </td>
              <td>{validityText(coupon)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <PageLinks page={page} hasNext={hasNext} link={(n) => `?page=${n}`} />
    </div>
  );
}
