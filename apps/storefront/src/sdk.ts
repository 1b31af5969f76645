import {
  type AisleClient,
  type AuthStrategy,
  type FetchFn,
  type ModuleMap,
  type OAuthStrategy,
  TokenRole,
  type TokenStorage,
  type Tokens,
} from '@aisle/sdk';
import { createContext, type RouterContextProvider } from 'react-router';
import type { StoreClient } from './store-client.ts';

export type { StoreClient };

export const CLIENT_ID = 'demo-storefront';

/** The shopper's session as a client needs it: their auth, and the transport (the server's: in process). */
export interface Connection {
  auth: AuthStrategy;
  fetch?: FetchFn;
}

/**
 * What route loaders and actions work with: the shopper's client and session. On the server one per request
 * (the session comes from the shopper's cookie), in the browser one per page load.
 */
export interface Store {
  /** Where the loaders run: `server` (one store per request) or `browser` (one per page load). */
  kind: 'server' | 'browser';
  /**
   * The shopper's client (catalogue, cart, member). On the server made with the store; in the browser made
   * with its module on the first call (`store-client.ts`), so that the first page load does without it.
   */
  api(): Promise<StoreClient>;
  /** The session the client calls with, for clients of more modules (`clientWith`). */
  connection: Connection;
  /** Signed in as a member (the session's role; nothing is fetched). */
  loggedIn(): boolean;
  /** The origin the shopper sees, `https://shop.example.com`. */
  origin: string;
  /** Reads a page shares between its loaders (the member, the collections): once per request or page load. */
  memo: Map<string, Promise<unknown>>;
  /** Was there a product at this slug once (deleted since: 410)? Known to the server only. */
  productGone?: (slug: string) => Promise<boolean>;
}

export const storeContext = createContext<Store>();

export const storeOf = (context: Readonly<Pick<RouterContextProvider, 'get'>>): Store =>
  context.get(storeContext);

/**
 * `make`, run on the first call and its promise kept for the next ones; a failure is not kept (a chunk that
 * did not load is asked for again on the next call).
 */
function loadOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      made = make();
      made.catch(() => {
        made = undefined;
      });
    }
    return made;
  };
}

/**
 * The module of the shopper's clients: with the server's renderer, loaded on first use in the browser. Kept
 * once asked for: an `import()` of a loaded module still resolves it again, on every request of the server.
 */
export const clients = loadOnce(() => import('./store-client.ts'));

/** A client of these modules over the store's session (the same shopper as `store.api()`). */
export const clientWith = async <M extends ModuleMap>(store: Store, modules: M): Promise<AisleClient<M>> =>
  (await clients()).clientOver(store.connection, modules);

/** The same in the browser, for event handlers and effects. */
export const browserClientWith = <M extends ModuleMap>(modules: M): Promise<AisleClient<M>> =>
  clientWith(browserStore(), modules);

/** `key`'s read, shared by everything asking for it within this store's request or page load. */
export function memoized<T>(store: Store, key: string, read: () => Promise<T>): Promise<T> {
  let found = store.memo.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    found.catch(() => store.memo.delete(key));
    store.memo.set(key, found);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// The browser: tokens live in the server's HttpOnly session cookie
// ---------------------------------------------------------------------------------------------------------

/** The refresh token the browser holds: a stand-in; the real one is in the HttpOnly cookie. */
export const SESSION_COOKIE_TOKEN = 'session-cookie';
/** The storefront server's token endpoint: answers from the session cookie and keeps it up to date. */
export const SESSION_TOKEN_PATH = '/_storefront/session/token';
const SESSION_CART_PATH = '/_storefront/session/cart';
export const SESSION_PATH = '/_storefront/session';

let ended: Promise<unknown> = Promise.resolve();

/**
 * Tokens in this page's memory only. The access token comes from the storefront server (which renews it from
 * the cookie); a login's tokens are handed to the server by the token call itself (see `sessionFetch`), so a
 * real refresh token never reaches the page. Forgetting the tokens (sign-out) ends the cookie session too.
 */
function cookieSessionStorage(member: boolean): TokenStorage {
  let tokens: Tokens | undefined = {
    accessToken: { value: '', expiresAt: 0 },
    refreshToken: { value: SESSION_COOKIE_TOKEN, role: member ? TokenRole.MEMBER : TokenRole.VISITOR },
  };
  const end = () => {
    tokens = undefined;
    ended = fetch(SESSION_PATH, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
  };
  return {
    get: () => tokens,
    set: (next) => {
      if (!next.refreshToken.value) return end();
      tokens = next;
    },
    clear: end,
  };
}

/**
 * Whether the session's shopper has a cart, as far as this page knows: the session token answer says
 * (`has_cart`), a cart write makes one, a placed order (not waiting for the buyer) leaves one only when lines
 * were added after its checkout began (the server says which). Undefined: ask.
 */
let hasCart: boolean | undefined;
const CURRENT_CART = /\/ecom\/v1\/carts\/current(\?|$)/;
const CART_TOTALS = /\/ecom\/v1\/carts\/current\/estimate-totals(\?|$)/;
const CART_WRITE = /\/ecom\/v1\/carts\//;
const ORDER_PLACED = /\/ecom\/v1\/checkouts\/[^/?]+\/create-order/;

/** What the server answers for a read of a cart that does not exist, without asking it (no 404 in the console). */
const noCart = () =>
  new Response(
    JSON.stringify({
      message: 'The caller has no current cart; add an item to create one',
      details: {
        applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'No current cart', data: {} },
      },
    }),
    { status: 404, headers: { 'content-type': 'application/json' } },
  );

/**
 * Whether a cart is left after an order (it takes the lines it checked out; lines added in another tab stay),
 * asked with the order call's own token; undefined (ask the cart itself) when the answer does not say.
 */
async function cartLeft(init: RequestInit | undefined): Promise<boolean | undefined> {
  const authorization = new Headers(init?.headers).get('authorization');
  const response = await fetch(SESSION_CART_PATH, {
    credentials: 'same-origin',
    ...(authorization ? { headers: { authorization } } : {}),
  }).catch(() => undefined);
  const told = response?.ok ? (await jsonOf(response)).has_cart : undefined;
  return typeof told === 'boolean' ? told : undefined;
}

/** The JSON of an answer, read from a copy (the caller still reads the answer itself). */
const jsonOf = (response: Response): Promise<Record<string, unknown>> =>
  response
    .clone()
    .json()
    .catch(() => ({}));

/**
 * The OAuth token calls go to the storefront server, which keeps the tokens in the cookie; a read of a cart
 * the page knows does not exist is answered here (the same 404 the server would give).
 */
const sessionFetch: FetchFn = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (url === '/oauth2/token') {
    // A session being ended (a password reset signs out first) is over before the next one starts.
    await ended;
    const response = await fetch(SESSION_TOKEN_PATH, { ...init, credentials: 'same-origin' });
    if (response.ok) {
      const told = (await jsonOf(response)).has_cart;
      hasCart = typeof told === 'boolean' ? told : undefined;
    }
    return response;
  }
  const read = (method === 'GET' && CURRENT_CART.test(url)) || (method === 'POST' && CART_TOTALS.test(url));
  if (read && hasCart === false) return noCart();
  const response = await fetch(input, init);
  if (read) hasCart = response.ok ? true : response.status === 404 ? false : hasCart;
  else if (method !== 'GET' && CART_WRITE.test(url)) hasCart = undefined;
  else if (method === 'POST' && response.ok && ORDER_PLACED.test(url))
    hasCart = (await jsonOf(response)).paymentResponseToken ? undefined : await cartLeft(init);
  return response;
};

/** The cookie session's end reached the server (before a full page load after signing out). */
export const sessionEnded = (): Promise<unknown> => ended;

/** The browser's OAuth strategy: sign-in, sign-up, second factors, the hosted login page, token renewal. */
export type BrowserAuth = ReturnType<typeof OAuthStrategy>;

let browser: { storage: TokenStorage; store: Store } | undefined;

function browserSession() {
  if (!browser) {
    const storage = cookieSessionStorage(document.documentElement.dataset.member === 'true');
    // The client's calls take their token from the OAuth strategy, loaded with the first call that needs one.
    const auth: AuthStrategy = { getAuthHeaders: async () => (await browserAuth()).getAuthHeaders() };
    const connection = { auth, fetch: sessionFetch };
    browser = {
      storage,
      store: {
        kind: 'browser',
        api: loadOnce(() => clients().then(({ createStoreClient }) => createStoreClient(connection))),
        connection,
        // As the strategy's own `loggedIn()`: the role of the session's refresh token (the page's stand-in).
        loggedIn: () => storage.get()?.refreshToken.role === TokenRole.MEMBER,
        origin: window.location.origin,
        memo: new Map(),
      },
    };
  }
  return browser;
}

/** The browser's store (one per page load). Browser code only: never call it while rendering on the server. */
export const browserStore = (): Store => browserSession().store;

/**
 * The browser's OAuth strategy over the cookie session, made on first use with its module
 * (`browser-auth.ts`): a page paints and hydrates without it, so the SDK's sign-in code (login states, PKCE,
 * factors, hidden frames) stays out of the first page load. Browser code only.
 */
export const browserAuth: () => Promise<BrowserAuth> = loadOnce(() =>
  import('./browser-auth.ts').then(({ createBrowserAuth }) =>
    createBrowserAuth(CLIENT_ID, browserSession().storage, sessionFetch),
  ),
);

/** The browser's client, for event handlers and effects (loaders and actions take `storeOf(context)`). */
export const browserClient = (): Promise<StoreClient> => browserStore().api();
