import type { Caller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalid } from '../../platform/errors.ts';
import { allowsRedirectUri, findClient, returnUrl } from '../../modules/oauth/clients.ts';
import { revokeFamily } from '../../modules/oauth/tokens.ts';
import { targetOf } from '../../modules/redirects/intents.ts';
import type { RedirectSessionRequest } from '../../modules/redirects/schemas.ts';
import { type RedirectSession, saveSession } from '../../modules/redirects/service.ts';
import type { VisitorBinding } from '../caller.ts';

/**
 * `POST /_api/redirects-api/v1/redirect-session`. Every URL the session may send a browser to is checked here:
 * callbacks must be on an origin of the caller's client or the store's own; the auth intent's client and
 * redirect URI must be registered; logout ends the caller's sign-in session.
 */
export async function createRedirectSession(
  ctx: AppContext,
  request: RedirectSessionRequest,
  caller: Caller,
  binding: VisitorBinding,
): Promise<{ redirectSession: RedirectSession }> {
  const callerClientId = caller.kind === 'visitor' || caller.kind === 'member' ? caller.clientId : undefined;
  const client = callerClientId ? await findClient(ctx.db, callerClientId) : undefined;

  // Callbacks are kept in their normalised form: the browser is sent exactly what was checked.
  const callbacks: Record<string, string> = {};
  for (const [name, url] of Object.entries(request.callbacks ?? {})) {
    if (typeof url !== 'string') continue;
    const allowed = returnUrl(ctx, client, url);
    if (allowed) callbacks[name] = allowed;
    else
      throw invalid(
        `callbacks.${name}`,
        "is not on an allowed origin of the caller's client or the store",
        'VALIDATION',
        {
          url,
        },
      );
  }

  const body: RedirectSessionRequest = { ...request, ...(request.callbacks ? { callbacks } : {}) };
  const target = targetOf(ctx.config.publicUrl, body, callerClientId);

  if (target.intent === 'auth') {
    const auth = body.auth?.authRequest ?? {};
    const authClient = auth.clientId ? await findClient(ctx.db, auth.clientId) : undefined;
    if (!authClient) throw invalid('auth.authRequest.clientId', 'is not a registered client', 'VALIDATION');
    if (auth.redirectUri !== undefined && !allowsRedirectUri(authClient, auth.redirectUri))
      throw invalid(
        'auth.authRequest.redirectUri',
        'is not a redirect URI registered for this client',
        'VALIDATION',
      );
  }

  if (target.intent === 'logout') {
    const logoutClientId = target.searchParams.clientId;
    if (logoutClientId && !(await findClient(ctx.db, logoutClientId)))
      throw invalid('logout.clientId', 'is not a registered client', 'VALIDATION');
    // The member's refresh token stops working now; the client clears its tokens itself.
    if (caller.kind === 'member' && binding.familyId) await revokeFamily(ctx, binding.familyId);
  }

  const owner = {
    callerKind: caller.kind,
    visitorId: caller.kind === 'visitor' || caller.kind === 'member' ? caller.visitorId : undefined,
    memberId: caller.kind === 'member' ? caller.memberId : undefined,
    clientId: callerClientId,
  };
  return { redirectSession: await saveSession(ctx, target, body, owner) };
}
