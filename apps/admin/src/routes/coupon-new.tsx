import { type ActionFunctionArgs, Form, Link, redirect, useLoaderData } from 'react-router';
import { CouponFields } from '../components/coupon-fields.tsx';
import { ErrorNotice, SubmitButton } from '../components/form.ts';
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
    <section className="panel stack narrow-panel" aria-labelledby="new-coupon-title">
      <p className="small">
        <Link to="/coupons">← All coupons</Link>
      </p>
      <h1 id="new-coupon-title">New coupon</h1>
      <ErrorNotice error={result?.error} />
      <Form method="post" className="stack" noValidate>
        <CouponFields currency={currency} error={result?.error} />
        <SubmitButton pendingText="Creating…">Create coupon</SubmitButton>
      </Form>
    </section>
  );
}
