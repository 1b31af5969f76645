import {
  type Address,
  AisleError,
  type AppliedDiscount,
  type Cart,
  type CatalogReference,
  DEFAULT_VARIANT_ID,
  type EstimateTotalsResponse,
  getImageUrl,
  type LineItem,
  type LineItemInput,
  type OfferedShippingOption,
  STORES_APP_ID,
  type Violation,
} from '@aisle/sdk';
import type { CartWrite } from '@aisle/react';
import { createElement, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { type ShownError, showError } from '../lib/errors.ts';
import { formatMoney } from '../lib/money.ts';
import type { StoreClient } from '../sdk.ts';

// ---------------------------------------------------------------------------------------------------------
// The shopper's cart: `@aisle/react` (TanStack Query), loaded after the page has hydrated
// ---------------------------------------------------------------------------------------------------------

/**
 * The cart lives on the server, owned by the visitor or member token the SDK sends. In the browser it is read
 * and written through `@aisle/react` (`cart/runtime.tsx`): one TanStack Query cache for the header, the drawer
 * and the cart page; writes show at once, reach the server one after the other and are undone if refused; the
 * totals are estimated again by the server after each (the page never adds up money itself). That code (and
 * TanStack Query) is not part of the first page load: it loads once the page has hydrated, and until then the
 * page shows what the server rendered. On the server nothing of it runs: pages render from their loaders.
 */
export interface CartData {
  /** `undefined` until read; `null` while the shopper has no cart (nothing added yet). */
  cart: Cart | null | undefined;
  loadError: ShownError | undefined;
  /** The server's estimate for the cart as it is (the cart's own address and shipping choice). */
  totals: EstimateTotalsResponse | undefined;
  totalsLoading: boolean;
  totalsError: ShownError | undefined;
  /** Writes not settled yet. */
  pending: number;
}

type CartRuntime = typeof import('../cart/runtime.tsx');

let runtime: CartRuntime | undefined;
let runtimeLoad: Promise<CartRuntime> | undefined;
const runtimeListeners = new Set<() => void>();

/** The cart's code, loaded once (browser only). */
export function loadCartRuntime(): Promise<CartRuntime> {
  runtimeLoad ??= import('../cart/runtime.tsx').then((loaded) => {
    runtime = loaded;
    for (const listener of runtimeListeners) listener();
    return loaded;
  });
  return runtimeLoad;
}

const subscribeRuntime = (listener: () => void) => {
  runtimeListeners.add(listener);
  return () => runtimeListeners.delete(listener);
};

/**
 * The cart for a component, and the element that keeps it up to date (render it anywhere in the component:
 * it renders nothing). Until the cart's code has loaded (and while hydrating), `server`'s cart: what the server
 * rendered, so hydration matches; then the live cart, from the same position in the tree (nothing remounts).
 */
export function useLiveCart(server?: {
  cart: Cart | null | undefined;
  totals: EstimateTotalsResponse | undefined;
}): [CartData, ReactNode] {
  const loaded = useSyncExternalStore(
    subscribeRuntime,
    () => runtime,
    () => undefined,
  );
  const [data, setData] = useState<CartData>(
    () =>
      runtime?.cartSnapshot() ?? {
        cart: server?.cart,
        loadError: undefined,
        totals: server?.totals,
        totalsLoading: false,
        totalsError: undefined,
        pending: 0,
      },
  );
  useEffect(() => {
    void loadCartRuntime();
  }, []);
  return [data, loaded ? createElement(loaded.CartFeed, { onData: setData, server }) : null];
}

export const isCartMissing = (error: unknown): boolean =>
  error instanceof AisleError && error.code === 'OWNED_CART_NOT_FOUND';

/** Reads the cart from the server again (another owner after signing in or out, an order placed). */
export const reloadCart = (): Promise<void> => loadCartRuntime().then((loaded) => loaded.reloadCart());

// ---------------------------------------------------------------------------------------------------------
// The drawer and announcements: page state, in this small store (no server data)
// ---------------------------------------------------------------------------------------------------------

export interface CartUi {
  drawer: { open: boolean; added: AddedLine[] };
  /** The last thing said to screen-reader users; `at` counts them (a repeat of the same words is heard). */
  announcement: { text: string; at: number } | undefined;
}

/** A line that just grew, for the drawer's "Added to your cart" note. */
export interface AddedLine {
  id: string;
  name: string;
  added: number;
}

let ui: CartUi = { drawer: { open: false, added: [] }, announcement: undefined };

const listeners = new Set<() => void>();

function set(patch: Partial<CartUi>): void {
  ui = { ...ui, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getUi = (): CartUi => ui;

/** The drawer and the announcements, re-rendering on every change. */
export function useCartUi(): CartUi {
  return useSyncExternalStore(subscribe, getUi, getUi);
}

/** Says something to screen-reader users (the drawer's live regions). */
export function announce(text: string): void {
  set({ announcement: { text, at: (ui.announcement?.at ?? 0) + 1 } });
}

// ---------------------------------------------------------------------------------------------------------
// Writes (through `@aisle/react`'s cart writes: optimistic, in order, rolled back on error)
// ---------------------------------------------------------------------------------------------------------

/** The lines whose quantity grew from `before` to `after`. */
function grownLines(before: Cart | null | undefined, after: Cart): AddedLine[] {
  const was = new Map((before?.lineItems ?? []).map((line) => [line.id, line.quantity ?? 0]));
  return after.lineItems
    .map((line) => ({
      id: line.id,
      name: lineName(line),
      added: (line.quantity ?? 0) - (was.get(line.id) ?? 0),
    }))
    .filter((line) => line.added > 0);
}

const write = async (change: CartWrite): Promise<Cart> => (await loadCartRuntime()).writeCart(change);

/** Adds lines (the server merges a repeat of the same item and options), then opens the drawer on them. */
export async function addToCart(lineItems: LineItemInput[]): Promise<Cart> {
  const loaded = await loadCartRuntime();
  const before = loaded.cartSnapshot().cart;
  const cart = await loaded.writeCart({ type: 'add', lineItems });
  const added = grownLines(before, cart);
  set({ drawer: { open: true, added } });
  announce(
    added.length
      ? `Added to your cart: ${added.map((line) => `${line.name}, ${line.added}`).join('; ')}.`
      : 'Added to your cart.',
  );
  return cart;
}

/** Adds lines through any client, leaving this page's cart alone (the server, for a form posted without JavaScript). */
export const addLinesWith = (api: StoreClient, lineItems: LineItemInput[]): Promise<Cart> =>
  api.currentCart.addToCurrentCart({ lineItems });

/** A catalogue line of the store: the product and its variant (products without options: the default one). */
export function catalogLine(
  productId: string,
  variantId: string | undefined,
  quantity = 1,
  subscriptionOptionId?: string,
): LineItemInput {
  const catalogReference: CatalogReference = {
    catalogItemId: productId,
    appId: STORES_APP_ID,
    options: {
      variantId: variantId ?? DEFAULT_VARIANT_ID,
      ...(subscriptionOptionId ? { subscriptionOptionId } : {}),
    },
  };
  return { quantity, catalogReference };
}

export const setLineQuantity = (id: string, quantity: number): Promise<Cart> =>
  write({ type: 'quantity', lineItems: [{ id, quantity }] });

export async function removeLine(line: LineItem): Promise<Cart> {
  const cart = await write({ type: 'remove', lineItemIds: [line.id] });
  announce(`Removed ${lineName(line)} from your cart.`);
  return cart;
}

/** Applies a coupon; a refused code rejects (see `cartErrorMessage`) and the cart keeps what it had. */
export const applyCoupon = (code: string): Promise<Cart> =>
  write({ type: 'update', options: { couponCode: code } });

export const removeCoupon = (): Promise<Cart> => write({ type: 'removeCoupon' });

/**
 * Where the shopper wants the order to go, kept on the cart (it survives a reload and goes on to checkout).
 * The shipping choice is cleared with it: the new address may have other options.
 */
export const setShippingAddress = (address: Address): Promise<Cart> =>
  write({
    type: 'update',
    options: {
      cartInfo: { contactInfo: { address } },
      cartFieldmask: ['contactInfo.address', 'selectedShippingOption'],
    },
  });

export const selectShippingOption = (option: { code: string; carrierId?: string }): Promise<Cart> =>
  write({
    type: 'update',
    options: { cartInfo: { selectedShippingOption: option }, cartFieldmask: ['selectedShippingOption'] },
  });

/** A checkout of the cart as it is now, after any write still on its way. */
export async function checkout(): Promise<string> {
  const { checkoutId } = await (await loadCartRuntime()).startCheckout();
  return checkoutId;
}

export const openDrawer = (): void => set({ drawer: { open: true, added: [] } });
export const closeDrawer = (): void => set({ drawer: { open: false, added: [] } });

// ---------------------------------------------------------------------------------------------------------
// Reading a cart for display
// ---------------------------------------------------------------------------------------------------------

/** Units in the cart (the header's count). */
export const itemCount = (cart: Cart | null | undefined): number =>
  (cart?.lineItems ?? []).reduce((count, line) => count + (line.quantity ?? 0), 0);

export const lineName = (line: LineItem): string =>
  line.productName?.translated || line.productName?.original || 'Item';

export interface LineOption {
  name: string;
  value: string;
  /** A CSS colour for colour options. */
  colour?: string;
}

/** "Size: M", "Color: Navy" and custom text, as the server describes the line. */
export function lineOptions(line: LineItem): LineOption[] {
  return (line.descriptionLines ?? []).flatMap((d) => {
    const name = d.name?.translated || d.name?.original || '';
    if (d.colorInfo) {
      const value = d.colorInfo.translated || d.colorInfo.original || '';
      return [{ name, value, ...(d.colorInfo.code ? { colour: d.colorInfo.code } : {}) }];
    }
    const value = d.plainText?.translated || d.plainText?.original || '';
    return value ? [{ name, value }] : [];
  });
}

/** The line's picture for an `<img>`, on this origin. */
export const lineImage = (line: LineItem): string | undefined =>
  line.image ? getImageUrl(line.image) : undefined;

/** The product page of a line with its choices selected (`/product-page/tee?Size=M&Color=Navy`). */
export function linePath(line: LineItem): string | undefined {
  if (!line.url) return undefined;
  let path: string;
  try {
    // Only the path is kept: the base just makes a relative URL parse.
    path = new URL(line.url, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  const search = new URLSearchParams();
  for (const d of line.descriptionLines ?? []) {
    const name = d.name?.original;
    const value = d.colorInfo?.original ?? d.plainText?.original;
    if (name && value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** What the line's availability tells the shopper, when anything. */
export function availabilityNote(line: LineItem): { text: string; tone: 'error' | 'warning' } | undefined {
  const { status, quantityAvailable } = line.availability ?? {};
  if (status === 'NOT_FOUND') return { text: 'No longer available', tone: 'error' };
  if (status === 'NOT_AVAILABLE') return { text: 'Out of stock', tone: 'error' };
  if (status === 'PARTIALLY_AVAILABLE')
    return { text: `Only ${quantityAvailable ?? 0} left`, tone: 'warning' };
  return undefined;
}

/** The engine's violations about one line (out of stock, fewer available, below the minimum). */
export const lineViolations = (totals: EstimateTotalsResponse | undefined, lineId: string): Violation[] =>
  (totals?.violations ?? []).filter((v) => v.target?.lineItem?.id === lineId);

/** Violations about the order as a whole (a minimum order subtotal). */
export const orderViolations = (totals: EstimateTotalsResponse | undefined): Violation[] =>
  (totals?.violations ?? []).filter((v) => !v.target?.lineItem?.id);

/** The applied coupon, if any. */
export const appliedCoupon = (cart: Cart | null | undefined): AppliedDiscount['coupon'] =>
  cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon;

/** A non-zero amount (a decimal string from the server)? */
export const nonZero = (amount: string | undefined): boolean => amount !== undefined && Number(amount) !== 0;

/** Every shipping option offered for the cart's address, with its carrier. */
export function offeredOptions(
  totals: EstimateTotalsResponse | undefined,
): Array<{ carrierId: string | undefined; option: OfferedShippingOption }> {
  return (totals?.shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier) =>
    (carrier.shippingOptions ?? []).map((option) => ({ carrierId: carrier.carrierId, option })),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------

function money(amount: unknown, currency: string | undefined): string | undefined {
  const n = typeof amount === 'string' ? Number(amount) : Number.NaN;
  if (!Number.isFinite(n)) return undefined;
  return formatMoney(n, currency);
}

/** A coupon the server refused (`ERROR_COUPON_…`), in the shopper's words. */
export function couponMessage(
  code: string | number | undefined,
  coupon: string,
  data: unknown,
  currency?: string,
): string | undefined {
  const details = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  switch (code) {
    case 'ERROR_COUPON_DOES_NOT_EXIST':
      return `“${coupon}” is not a valid coupon code. Check the spelling and try again.`;
    case 'ERROR_COUPON_IS_NOT_ACTIVE':
      return `The coupon “${coupon}” is not active right now.`;
    case 'ERROR_COUPON_HAS_EXPIRED':
      return `The coupon “${coupon}” has expired.`;
    case 'ERROR_COUPON_USAGE_EXCEEDED':
      return `The coupon “${coupon}” has been used up.`;
    case 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED':
      return `You have already used the coupon “${coupon}”.`;
    case 'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS':
      return `The coupon “${coupon}” does not apply to the items in your cart.`;
    case 'ERROR_COUPON_MINIMUM_SUBTOTAL_NOT_REACHED': {
      const minimum = money(details.minimumSubtotal, currency);
      return minimum
        ? `The coupon “${coupon}” needs a subtotal of at least ${minimum}.`
        : `Your subtotal is too low for the coupon “${coupon}”.`;
    }
    default:
      return undefined;
  }
}

/** A failed cart call as the shopper should read it. */
export function cartErrorMessage(error: unknown, coupon?: string, currency?: string): ShownError {
  if (error instanceof AisleError) {
    const requestId = error.requestId ? { requestId: error.requestId } : {};
    const couponText = coupon ? couponMessage(error.code, coupon, error.data, currency) : undefined;
    if (couponText) return { message: couponText, ...requestId };
    if (error.code === 'CATALOG_ITEM_NOT_FOUND')
      return { message: 'This product is no longer sold.', ...requestId };
    // A visitor choosing a subscription plan (403, not an ended session): the server's "Sign in to subscribe".
    if (error.code === 'SUBSCRIPTION_REQUIRES_MEMBER')
      return {
        message: error.description ?? 'Sign in to subscribe: subscriptions are for members.',
        ...requestId,
      };
    if (error.code === 'EMPTY_CART') return { message: 'Your cart is empty.', ...requestId };
    if (isCartMissing(error))
      return { message: 'Your cart has changed in another window. Please try again.', ...requestId };
  }
  return showError(error);
}

/** A shipping calculation problem, in the shopper's words. */
export function shippingProblem(totals: EstimateTotalsResponse | undefined): string | undefined {
  const error = totals?.calculationErrors?.generalShippingCalculationError?.applicationError;
  if (!error) return undefined;
  if (error.code === 'MISSING_SHIPPING_ADDRESS') return undefined;
  if (error.code === 'NO_SHIPPING_OPTIONS') return 'Sorry, we do not ship to this address yet.';
  return error.description || 'Shipping could not be calculated for this address.';
}
