import {
  authentication,
  checkout,
  collections,
  createClient,
  currentCart,
  type Http,
  localStorageTokenStorage,
  members,
  OAuthStrategy,
  orders,
  PRODUCT_TRANSFORM,
  type Product,
  prefixTransform,
  products,
  recovery,
  redirects,
  sandboxPayments,
  tips,
  verification,
} from '@aisle/sdk';

export const CLIENT_ID = 'demo-storefront';

/**
 * One OAuth strategy for the whole app: visitor tokens first, member tokens after sign-in, kept in
 * localStorage so tabs share them. Every SDK call below carries its current access token.
 */
export const auth = OAuthStrategy({
  clientId: CLIENT_ID,
  tokenStorage: localStorageTokenStorage({ key: 'aisle.storefront.tokens' }),
});

/** Storefront-only catalogue reads the SDK's products module does not offer (yet). */
const productPages = (http: Http) => ({
  /** The visible product with this slug, with its variants (one call), or undefined. */
  getProductBySlug: async (slug: string): Promise<Product | undefined> => {
    const response = await http.request<{ products?: Product[] }>({
      method: 'POST',
      path: '/stores-reader/v1/products/query-platformized',
      data: { query: { filter: { slug: { $eq: slug } }, paging: { limit: 1 } }, includeVariants: true },
      transform: prefixTransform('products', PRODUCT_TRANSFORM),
    });
    return response.products?.[0];
  },
});

/** The storefront talks to the platform only through the SDK, on its own origin. */
export const client = createClient({
  modules: {
    products,
    collections,
    productPages,
    members,
    authentication,
    recovery,
    verification,
    redirects,
    currentCart,
    checkout,
    orders,
    sandboxPayments,
    tips,
  },
  auth,
});
