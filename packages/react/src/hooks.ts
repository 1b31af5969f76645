import type {
  Cart,
  Checkout,
  Collection,
  CreateCheckoutOptions,
  CreateCheckoutResponse,
  EstimateTotalsResponse,
  Identity,
  LineItemInput,
  LineItemQuantityUpdate,
  LoginParams,
  LoginResult,
  Product,
  RegisterParams,
  UpdateCurrentCartOptions,
} from '@aisle/sdk';
import {
  keepPreviousData,
  type QueryKey,
  useIsMutating,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CartWrite, cartWriteOptions, createCheckout } from './cart.ts';
import { requireAuth } from './client.ts';
import type { ProductsOptions, ProductsPage } from './fetchers.ts';
import { useAisle } from './context.tsx';
import { aisleKeys, CART_MUTATION_KEY, type ProductRef } from './keys.ts';
import {
  cartQuery,
  cartTotalsQuery,
  checkoutQuery,
  collectionQuery,
  memberQuery,
  productQuery,
  productsQuery,
} from './queries.ts';

/** TanStack Query options a read hook passes on. */
export interface ReadOptions<T> {
  /** `false`: do not read (yet). */
  enabled?: boolean;
  /** Data the page already has (a server render's): shown without reading, and kept in the cache. */
  initialData?: T;
  /** When `initialData` was read (ms since the epoch), so it goes stale on time. */
  initialDataUpdatedAt?: number;
  /** How long data stays fresh, in ms (the provider's default: 30 s). */
  staleTime?: number;
  /** Read again when a component using it mounts: when stale (default), `'always'`, or not (`false`). */
  refetchOnMount?: boolean | 'always';
  /** Read again when the window regains focus: when stale (default), `'always'`, or not (`false`). */
  refetchOnWindowFocus?: boolean | 'always';
}

/**
 * A read hook's query: the options `query` builds from the provider's client and auth strategy, the hook's
 * own `extra` (a listing keeps its previous page meanwhile), then the caller's options.
 */
function useRead<T, K extends QueryKey>(
  query: (aisle: ReturnType<typeof useAisle>) => UseQueryOptions<T, Error, T, K>,
  options: ReadOptions<T> | undefined,
  extra?: Pick<UseQueryOptions<T, Error, T, K>, 'placeholderData'>,
): UseQueryResult<T, Error> {
  return useQuery({ ...query(useAisle()), ...extra, ...options });
}

/** A product by id (`{ id }`) or slug (`{ slug }`), with its variants; `data` is `null` when there is none. */
export function useProduct(ref: ProductRef, options?: ReadOptions<Product | null>) {
  return useRead(({ client }) => productQuery(client, ref), options);
}

/**
 * One page of products. While another page loads, the previous one stays in `data` (`isPlaceholderData`
 * says so), so a listing does not flash empty between pages.
 */
export function useProducts(products: ProductsOptions = {}, options?: ReadOptions<ProductsPage>) {
  return useRead(({ client }) => productsQuery(client, products), options, {
    placeholderData: keepPreviousData,
  });
}

/** A visible collection by slug; `data` is `null` when there is none. */
export function useCollection(slug: string, options?: ReadOptions<Collection | null>) {
  return useRead(({ client }) => collectionQuery(client, slug), options);
}

/** A checkout of the shopper's, by id. */
export function useCheckout(id: string, options?: ReadOptions<Checkout>) {
  return useRead(({ client }) => checkoutQuery(client, id), options);
}

/** The signed-in member; `data` is `null` for a visitor. */
export function useMember(options?: ReadOptions<Identity | null>) {
  return useRead(({ client, auth }) => memberQuery(client, auth), options);
}

/** The server's estimate of the cart's totals; read again after every cart write. */
export function useCartTotals(options?: ReadOptions<EstimateTotalsResponse | null>) {
  return useRead(({ client }) => cartTotalsQuery(client), options, { placeholderData: keepPreviousData });
}

export interface UseCartResult {
  /** `undefined` until read; `null` while the shopper has no cart. Optimistic while writes are pending. */
  cart: Cart | null | undefined;
  /** The cart read (its status, error, `refetch`). */
  query: UseQueryResult<Cart | null, Error>;
  /** Cart writes not settled yet. */
  pending: number;
  /** The last write's error (cleared by the next write). */
  error: Error | null;
  /** Adds lines (an item already in the cart grows); shown at once. */
  addLines(lineItems: LineItemInput[]): Promise<Cart>;
  /** Sets line quantities (0 removes the line); shown at once. */
  updateQuantities(lineItems: LineItemQuantityUpdate[]): Promise<Cart>;
  /** Removes lines; shown at once. */
  removeLines(lineItemIds: string[]): Promise<Cart>;
  /** Cart info, a coupon code (`null` removes it); shown when the server answers. */
  update(options: UpdateCurrentCartOptions): Promise<Cart>;
  removeCoupon(): Promise<Cart>;
  /** A checkout of the cart as it is, after the writes still pending. */
  checkout(options?: CreateCheckoutOptions): Promise<CreateCheckoutResponse>;
}

/**
 * The shopper's cart and its writes. Adds, quantity changes and removals show at once (optimistic), reach the
 * server one after the other, and are undone if the server refuses them (the promise rejects with its error).
 */
export function useCart(options?: ReadOptions<Cart | null>): UseCartResult {
  const { client } = useAisle();
  const queryClient = useQueryClient();
  const query = useQuery({ ...cartQuery(client), ...options });
  const mutation = useMutation(cartWriteOptions(client, queryClient));
  const { mutateAsync } = mutation;
  // Counted across components: the header's button and the cart page share the writes.
  const pending = useIsMutating({ mutationKey: CART_MUTATION_KEY });
  const writes = useMemo(() => {
    const run = (write: CartWrite) => mutateAsync(write);
    return {
      addLines: (lineItems: LineItemInput[]) => run({ type: 'add', lineItems }),
      updateQuantities: (lineItems: LineItemQuantityUpdate[]) => run({ type: 'quantity', lineItems }),
      removeLines: (lineItemIds: string[]) => run({ type: 'remove', lineItemIds }),
      update: (update: UpdateCurrentCartOptions) => run({ type: 'update', options: update }),
      removeCoupon: () => run({ type: 'removeCoupon' }),
      checkout: (checkoutOptions?: CreateCheckoutOptions) =>
        createCheckout(client, queryClient, checkoutOptions),
    };
  }, [mutateAsync, client, queryClient]);
  return { cart: query.data, query, pending, error: mutation.error, ...writes };
}

export interface UseAuthOptions {
  /**
   * Turns a successful login's session token into member tokens. Default: the strategy's
   * `getMemberTokensForDirectLogin` (a hidden frame, in the browser).
   */
  completeLogin?: (sessionToken: string) => Promise<unknown>;
}

export interface UseAuthResult {
  /** The signed-in member; `null` for a visitor, `undefined` until known. */
  member: Identity | null | undefined;
  /**
   * Signs in. SUCCESS: the member's tokens are stored and everything of the session (cart, member, checkouts)
   * is read again. Other states (e-mail verification, captcha, a second factor, FAILURE) come back as they are.
   */
  login(params: LoginParams): Promise<LoginResult>;
  /** Creates an account; signs in on SUCCESS like `login`. */
  register(params: RegisterParams): Promise<LoginResult>;
  /** Signs out (tokens cleared even when the call fails); returns the URL that ends the server session. */
  logout(returnTo: string): Promise<{ logoutUrl: string }>;
  /** A call in progress. */
  pending: boolean;
  /** The last call's error (a network or server failure; refused credentials are a FAILURE result). */
  error: Error | null;
}

type AuthCall =
  | { type: 'login'; params: LoginParams }
  | { type: 'register'; params: RegisterParams }
  | { type: 'logout'; returnTo: string };

/** Sign-in, sign-up and sign-out through the provider's OAuth strategy. */
export function useAuth(options: UseAuthOptions = {}): UseAuthResult {
  const { client, auth } = useAisle();
  const queryClient = useQueryClient();
  const member = useQuery(memberQuery(client, auth));
  const { completeLogin } = options;
  const mutation = useMutation({
    mutationFn: async (call: AuthCall): Promise<LoginResult | { logoutUrl: string }> => {
      const strategy = requireAuth(auth, 'useAuth');
      if (call.type === 'logout') return strategy.logout(call.returnTo);
      const result =
        call.type === 'login' ? await strategy.login(call.params) : await strategy.register(call.params);
      if (result.loginState === 'SUCCESS') {
        const sessionToken = result.data.sessionToken;
        await (completeLogin ?? ((token) => strategy.getMemberTokensForDirectLogin(token)))(sessionToken);
      }
      return result;
    },
    onSuccess: async (result) => {
      // Another owner: the visitor's cart was merged into the member's, or the member's is gone.
      if (!('loginState' in result) || result.loginState === 'SUCCESS')
        await queryClient.resetQueries({ queryKey: aisleKeys.session() });
    },
  });
  const { mutateAsync } = mutation;
  const calls = useMemo(
    () => ({
      login: (params: LoginParams) => mutateAsync({ type: 'login', params }) as Promise<LoginResult>,
      register: (params: RegisterParams) => mutateAsync({ type: 'register', params }) as Promise<LoginResult>,
      logout: (returnTo: string) =>
        mutateAsync({ type: 'logout', returnTo }) as Promise<{ logoutUrl: string }>,
    }),
    [mutateAsync],
  );
  return { member: member.data, pending: mutation.isPending, error: mutation.error, ...calls };
}
