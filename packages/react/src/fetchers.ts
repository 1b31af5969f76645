import {
  AisleError,
  type Cart,
  type Checkout,
  type Collection,
  type EstimateTotalsResponse,
  type Identity,
  type Product,
  type QueryBuilder,
} from '@aisle/sdk';
import { type AisleAuth, type AisleHooksClient, requireModule } from './client.ts';
import type { ProductListKey, ProductRef } from './keys.ts';

/**
 * The reads behind the hooks, as plain functions over the SDK client (no React, no TanStack Query): for route
 * loaders and servers that render without the hooks. "Nothing there" is `null`, not an error.
 */

/** A rejection handler: `null` for the errors `test` accepts (nothing there), the others passed on. */
const nullWhen =
  (test: (error: unknown) => boolean) =>
  (error: unknown): null => {
    if (test(error)) return null;
    throw error;
  };

const notFound = (error: unknown) => error instanceof AisleError && error.status === 404;
const signedOut = (error: unknown) =>
  error instanceof AisleError && (error.status === 401 || error.status === 403);

/** The shopper has no cart (yet), or no session it could belong to. */
export const isNoCart = (error: unknown): boolean =>
  (error instanceof AisleError && error.code === 'OWNED_CART_NOT_FOUND') || signedOut(error);

/** A product by id or slug, with its variants; `null` when there is none (or it is hidden). */
export async function fetchProduct(client: AisleHooksClient, ref: ProductRef): Promise<Product | null> {
  const products = requireModule(client, 'products', 'useProduct');
  if ('id' in ref) return products.getProduct(ref.id).catch(nullWhen(notFound));
  const page = await products.queryProducts({ includeVariants: true }).eq('slug', ref.slug).limit(1).find();
  return page.items[0] ?? null;
}

/** A page of products: plain data (no functions), so it can be dehydrated for the browser. */
export interface ProductsPage {
  items: Product[];
  /** Zero-based. */
  page: number;
  pageSize: number;
  /** Undefined when the server does not count. */
  totalCount: number | undefined;
  /** Undefined when the server does not count. */
  pageCount: number | undefined;
  hasNext: boolean;
}

export type ProductsQueryBuilder = QueryBuilder<Product>;

export interface ProductsOptions {
  /** Filters and sort on the SDK's query builder: `(q) => q.eq('brand', 'Acme').ascending('name')`. */
  query?: (query: ProductsQueryBuilder) => ProductsQueryBuilder;
  /** Zero-based; default 0. */
  page?: number;
  /** Default 20. */
  pageSize?: number;
  /** Each product's variants too (heavier); default false. */
  includeVariants?: boolean;
}

export const DEFAULT_PRODUCTS_PAGE_SIZE = 20;

/** A product listing's query, built: its key (plain data) and how to read the page. */
export function productList(
  client: AisleHooksClient,
  options: ProductsOptions = {},
): { key: ProductListKey; fetch: () => Promise<ProductsPage> } {
  const products = requireModule(client, 'products', 'useProducts');
  const page = options.page ?? 0;
  const pageSize = options.pageSize ?? DEFAULT_PRODUCTS_PAGE_SIZE;
  const includeVariants = options.includeVariants ?? false;
  const base = products.queryProducts(includeVariants ? { includeVariants } : {});
  const built = options.query ? options.query(base) : base;
  const { filter, sort } = built.build();
  const key: ProductListKey = {
    query: { ...(filter ? { filter } : {}), ...(sort?.length ? { sort } : {}) },
    page,
    pageSize,
    includeVariants,
  };
  const fetch = async (): Promise<ProductsPage> => {
    const found = await built
      .limit(pageSize)
      .skip(page * pageSize)
      .find();
    const totalCount = found.totalCount;
    return {
      items: found.items,
      page,
      pageSize,
      totalCount,
      pageCount: totalCount === undefined ? undefined : Math.max(1, Math.ceil(totalCount / pageSize)),
      hasNext: found.hasNext(),
    };
  };
  return { key, fetch };
}

/** One page of products. */
export const fetchProducts = (client: AisleHooksClient, options?: ProductsOptions): Promise<ProductsPage> =>
  productList(client, options).fetch();

/** A visible collection by slug; `null` when there is none. */
export const fetchCollection = (client: AisleHooksClient, slug: string): Promise<Collection | null> =>
  requireModule(client, 'collections', 'useCollection').getCollectionBySlug(slug).catch(nullWhen(notFound));

/** The shopper's cart; `null` while they have none (nothing added yet). */
export const fetchCart = (client: AisleHooksClient): Promise<Cart | null> =>
  requireModule(client, 'currentCart', 'useCart').getCurrentCart().catch(nullWhen(isNoCart));

/** The server's estimate of the cart's totals (its own address and shipping choice); `null` with no cart. */
export const fetchCartTotals = (client: AisleHooksClient): Promise<EstimateTotalsResponse | null> =>
  requireModule(client, 'currentCart', 'useCartTotals').estimateCurrentCartTotals().catch(nullWhen(isNoCart));

/** A checkout of the shopper's. */
export const fetchCheckout = (client: AisleHooksClient, id: string): Promise<Checkout> =>
  requireModule(client, 'checkout', 'useCheckout').getCheckout(id);

/** The signed-in member; `null` for a visitor (or member tokens the server no longer accepts). */
export async function fetchMember(
  client: AisleHooksClient,
  auth: AisleAuth | undefined,
): Promise<Identity | null> {
  if (auth && !auth.loggedIn()) return null;
  return requireModule(client, 'members', 'useMember').getCurrentMember().catch(nullWhen(signedOut));
}
