import type { Identity } from '@aisle/sdk';
import { type LoaderFunctionArgs, NavLink, Outlet, useRouteLoaderData } from 'react-router';
import { displayName, requireMember } from '../resources/session.ts';

export const ACCOUNT_SECTIONS = [
  { slug: 'info', label: 'Profile & addresses' },
  { slug: 'security', label: 'Sign-in & security' },
  { slug: 'orders', label: 'Orders' },
  { slug: 'subscriptions', label: 'Subscriptions' },
] as const;

/** `/account`: members only; visitors go to sign in and come back. */
export async function accountLoader({ request }: LoaderFunctionArgs) {
  return { member: await requireMember(request) };
}

export function useAccountMember(): Identity {
  const data = useRouteLoaderData<typeof accountLoader>('account');
  if (!data) throw new Error('useAccountMember is for pages under /account');
  return data.member;
}

export function Account() {
  const member = useAccountMember();
  return (
    <div className="account">
      <header className="account-head">
        <p className="eyebrow">My account</p>
        <h1>Hello, {displayName(member)}</h1>
        <p className="muted">{member.email?.address}</p>
      </header>
      <div className="account-body">
        <nav className="account-nav" aria-label="Account sections">
          <ul>
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.slug}>
                <NavLink to={`/account/${section.slug}`} className="account-tab">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
