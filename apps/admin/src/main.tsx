import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import {
  AbandonedCheckoutPage,
  abandonedCheckoutAction,
  abandonedCheckoutLoader,
} from './routes/abandoned-checkout.tsx';
import { AbandonedCheckouts, abandonedCheckoutsLoader } from './routes/abandoned-checkouts.tsx';
import { BackInStock, backInStockAction, backInStockLoader } from './routes/back-in-stock.tsx';
import { CouponEdit, couponEditAction, couponEditLoader } from './routes/coupon-edit.tsx';
import { CouponNew, couponNewAction, couponNewLoader } from './routes/coupon-new.tsx';
import { couponProductsLoader, Coupons, couponsAction, couponsLoader } from './routes/coupons.tsx';
import { Dashboard, dashboardLoader } from './routes/dashboard.tsx';
import { ErrorPage, RouteError } from './routes/error-page.tsx';
import { Layout, layoutLoader } from './routes/layout.tsx';
import { catalogueSection } from './routes/catalogue.tsx';
import { entityRoutes } from './components/entity-kit.tsx';
import { checkoutTemplateSpec } from './routes/checkout-templates.tsx';
import { discountRuleSpec } from './routes/discount-rules.tsx';
import {
  SubscriptionPage,
  Subscriptions,
  subscriptionAction,
  subscriptionLoader,
  subscriptionsLoader,
} from './routes/subscriptions.tsx';
import { shippingLabelSpec } from './routes/shipping-labels.tsx';
import { InvoicePrint, invoicePrintLoader } from './routes/invoice-print.tsx';
import { OrderPage, orderAction, orderLoader } from './routes/order.tsx';
import { Orders, ordersLoader } from './routes/orders.tsx';
import { settingsSection } from './routes/settings-section.tsx';
import { SignIn, signInAction, signInLoader } from './routes/sign-in.tsx';
import { signOutAction } from './routes/sign-out.ts';
import { AcceptInvite, acceptInviteAction } from './routes/accept-invite.tsx';
import { staffPages } from './routes/staff-routes.ts';
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
    { path: '/accept-invite', action: acceptInviteAction, Component: AcceptInvite, ErrorBoundary: ErrorPage },
    // A clean printable page: no admin header or menus.
    {
      path: '/orders/:orderId/invoices/:invoiceId/print',
      loader: invoicePrintLoader,
      Component: InvoicePrint,
      ErrorBoundary: ErrorPage,
    },
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
            catalogueSection,
            { path: 'coupons', loader: couponsLoader, action: couponsAction, Component: Coupons },
            { path: 'coupons/new', loader: couponNewLoader, action: couponNewAction, Component: CouponNew },
            { path: 'coupons/products', loader: couponProductsLoader },
            {
              path: 'coupons/:couponId',
              loader: couponEditLoader,
              action: couponEditAction,
              Component: CouponEdit,
            },
            ...entityRoutes(discountRuleSpec),
            { path: 'orders', loader: ordersLoader, Component: Orders },
            { path: 'orders/:orderId', loader: orderLoader, action: orderAction, Component: OrderPage },
            { path: 'abandoned-checkouts', loader: abandonedCheckoutsLoader, Component: AbandonedCheckouts },
            {
              path: 'abandoned-checkouts/:abandonedCheckoutId',
              loader: abandonedCheckoutLoader,
              action: abandonedCheckoutAction,
              Component: AbandonedCheckoutPage,
            },
            { path: 'subscriptions', loader: subscriptionsLoader, Component: Subscriptions },
            {
              path: 'subscriptions/:subscriptionId',
              loader: subscriptionLoader,
              action: subscriptionAction,
              Component: SubscriptionPage,
            },
            {
              path: 'back-in-stock',
              loader: backInStockLoader,
              action: backInStockAction,
              Component: BackInStock,
            },
            ...staffPages,
            ...entityRoutes(checkoutTemplateSpec),
            ...entityRoutes(shippingLabelSpec),
            settingsSection,
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
