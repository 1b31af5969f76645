import type { Order } from '@aisle/sdk';
import { Link } from 'react-router';
import { dateTime, words } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';

/** Orders as a table: number (link), date, buyer, total, payment and fulfilment. */
export function OrderRows({ orders, empty }: { orders: Order[]; empty: string }) {
  if (orders.length === 0) return <p className="empty muted">{empty}</p>;
  return (
    <DataTable
      columns={['Order', 'Date', 'Buyer', { label: 'Total', className: 'num' }, 'Payment', 'Fulfilment']}
    >
      {orders.map((order) => (
        <tr key={order.id} data-testid="order-row">
          <th scope="row">
            <Link to={`/orders/${encodeURIComponent(order.id)}`}>#{order.number}</Link>
            {order.status === 'CANCELED' && <span className="status-badge status-bad">Canceled</span>}
          </th>
          <td>{dateTime(order.createdDate)}</td>
          <td className="wrap">{order.buyerInfo?.email ?? '—'}</td>
          <td className="num">{order.priceSummary?.total?.formattedAmount ?? '—'}</td>
          <td data-testid="order-payment">{words(order.paymentStatus)}</td>
          <td data-testid="order-fulfillment">{words(order.fulfillmentStatus)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
