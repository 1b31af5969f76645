import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, redirect } from 'react-router';
import { Account, accountLoader } from './routes/account.tsx';
import { AccountOrders, accountOrdersLoader } from './routes/account-orders.tsx';
import { AccountOrder, accountOrderLoader } from './routes/account-orders-detail.tsx';
import { AccountSection, accountSectionAction, accountSectionLoader } from './routes/account-section.tsx';
import { Callback, callbackLoader } from './routes/callback.tsx';
import { CartPage, cartLoader } from './routes/cart.tsx';
import { CheckoutPage, checkoutLoader } from './routes/checkout.tsx';
import { CollectionPage, collectionLoader } from './routes/collection.tsx';
import { ErrorPage, RouteError } from './routes/error-page.tsx';
import { ForgotPassword, forgotPasswordAction } from './routes/forgot-password.tsx';
import { Home, homeLoader } from './routes/home.tsx';
import { Layout, rootLoader } from './routes/layout.tsx';
import { Login, loginAction, loginLoader } from './routes/login.tsx';
import { logoutAction } from './routes/logout.ts';
import { NotFound } from './routes/not-found.tsx';
import { OrderPage, orderLoader } from './routes/order.tsx';
import { ProductPage, productLoader, productShouldRevalidate } from './routes/product.tsx';
import { Register, registerAction, registerLoader } from './routes/register.tsx';
import { ResetPassword, resetPasswordAction, resetPasswordLoader } from './routes/reset-password.tsx';
import { Shop, shopLoader } from './routes/shop.tsx';
import { Unavailable, unavailableLoader } from './routes/unavailable.tsx';
import './styles.css';

const product = { loader: productLoader, shouldRevalidate: productShouldRevalidate, Component: ProductPage };

const router = createBrowserRouter([
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    Component: Layout,
    ErrorBoundary: ErrorPage,
    // Pages fail inside the store's header and footer.
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: homeLoader, Component: Home },
          { path: 'shop', loader: shopLoader, Component: Shop },
          { path: 'collections/:slug', loader: collectionLoader, Component: CollectionPage },
          { path: 'product-page/:slug', ...product },
          { path: 'products/:slug', ...product },
          { path: 'cart', loader: cartLoader, Component: CartPage },
          { path: 'login', loader: loginLoader, action: loginAction, Component: Login },
          { path: 'register', loader: registerLoader, action: registerAction, Component: Register },
          { path: 'callback', loader: callbackLoader, Component: Callback },
          { path: 'forgot-password', action: forgotPasswordAction, Component: ForgotPassword },
          {
            path: 'reset-password',
            loader: resetPasswordLoader,
            action: resetPasswordAction,
            Component: ResetPassword,
          },
          { path: 'logout', action: logoutAction },
          {
            id: 'account',
            path: 'account',
            loader: accountLoader,
            Component: Account,
            children: [
              { index: true, loader: () => redirect('/account/info') },
              { path: 'orders', loader: accountOrdersLoader, Component: AccountOrders },
              { path: 'orders/:orderId', loader: accountOrderLoader, Component: AccountOrder },
              {
                path: ':section',
                loader: accountSectionLoader,
                action: accountSectionAction,
                Component: AccountSection,
              },
            ],
          },
          { path: 'unavailable/:vertical', loader: unavailableLoader, Component: Unavailable },
          { path: 'checkout/:checkoutId', loader: checkoutLoader, Component: CheckoutPage },
          { path: 'orders/:orderId', loader: orderLoader, Component: OrderPage },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
