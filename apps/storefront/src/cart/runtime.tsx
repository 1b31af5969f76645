import {
  AisleProvider,
  aisleKeys,
  CART_MUTATION_KEY,
  type CartWrite,
  cartQuery,
  cartTotalsQuery,
  createAisleQueryClient,
  createCheckout,
  useCart,
  useCartTotals,
  writeCart as write,
} from '@aisle/react';
import type { Cart, CreateCheckoutResponse, EstimateTotalsResponse } from '@aisle/sdk';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { showError } from '../lib/errors.ts';
import type { CartData } from '../resources/cart.ts';
import { browserStore } from '../sdk.ts';

/**
 * The browser's cart on `@aisle/react`: one TanStack Query cache for the page load, shared by every part of
 * the page that shows the cart (each renders a `CartFeed`). Loaded after hydration (`loadCartRuntime`), so
 * neither this nor TanStack Query is part of the first page load; never imported on the server.
 */

const queryClient = createAisleQueryClient();
/** The shopper's client: the cart's code loads with it. */
const client = await browserStore().api();

/** Has the shopper a session (the session cookie's readable flag says so)? */
const hasSession = () => /(^|;\s*)aisle_has_session=1/.test(document.cookie);

/**
 * Is there a cart to read? Not for a visitor who had no session when the page loaded (a read would only be
 * a 404 in the console), until a write makes one or the owner changes (`reloadCart`).
 */
let readable = hasSession();
const readableListeners = new Set<() => void>();
function setReadable(next: boolean): void {
  if (next === readable) return;
  readable = next;
  for (const listener of readableListeners) listener();
}
const subscribeReadable = (listener: () => void) => {
  readableListeners.add(listener);
  return () => readableListeners.delete(listener);
};

export async function writeCart(change: CartWrite): Promise<Cart> {
  const cart = await write(client, queryClient, change);
  setReadable(true);
  return cart;
}

export const startCheckout = (): Promise<CreateCheckoutResponse> =>
  createCheckout(client, queryClient, { channelType: 'WEB' });

/** The cart (and, with lines, its totals) in the cache: the cart page's loader waits for it (no empty flash). */
export async function ensureCart(): Promise<void> {
  if (!readable) return;
  const cart = await queryClient.ensureQueryData(cartQuery(client)).catch(() => undefined);
  if (cart?.lineItems.length) await queryClient.prefetchQuery(cartTotalsQuery(client));
}

export function reloadCart(): Promise<void> {
  setReadable(readable || hasSession());
  return queryClient.invalidateQueries({ queryKey: aisleKeys.cart() });
}

/** The cart as the cache has it now (no read). */
export function cartSnapshot(): CartData {
  const cart = queryClient.getQueryState<Cart | null>(cartQuery(client).queryKey);
  const totals = queryClient.getQueryState<EstimateTotalsResponse | null>(cartTotalsQuery(client).queryKey);
  return {
    cart: cart?.data !== undefined ? cart.data : readable ? undefined : null,
    loadError: undefined,
    totals: totals?.data ?? undefined,
    totalsLoading: totals?.fetchStatus === 'fetching',
    totalsError: undefined,
    pending: queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }),
  };
}

function Feed({
  onData,
  server,
}: {
  onData: (data: CartData) => void;
  server: { cart: Cart | null | undefined; totals: EstimateTotalsResponse | undefined } | undefined;
}) {
  const session = useSyncExternalStore(
    subscribeReadable,
    () => readable,
    () => false,
  );
  const { cart, query, pending } = useCart({
    enabled: session,
    // Coming back to the tab: lines may have been added in another one.
    refetchOnWindowFocus: 'always',
    ...(server?.cart !== undefined ? { initialData: server.cart } : {}),
  });
  const hasLines = (cart?.lineItems.length ?? 0) > 0;
  const totals = useCartTotals({
    enabled: hasLines,
    ...(server?.totals !== undefined ? { initialData: server.totals } : {}),
  });
  const loadError = query.error;
  const totalsError = totals.error;
  const shown = session || cart !== undefined ? cart : null;
  const estimate = hasLines ? (totals.data ?? undefined) : undefined;
  const totalsLoading = hasLines && totals.isFetching;
  useEffect(() => {
    onData({
      cart: shown,
      loadError: loadError
        ? showError(loadError, 'We could not load your cart. Please try again.')
        : undefined,
      totals: estimate,
      totalsLoading,
      totalsError: totalsError ? showError(totalsError, 'We could not work out the totals.') : undefined,
      pending,
    });
  }, [onData, shown, loadError, estimate, totalsLoading, totalsError, pending]);
  return null;
}

/** Keeps a component's cart up to date (`useLiveCart`); renders nothing. */
export function CartFeed(props: Parameters<typeof Feed>[0]): ReactNode {
  return (
    <AisleProvider client={client} queryClient={queryClient}>
      <Feed {...props} />
    </AisleProvider>
  );
}
