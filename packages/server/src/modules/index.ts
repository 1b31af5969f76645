import type { Module } from '../platform/app.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { catalogueStoreMoney } from '../flows/catalogue/store-money.ts';
import { healthRoutes, whoamiRoutes } from './health/routes.ts';
import { accountRoutes } from '../flows/accounts/routes.ts';
import { authorizeRoutes } from '../flows/authorize/routes.ts';
import { redirectSessionRoutes } from '../flows/redirect-session/routes.ts';
import { janitor } from '../flows/sessions/janitor.ts';
import { outboxRetention } from '../flows/sessions/outbox-retention.ts';
import { embeddedVacuum } from '../platform/embedded/vacuum.ts';
import { sessionRevocation } from '../flows/sessions/revocation.ts';
import { tokenRoutes } from '../flows/tokens/routes.ts';
import { memberRoutes } from './identity/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { redirectRoutes } from './redirects/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { cartRoutes } from '../flows/cart/routes.ts';
import { checkoutSettingsRoutes } from './checkout-settings/routes.ts';
import { orderSearchRoutes } from './orders/search-routes.ts';
import { orderRoutes } from '../flows/orders/routes.ts';
import { checkoutRoutes } from '../flows/checkout/routes.ts';
import { webhookRetention, webhookRoutes } from './webhooks/routes.ts';
import { discountRuleRoutes } from './discount-rules/routes.ts';
import { staffModuleRoutes } from './staff/routes.ts';
import { staffRoutes } from '../flows/staff/routes.ts';
import { customerRoutes } from '../flows/customers/routes.ts';
import { abandonedCheckoutRoutes } from './abandoned-checkouts/routes.ts';
import { abandonmentRoutes } from '../flows/abandonment/routes.ts';
import { backInStockRoutes } from '../flows/back-in-stock/routes.ts';
import { checkoutTemplateRoutes } from './checkout-templates/routes.ts';
import { checkoutTemplateFlowRoutes } from '../flows/checkout-templates/routes.ts';
import { shippingLabelRoutes } from './shipping-labels/routes.ts';
import { discountRulePreviewRoutes } from '../flows/discount-rules/routes.ts';
import { subscriptionContractRoutes } from './subscriptions/routes.ts';
import { subscriptionBilling } from '../flows/subscriptions/billing.ts';

/** Every module's routes, in registration order. */
export const modules: Module[] = [
  healthRoutes,
  whoamiRoutes,
  catalogueRoutes,
  catalogueStoreMoney,
  oauthRoutes,
  tokenRoutes,
  authorizeRoutes,
  accountRoutes,
  memberRoutes,
  mailRoutes,
  redirectRoutes,
  redirectSessionRoutes,
  sessionRevocation,
  janitor,
  outboxRetention,
  embeddedVacuum,
  settingsRoutes,
  discountRuleRoutes,
  discountRulePreviewRoutes,
  cartRoutes,
  checkoutSettingsRoutes,
  orderSearchRoutes,
  orderRoutes,
  checkoutRoutes,
  webhookRoutes,
  webhookRetention,
  staffModuleRoutes,
  staffRoutes,
  customerRoutes,
  abandonedCheckoutRoutes,
  abandonmentRoutes,
  backInStockRoutes,
  checkoutTemplateRoutes,
  checkoutTemplateFlowRoutes,
  shippingLabelRoutes,
  subscriptionContractRoutes,
  subscriptionBilling,
];
