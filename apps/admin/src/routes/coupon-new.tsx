import { type ActionFunctionArgs, redirect, useLoaderData } from 'react-router';
import { CouponFields } from '../components/coupon-fields.tsx';
import { NewPage } from '../components/page-head.tsx';
import { couponFormError, readCouponForm } from '../lib/coupon-form.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/** The store's currency, for the amount fields' hints. */
export async function couponNewLoader() {
  const client = requireClient();
  return { currency: (await client.storeSettings.getStoreSettings()).currency };
}

export async function couponNewAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const read = readCouponForm(await request.formData());
  if ('error' in read) return { error: read.error };
  try {
    const coupon = await client.coupons.createCoupon(read.value);
    return redirect(`/coupons/${encodeURIComponent(coupon.id)}?created=1`);
  } catch (error) {
    return { error: couponFormError(error) };
  }
}

export function CouponNew() {
  const { currency } = useLoaderData<typeof couponNewLoader>();
  const result = useSettledActionData<typeof couponNewAction>();
  usePageTitle('New coupon');
  return (
    <NewPage list="/coupons" noun={['coupon', 'coupons']} error={result?.error}>
      <CouponFields currency={currency} error={result?.error} />
    </NewPage>
  );
}
