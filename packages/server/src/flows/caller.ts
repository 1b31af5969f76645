import { type Caller, credentials } from '../platform/auth.ts';
import type { AppContext } from '../platform/context.ts';
import { keyStore } from '../modules/oauth/keys.ts';

/** The visitor (and client) a request speaks for, to bind session and state tokens to. */
export interface VisitorBinding {
  visitorId?: string | undefined;
  clientId?: string | undefined;
  /** Refresh-token family of the access token sent (its sign-in session). */
  familyId?: string | undefined;
}

/**
 * From the caller, or for admin calls from the access token sent beside the API key
 * (`Authorization: <access token>,<api key>`).
 */
export async function bindingOf(
  ctx: AppContext,
  caller: Caller,
  authorization: string | undefined,
): Promise<VisitorBinding> {
  for (const credential of credentials(authorization)) {
    if (!credential.startsWith('eyJ')) continue;
    const claims = await keyStore(ctx).verify(credential);
    if (!claims) continue;
    const visitorId = claims.subjectType === 'visitor' ? claims.subject : claims.visitorId;
    return { visitorId, clientId: claims.clientId, familyId: claims.familyId };
  }
  if (caller.kind === 'visitor' || caller.kind === 'member')
    return { visitorId: caller.visitorId, clientId: caller.clientId };
  return {};
}

/** `bindingOf` the request's caller and `Authorization` header. */
export const requestBinding = (
  ctx: AppContext,
  request: { caller: Caller; headers: { authorization?: string | undefined } },
): Promise<VisitorBinding> => bindingOf(ctx, request.caller, request.headers.authorization);
