import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { addressLines } from '../../../storefront/src/lib/address.ts';
import { dateTime, words } from '../lib/format.ts';
import { Fact } from '../components/panel.tsx';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { Amount, Contact, OrderLines } from './order.tsx';
import { AddressLines } from '../../../storefront/src/components/address-lines.tsx';

/**
 * An invoice as a clean printable page, outside the admin's header and menus: the seller (the store's
 * address and business address), the invoice's number and dates, who is billed, the lines and totals, and
 * what is still due. The print and back buttons are not printed.
 */
export async function invoicePrintLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  const orderId = params.orderId ?? '';
  const [order, invoices, settings] = await Promise.all([
    client.orders.getOrder(orderId),
    client.orders.listInvoices(orderId),
    client.storeSettings.getStoreSettings(),
  ]);
  const invoice = invoices.find((i) => i.id === params.invoiceId);
  if (!invoice) throw new Response('This order has no such invoice.', { status: 404 });
  return { order, invoice, seller: addressLines(settings.businessAddress) };
}

export function InvoicePrint() {
  const { order, invoice, seller } = useLoaderData<typeof invoicePrintLoader>();
  usePageTitle(`Invoice ${invoice.number ?? ''}`);
  const store = window.location.host;
  return (
    <main id="main" className="invoice-sheet stack">
      <div className="actions no-print">
        <Link to={`/orders/${encodeURIComponent(order.id)}`}>← Order #{order.number}</Link>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="invoice-head">
        <div>
          <h1>Invoice {invoice.number}</h1>
          {invoice.status === 'Void' && (
            <p className="invoice-void" data-testid="invoice-void">
              Void
            </p>
          )}
        </div>
        <address className="invoice-seller">
          <strong>{store}</strong>
          <AddressLines lines={seller} />
        </address>
      </header>
      <dl className="facts invoice-facts">
        <Fact label="Invoice date">{dateTime(invoice.createdDate)}</Fact>
        {invoice.dueDate && (
          <Fact label="Due" testId="invoice-due">
            {dateTime(invoice.dueDate)}
          </Fact>
        )}
        <Fact label="Order">
          #{order.number}, {dateTime(order.purchasedDate ?? order.createdDate)}
        </Fact>
        <Fact label="Status">{words(invoice.status)}</Fact>
      </dl>
      <section className="order-facts" aria-label="Billed to and shipped to">
        <Contact title="Billed to" contact={order.billingInfo} testId="invoice-billing" />
        <Contact
          title="Shipped to"
          contact={order.shippingInfo?.logistics?.shippingDestination ?? order.recipientInfo}
          testId="invoice-shipping"
        />
        {order.buyerInfo?.email && (
          <div className="order-fact">
            <h3>E-mail</h3>
            <p>{order.buyerInfo.email}</p>
          </div>
        )}
      </section>
      <section aria-label="Items">
        <OrderLines order={order}>
          <Amount label="Paid" price={order.balanceSummary?.paid} testId="invoice-paid" />
          <Amount
            label="Amount due"
            price={order.balanceSummary?.balance}
            testId="invoice-due-amount"
            always
          />
        </OrderLines>
      </section>
    </main>
  );
}
