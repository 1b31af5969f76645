import type { Identity } from '@aisle/sdk';
import { useRouteLoaderData } from 'react-router';

export const ACCOUNT_SECTIONS = [
  { slug: 'info', label: 'Profile & addresses' },
  { slug: 'security', label: 'Sign-in & security' },
  { slug: 'orders', label: 'Orders' },
  { slug: 'subscriptions', label: 'Subscriptions' },
] as const;

/** The member of the account pages (the `account` route's data). */
export function useAccountMember(): Identity {
  const data = useRouteLoaderData<{ member: Identity }>('account');
  if (!data) throw new Error('useAccountMember is for pages under /account');
  return data.member;
}
