import { AisleError, orders } from '@aisle/sdk';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { OrderDetails } from '../components/checkout/order-details.tsx';
import { longDate, orderStateLabel } from '../components/checkout/view.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { metaFrom, type RouteHandle } from '../lib/meta.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireMember } from '../resources/member.ts';
import { clientWith, storeOf } from '../sdk.ts';

/** `/account/orders/:orderId`: one of the member's orders (another's is "not found"). */
export async function accountOrderLoader({ params, request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  await requireMember(store, request);
  try {
    return { order: await (await clientWith(store, { orders })).orders.getOrder(params.orderId ?? '') };
  } catch (error) {
    if (error instanceof AisleError && (error.status === 404 || error.status === 403)) {
      throw data({ message: 'There is no such order in your account.' }, { status: 404 });
    }
    throw error;
  }
}

export const accountOrderHandle: RouteHandle = {
  meta: metaFrom<Awaited<ReturnType<typeof accountOrderLoader>>>(({ order }) => ({
    title: `Order ${order.number ?? ''}`.trim(),
    noindex: true,
  })),
};

export function AccountOrder() {
  const { order } = useLoaderData<typeof accountOrderLoader>();
  const state = orderStateLabel(order);
  usePageTitle(`Order ${order.number ?? ''}`.trim());
  return (
    <>
      <section className="panel" aria-labelledby="order-title">
        <p className="small">
          <Link to="/account/orders">← All orders</Link>
        </p>
        <div className="panel-head">
          <h2 id="order-title">Order {order.number}</h2>
          <StatusBadge status={state} testId="order-state" />
        </div>
        <p className="muted">Placed {longDate(order.purchasedDate ?? order.createdDate)}</p>
      </section>
      <OrderDetails order={order} />
    </>
  );
}
