import { type Order, orders } from '@aisle/sdk';
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigation } from 'react-router';
import '../components/checkout/checkout.css';
import { fulfilmentLabel, orderStateLabel, paymentLabel, shortDate } from '../components/checkout/view.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { usePageTitle } from '../lib/title.ts';
import { requireMember } from '../resources/member.ts';
import { clientWith, storeOf } from '../sdk.ts';

const PAGE_SIZE = 10;

/** `/account/orders?cursor=…`: the member's orders, newest first, ten at a time. */
export async function accountOrdersLoader({ request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  await requireMember(store, request);
  const cursor = new URL(request.url).searchParams.get('cursor');
  const page = await (await clientWith(store, { orders })).orders.searchOrders({
    sort: [{ fieldName: 'createdDate', order: 'DESC' }],
    cursorPaging: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
  return {
    orders: page.items,
    next: page.hasNext() ? (page.cursors.next ?? undefined) : undefined,
    prev: page.hasPrev() ? (page.cursors.prev ?? undefined) : undefined,
    first: !cursor,
  };
}

function OrderRow({ order }: { order: Order }) {
  const state = orderStateLabel(order);
  const items = order.lineItems.reduce((n, line) => n + (line.quantity ?? 0), 0);
  return (
    <li className="order-row" data-testid="order-row">
      <div className="order-row-main">
        <h3>
          <Link to={`/account/orders/${encodeURIComponent(order.id)}`} className="order-link">
            Order {order.number}
          </Link>
        </h3>
        <p className="muted small">
          {shortDate(order.purchasedDate ?? order.createdDate)} · {items} {items === 1 ? 'item' : 'items'}
        </p>
      </div>
      <p className="order-row-status">
        <StatusBadge status={state} testId="order-state" />
        <span className="muted small">
          {paymentLabel(order)} · {fulfilmentLabel(order)}
        </span>
      </p>
      <p className="order-row-total" data-testid="order-total">
        {order.priceSummary?.total?.formattedAmount}
      </p>
    </li>
  );
}

export function AccountOrders() {
  const { orders, next, prev, first } = useLoaderData<typeof accountOrdersLoader>();
  const navigation = useNavigation();
  usePageTitle('Orders');
  return (
    <section className="panel" aria-labelledby="orders-title" aria-busy={navigation.state === 'loading'}>
      <h2 id="orders-title">Orders</h2>
      {orders.length === 0 ? (
        <>
          <p className="muted">{first ? 'You have not placed any orders yet.' : 'No more orders.'}</p>
          <p>
            <Link className="button button-secondary" to="/shop">
              Start shopping
            </Link>
          </p>
        </>
      ) : (
        <ul className="order-list" aria-label="Your orders">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
      {(next || prev) && (
        <nav className="pagination" aria-label="More orders">
          {prev && (
            <Link rel="prev" to={`/account/orders?cursor=${encodeURIComponent(prev)}`}>
              ← Newer orders
            </Link>
          )}
          {next && (
            <Link rel="next" to={`/account/orders?cursor=${encodeURIComponent(next)}`}>
              Older orders →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
