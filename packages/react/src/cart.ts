import type {
  Cart,
  CreateCheckoutOptions,
  CreateCheckoutResponse,
  LineItem,
  LineItemInput,
  LineItemQuantityUpdate,
  UpdateCurrentCartOptions,
} from '@aisle/sdk';
import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { type AisleHooksClient, requireModule } from './client.ts';
import { aisleKeys, CART_MUTATION_KEY } from './keys.ts';

// ---------------------------------------------------------------------------------------------------------
// The optimistic cart: what the cart will look like once the server has the change
// ---------------------------------------------------------------------------------------------------------

/** Lines added optimistically carry this id prefix until the server's cart replaces them. */
export const OPTIMISTIC_LINE_PREFIX = 'optimistic:';

export const isOptimisticLine = (line: LineItem): boolean => line.id.startsWith(OPTIMISTIC_LINE_PREFIX);

/** Same catalogue item with the same options (the server merges such lines). */
const sameItem = (line: LineItem, input: LineItemInput): boolean =>
  line.catalogReference?.catalogItemId === input.catalogReference.catalogItemId &&
  line.catalogReference?.appId === input.catalogReference.appId &&
  JSON.stringify(line.catalogReference?.options ?? {}) ===
    JSON.stringify(input.catalogReference.options ?? {});

let optimisticSeq = 0;

/** The cart with the lines added: an item already there grows, a new one is a placeholder line. */
export function withLinesAdded(cart: Cart | null | undefined, lineItems: readonly LineItemInput[]): Cart {
  const lines = [...(cart?.lineItems ?? [])];
  for (const input of lineItems) {
    const quantity = input.quantity ?? 1;
    const at = lines.findIndex((line) => sameItem(line, input));
    const existing = lines[at];
    if (existing) lines[at] = { ...existing, quantity: (existing.quantity ?? 0) + quantity };
    else
      lines.push({
        id: `${OPTIMISTIC_LINE_PREFIX}${++optimisticSeq}`,
        quantity,
        catalogReference: input.catalogReference,
      });
  }
  return { ...(cart ?? { id: `${OPTIMISTIC_LINE_PREFIX}cart` }), lineItems: lines };
}

/** The cart with the quantities set (0 removes the line, as on the server). */
export function withQuantities(cart: Cart, updates: readonly LineItemQuantityUpdate[]): Cart {
  const wanted = new Map(updates.map((u) => [u.id, u.quantity]));
  return {
    ...cart,
    lineItems: cart.lineItems.flatMap((line) => {
      const quantity = wanted.get(line.id);
      if (quantity === undefined) return [line];
      return quantity > 0 ? [{ ...line, quantity }] : [];
    }),
  };
}

/** The cart without these lines. */
export const withLinesRemoved = (cart: Cart, ids: readonly string[]): Cart => ({
  ...cart,
  lineItems: cart.lineItems.filter((line) => !ids.includes(line.id)),
});

// ---------------------------------------------------------------------------------------------------------
// Writes: optimistic, one after the other, rolled back on error
// ---------------------------------------------------------------------------------------------------------

export type CartWrite =
  | { type: 'add'; lineItems: LineItemInput[] }
  | { type: 'quantity'; lineItems: LineItemQuantityUpdate[] }
  | { type: 'remove'; lineItemIds: string[] }
  | { type: 'update'; options: UpdateCurrentCartOptions }
  | { type: 'removeCoupon' };

interface WriteContext {
  /** The cart as it was before this write's optimistic change. */
  previous: Cart | null | undefined;
}

function optimistic(cart: Cart | null | undefined, write: CartWrite): Cart | null | undefined {
  switch (write.type) {
    case 'add':
      return withLinesAdded(cart, write.lineItems);
    case 'quantity':
      return cart ? withQuantities(cart, write.lineItems) : cart;
    case 'remove':
      return cart ? withLinesRemoved(cart, write.lineItemIds) : cart;
    default:
      // Coupons and cart info: only the server knows the outcome; the cart changes when it answers.
      return cart;
  }
}

function send(client: AisleHooksClient, write: CartWrite): Promise<Cart> {
  const cart = requireModule(client, 'currentCart', 'useCart');
  switch (write.type) {
    case 'add':
      return cart.addToCurrentCart({ lineItems: write.lineItems });
    case 'quantity':
      return cart.updateCurrentCartLineItemQuantity(write.lineItems);
    case 'remove':
      return cart.removeLineItemsFromCurrentCart(write.lineItemIds);
    case 'update':
      return cart.updateCurrentCart(write.options);
    case 'removeCoupon':
      return cart.removeCouponFromCurrentCart();
  }
}

/** Is this the only cart write still pending (the others have settled)? */
const lastWrite = (queryClient: QueryClient) =>
  queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) <= 1;

/**
 * The options of a cart write, for `useMutation` or `queryClient.getMutationCache().build(…)`:
 *
 * - the change shows at once (`onMutate`), every cart read in flight is cancelled so it cannot overwrite it;
 * - writes share one mutation scope, so they reach the server in the order they were made;
 * - the server's cart replaces the optimistic one when the last pending write has settled (an earlier answer
 *   would hide later clicks for a moment), and the totals are estimated again;
 * - a refused write puts the cart back as it was before it, then reads the server's cart again.
 */
export function cartWriteOptions(
  client: AisleHooksClient,
  queryClient: QueryClient,
): MutationOptions<Cart, Error, CartWrite, WriteContext> {
  const key = aisleKeys.cart();
  return {
    mutationKey: CART_MUTATION_KEY,
    scope: { id: CART_MUTATION_KEY.join(':') },
    mutationFn: (write) => send(client, write),
    onMutate: async (write) => {
      const previous = queryClient.getQueryData<Cart | null>(key);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      queryClient.setQueryData<Cart | null>(key, (cart) => optimistic(cart, write) ?? null);
      return { previous };
    },
    onSuccess: (cart) => {
      if (lastWrite(queryClient)) queryClient.setQueryData(key, cart);
    },
    onError: (_error, _write, context) => {
      if (context) queryClient.setQueryData(key, context.previous ?? null);
    },
    onSettled: (_cart, error) => {
      if (!lastWrite(queryClient)) return;
      // After an error the server's cart is read again (another tab may have changed it); always the totals.
      if (error) void queryClient.invalidateQueries({ queryKey: key });
      else void queryClient.invalidateQueries({ queryKey: aisleKeys.cartTotals() });
    },
  };
}

/** Runs one cart write outside React (a form handler, a route action in the browser). */
export function writeCart(
  client: AisleHooksClient,
  queryClient: QueryClient,
  write: CartWrite,
): Promise<Cart> {
  return queryClient
    .getMutationCache()
    .build(queryClient, cartWriteOptions(client, queryClient))
    .execute(write);
}

/** Starts a checkout of the cart as it is, after every pending cart write. */
export async function createCheckout(
  client: AisleHooksClient,
  queryClient: QueryClient,
  options: CreateCheckoutOptions = { channelType: 'WEB' },
): Promise<CreateCheckoutResponse> {
  if (queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) > 0) {
    await new Promise<void>((resolve) => {
      const unsubscribe = queryClient.getMutationCache().subscribe(() => {
        if (queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) === 0) {
          unsubscribe();
          resolve();
        }
      });
    });
  }
  return requireModule(client, 'currentCart', 'useCart').createCheckoutFromCurrentCart(options);
}
