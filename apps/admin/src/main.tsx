import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CouponEdit, couponEditAction, couponEditLoader } from './routes/coupon-edit.tsx';
import { CouponNew, couponNewAction, couponNewLoader } from './routes/coupon-new.tsx';
import { couponProductsLoader, Coupons, couponsAction, couponsLoader } from './routes/coupons.tsx';
import { Dashboard, dashboardLoader } from './routes/dashboard.tsx';
import { ErrorPage, RouteError } from './routes/error-page.tsx';
import { Layout, layoutLoader } from './routes/layout.tsx';
import { OrderPage, orderAction, orderLoader } from './routes/order.tsx';
import { Orders, ordersLoader } from './routes/orders.tsx';
import { ProductEdit, productEditAction, productEditLoader } from './routes/product-edit.tsx';
import { ProductNew, productNewAction } from './routes/product-new.tsx';
import { Products, productsLoader } from './routes/products.tsx';
import { Settings, settingsAction, settingsLoader } from './routes/settings.tsx';
import { SignIn, signInAction, signInLoader } from './routes/sign-in.tsx';
import { signOutAction } from './routes/sign-out.ts';
import '../../storefront/src/styles.css';
import '../../storefront/src/components/checkout/checkout.css';
import './admin.css';

const router = createBrowserRouter(
  [
    {
      path: '/sign-in',
      loader: signInLoader,
      action: signInAction,
      Component: SignIn,
      ErrorBoundary: ErrorPage,
    },
    { path: '/sign-out', action: signOutAction },
    {
      id: 'root',
      path: '/',
      loader: layoutLoader,
      Component: Layout,
      ErrorBoundary: ErrorPage,
      // Pages fail inside the admin's header.
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, loader: dashboardLoader, Component: Dashboard },
            { path: 'products', loader: productsLoader, Component: Products },
            { path: 'products/new', action: productNewAction, Component: ProductNew },
            {
              path: 'products/:productId',
              loader: productEditLoader,
              action: productEditAction,
              Component: ProductEdit,
            },
            { path: 'coupons', loader: couponsLoader, action: couponsAction, Component: Coupons },
            { path: 'coupons/new', loader: couponNewLoader, action: couponNewAction, Component: CouponNew },
            { path: 'coupons/products', loader: couponProductsLoader },
            {
              path: 'coupons/:couponId',
              loader: couponEditLoader,
              action: couponEditAction,
              Component: CouponEdit,
            },
            { path: 'orders', loader: ordersLoader, Component: Orders },
            { path: 'orders/:orderId', loader: orderLoader, action: orderAction, Component: OrderPage },
            { path: 'settings', loader: settingsLoader, action: settingsAction, Component: Settings },
            { path: '*', loader: () => Promise.reject(new Response('Not found', { status: 404 })) },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
