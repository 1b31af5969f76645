import type { AddressWithContact, Fulfillment, Order } from '@aisle/sdk';
import { nonZero } from '../../resources/cart.ts';
import { figuresOf, SummaryLines, SummaryTotals } from './order-summary.tsx';
import { addressLines, contactName, fulfilmentLabel, longDate, paymentLabel } from './view.ts';
import { AddressLines } from '../address-lines.tsx';

function AddressCard({ title, contact }: { title: string; contact: AddressWithContact | undefined }) {
  const lines = addressLines(contact?.address);
  if (lines.length === 0) return null;
  const name = contactName(contact);
  return (
    <div className="order-fact">
      <h3>{title}</h3>
      <address>
        {name && (
          <>
            {name}
            <br />
          </>
        )}
        <AddressLines lines={lines} />
      </address>
    </div>
  );
}

/** The parcels sent so far, with their tracking numbers and links. */
function Shipments({ fulfillments }: { fulfillments: Fulfillment[] }) {
  const tracked = fulfillments.filter((f) => f.trackingInfo?.trackingNumber || f.trackingInfo?.trackingLink);
  if (tracked.length === 0) return null;
  return (
    <ul className="shipments" aria-label="Shipments">
      {tracked.map((f, i) => {
        const info = f.trackingInfo ?? {};
        return (
          <li key={f.id ?? i} data-testid="shipment">
            {info.shippingProvider && <span>{info.shippingProvider} </span>}
            {info.trackingNumber && (
              <span>
                tracking number <strong data-testid="tracking-number">{info.trackingNumber}</strong>
              </span>
            )}
            {info.trackingLink && (
              <>
                {' · '}
                <a
                  href={info.trackingLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="tracking-link"
                >
                  Track your parcel
                  <span className="visually-hidden">
                    {info.trackingNumber ? ` ${info.trackingNumber}` : ''} (opens in a new tab)
                  </span>
                </a>
              </>
            )}
            {f.createdDate && <span className="muted small"> · sent {longDate(f.createdDate)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Everything about one order a shopper may see: items (with download links), totals, delivery and tracking,
 * payment, and the addresses.
 */
export function OrderDetails({ order }: { order: Order }) {
  const shipping = order.shippingInfo;
  const logistics = shipping?.logistics;
  const pickup = logistics?.pickupDetails;
  const destination = logistics?.shippingDestination ?? order.recipientInfo;
  const balance = order.balanceSummary?.balance;
  const ships = order.lineItems.some((line) => line.physicalProperties?.shippable === true);
  return (
    <div className="order-details">
      <section className="panel" aria-labelledby="order-items-title">
        <h2 id="order-items-title">Items</h2>
        <SummaryLines lines={order.lineItems} downloads />
        <SummaryTotals
          figures={figuresOf(order.priceSummary)}
          appliedDiscounts={order.appliedDiscounts}
          shippingTitle={shipping?.title}
          taxIncluded={order.taxIncludedInPrices}
        />
      </section>
      <section className="panel order-facts" aria-labelledby="order-facts-title">
        <h2 id="order-facts-title" className="visually-hidden">
          Delivery and payment
        </h2>
        <div className="order-fact">
          <h3>Payment</h3>
          <p data-testid="payment-status">{paymentLabel(order)}</p>
          {order.paymentStatus === 'NOT_PAID' && order.status !== 'CANCELED' && nonZero(balance?.amount) && (
            <p className="muted small">
              {balance?.formattedAmount} to pay. The store will tell you how to pay for this order.
            </p>
          )}
        </div>
        <div className="order-fact">
          <h3>{ships ? 'Delivery' : 'Delivery by download'}</h3>
          <p data-testid="fulfillment-status">{fulfilmentLabel(order)}</p>
          {shipping?.title && (
            <p className="small">
              {shipping.title}
              {logistics?.deliveryTime && <span className="muted"> · {logistics.deliveryTime}</span>}
            </p>
          )}
          <Shipments fulfillments={order.fulfillments ?? []} />
        </div>
        {pickup ? (
          <div className="order-fact">
            <h3>Pick up at</h3>
            <address>
              <AddressLines lines={addressLines(pickup.address)} />
            </address>
            {logistics?.instructions && <p className="muted small">{logistics.instructions}</p>}
          </div>
        ) : (
          <AddressCard title="Shipping to" contact={destination} />
        )}
        <AddressCard title="Billing address" contact={order.billingInfo} />
      </section>
    </div>
  );
}
