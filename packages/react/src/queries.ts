import { queryOptions } from '@tanstack/react-query';
import type { AisleAuth, AisleHooksClient } from './client.ts';
import {
  fetchCart,
  fetchCartTotals,
  fetchCheckout,
  fetchCollection,
  fetchMember,
  fetchProduct,
  type ProductsOptions,
  productList,
} from './fetchers.ts';
import { aisleKeys, type ProductRef } from './keys.ts';

/**
 * Query options for each read (key + function), for the hooks and for prefetching outside React:
 * `await queryClient.ensureQueryData(productQuery(client, { slug }))` in a route loader or on the server.
 */

/** A product by id or slug, with its variants; `null` when there is none (or it is hidden). */
export const productQuery = (client: AisleHooksClient, ref: ProductRef) =>
  queryOptions({ queryKey: aisleKeys.product(ref), queryFn: () => fetchProduct(client, ref) });

/** One page of a product listing. */
export function productsQuery(client: AisleHooksClient, options: ProductsOptions = {}) {
  const { key, fetch } = productList(client, options);
  return queryOptions({ queryKey: aisleKeys.productList(key), queryFn: fetch });
}

/** A visible collection by slug; `null` when there is none. */
export const collectionQuery = (client: AisleHooksClient, slug: string) =>
  queryOptions({ queryKey: aisleKeys.collection(slug), queryFn: () => fetchCollection(client, slug) });

/** The shopper's cart; `null` while they have none (nothing added yet). */
export const cartQuery = (client: AisleHooksClient) =>
  queryOptions({ queryKey: aisleKeys.cart(), queryFn: () => fetchCart(client) });

/** The server's estimate of the cart's totals; `null` with no cart. */
export const cartTotalsQuery = (client: AisleHooksClient) =>
  queryOptions({ queryKey: aisleKeys.cartTotals(), queryFn: () => fetchCartTotals(client) });

/** A checkout of the shopper's. */
export const checkoutQuery = (client: AisleHooksClient, id: string) =>
  queryOptions({ queryKey: aisleKeys.checkout(id), queryFn: () => fetchCheckout(client, id) });

/** The signed-in member; `null` for a visitor. */
export const memberQuery = (client: AisleHooksClient, auth: AisleAuth | undefined) =>
  queryOptions({ queryKey: aisleKeys.member(), queryFn: () => fetchMember(client, auth) });
