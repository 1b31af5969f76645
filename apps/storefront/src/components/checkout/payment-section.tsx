import { AisleValidationError, type Checkout } from '@aisle/sdk';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type AddressErrors,
  AddressFields,
  type AddressValue,
  fromAddressWithContact,
  hasErrors,
  toAddressWithContact,
  validateAddress,
} from './address-fields.tsx';
import {
  CARD_FIELD,
  CardFields,
  type CardErrors,
  type CardValue,
  EMPTY_CARD,
  toCardInput,
  validateCard,
} from './card-form.tsx';
import { useFocusFirstInvalid } from './focus.ts';
import { orderPath, rememberPlaced } from './placed.ts';
import { checkoutErrorMessage, declineMessage } from './view.ts';
import { CheckBox, ErrorNotice } from '../form.tsx';
import type { ShownError } from '../../lib/errors.ts';
import { reloadCart } from '../../resources/cart.ts';
import { type CheckoutApi, type CheckoutWrite, writeFields } from './api.ts';

// ---------------------------------------------------------------------------------------------------------
// Billing and payment
// ---------------------------------------------------------------------------------------------------------

type Method = 'card' | 'offline';

const CARD_FIELD_NAMES: Record<keyof CardValue, string> = {
  number: 'card number',
  expiry: 'expiry date',
  cvc: 'security code',
  name: 'name on the card',
};

export function PaymentSection({
  checkout,
  ships,
  ready,
  pending,
  write,
  api,
  redirectSessionId,
}: {
  checkout: Checkout;
  ships: boolean;
  ready: boolean;
  pending: boolean;
  write: CheckoutWrite;
  api: CheckoutApi;
  redirectSessionId: string | undefined;
}) {
  const ids = useId();
  const navigate = useNavigate();
  const offlineAllowed = checkout.customSettings?.disabledManualPayment !== true;
  const free =
    checkout.priceSummary?.total?.amount !== undefined && Number(checkout.priceSummary.total.amount) === 0;
  const [method, setMethod] = useState<Method>('card');
  const [sameAsShipping, setSameAsShipping] = useState(ships);
  const [billing, setBilling] = useState<AddressValue>(() =>
    fromAddressWithContact(checkout.billingInfo ?? checkout.shippingInfo?.shippingDestination),
  );
  const [billingErrors, setBillingErrors] = useState<AddressErrors>({});
  const [card, setCard] = useState<CardValue>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [error, setError] = useState<ShownError | undefined>();
  const [declined, setDeclined] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const numberRef = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(form);
  const alertRef = useRef<HTMLDivElement>(null);
  const total = checkout.priceSummary?.total?.formattedAmount;
  const paysByCard = method === 'card' && !free;

  useEffect(() => {
    if (declined) alertRef.current?.focus();
  }, [declined]);

  /** The billing address to write before paying. */
  const billingInfo = () =>
    sameAsShipping && ships ? checkout.shippingInfo?.shippingDestination : toAddressWithContact(billing);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setDeclined(undefined);
    const billingProblems = sameAsShipping && ships ? {} : validateAddress(billing);
    const cardProblems = paysByCard ? validateCard(card) : {};
    setBillingErrors(billingProblems);
    setCardErrors(cardProblems);
    if (hasErrors(billingProblems) || hasErrors(cardProblems)) {
      focusInvalid();
      return;
    }
    try {
      setBusy('Saving your billing address…');
      const info = billingInfo();
      if (info) {
        await writeFields(write, checkout.id, { billingInfo: info }, ['billingInfo']);
      }
      let placed: { orderId: string; confirmationToken?: string; paymentResponseToken?: string };
      if (paysByCard) {
        setBusy('Checking your card…');
        const { paymentToken } = await api.sandboxPayments.createCardToken(toCardInput(card));
        setBusy('Paying…');
        placed = await api.checkout.createOrderAndCharge(checkout.id, paymentToken);
      } else {
        setBusy('Placing your order…');
        placed = await api.checkout.createOrder(checkout.id);
      }
      const order = { orderId: placed.orderId, token: placed.confirmationToken, redirectSessionId };
      rememberPlaced(checkout.id, order);
      // The cart became this order: the header's count follows.
      void reloadCart();
      if (placed.paymentResponseToken) {
        setBusy('Taking you to your bank’s confirmation page…');
        window.location.assign(
          api.sandboxPayments.confirmationUrl(
            placed.paymentResponseToken,
            new URL(orderPath(order), window.location.origin).href,
          ),
        );
        return;
      }
      navigate(orderPath(order));
    } catch (err) {
      setBusy(undefined);
      const decline = declineMessage(err);
      if (decline) {
        // Nothing was charged and the checkout is as it was: the shopper can fix the card or use another.
        setDeclined(decline);
        setCard((c) => ({ ...c, cvc: '' }));
        return;
      }
      if (err instanceof AisleValidationError && paysByCard) {
        const fields: CardErrors = {};
        for (const v of err.fieldViolations) {
          const key = CARD_FIELD[v.field];
          if (key) fields[key] = `Check the ${CARD_FIELD_NAMES[key]}: it ${v.description}.`;
        }
        if (hasErrors(fields)) {
          setCardErrors(fields);
          numberRef.current?.focus();
          return;
        }
      }
      setError(checkoutErrorMessage(err));
      // The checkout may have changed (stock, completed elsewhere): show it as it is now.
      void write((a) => a.checkout.getCheckout(checkout.id)).catch(() => undefined);
    }
  };

  const payLabel =
    free || !total
      ? 'Place order'
      : method === 'card'
        ? `Pay ${total}`
        : `Place order (pay ${total} offline)`;

  const methodChoice = (value: Method, title: string, note: string) => (
    <label className={`shipping-choice${method === value ? ' checked' : ''}`}>
      <input
        type="radio"
        className="shipping-radio"
        name={`${ids}-method`}
        value={value}
        checked={method === value}
        onChange={() => setMethod(value)}
      />
      <span className="shipping-choice-body">
        <span className="shipping-choice-title">{title}</span>
        <span className="muted small">{note}</span>
      </span>
    </label>
  );

  return (
    <section className="panel checkout-step" aria-labelledby={`${ids}-title`} data-testid="payment-step">
      <h2 id={`${ids}-title`}>
        <span className="step-number" aria-hidden="true">
          {ships ? 3 : 2}
        </span>
        Payment
      </h2>
      {!ready ? (
        <p className="muted">
          {ships ? 'Add your address and choose a delivery option first.' : 'Add your e-mail address first.'}
        </p>
      ) : (
        <form ref={form} className="stack" onSubmit={(event) => void pay(event)} noValidate>
          <fieldset className="stack">
            <legend>Billing address</legend>
            {ships && (
              <CheckBox
                checked={sameAsShipping}
                onChange={(event) => setSameAsShipping(event.target.checked)}
              >
                Same as the shipping address
              </CheckBox>
            )}
            {!(sameAsShipping && ships) && (
              <AddressFields value={billing} onChange={setBilling} errors={billingErrors} section="billing" />
            )}
          </fieldset>
          {!free && (
            <fieldset className="payment-methods">
              <legend>How would you like to pay?</legend>
              {methodChoice('card', 'Card', 'Test cards only: this store uses the sandbox payment provider.')}
              {offlineAllowed &&
                methodChoice(
                  'offline',
                  'Pay offline',
                  'Place the order now and pay the store later (bank transfer, cash on pickup…).',
                )}
            </fieldset>
          )}
          {paysByCard && (
            <CardFields
              value={card}
              onChange={setCard}
              errors={cardErrors}
              numberRef={numberRef}
              disabled={Boolean(busy)}
            />
          )}
          {declined && (
            <div
              className="alert alert-error"
              role="alert"
              tabIndex={-1}
              ref={alertRef}
              data-testid="payment-declined"
            >
              <p>
                <strong>Payment declined.</strong> {declined}
              </p>
              <p className="small">
                You have not been charged. Check the card details or use another card, then pay again.
              </p>
            </div>
          )}
          <ErrorNotice error={error} />
          <button
            type="submit"
            className="button button-primary wide"
            disabled={Boolean(busy) || pending}
            data-testid="place-order"
          >
            {busy ?? payLabel}
          </button>
          <p className="visually-hidden" role="status">
            {busy ?? ''}
          </p>
        </form>
      )}
    </section>
  );
}
