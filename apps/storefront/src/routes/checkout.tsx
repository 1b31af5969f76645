import { AisleError, type Checkout, type Identity } from '@aisle/sdk';
import { useEffect, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { type CheckoutWrite, checkoutApi } from '../components/checkout/api.ts';
import { isComplete } from '../components/checkout/address-fields.tsx';
import { CheckoutMemberships } from '../components/checkout/memberships.tsx';
import { figuresOf, SummaryLines, SummaryTotals } from '../components/checkout/order-summary.tsx';
import { orderPath, placedOrderOf } from '../components/checkout/placed.ts';
import { TipSection } from '../components/checkout/tip-section.tsx';
import { needsShipping } from '../components/checkout/view.ts';
import { usePageTitle } from '../lib/title.ts';
import { readRedirectSession } from '../resources/redirects.ts';
import { currentMember } from '../resources/member.ts';
import { storeOf } from '../sdk.ts';
import { CouponSection } from '../components/checkout/checkout-coupon.tsx';
import { DeliverySection } from '../components/checkout/delivery-section.tsx';
import { DetailsSection } from '../components/checkout/details-section.tsx';
import { PaymentSection } from '../components/checkout/payment-section.tsx';

// ---------------------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------------------

/**
 * `/checkout/:checkoutId`: the store's own cart button lands here, and so does a redirect session's
 * `ecomCheckout` intent (`?redirectSessionId=`, whose callbacks give the way back to the site that sent the
 * shopper). A checkout whose order this tab placed goes straight to the order's confirmation.
 */
export async function checkoutLoader({ params, request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  const id = params.checkoutId ?? '';
  const redirectSessionId = new URL(request.url).searchParams.get('redirectSessionId');
  const [session, member] = await Promise.all([
    readRedirectSession(store, redirectSessionId),
    currentMember(store).catch(() => null),
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

export function CheckoutPage() {
  const loaded = useLoaderData<typeof checkoutLoader>();
  const [checkout, setCheckout] = useState(loaded.checkout);
  // A write in flight (the order cannot be placed meanwhile; totals are being worked out again).
  const [pending, setPending] = useState(0);
  usePageTitle('Checkout');
  useEffect(() => setCheckout(loaded.checkout), [loaded.checkout]);

  const api = checkoutApi(loaded.redirectSessionId);
  /** One checkout write: the answer replaces the checkout shown. */
  const write: CheckoutWrite = async (call) => {
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
  const shippingPending = ships && !detailsDone ? 'After your address' : undefined;

  return (
    <section className="checkout-page" aria-labelledby="checkout-title">
      <div className="checkout-head">
        <h1 id="checkout-title">Checkout</h1>
        {/* A checkout template may keep the shopper on this page (`disabledContinueShoppingButton`). */}
        {checkout.customSettings?.disabledContinueShoppingButton ? null : loaded.back.startsWith('/') ? (
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
        </div>
        <aside className="checkout-summary cart-summary" aria-label="Order summary">
          <h2>Order summary</h2>
          <SummaryLines lines={checkout.lineItems} />
          <CheckoutMemberships checkout={checkout} write={write} />
          <CouponSection checkout={checkout} write={write} />
          <Violations checkout={checkout} />
          <SummaryTotals
            figures={figuresOf(checkout.priceSummary)}
            appliedDiscounts={checkout.appliedDiscounts}
            shippingTitle={selected?.title}
            shippingPending={shippingPending}
            busy={pending > 0}
            taxIncluded={checkout.taxIncludedInPrice}
          />
        </aside>
        {/* After the summary, so a phone shows what is paid for before the pay button. */}
        <div className="checkout-steps checkout-pay">
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
      </div>
    </section>
  );
}

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
