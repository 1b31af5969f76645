import type { Checkout } from '@aisle/sdk';
import { useId, useState } from 'react';
import { checkoutErrorMessage } from './view.ts';
import { ErrorNotice } from '../form.tsx';
import type { ShownError } from '../../lib/errors.ts';
import { offeredOptions } from '../../resources/cart.ts';
import { ShippingChoice } from '../shipping-choice.tsx';
import { type CheckoutWrite, writeFields } from './api.ts';

// ---------------------------------------------------------------------------------------------------------
// Delivery options
// ---------------------------------------------------------------------------------------------------------

export function DeliverySection({ checkout, write }: { checkout: Checkout; write: CheckoutWrite }) {
  const ids = useId();
  const options = offeredOptions(checkout);
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption?.code;
  const [choosing, setChoosing] = useState<string | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  const problem = checkout.calculationErrors?.generalShippingCalculationError?.applicationError;

  const choose = async (code: string, carrierId: string | undefined) => {
    setChoosing(code);
    setError(undefined);
    try {
      await writeFields(
        write,
        checkout.id,
        { shippingInfo: { selectedCarrierServiceOption: { code, ...(carrierId ? { carrierId } : {}) } } },
        ['shippingInfo.selectedCarrierServiceOption'],
      );
    } catch (err) {
      setError(checkoutErrorMessage(err));
    } finally {
      setChoosing(undefined);
    }
  };

  return (
    <section className="panel checkout-step" aria-labelledby={`${ids}-title`} data-testid="delivery-step">
      <h2 id={`${ids}-title`}>
        <span className="step-number" aria-hidden="true">
          2
        </span>
        Delivery
      </h2>
      {options.length > 0 ? (
        <fieldset className="shipping-options" aria-busy={choosing !== undefined}>
          <legend className="visually-hidden">Delivery options</legend>
          {options.map(({ carrierId, option }) => (
            <ShippingChoice
              key={`${carrierId}:${option.code}`}
              name={`${ids}-option`}
              option={option}
              checked={(choosing ?? selected) === option.code}
              onChoose={() => option.code && void choose(option.code, carrierId)}
            />
          ))}
        </fieldset>
      ) : (
        <p className="alert alert-error" role="alert">
          {problem?.code === 'NO_SHIPPING_OPTIONS' || !problem?.description
            ? 'Sorry, we do not ship to this address. Change the address to continue.'
            : problem.description}
        </p>
      )}
      <ErrorNotice error={error} />
    </section>
  );
}
