import type { WireQuery } from '@aisle/sdk';

/** Which product: by its id, or by its slug (the page URL's last part). */
export type ProductRef = { id: string } | { slug: string };

/** One page of a product listing: the query (filter and sort, no paging), the page and its size. */
export interface ProductListKey {
  query: Pick<WireQuery, 'filter' | 'sort'>;
  /** Zero-based. */
  page: number;
  pageSize: number;
  includeVariants: boolean;
}

const ROOT = 'aisle';

/**
 * The query keys of every Aisle read, as a tree: invalidate a branch to refetch all below it
 * (`queryClient.invalidateQueries({ queryKey: aisleKeys.products() })`). Two branches:
 *
 * - `catalogue()`: products and collections, the same for every shopper;
 * - `session()`: what belongs to the signed-in member or visitor (cart, totals, checkouts, the member), reset
 *   by `useAuth` when the shopper signs in or out.
 */
export const aisleKeys = {
  all: () => [ROOT] as const,
  catalogue: () => [ROOT, 'catalogue'] as const,
  products: () => [ROOT, 'catalogue', 'products'] as const,
  productLists: () => [ROOT, 'catalogue', 'products', 'list'] as const,
  productList: (list: ProductListKey) => [ROOT, 'catalogue', 'products', 'list', list] as const,
  product: (ref: ProductRef) => [ROOT, 'catalogue', 'products', 'detail', ref] as const,
  collections: () => [ROOT, 'catalogue', 'collections'] as const,
  collection: (slug: string) => [ROOT, 'catalogue', 'collections', 'detail', { slug }] as const,
  session: () => [ROOT, 'session'] as const,
  cart: () => [ROOT, 'session', 'cart'] as const,
  cartTotals: () => [ROOT, 'session', 'cart', 'totals'] as const,
  checkout: (id: string) => [ROOT, 'session', 'checkout', id] as const,
  member: () => [ROOT, 'session', 'member'] as const,
};

/** The mutation key of every cart write: they share a scope, so they reach the server one after the other. */
export const CART_MUTATION_KEY = [ROOT, 'cart-write'] as const;
