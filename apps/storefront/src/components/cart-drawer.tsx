import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Cart, EstimateTotalsResponse } from '@aisle/sdk';
import { useRouteLoaderData } from 'react-router';
import { itemCount, openDrawer, reloadCart, useCartUi, useLiveCart } from '../resources/cart.ts';
import { useMember } from '../resources/member.ts';

import { Announcer } from './cart-announcer.tsx';
/**
 * The header's cart button, with the number of items; it opens the drawer. It also keeps the cart in step
 * with the shopper: read after the first page has hydrated, again after signing in or out (the server merges a
 * visitor's cart into the member's) and when the tab comes back into view.
 */
export function CartButton() {
  // The cart page's server-rendered cart until the live one is there (so the count hydrates as rendered).
  const page = useRouteLoaderData<{
    cart: Cart | null | undefined;
    totals: EstimateTotalsResponse | undefined;
  }>('cart');
  const [{ cart }, feed] = useLiveCart(page);
  const member = useMember();
  const memberId = member?.id;
  // The member the cart was read for (`null`: not read yet); another one means the cart owner changed.
  const readFor = useRef<string | undefined | null>(null);
  useEffect(() => {
    if (readFor.current !== null && readFor.current !== memberId) void reloadCart();
    readFor.current = memberId;
  }, [memberId]);
  const count = itemCount(cart);
  return (
    <>
      {feed}
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
    </>
  );
}

const CartDrawerPanel = lazy(() =>
  import('./cart-drawer-panel.tsx').then((m) => ({ default: m.CartDrawer })),
);

/**
 * The cart drawer, loaded the first time it opens (its code is not part of the first page load); until then
 * only the announcements' live region.
 */
export function CartDrawer() {
  const { drawer } = useCartUi();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (drawer.open) setWanted(true);
  }, [drawer.open]);
  if (!wanted) return <Announcer active />;
  return (
    <Suspense fallback={<Announcer active />}>
      <CartDrawerPanel />
    </Suspense>
  );
}
