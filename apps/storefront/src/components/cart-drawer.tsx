import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ShownError } from '../lib/errors.ts';
import {
  availabilityNote,
  cartErrorMessage,
  checkout,
  closeDrawer,
  ensureCart,
  itemCount,
  openDrawer,
  orderViolations,
  reloadCart,
  useCart,
} from '../resources/cart.ts';
import { useMember } from '../resources/session.ts';
import { CartLines } from './cart-lines.tsx';
import { ErrorNotice } from './form.tsx';

/**
 * The header's cart button, with the number of items; it opens the drawer. It also keeps the cart in step with the shopper: read on the first page, again after signing in or out (the
 * server merges a visitor's cart into the member's) and when the tab comes back into view.
 */
export function CartButton() {
  const { cart } = useCart();
  const member = useMember();
  const memberId = member?.id;
  // The member the cart was read for (`null`: not read yet); another one means the cart owner changed.
  const readFor = useRef<string | undefined | null>(null);
  useEffect(() => {
    if (readFor.current === null || readFor.current === memberId) void ensureCart();
    else void reloadCart();
    readFor.current = memberId;
  }, [memberId]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reloadCart();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  const count = itemCount(cart);
  return (
    <button
      type="button"
      className="cart-button"
      aria-haspopup="dialog"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      data-testid="cart-button"
      onClick={openDrawer}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M6 7h12l-1 13H7L6 7Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path d="M9 9V6a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <span className="cart-count" data-testid="cart-count" data-empty={count === 0} aria-hidden="true">
        {count}
      </span>
    </button>
  );
}

/**
 * Cart changes for screen-reader users (added, removed, address estimated). A modal drawer makes the page
 * behind it inert, so the words go to a region inside the drawer while it is open and to one after the page
 * otherwise. Not a `status` role: pages keep that for their own messages.
 */
function Announcer({ active }: { active: boolean }) {
  const { announcement } = useCart();
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {/* A trailing space on every other message makes a repeat of the same words a change, so it is heard. */}
      {active && announcement ? `${announcement.text}${announcement.at % 2 ? '\u00a0' : ''}` : null}
    </div>
  );
}

/** The cart in a side sheet: opens after adding, or from the header button; a modal dialog. */
export function CartDrawer() {
  const { cart, drawer, totals, totalsLoading, loadError } = useCart();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  const lines = cart?.lineItems ?? [];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (drawer.open && !element.open) {
      element.showModal();
      heading.current?.focus();
    } else if (!drawer.open && element.open) {
      element.close();
    }
  }, [drawer.open]);
  // Following a link out of the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => closeDrawer(), [pathname]);

  const count = itemCount(cart);
  const subtotal = totals?.priceSummary?.subtotal?.formattedAmount;
  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape closes the dialog natively */}
      <dialog
        ref={dialog}
        className="drawer"
        aria-labelledby="drawer-title"
        data-testid="cart-drawer"
        onClose={closeDrawer}
        onClick={(event) => {
          if (event.target === event.currentTarget) closeDrawer();
        }}
      >
        <div className="drawer-panel">
          <div className="drawer-head">
            <h2 id="drawer-title" ref={heading} tabIndex={-1}>
              {drawer.added.length > 0 ? 'Added to your cart' : 'Your cart'}
              {count > 0 && <span className="drawer-count"> ({count})</span>}
            </h2>
            <button type="button" className="drawer-close" aria-label="Close cart" onClick={closeDrawer}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="drawer-body">
            <ErrorNotice error={loadError} />
            {lines.length === 0 ? (
              <div className="cart-empty">
                <p>Your cart is empty.</p>
                <Link to="/shop" className="button button-secondary" onClick={closeDrawer}>
                  Browse the shop
                </Link>
              </div>
            ) : (
              <CartLines
                lines={lines}
                totals={totals}
                highlight={drawer.added.map((line) => line.id)}
                compact
                onNavigate={closeDrawer}
                onRemoved={() => heading.current?.focus()}
              />
            )}
          </div>
          {lines.length > 0 && (
            <div className="drawer-foot">
              <dl className="summary-totals">
                <div className="summary-total">
                  <dt>Subtotal</dt>
                  <dd aria-busy={totalsLoading} data-testid="drawer-subtotal">
                    {subtotal ?? '…'}
                  </dd>
                </div>
              </dl>
              <p className="muted small">Coupons, shipping and tax are worked out in the cart.</p>
              <div className="drawer-actions">
                <Link to="/cart" className="button button-secondary wide" onClick={closeDrawer}>
                  View cart
                </Link>
                <CheckoutButton className="button button-primary wide" />
              </div>
            </div>
          )}
          <Announcer active={drawer.open} />
        </div>
      </dialog>
      <Announcer active={!drawer.open} />
    </>
  );
}

/** Starts a checkout of the cart as it is and goes to it; not while an item cannot be ordered. */
export function CheckoutButton({ className = 'button button-primary' }: { className?: string }) {
  const { cart, totals, pending } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>();
  const reasonId = useId();
  const lines = cart?.lineItems ?? [];
  const blocked =
    lines.some((line) => availabilityNote(line)?.tone === 'error') ||
    (totals?.violations ?? []).some((v) => v.severity === 'ERROR');
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const id = await checkout();
      closeDrawer();
      navigate(`/checkout/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(cartErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const reason = blocked
    ? (orderViolations(totals).find((v) => v.severity === 'ERROR')?.description ??
      'Remove the items that are not available to check out.')
    : undefined;
  return (
    <div className="checkout-action">
      <button
        type="button"
        className={className}
        disabled={lines.length === 0 || blocked || busy || pending > 0}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void go()}
      >
        {busy ? 'Starting checkout…' : 'Checkout'}
      </button>
      {reason && (
        <p id={reasonId} className="small line-note line-note-error">
          {reason}
        </p>
      )}
      <ErrorNotice error={error} />
    </div>
  );
}
