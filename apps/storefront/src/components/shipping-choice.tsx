import type { OfferedShippingOption } from '@aisle/sdk';
import { nonZero } from '../resources/cart.ts';

/** One delivery option as a radio: title, price and extra charges, delivery time or pickup address. */
export function ShippingChoice({
  name,
  option,
  checked,
  onChoose,
}: {
  name: string;
  option: OfferedShippingOption;
  checked: boolean;
  onChoose: () => void;
}) {
  const price = option.cost?.price;
  const pickup = option.logistics?.pickupDetails;
  const charges = (option.cost?.otherCharges ?? []).filter((c) => nonZero(c.price?.amount));
  return (
    <label className={`shipping-choice${checked ? ' checked' : ''}`} data-testid="shipping-option">
      <input
        type="radio"
        className="shipping-radio"
        name={name}
        value={option.code}
        checked={checked}
        onChange={onChoose}
      />
      <span className="shipping-choice-body">
        <span className="shipping-choice-head">
          <span className="shipping-choice-title">{option.title}</span>
          <span className="shipping-choice-price">
            {nonZero(price?.amount) ? price?.formattedAmount : 'Free'}
            {charges.map((charge) => (
              <span key={charge.type} className="muted small">
                {' '}
                + {charge.price?.formattedAmount} {charge.type === 'INSURANCE' ? 'insurance' : 'handling'}
              </span>
            ))}
          </span>
        </span>
        {option.logistics?.deliveryTime && (
          <span className="muted small">{option.logistics.deliveryTime}</span>
        )}
        {pickup && (
          <span className="small pickup-address">
            Pick up at {pickup.businessLocation ? `${pickup.businessLocation}, ` : ''}
            {pickup.address?.formatted ??
              [pickup.address?.addressLine1, pickup.address?.city].filter(Boolean).join(', ')}
          </span>
        )}
        {pickup && option.logistics?.instructions && (
          <span className="muted small">{option.logistics.instructions}</span>
        )}
      </span>
    </label>
  );
}
