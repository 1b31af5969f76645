import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Authenticator, hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { staffTokens, staffUsers } from './tables.ts';
import { SESSION_PREFIX } from './tokens.ts';

/**
 * Staff session tokens (`aisle_st_…`) become admin callers with the member's current role: a revoked member,
 * a role change and a signed-out session take effect on the next request.
 */
export function staffSessionAuthenticator(ctx: AppContext): Authenticator {
  return async (credential) => {
    if (!credential.startsWith(SESSION_PREFIX)) return null;
    const [row] = await ctx.db
      .select({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role })
      .from(staffTokens)
      .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
      .where(
        and(
          eq(staffTokens.tokenHash, hashSecret(credential)),
          eq(staffTokens.kind, 'session'),
          isNull(staffTokens.usedDate),
          gt(staffTokens.expiresDate, ctx.clock()),
          eq(staffUsers.status, 'ACTIVE'),
        ),
      )
      .limit(1);
    return row ? { kind: 'admin', role: row.role, staffId: row.id, label: row.email } : null;
  };
}
