import type { RouteObject } from 'react-router';
import { entityRoutes } from '../components/entity-kit.tsx';
import { SectionNav } from '../components/section-nav.tsx';
import { useSession } from '../components/staff-nav.tsx';
import { can, currentSession } from '../sdk.ts';
import { checkoutSettingsRoute, ordersSettingsRoute } from './checkout-settings.tsx';
import { mailboxRoutes } from './mailbox.tsx';
import { storeSettingsRoute, taxSettingsRoute } from './settings.tsx';
import { deliveryRegionSpec, shippingOptionSpec } from './shipping.tsx';
import { taxGroupSpec, taxRateSpec, taxRegionSpec } from './tax.tsx';
import { tipSettingsSpec } from './tips.tsx';
import { webhookDeliveriesRoute, webhookSpec } from './webhooks.tsx';

// The settings screens: one route of main.tsx, with the settings' own navigation above their pages. They
// are for roles that read settings (the server refuses the others; the app does not show them the pages).

const SECTIONS = [
  ['/settings', 'Store'],
  ['/settings/checkout', 'Checkout'],
  ['/settings/orders', 'Orders'],
  ['/settings/tips', 'Tips'],
  ['/settings/delivery-regions', 'Delivery regions'],
  ['/settings/shipping-options', 'Shipping options'],
  ['/settings/tax', 'Tax'],
  ['/settings/tax-regions', 'Tax regions'],
  ['/settings/tax-groups', 'Tax groups'],
  ['/settings/tax-rates', 'Tax rates'],
  ['/settings/webhooks', 'Webhooks'],
] as const;

/** The dev mailbox holds sign-in links and codes: owners only. */
const MAILBOX = ['/settings/mailbox', 'Mailbox'] as const;

function SettingsSection() {
  const session = useSession();
  const links = can(session, 'mailbox.read') ? [...SECTIONS, MAILBOX] : SECTIONS;
  return <SectionNav label="Settings" links={links} exact="/settings" />;
}

/** A role that may not read settings gets a page saying so, not the server's refusals one by one. */
async function settingsLoader() {
  if (!can(await currentSession(), 'settings.read'))
    throw new Response('Your role does not allow the settings', { status: 403 });
  return null;
}

export const settingsSection: RouteObject = {
  loader: settingsLoader,
  Component: SettingsSection,
  children: [
    storeSettingsRoute,
    checkoutSettingsRoute,
    ordersSettingsRoute,
    taxSettingsRoute,
    ...entityRoutes(tipSettingsSpec),
    ...entityRoutes(deliveryRegionSpec),
    ...entityRoutes(shippingOptionSpec),
    ...entityRoutes(taxRegionSpec),
    ...entityRoutes(taxGroupSpec),
    ...entityRoutes(taxRateSpec),
    ...entityRoutes(webhookSpec),
    webhookDeliveriesRoute,
    ...mailboxRoutes,
  ],
};
