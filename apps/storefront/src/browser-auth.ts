import { type FetchFn, OAuthStrategy, type TokenStorage } from '@aisle/sdk';

/**
 * The browser's OAuth strategy over the page's token storage and the session-aware fetch (`sdk.ts`). Its own
 * module, so that it loads on the first call that needs it (`browserAuth()`), not with the page.
 */
export const createBrowserAuth = (clientId: string, tokenStorage: TokenStorage, fetch: FetchFn) =>
  OAuthStrategy({ clientId, tokenStorage, fetch });
