import type { StaffSession } from '@aisle/sdk';
import { NavLink, useRouteLoaderData } from 'react-router';
import { can } from '../sdk.ts';
import type { layoutLoader } from '../routes/layout.tsx';

/** The signed-in caller, from the root loader (every signed-in page is under it). */
export function useSession(): StaffSession | undefined {
  return useRouteLoaderData<typeof layoutLoader>('root')?.session;
}

/** The admin's navigation items, each shown to the roles that may use it. */
export function NavItems() {
  const session = useSession();
  const settings = can(session, 'settings.read');
  const items: Array<[to: string, label: string, shown: boolean]> = [
    ['/', 'Dashboard', true],
    ['/products', 'Products', true],
    ['/orders', 'Orders', true],
    ['/subscriptions', 'Subscriptions', true],
    ['/coupons', 'Coupons', true],
    ['/discount-rules', 'Automatic discounts', true],
    ['/abandoned-checkouts', 'Abandoned checkouts', true],
    ['/back-in-stock', 'Back in stock', true],
    ['/checkout-templates', 'Checkout links', settings],
    ['/shipping-labels', 'Shipping labels', settings],
    ['/settings', 'Settings', settings],
    ['/customers', 'Customers', can(session, 'customers.read')],
    ['/staff', 'Staff', can(session, 'staff.manage')],
    ['/api-keys', 'API keys', can(session, 'keys.manage')],
    ['/audit-log', 'Audit log', can(session, 'audit.read')],
  ];
  return (
    <>
      {items
        .filter(([, , shown]) => shown)
        .map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end={to === '/'}>
              {label}
            </NavLink>
          </li>
        ))}
    </>
  );
}

/** Who is signed in, linking to their account page. */
export function AccountLink() {
  const session = useSession();
  const who = session?.staff?.name || session?.staff?.email || session?.apiKey?.name || 'Account';
  return (
    <NavLink to="/account" className="header-link admin-account">
      {who}
      <span className="visually-hidden"> (your account)</span>
    </NavLink>
  );
}
