import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { CouponFields } from '../components/coupon-fields.tsx';
import { ErrorNotice, Notice } from '../components/form.ts';
import { BackLink, CreatedNotice, DeleteAction, EditForm, StatusHeading } from '../components/page-head.tsx';
import { couponFormError, discountText, readCouponForm, usesText, validityText } from '../lib/coupon-form.ts';
import { deleteThenList } from '../lib/delete-record.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/** The coupon, the names of the products it is limited to, and the store's currency. */
export async function couponEditLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  const [coupon, settings] = await Promise.all([
    client.coupons.getCoupon(params.couponId ?? ''),
    client.storeSettings.getStoreSettings(),
  ]);
  const ids = coupon.scope?.type === 'SPECIFIC_PRODUCTS' ? (coupon.scope.productIds ?? []) : [];
  const products = await Promise.all(
    ids.map((id) =>
      client.products.getProduct(id).then(
        (p) => ({ id, name: p.name ?? id }),
        // A product deleted since: still listed, so saving keeps or drops it knowingly.
        () => ({ id, name: `Deleted product ${id}` }),
      ),
    ),
  );
  return { coupon, products, currency: settings.currency };
}

/** `save` writes every field (refusing a stale page); `delete` deletes the coupon. */
export async function couponEditAction({ request, params }: ActionFunctionArgs) {
  const client = requireClient();
  const id = params.couponId ?? '';
  const form = await request.formData();
  if (form.get('intent') === 'delete')
    return deleteThenList('/coupons', form, () => client.coupons.deleteCoupon(id));
  const read = readCouponForm(form);
  if ('error' in read) return { error: read.error, saved: false };
  const { percentage, fixedAmount, ...rest } = read.value;
  const revision = String(form.get('revision') ?? '');
  try {
    await client.coupons.updateCoupon(id, {
      ...rest,
      percentage: percentage ?? null,
      fixedAmount: fixedAmount ?? null,
      ...(revision ? { revision } : {}),
    });
  } catch (error) {
    return { error: couponFormError(error), saved: false };
  }
  return { error: undefined, saved: true };
}

export function CouponEdit() {
  const { coupon, products, currency } = useLoaderData<typeof couponEditLoader>();
  const result = useSettledActionData<typeof couponEditAction>();
  usePageTitle(`Coupon ${coupon.code ?? ''}`);
  return (
    <section className="panel stack narrow-panel" aria-labelledby="coupon-title">
      <BackLink to="/coupons">All coupons</BackLink>
      <StatusHeading
        title={`Coupon ${coupon.code ?? ''}`}
        id="coupon-title"
        status={coupon.active ? 'Active' : 'Inactive'}
        tone={coupon.active ? 'status-ok' : 'status-warn'}
        testId="coupon-status"
      />
      <p className="muted" data-testid="coupon-summary">
        {discountText(coupon, currency)} · used {usesText(coupon)} · {validityText(coupon)}
      </p>
      <CreatedNotice one="coupon" acted={result !== undefined} />
      {result?.saved && <Notice tone="success">Saved.</Notice>}
      <ErrorNotice error={result?.error} />
      {/* A new key per revision: the fields show what was saved. */}
      <EditForm key={coupon.revision}>
        <input type="hidden" name="revision" value={coupon.revision ?? ''} />
        <CouponFields coupon={coupon} products={products} currency={currency} error={result?.error} />
      </EditForm>
      <DeleteAction
        one="coupon"
        name={coupon.code ?? ''}
        question={`Delete the coupon “${coupon.code}”? Shoppers will no longer be able to use it. This cannot be undone.`}
      />
    </section>
  );
}
