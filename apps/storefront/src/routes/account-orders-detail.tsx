import { AisleError } from '@aisle/sdk';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { OrderDetails } from '../components/checkout/order-details.tsx';
import { longDate, orderStateLabel } from '../components/checkout/view.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireMember } from '../resources/session.ts';
import { client } from '../sdk.ts';

/** `/account/orders/:orderId`: one of the member's orders (another's is "not found"). */
export async function accountOrderLoader({ params, request }: LoaderFunctionArgs) {
  await requireMember(request);
  try {
    return { order: await client.orders.getOrder(params.orderId ?? '') };
  } catch (error) {
    if (error instanceof AisleError && (error.status === 404 || error.status === 403)) {
      throw data({ message: 'There is no such order in your account.' }, { status: 404 });
    }
    throw error;
  }
}

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
          <span className={`status-badge status-${state.tone}`} data-testid="order-state">
            {state.text}
          </span>
        </div>
        <p className="muted">Placed {longDate(order.purchasedDate ?? order.createdDate)}</p>
      </section>
      <OrderDetails order={order} />
    </>
  );
}
