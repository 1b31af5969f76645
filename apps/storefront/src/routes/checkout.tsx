import { AisleError, AisleValidationError, type Checkout, type Identity } from '@aisle/sdk';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, redirect, useLoaderData, useNavigate } from 'react-router';
import { type CheckoutApi, type CheckoutWrite, checkoutApi } from '../components/checkout/api.ts';
import {
  type AddressErrors,
  AddressFields,
  type AddressValue,
  fromAddressWithContact,
  hasErrors,
  isComplete,
  toAddressWithContact,
  validateAddress,
} from '../components/checkout/address-fields.tsx';
import {
  CARD_FIELD,
  CardFields,
  type CardErrors,
  type CardValue,
  EMPTY_CARD,
  toCardInput,
  validateCard,
} from '../components/checkout/card-form.tsx';
import { useFocusFirstInvalid } from '../components/checkout/focus.ts';
import { CouponField } from '../components/checkout/coupon-field.tsx';
import { figuresOf, SummaryLines, SummaryTotals } from '../components/checkout/order-summary.tsx';
import { orderPath, placedOrderOf, rememberPlaced } from '../components/checkout/placed.ts';
import { TipSection } from '../components/checkout/tip-section.tsx';
import {
  addressLines,
  checkoutErrorMessage,
  contactName,
  declineMessage,
  needsShipping,
} from '../components/checkout/view.ts';
import { ErrorNotice } from '../components/form.tsx';
import { type ShownError, showError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { couponMessage, offeredOptions, reloadCart } from '../resources/cart.ts';
import { readRedirectSession } from '../resources/redirects.ts';
import { currentMember } from '../resources/session.ts';
import { ShippingChoice } from './cart.tsx';

// ---------------------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------------------

/**
 * `/checkout/:checkoutId`: the store's own cart button lands here, and so does a redirect session's
 * `ecomCheckout` intent (`?redirectSessionId=`, whose callbacks give the way back to the site that sent the
 * shopper). A checkout whose order this tab placed goes straight to the order's confirmation.
 */
export async function checkoutLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.checkoutId ?? '';
  const redirectSessionId = new URL(request.url).searchParams.get('redirectSessionId');
  const [session, member] = await Promise.all([
    readRedirectSession(redirectSessionId),
    currentMember().catch(() => null),
  ]);
  let checkout: Checkout;
  try {
    checkout = await checkoutApi(redirectSessionId ?? undefined).checkout.getCheckout(id);
  } catch (error) {
    if (error instanceof AisleError && (error.status === 404 || error.status === 403)) {
      throw data(
        {
          message:
            'We could not find this checkout. It may belong to another browser or account: start again from your cart.',
        },
        { status: 404 },
      );
    }
    throw error;
  }
  // A placed order: its confirmation (with the token this tab got, which another site's shopper needs).
  const placed = placedOrderOf(id);
  const orderId = checkout.orderId ?? placed?.orderId;
  if (checkout.completed && orderId) {
    throw redirect(
      orderPath(
        placed?.orderId === orderId ? placed : { orderId, redirectSessionId: redirectSessionId ?? undefined },
      ),
    );
  }
  const back = session?.callbacks?.cartPageUrl ?? session?.callbacks?.postFlowUrl;
  return {
    checkout,
    member,
    back: typeof back === 'string' ? back : '/cart',
    redirectSessionId: redirectSessionId ?? undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------------------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The member's name and first saved address, to start the form with. */
function memberDefaults(member: Identity | null): Partial<AddressValue> {
  if (!member) return {};
  const profile = member.identityProfile;
  const saved = profile?.addresses?.[0]?.address;
  return {
    ...(profile?.firstName ? { firstName: profile.firstName } : {}),
    ...(profile?.lastName ? { lastName: profile.lastName } : {}),
    ...(saved?.addressLine ? { addressLine1: saved.addressLine } : {}),
    ...(saved?.addressLine2 ? { addressLine2: saved.addressLine2 } : {}),
    ...(saved?.city ? { city: saved.city } : {}),
    ...(saved?.country ? { country: saved.country } : {}),
    ...(saved?.subdivision ? { subdivision: saved.subdivision } : {}),
    ...(saved?.postalCode ? { postalCode: saved.postalCode } : {}),
  };
}

export function CheckoutPage() {
  const loaded = useLoaderData<typeof checkoutLoader>();
  const [checkout, setCheckout] = useState(loaded.checkout);
  // A write in flight (the order cannot be placed meanwhile; totals are being worked out again).
  const [pending, setPending] = useState(0);
  usePageTitle('Checkout');
  useEffect(() => setCheckout(loaded.checkout), [loaded.checkout]);

  const api = checkoutApi(loaded.redirectSessionId);
  /** One checkout write: the answer replaces the checkout shown. */
  const write: Write = async (call) => {
    setPending((n) => n + 1);
    try {
      const next = await call(api);
      setCheckout(next);
      return next;
    } finally {
      setPending((n) => n - 1);
    }
  };

  if (checkout.completed) return <CompletedCheckout member={loaded.member} />;
  if (checkout.lineItems.length === 0) {
    return (
      <section className="notice-page" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <p>There is nothing to order in this checkout.</p>
        <p>
          <Link className="button button-primary" to="/shop">
            Browse the shop
          </Link>
        </p>
      </section>
    );
  }

  const ships = needsShipping(checkout);
  const destination = checkout.shippingInfo?.shippingDestination;
  const detailsDone = Boolean(checkout.buyerInfo?.email) && (!ships || isComplete(destination ?? undefined));
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  const coupon = checkout.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  const shippingPending = ships && !detailsDone ? 'After your address' : undefined;

  return (
    <section className="checkout-page" aria-labelledby="checkout-title">
      <div className="checkout-head">
        <h1 id="checkout-title">Checkout</h1>
        {loaded.back.startsWith('/') ? (
          <Link to={loaded.back} className="small">
            ← Back to cart
          </Link>
        ) : (
          <a href={loaded.back} className="small">
            ← Back to cart
          </a>
        )}
      </div>
      <div className="checkout-layout">
        <div className="checkout-steps">
          <DetailsSection
            checkout={checkout}
            member={loaded.member}
            ships={ships}
            done={detailsDone}
            write={write}
          />
          {ships && detailsDone && <DeliverySection checkout={checkout} write={write} />}
          <TipSection checkout={checkout} api={api} write={write} />
          <PaymentSection
            checkout={checkout}
            ships={ships}
            ready={detailsDone && (!ships || Boolean(selected?.code))}
            pending={pending > 0}
            write={write}
            api={api}
            redirectSessionId={loaded.redirectSessionId}
          />
        </div>
        <aside className="checkout-summary cart-summary" aria-label="Order summary">
          <h2>Order summary</h2>
          <SummaryLines lines={checkout.lineItems} />
          <CouponSection checkout={checkout} write={write} />
          <Violations checkout={checkout} />
          <SummaryTotals
            figures={figuresOf(checkout.priceSummary)}
            couponCode={coupon?.code}
            shippingTitle={selected?.title}
            shippingPending={shippingPending}
            busy={pending > 0}
            taxIncluded={checkout.taxIncludedInPrice}
          />
        </aside>
      </div>
    </section>
  );
}

type Write = CheckoutWrite;

function CompletedCheckout({ member }: { member: Identity | null }) {
  return (
    <section className="notice-page" aria-labelledby="checkout-title">
      <p className="eyebrow">Checkout</p>
      <h1 id="checkout-title">This order has been placed</h1>
      <p>
        This checkout is complete. {member ? 'Your orders are in your account.' : 'Thank you for your order.'}
      </p>
      <p className="actions">
        {member && (
          <Link className="button button-primary" to="/account/orders">
            My orders
          </Link>
        )}
        <Link className="button button-secondary" to="/shop">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}

function Violations({ checkout }: { checkout: Checkout }) {
  const violations = checkout.violations ?? [];
  if (violations.length === 0) return null;
  return (
    <ul className="checkout-violations">
      {violations.map((v) => (
        <li
          key={`${v.target?.lineItem?.id ?? 'order'}:${v.description}`}
          className={`line-note line-note-${v.severity === 'ERROR' ? 'error' : 'warning'}`}
        >
          {v.target?.lineItem?.name ? `${v.target.lineItem.name}: ` : ''}
          {v.description}
        </li>
      ))}
    </ul>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Contact and shipping address
// ---------------------------------------------------------------------------------------------------------

function DetailsSection({
  checkout,
  member,
  ships,
  done,
  write,
}: {
  checkout: Checkout;
  member: Identity | null;
  ships: boolean;
  done: boolean;
  write: Write;
}) {
  const ids = useId();
  const destination = checkout.shippingInfo?.shippingDestination;
  const [editing, setEditing] = useState(!done);
  const [email, setEmail] = useState(checkout.buyerInfo?.email ?? member?.email?.address ?? '');
  const [address, setAddress] = useState<AddressValue>(() =>
    isComplete(destination)
      ? fromAddressWithContact(destination)
      : fromAddressWithContact(destination, memberDefaults(member)),
  );
  const [emailError, setEmailError] = useState<string | undefined>();
  const [errors, setErrors] = useState<AddressErrors>({});
  const [error, setError] = useState<ShownError | undefined>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const badEmail = EMAIL.test(email.trim()) ? undefined : 'Enter an e-mail address like name@example.com.';
    const problems = ships ? validateAddress(address) : {};
    setEmailError(badEmail);
    setErrors(problems);
    if (badEmail || hasErrors(problems)) {
      focusInvalid();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await write((api) =>
        api.checkout.updateCheckout(
          checkout.id,
          {
            buyerInfo: { email: email.trim() },
            ...(ships ? { shippingInfo: { shippingDestination: toAddressWithContact(address) } } : {}),
          },
          {
            fieldMask: ships ? ['buyerInfo.email', 'shippingInfo.shippingDestination'] : ['buyerInfo.email'],
          },
        ),
      );
      setEditing(false);
      heading.current?.focus();
    } catch (err) {
      setError(showError(err));
    } finally {
      setBusy(false);
    }
  };

  const title = ships ? 'Contact and shipping address' : 'Contact';
  return (
    <section className="panel checkout-step" aria-labelledby={`${ids}-title`} data-testid="details-step">
      <div className="panel-head">
        <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
          <span className="step-number" aria-hidden="true">
            1
          </span>
          {title}
        </h2>
        {!editing && (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> {title.toLowerCase()}</span>
          </button>
        )}
      </div>
      {editing ? (
        <form ref={form} className="stack" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={`${ids}-email`}>E-mail</label>
            <input
              id={`${ids}-email`}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-required
              aria-invalid={emailError ? true : undefined}
              aria-describedby={`${ids}-email-hint${emailError ? ` ${ids}-email-error` : ''}`}
            />
            <p className="field-hint" id={`${ids}-email-hint`}>
              We send the order confirmation here.
            </p>
            {emailError && (
              <p className="field-error" id={`${ids}-email-error`}>
                {emailError}
              </p>
            )}
          </div>
          {ships && (
            <fieldset>
              <legend>Shipping address</legend>
              <AddressFields value={address} onChange={setAddress} errors={errors} section="shipping" />
            </fieldset>
          )}
          <ErrorNotice error={error} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Saving…' : ships ? 'Continue to delivery' : 'Continue to payment'}
            </button>
            {done && (
              <button type="button" className="button button-ghost" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        <div className="step-summary" data-testid="details-summary">
          <p>{checkout.buyerInfo?.email}</p>
          {ships && destination && (
            <address>
              {contactName(destination)}
              {addressLines(destination.address).map((line) => (
                <span key={line} className="address-line">
                  {line}
                </span>
              ))}
            </address>
          )}
        </div>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Delivery options
// ---------------------------------------------------------------------------------------------------------

function DeliverySection({ checkout, write }: { checkout: Checkout; write: Write }) {
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
      await write((api) =>
        api.checkout.updateCheckout(
          checkout.id,
          { shippingInfo: { selectedCarrierServiceOption: { code, ...(carrierId ? { carrierId } : {}) } } },
          { fieldMask: ['shippingInfo.selectedCarrierServiceOption'] },
        ),
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

// ---------------------------------------------------------------------------------------------------------
// Coupon
// ---------------------------------------------------------------------------------------------------------

function CouponSection({ checkout, write }: { checkout: Checkout; write: Write }) {
  const coupon = checkout.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  const locked = checkout.customSettings?.lockCouponCode === true;
  if (locked && !coupon) return null;
  return (
    <div className="summary-section checkout-coupon">
      <h3>Coupon</h3>
      <CouponField
        coupon={coupon}
        locked={locked}
        onApply={async (code) => {
          const next = await write((api) =>
            api.checkout.updateCheckout(checkout.id, {}, { couponCode: code }),
          );
          return next.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;
        }}
        onRemove={async () => {
          await write((api) => api.checkout.removeCoupon(checkout.id));
        }}
        errorMessage={(err, code) =>
          (err instanceof AisleError && code
            ? couponMessage(err.code, code, err.data, checkout.currency)
            : undefined) ?? checkoutErrorMessage(err).message
        }
      />
    </div>
  );
}

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

function PaymentSection({
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
  write: Write;
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
        await write((a) =>
          a.checkout.updateCheckout(checkout.id, { billingInfo: info }, { fieldMask: ['billingInfo'] }),
        );
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
              <label className="check">
                <input
                  type="checkbox"
                  checked={sameAsShipping}
                  onChange={(event) => setSameAsShipping(event.target.checked)}
                />
                Same as the shipping address
              </label>
            )}
            {!(sameAsShipping && ships) && (
              <AddressFields value={billing} onChange={setBilling} errors={billingErrors} section="billing" />
            )}
          </fieldset>
          {!free && (
            <fieldset className="payment-methods">
              <legend>How would you like to pay?</legend>
              <label className={`shipping-choice${method === 'card' ? ' checked' : ''}`}>
                <input
                  type="radio"
                  className="shipping-radio"
                  name={`${ids}-method`}
                  value="card"
                  checked={method === 'card'}
                  onChange={() => setMethod('card')}
                />
                <span className="shipping-choice-body">
                  <span className="shipping-choice-title">Card</span>
                  <span className="muted small">
                    Test cards only: this store uses the sandbox payment provider.
                  </span>
                </span>
              </label>
              {offlineAllowed && (
                <label className={`shipping-choice${method === 'offline' ? ' checked' : ''}`}>
                  <input
                    type="radio"
                    className="shipping-radio"
                    name={`${ids}-method`}
                    value="offline"
                    checked={method === 'offline'}
                    onChange={() => setMethod('offline')}
                  />
                  <span className="shipping-choice-body">
                    <span className="shipping-choice-title">Pay offline</span>
                    <span className="muted small">
                      Place the order now and pay the store later (bank transfer, cash on pickup…).
                    </span>
                  </span>
                </label>
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
