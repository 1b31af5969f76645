import { type Address, AisleError, type Cart, type EstimateTotalsResponse } from '@aisle/sdk';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
} from 'react-router';
import { CartLines } from '../components/cart-lines.tsx';
import { CountryField, SubdivisionField, usePlace } from '../components/checkout/address-fields.tsx';
import { CouponField } from '../components/checkout/coupon-field.tsx';
import { CartMemberships } from '../components/checkout/memberships.tsx';
import { DiscountRows } from '../components/checkout/order-summary.tsx';
import { ShippingChoice } from '../components/shipping-choice.tsx';
import { CheckoutButton } from '../components/checkout-button.tsx';
import { ErrorNotice } from '../components/form.tsx';
import type { ShownError } from '../lib/errors.ts';
import { countryName, postalLabel, subdivisionName, subdivisionsOf } from '../lib/regions.ts';
import type { RouteHandle } from '../lib/meta.ts';
import {
  announce,
  appliedCoupon,
  applyCoupon,
  cartErrorMessage,
  couponMessage,
  isCartMissing,
  itemCount,
  lineName,
  loadCartRuntime,
  nonZero,
  offeredOptions,
  orderViolations,
  reloadCart,
  removeCoupon,
  selectShippingOption,
  setShippingAddress,
  shippingProblem,
  useLiveCart,
} from '../resources/cart.ts';
import { storeOf } from '../sdk.ts';

/** No cart yet (a new visitor, or one without a session): an empty cart page, not an error. */
const noCart = (error: unknown) =>
  error instanceof AisleError && (error.status === 401 || error.status === 403 || isCartMissing(error));

/**
 * `/cart`. On the server: the shopper's cart and its totals, read with their session (none: empty). In the
 * browser: waits for the page's cart cache's first read, so the page does not flash "empty".
 */
export async function cartLoader({ context }: LoaderFunctionArgs): Promise<{
  cart: Cart | null | undefined;
  totals: EstimateTotalsResponse | undefined;
}> {
  const store = storeOf(context);
  if (store.kind === 'browser') {
    await (await loadCartRuntime()).ensureCart();
    return { cart: undefined, totals: undefined };
  }
  const { currentCart } = await store.api();
  const cart = await currentCart.getCurrentCart().catch((error: unknown) => {
    if (noCart(error)) return null;
    throw error;
  });
  const totals =
    cart && cart.lineItems.length > 0
      ? await currentCart.estimateCurrentCartTotals().catch(() => undefined)
      : undefined;
  return { cart, totals };
}

/**
 * The cart's forms posted without JavaScript (or before it has run): remove a line, then the cart page again;
 * Checkout, then the new checkout's page.
 */
export async function cartAction({ request, context }: ActionFunctionArgs) {
  const store = storeOf(context);
  const form = await request.formData();
  const { currentCart } = await store.api();
  if (form.get('intent') === 'checkout') {
    const started = await currentCart
      .createCheckoutFromCurrentCart({ channelType: 'WEB' })
      .catch((error: unknown) => {
        // No cart, or one that cannot be checked out as it is: the cart page says why.
        if (noCart(error) || (error instanceof AisleError && (error.status ?? 500) < 500)) return undefined;
        throw error;
      });
    return redirect(started ? `/checkout/${encodeURIComponent(started.checkoutId)}` : '/cart');
  }
  const lineId = String(form.get('lineId') ?? '');
  if (form.get('intent') === 'remove' && lineId) {
    await currentCart.removeLineItemsFromCurrentCart([lineId]).catch((error: unknown) => {
      if (!noCart(error)) throw error;
    });
  }
  return redirect('/cart');
}

export const cartHandle: RouteHandle = {
  meta: () => ({
    title: 'Cart',
    description:
      'Your shopping cart: change quantities, apply a coupon and see shipping and tax before checkout.',
    canonical: '/cart',
  }),
};

export function CartPage() {
  // The server's read until the page's cart cache has its own (the same cart, kept up to date from then on).
  const [{ cart, totals, loadError, totalsError, totalsLoading, pending }, feed] = useLiveCart(
    useLoaderData<typeof cartLoader>(),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = cart?.lineItems ?? [];
  const count = itemCount(cart);
  return (
    <section className="cart-page" aria-labelledby="cart-title">
      {feed}
      <div className="cart-head">
        <h1 id="cart-title" ref={heading} tabIndex={-1}>
          Your cart
        </h1>
        {count > 0 && (
          <p className="muted" data-testid="cart-page-count">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
        )}
      </div>
      {loadError && (
        <div className="stack cart-load-error">
          <ErrorNotice error={loadError} />
          <p>
            <button type="button" className="button button-secondary" onClick={() => void reloadCart()}>
              Try again
            </button>
          </p>
        </div>
      )}
      {cart && lines.length > 0 ? (
        <div className="cart-layout">
          <div className="cart-items">
            <CartLines lines={lines} totals={totals} onRemoved={() => heading.current?.focus()} />
            <p>
              <Link to="/shop">← Continue shopping</Link>
            </p>
          </div>
          <aside className="cart-summary" aria-label="Order summary">
            <CouponSection cart={cart} totals={totals} />
            <ShippingSection cart={cart} totals={totals} />
            <CartMemberships
              options={totals?.membershipOptions}
              nameOf={(id) => {
                const line = lines.find((l) => l.id === id);
                return line ? lineName(line) : undefined;
              }}
            />
            <TotalsSection cart={cart} totals={totals} error={totalsError} loading={totalsLoading} />
            <noscript>
              <p className="muted small">Checking out needs JavaScript: please turn it on.</p>
            </noscript>
            <CheckoutButton cart={cart} totals={totals} pending={pending} />
          </aside>
        </div>
      ) : (
        !loadError && (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <Link to="/shop" className="button button-primary">
              Browse the shop
            </Link>
          </div>
        )
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Coupon
// ---------------------------------------------------------------------------------------------------------

function CouponSection({ cart, totals }: { cart: Cart; totals: EstimateTotalsResponse | undefined }) {
  const coupon = appliedCoupon(cart);
  const ids = useId();
  // A coupon on the cart that no longer holds (the cart changed): the server says why.
  const stale = totals?.calculationErrors?.couponCalculationError?.applicationError;
  const staleText =
    coupon && stale
      ? (couponMessage(stale.code, coupon.code ?? '', stale.data, cart.currency) ?? stale.description)
      : undefined;

  return (
    <section className="summary-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Coupon</h2>
      <CouponField
        coupon={coupon}
        onApply={async (code) => appliedCoupon(await applyCoupon(code))?.code}
        onRemove={async () => {
          await removeCoupon();
        }}
        errorMessage={(err, code) => cartErrorMessage(err, code, cart.currency).message}
      />
      {staleText && (
        <p className="line-note line-note-warning" data-testid="coupon-stale">
          {staleText} It is not applied for now.
        </p>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Shipping and tax estimate
// ---------------------------------------------------------------------------------------------------------

function addressLabel(address: Address): string {
  const local = [subdivisionName(address.subdivision), address.postalCode].filter(Boolean).join(' ');
  return [local, countryName(address.country)].filter(Boolean).join(', ');
}

function ShippingSection({ cart, totals }: { cart: Cart; totals: EstimateTotalsResponse | undefined }) {
  const address = cart.contactInfo?.address;
  const known = Boolean(address?.country);
  const [editing, setEditing] = useState(!known);
  const ids = useId();
  const problem = shippingProblem(totals);
  const options = offeredOptions(totals);
  const selected = totals?.shippingInfo?.selectedCarrierServiceOption;
  const [choosing, setChoosing] = useState<string | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  // The server's answer replaces the choice shown meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new estimate is the trigger
  useEffect(() => setChoosing(undefined), [totals]);

  const choose = async (code: string, carrierId: string | undefined) => {
    setChoosing(code);
    setError(undefined);
    try {
      await selectShippingOption({ code, ...(carrierId ? { carrierId } : {}) });
    } catch (err) {
      setChoosing(undefined);
      setError(cartErrorMessage(err));
    }
  };
  const checked = choosing ?? selected?.code;
  const changedOption = totals?.calculationErrors?.selectedShippingOptionError;

  return (
    <section className="summary-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Shipping and tax</h2>
      {known && !editing && address && (
        <p className="estimate-for">
          Estimated for <strong data-testid="estimate-address">{addressLabel(address)}</strong>{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Change<span className="visually-hidden"> address</span>
          </button>
        </p>
      )}
      {editing && (
        <AddressForm
          address={address}
          onCancel={known ? () => setEditing(false) : undefined}
          onSaved={() => setEditing(false)}
        />
      )}
      {!known && !editing && <p className="muted small">Enter your address to see shipping and tax.</p>}
      {problem && known && (
        <p className="alert alert-error" role="alert" data-testid="shipping-problem">
          {problem}
        </p>
      )}
      {options.length > 0 && (
        <fieldset className="shipping-options">
          <legend>Delivery</legend>
          {options.map(({ carrierId, option }) => (
            <ShippingChoice
              key={`${carrierId}:${option.code}`}
              name={`${ids}-option`}
              option={option}
              checked={checked === option.code}
              onChoose={() => option.code && void choose(option.code, carrierId)}
            />
          ))}
        </fieldset>
      )}
      {changedOption && !choosing && (
        <p className="line-note line-note-warning small">
          Your earlier delivery choice is not offered here; the cheapest option is selected.
        </p>
      )}
      <ErrorNotice error={error} />
    </section>
  );
}

const US_ZIP = /^\d{5}(-\d{4})?$/;

function AddressForm({
  address,
  onCancel,
  onSaved,
}: {
  address: Address | undefined;
  onCancel: (() => void) | undefined;
  onSaved: () => void;
}) {
  const ids = useId();
  const { country, subdivision, setCountry, setSubdivision } = usePlace(
    address?.country || 'US',
    address?.subdivision ?? '',
  );
  const [postalCode, setPostalCode] = useState(address?.postalCode ?? '');
  const [fieldError, setFieldError] = useState<{ subdivision?: string; postalCode?: string }>({});
  const [error, setError] = useState<ShownError | undefined>();
  const [busy, setBusy] = useState(false);
  const subdivisions = subdivisionsOf(country);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const postal = postalCode.trim();
    const problems: { subdivision?: string; postalCode?: string } = {};
    if (subdivisions && !subdivision.startsWith(`${country}-`))
      problems.subdivision = `Choose a ${subdivisions.label.toLowerCase()}.`;
    if (country === 'US' && postal && !US_ZIP.test(postal)) problems.postalCode = 'Enter a 5-digit ZIP code.';
    setFieldError(problems);
    if (problems.subdivision || problems.postalCode) return;
    setBusy(true);
    setError(undefined);
    try {
      await setShippingAddress({
        country,
        ...(subdivisions ? { subdivision } : {}),
        ...(postal ? { postalCode: postal } : {}),
      });
      announce('Shipping and tax updated for your address.');
      onSaved();
    } catch (err) {
      setError(cartErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="address-estimate stack" onSubmit={(event) => void submit(event)} noValidate>
      <CountryField id={`${ids}-country`} value={country} onChange={setCountry} />
      <div className="field-row">
        <SubdivisionField
          id={`${ids}-subdivision`}
          country={country}
          value={subdivision}
          onChange={setSubdivision}
          error={fieldError.subdivision}
        />
        <div className="field">
          <label htmlFor={`${ids}-postal`}>{postalLabel(country)}</label>
          <input
            id={`${ids}-postal`}
            name="postalCode"
            autoComplete="postal-code"
            inputMode={country === 'US' ? 'numeric' : 'text'}
            value={postalCode}
            onChange={(event) => setPostalCode(event.target.value)}
            aria-invalid={fieldError.postalCode ? true : undefined}
            aria-describedby={fieldError.postalCode ? `${ids}-postal-error` : undefined}
          />
          {fieldError.postalCode && (
            <p className="field-error" id={`${ids}-postal-error`}>
              {fieldError.postalCode}
            </p>
          )}
        </div>
      </div>
      <ErrorNotice error={error} />
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={busy}>
          {busy ? 'Estimating…' : 'Estimate'}
        </button>
        {onCancel && (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------------------

/** A total that needs the shopper's address: asked for until it is known, or said to be unavailable. */
function AddressBoundTotal({
  askAddress,
  unavailable,
  testId,
  amount,
}: {
  askAddress: boolean;
  unavailable: boolean;
  testId: string;
  amount: string | undefined;
}) {
  return (
    <dd>
      {askAddress ? (
        <span className="muted small">Add your address</span>
      ) : unavailable ? (
        <span className="muted small">Not available</span>
      ) : (
        <span data-testid={testId}>{amount}</span>
      )}
    </dd>
  );
}

function TotalsSection({
  cart,
  totals,
  error,
  loading: totalsLoading,
}: {
  cart: Cart;
  totals: EstimateTotalsResponse | undefined;
  error: ShownError | undefined;
  /** A new estimate is on its way. */
  loading: boolean;
}) {
  const summary = totals?.priceSummary;
  const known = Boolean(cart.contactInfo?.address?.country);
  const shippingError = totals?.calculationErrors?.generalShippingCalculationError?.applicationError;
  const noShipping = shippingError?.code === 'NO_SHIPPING_OPTIONS';
  const selected = totals?.shippingInfo?.selectedCarrierServiceOption;
  const taxError = totals?.calculationErrors?.taxCalculationError;
  // Without an address, shipping is unknown for anything that ships (even a line out of stock for now).
  const ships = cart.lineItems.some((line) => line.physicalProperties?.shippable !== false);
  const general = orderViolations(totals);
  return (
    <section className="summary-section" aria-labelledby="totals-title">
      <h2 id="totals-title" className="visually-hidden">
        Totals
      </h2>
      <ErrorNotice error={error} />
      {general.map((v) => (
        <p
          key={v.description}
          className={`line-note line-note-${v.severity === 'ERROR' ? 'error' : 'warning'}`}
        >
          {v.description}
        </p>
      ))}
      {summary ? (
        <dl className="summary-totals" aria-busy={totalsLoading} data-testid="cart-totals">
          <div>
            <dt>Subtotal</dt>
            <dd data-testid="total-subtotal">{summary.subtotal?.formattedAmount}</dd>
          </div>
          <DiscountRows total={summary.discount} applied={totals?.appliedDiscounts} />
          <div>
            <dt>
              Shipping
              {selected?.title && known && !noShipping && (
                <span className="muted small"> ({selected.title})</span>
              )}
            </dt>
            <AddressBoundTotal
              askAddress={!known && Boolean(shippingError || ships)}
              unavailable={noShipping}
              testId="total-shipping"
              amount={summary.shipping?.formattedAmount}
            />
          </div>
          <div>
            <dt>Tax</dt>
            <AddressBoundTotal
              askAddress={!known}
              unavailable={Boolean(taxError)}
              testId="total-tax"
              amount={summary.tax?.formattedAmount}
            />
          </div>
          {nonZero(summary.additionalFees?.amount) && (
            <div>
              <dt>Fees</dt>
              <dd data-testid="total-fees">{summary.additionalFees?.formattedAmount}</dd>
            </div>
          )}
          <div className="summary-total">
            <dt>{known ? 'Total' : 'Estimated total'}</dt>
            <dd data-testid="total-total">{summary.total?.formattedAmount}</dd>
          </div>
        </dl>
      ) : (
        !error && <p className="muted">Working out your totals…</p>
      )}
      {cart.taxIncludedInPrices && <p className="muted small">Prices include tax.</p>}
    </section>
  );
}
