export {
  CART_MUTATION_KEY,
  aisleKeys,
  type ProductListKey,
  type ProductRef,
} from './keys.ts';
export type { AisleAuth, AisleHooksClient } from './client.ts';
export {
  DEFAULT_PRODUCTS_PAGE_SIZE,
  fetchCart,
  fetchCartTotals,
  fetchCheckout,
  fetchCollection,
  fetchMember,
  fetchProduct,
  fetchProducts,
  isNoCart,
  type ProductsOptions,
  type ProductsPage,
  type ProductsQueryBuilder,
  productList,
} from './fetchers.ts';
export {
  AisleProvider,
  type AisleProviderProps,
  createAisleQueryClient,
  useAisle,
} from './context.tsx';
export {
  cartQuery,
  cartTotalsQuery,
  checkoutQuery,
  collectionQuery,
  memberQuery,
  productQuery,
  productsQuery,
} from './queries.ts';
export {
  type CartWrite,
  cartWriteOptions,
  createCheckout,
  isOptimisticLine,
  OPTIMISTIC_LINE_PREFIX,
  withLinesAdded,
  withLinesRemoved,
  withQuantities,
  writeCart,
} from './cart.ts';
export {
  type ReadOptions,
  type UseAuthOptions,
  type UseAuthResult,
  type UseCartResult,
  useAuth,
  useCart,
  useCartTotals,
  useCheckout,
  useCollection,
  useMember,
  useProduct,
  useProducts,
} from './hooks.ts';
