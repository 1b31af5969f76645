import type { StaffSession } from '@aisle/sdk';
import { NavLink, useRouteLoaderData } from 'react-router';
import { can } from '../sdk.ts';
import type { layoutLoader } from '../routes/layout.tsx';

/** The signed-in caller, from the root loader (every signed-in page is under it). */
export function useSession(): StaffSession | undefined {
  return useRouteLoaderData<typeof layoutLoader>('root')?.session;
}

/** Navigation items of customers and staff, each shown to the roles that may use it. */
export function StaffNavItems() {
  const session = useSession();
  const items: Array<[to: string, label: string, shown: boolean]> = [
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
            <NavLink to={to}>{label}</NavLink>
          </li>
        ))}
    </>
  );
}

/** Checkout links, shipping labels and the settings: for roles that read settings. */
export function SettingsNavItems() {
  if (!can(useSession(), 'settings.read')) return null;
  return (
    <>
      <li>
        <NavLink to="/checkout-templates">Checkout links</NavLink>
      </li>
      <li>
        <NavLink to="/shipping-labels">Shipping labels</NavLink>
      </li>
      <li>
        <NavLink to="/settings">Settings</NavLink>
      </li>
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
