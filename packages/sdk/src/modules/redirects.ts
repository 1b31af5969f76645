import type { Http } from '../core/transport.ts';
import type { CreateRedirectSessionRequest, RedirectSession } from './identity-types.ts';

/** Public path of the redirect-session service (custom-host alias: `/headless/v1/redirect-session`). */
export const REDIRECT_SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

/** Hosted pages: checkout, login, logout, the OAuth authorize step, the member area (wire/redirects.md). */
export const redirects = (http: Http) => ({
  /**
   * Creates a redirect session bound to the caller's visitor or member token. Exactly one intent
   * (`login`, `logout`, `auth`, `ecomCheckout`, …) plus optional `callbacks`, `preferences`, `origin`;
   * navigate to `fullUrl` as is.
   */
  createRedirectSession: (request: CreateRedirectSessionRequest): Promise<RedirectSession> =>
    http
      .request<{ redirectSession: RedirectSession }>({
        method: 'POST',
        path: REDIRECT_SESSION_PATH,
        data: request,
      })
      .then((response) => response.redirectSession),
});

export type RedirectsModule = ReturnType<typeof redirects>;
