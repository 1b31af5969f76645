import type { Authenticator, Caller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type AccessClaims, keyStore } from './keys.ts';

const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/;

export function callerOf(claims: AccessClaims): Caller {
  if (claims.subjectType === 'member') {
    return {
      kind: 'member',
      memberId: claims.subject,
      clientId: claims.clientId,
      ...(claims.visitorId ? { visitorId: claims.visitorId } : {}),
    };
  }
  return { kind: 'visitor', visitorId: claims.subject, clientId: claims.clientId };
}

/** Access tokens → visitor or member callers: signature and expiry only, no database on this path. */
export function accessTokenAuthenticator(ctx: AppContext): Authenticator {
  const keys = keyStore(ctx);
  return async (credential) => {
    if (!JWT_SHAPE.test(credential)) return null;
    const claims = await keys.verify(credential);
    return claims ? callerOf(claims) : null;
  };
}

/** The refresh-token family of an access token (to end exactly that session on logout). */
export async function familyOf(ctx: AppContext, credential: string): Promise<string | undefined> {
  if (!JWT_SHAPE.test(credential)) return undefined;
  return (await keyStore(ctx).verify(credential))?.familyId;
}
