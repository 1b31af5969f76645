import { AisleError, emptyTokens, type Identity } from '@aisle/sdk';
import { redirect, useRouteLoaderData } from 'react-router';
import { browserAuth, browserStore, memoized, type Store } from '../sdk.ts';

/** The signed-in member (read once per request or page load), or null for a visitor. */
export function currentMember(store: Store): Promise<Identity | null> {
  if (!store.loggedIn()) return Promise.resolve(null);
  return memoized(store, 'member', () =>
    store
      .api()
      .then((client) => client.members.getCurrentMember())
      .catch(async (error: unknown) => {
        // Member tokens the server no longer accepts (signed out elsewhere, password reset): back to visitor.
        if (error instanceof AisleError && (error.status === 401 || error.status === 403)) {
          if (typeof window !== 'undefined') (await browserAuth()).setTokens(emptyTokens());
          return null;
        }
        throw error;
      }),
  );
}

/** Forget the browser's member (after sign-in, sign-out or an edit); `member` replaces it when known. */
export function memberChanged(member?: Identity): void {
  const { memo } = browserStore();
  if (member) memo.set('member', Promise.resolve(member));
  else memo.delete('member');
}

/** The root route's data: the member (or null) for the header and account pages. */
export function useMember(): Identity | null {
  const root = useRouteLoaderData<{ member: Identity | null }>('root');
  return root?.member ?? null;
}

export function displayName(member: Identity): string {
  const profile = member.identityProfile;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return name || profile?.nickname || member.email?.address || 'Member';
}

/** Loader guard: the member, or a redirect to the sign-in page that comes back here afterwards. */
export async function requireMember(store: Store, request: Request): Promise<Identity> {
  const member = await currentMember(store);
  if (!member) {
    const url = new URL(request.url);
    throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return member;
}
