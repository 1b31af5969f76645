import { data, type NonIndexRouteObject, type RouteObject, redirect } from 'react-router';
import type { RouteHandle } from './lib/meta.ts';
import { ClientOnlyFallback } from './routes/client-only.tsx';
import { ErrorPage, RouteError } from './routes/error-page.tsx';
import { Layout, rootLoader } from './routes/layout.tsx';

/** What a page module gives its route (React Router's lazy route properties). */
export interface PageModule {
  loader?: NonNullable<RouteObject['loader']>;
  action?: NonNullable<RouteObject['action']>;
  Component?: NonNullable<RouteObject['Component']>;
  handle?: RouteHandle;
  shouldRevalidate?: NonNullable<RouteObject['shouldRevalidate']>;
}

/**
 * A page: its own module (its own chunk: route-level code splitting), loaded on the server when rendered and
 * in the browser when first visited. `file` names it for the server's `<link rel="modulepreload">`s.
 */
export interface Page {
  id: string;
  file: string;
  load: () => Promise<PageModule>;
  /**
   * Its form posts also work without JavaScript: the server runs the action (add to cart, the cart's forms).
   * Other pages' actions need the browser (sign-in runs through the browser's OAuth flow).
   */
  serverAction?: boolean;
  /**
   * Rendered by the browser only (it needs the browser's own state: the sign-in callback's URL fragment, the
   * orders this tab placed): the server sends the fallback and the loader runs after hydration.
   */
  clientOnly?: { title: string };
}

const page = (p: Page): Page => p;

/** Pages kept out of search results (sign-in, the account, the cart and checkout). */
const privatePage = (title: string): RouteHandle => ({ meta: () => ({ title, noindex: true }) });

export const PAGES = {
  home: page({
    id: 'home',
    file: 'src/routes/home.tsx',
    load: () =>
      import('./routes/home.tsx').then((m) => ({
        loader: m.homeLoader,
        Component: m.Home,
        handle: m.homeHandle,
      })),
  }),
  shop: page({
    id: 'shop',
    file: 'src/routes/shop.tsx',
    load: () =>
      import('./routes/shop.tsx').then((m) => ({
        loader: m.shopLoader,
        Component: m.Shop,
        handle: m.shopHandle,
      })),
  }),
  collection: page({
    id: 'collection',
    file: 'src/routes/collection.tsx',
    load: () =>
      import('./routes/collection.tsx').then((m) => ({
        loader: m.collectionLoader,
        Component: m.CollectionPage,
        handle: m.collectionHandle,
      })),
  }),
  product: page({
    id: 'product',
    file: 'src/routes/product.tsx',
    load: () =>
      import('./routes/product.tsx').then((m) => ({
        loader: m.productLoader,
        action: m.productAction,
        shouldRevalidate: m.productShouldRevalidate,
        Component: m.ProductPage,
        handle: m.productHandle,
      })),
    serverAction: true,
  }),
  cart: page({
    id: 'cart',
    file: 'src/routes/cart.tsx',
    load: () =>
      import('./routes/cart.tsx').then((m) => ({
        loader: m.cartLoader,
        action: m.cartAction,
        Component: m.CartPage,
        handle: m.cartHandle,
      })),
    serverAction: true,
  }),
  login: page({
    id: 'login',
    file: 'src/routes/login.tsx',
    load: () =>
      import('./routes/login.tsx').then((m) => ({
        loader: m.loginLoader,
        action: m.loginAction,
        Component: m.Login,
        handle: privatePage('Sign in'),
      })),
  }),
  register: page({
    id: 'register',
    file: 'src/routes/register.tsx',
    load: () =>
      import('./routes/register.tsx').then((m) => ({
        loader: m.registerLoader,
        action: m.registerAction,
        Component: m.Register,
        handle: privatePage('Create an account'),
      })),
  }),
  callback: page({
    id: 'callback',
    file: 'src/routes/callback.tsx',
    load: () =>
      import('./routes/callback.tsx').then((m) => ({
        loader: m.callbackLoader,
        Component: m.Callback,
        handle: privatePage('Signing you in'),
      })),
    clientOnly: { title: 'Signing you in' },
  }),
  forgotPassword: page({
    id: 'forgot-password',
    file: 'src/routes/forgot-password.tsx',
    load: () =>
      import('./routes/forgot-password.tsx').then((m) => ({
        action: m.forgotPasswordAction,
        Component: m.ForgotPassword,
        handle: privatePage('Forgot your password?'),
      })),
  }),
  resetPassword: page({
    id: 'reset-password',
    file: 'src/routes/reset-password.tsx',
    load: () =>
      import('./routes/reset-password.tsx').then((m) => ({
        loader: m.resetPasswordLoader,
        action: m.resetPasswordAction,
        Component: m.ResetPassword,
        handle: privatePage('Choose a new password'),
      })),
  }),
  logout: page({
    id: 'logout',
    file: 'src/routes/logout.ts',
    load: () => import('./routes/logout.ts').then((m) => ({ action: m.logoutAction })),
  }),
  account: page({
    id: 'account',
    file: 'src/routes/account.tsx',
    load: () =>
      import('./routes/account.tsx').then((m) => ({
        loader: m.accountLoader,
        Component: m.Account,
        handle: privatePage('My account'),
      })),
  }),
  accountOrders: page({
    id: 'account-orders',
    file: 'src/routes/account-orders.tsx',
    load: () =>
      import('./routes/account-orders.tsx').then((m) => ({
        loader: m.accountOrdersLoader,
        Component: m.AccountOrders,
        handle: privatePage('Orders'),
      })),
  }),
  accountOrder: page({
    id: 'account-order',
    file: 'src/routes/account-orders-detail.tsx',
    load: () =>
      import('./routes/account-orders-detail.tsx').then((m) => ({
        loader: m.accountOrderLoader,
        Component: m.AccountOrder,
        handle: m.accountOrderHandle,
      })),
  }),
  accountSubscriptions: page({
    id: 'account-subscriptions',
    file: 'src/routes/account-subscriptions.tsx',
    load: () =>
      import('./routes/account-subscriptions.tsx').then((m) => ({
        loader: m.accountSubscriptionsLoader,
        action: m.accountSubscriptionsAction,
        Component: m.AccountSubscriptions,
        handle: privatePage('Subscriptions'),
      })),
  }),
  accountSection: page({
    id: 'account-section',
    file: 'src/routes/account-section.tsx',
    load: () =>
      import('./routes/account-section.tsx').then((m) => ({
        loader: m.accountSectionLoader,
        action: m.accountSectionAction,
        Component: m.AccountSection,
        handle: m.accountSectionHandle,
      })),
  }),
  unavailable: page({
    id: 'unavailable',
    file: 'src/routes/unavailable.tsx',
    load: () =>
      import('./routes/unavailable.tsx').then((m) => ({
        loader: m.unavailableLoader,
        Component: m.Unavailable,
        handle: m.unavailableHandle,
      })),
  }),
  checkout: page({
    id: 'checkout',
    file: 'src/routes/checkout.tsx',
    load: () =>
      import('./routes/checkout.tsx').then((m) => ({
        loader: m.checkoutLoader,
        Component: m.CheckoutPage,
        handle: privatePage('Checkout'),
      })),
    clientOnly: { title: 'Checkout' },
  }),
  order: page({
    id: 'order',
    file: 'src/routes/order.tsx',
    load: () =>
      import('./routes/order.tsx').then((m) => ({
        loader: m.orderLoader,
        Component: m.OrderPage,
        handle: m.orderHandle,
      })),
  }),
} satisfies Record<string, Page>;

export const PAGE_LIST: Page[] = Object.values(PAGES);

/** An action that needs the browser, posted without it (JavaScript off). */
function needsJavaScript(): never {
  throw data(
    { message: 'This form needs JavaScript. Please turn it on in your browser and try again.' },
    { status: 400 },
  );
}

/** Unknown paths: a real 404 for the server and a "not found" page in the browser. */
function notFoundLoader(): never {
  throw data({ message: 'The page you were looking for is not here.' }, { status: 404 });
}

type RouteProps = Pick<NonIndexRouteObject, 'handle' | 'Component' | 'HydrateFallback' | 'lazy'>;

/** What a page's route is made of, for the server or for the browser. */
function pageProps(p: Page, where: 'server' | 'browser'): RouteProps {
  if (p.clientOnly) {
    const handle: RouteHandle = { meta: () => ({ title: p.clientOnly?.title, noindex: true }) };
    // The server renders the fallback (no loader, so no data); the browser then loads and renders the page.
    if (where === 'server') return { handle, Component: ClientOnlyFallback };
    return { HydrateFallback: ClientOnlyFallback, lazy: p.load };
  }
  if (where === 'server' && !p.serverAction) {
    return {
      lazy: async () => {
        const module = await p.load();
        return module.action ? { ...module, action: needsJavaScript } : module;
      },
    };
  }
  return { lazy: p.load };
}

const pageRoute = (p: Page, where: 'server' | 'browser', path: string): RouteObject => ({
  id: p.id,
  path,
  ...pageProps(p, where),
});

/** The storefront's routes: the same tree on the server and in the browser. */
export function storefrontRoutes(where: 'server' | 'browser'): RouteObject[] {
  const at = (p: Page, path: string) => pageRoute(p, where, path);
  const productRoutes: RouteObject[] = [
    at(PAGES.product, 'product-page/:slug'),
    // The redirect intent's URL: the same page under its own route id.
    { id: 'product-alias', path: 'products/:slug', ...pageProps(PAGES.product, where) },
  ];
  return [
    {
      id: 'root',
      path: '/',
      loader: rootLoader,
      Component: Layout,
      ErrorBoundary: ErrorPage,
      // Pages fail inside the store's header and footer.
      children: [
        {
          id: 'page',
          ErrorBoundary: RouteError,
          children: [
            { id: PAGES.home.id, index: true, ...pageProps(PAGES.home, where) },
            at(PAGES.shop, 'shop'),
            at(PAGES.collection, 'collections/:slug'),
            ...productRoutes,
            at(PAGES.cart, 'cart'),
            at(PAGES.login, 'login'),
            at(PAGES.register, 'register'),
            at(PAGES.callback, 'callback'),
            at(PAGES.forgotPassword, 'forgot-password'),
            at(PAGES.resetPassword, 'reset-password'),
            at(PAGES.logout, 'logout'),
            {
              id: PAGES.account.id,
              path: 'account',
              ...pageProps(PAGES.account, where),
              children: [
                { index: true, loader: () => redirect('/account/info') },
                at(PAGES.accountOrders, 'orders'),
                at(PAGES.accountOrder, 'orders/:orderId'),
                at(PAGES.accountSubscriptions, 'subscriptions'),
                at(PAGES.accountSection, ':section'),
              ],
            },
            at(PAGES.unavailable, 'unavailable/:vertical'),
            at(PAGES.checkout, 'checkout/:checkoutId'),
            at(PAGES.order, 'orders/:orderId'),
            { id: 'not-found', path: '*', loader: notFoundLoader, Component: () => null },
          ],
        },
      ],
    },
  ];
}

/** The page module files of the routes matched by a request (for preloading), by route id. */
export function pageFiles(routeIds: string[]): string[] {
  const byId = new Map<string, string>(PAGE_LIST.map((p) => [p.id, p.file]));
  byId.set('product-alias', PAGES.product.file);
  return routeIds.flatMap((id) => byId.get(id) ?? []);
}
