import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { closeDrawer, itemCount, useCartUi, useLiveCart } from '../resources/cart.ts';
import { CartLines } from './cart-lines.tsx';
import { Announcer } from './cart-announcer.tsx';
import { CheckoutButton } from './checkout-button.tsx';
import { ErrorNotice } from './form.tsx';

/** The cart in a side sheet: opens after adding, or from the header button; a modal dialog. */
export function CartDrawer() {
  const { drawer } = useCartUi();
  const [{ cart, totals, totalsLoading, loadError, pending }, feed] = useLiveCart();
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
  // Following a link out of the drawer closes it (not the path it was first opened on: it mounts open).
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) {
      openedAt.current = pathname;
      closeDrawer();
    }
  }, [pathname]);

  const count = itemCount(cart);
  const subtotal = totals?.priceSummary?.subtotal?.formattedAmount;
  return (
    <>
      {feed}
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
                <CheckoutButton cart={cart} totals={totals} pending={pending} />
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
