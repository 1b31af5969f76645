import type { Module } from '../platform/app.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { catalogueStoreMoney } from '../flows/catalogue/store-money.ts';
import { healthRoutes, whoamiRoutes } from './health/routes.ts';
import { accountRoutes } from '../flows/accounts/routes.ts';
import { authorizeRoutes } from '../flows/authorize/routes.ts';
import { redirectSessionRoutes } from '../flows/redirect-session/routes.ts';
import { janitor } from '../flows/sessions/janitor.ts';
import { outboxRetention } from '../flows/sessions/outbox-retention.ts';
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
  settingsRoutes,
  cartRoutes,
  checkoutSettingsRoutes,
  orderSearchRoutes,
  orderRoutes,
  checkoutRoutes,
  webhookRoutes,
  webhookRetention,
];
