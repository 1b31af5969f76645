/**
 * The orders this browser tab placed, by checkout: going back to a completed checkout finds its confirmation
 * page, and the confirmation page keeps working after a reload (the token is also in its URL).
 */
export interface PlacedOrder {
  orderId: string;
  /** The order's confirmation token: lets this visitor read the order without signing in. */
  token?: string | undefined;
  /** The redirect session the checkout was opened with, for the way back to the site that sent the shopper. */
  redirectSessionId?: string | undefined;
}

const KEY = 'aisle.storefront.placed-orders';

function readAll(): Record<string, PlacedOrder> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, PlacedOrder>) : {};
  } catch {
    return {};
  }
}

export function rememberPlaced(checkoutId: string, placed: PlacedOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [checkoutId]: placed }));
  } catch {
    // Private mode without storage: the confirmation URL still carries everything.
  }
}

export const placedOrderOf = (checkoutId: string): PlacedOrder | undefined => readAll()[checkoutId];

/** `/orders/{id}?token=…` (and the redirect session, when the shopper came from another site). */
export function orderPath(placed: PlacedOrder): string {
  const search = new URLSearchParams();
  if (placed.token) search.set('token', placed.token);
  if (placed.redirectSessionId) search.set('redirectSessionId', placed.redirectSessionId);
  const query = search.toString();
  return `/orders/${encodeURIComponent(placed.orderId)}${query ? `?${query}` : ''}`;
}
