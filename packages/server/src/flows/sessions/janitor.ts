import type { AppContext } from '../../platform/context.ts';
import { purgeExpiredIdentityRows } from '../../modules/identity/tokens.ts';
import { purgeExpiredTokens } from '../../modules/oauth/tokens.ts';
import { purgeExpiredSessions } from '../../modules/redirects/service.ts';
import { purgeStaffTokens } from '../../modules/staff/tokens.ts';
import { hourly } from '../../platform/hourly.ts';

/** Expired codes, tokens (staff ones too), challenges and redirect sessions are deleted hourly (any process may do it). */
export async function purgeExpired(ctx: AppContext): Promise<void> {
  await purgeExpiredTokens(ctx);
  await purgeExpiredIdentityRows(ctx);
  await purgeExpiredSessions(ctx);
  await purgeStaffTokens(ctx);
}

export const janitor = hourly('purging expired sign-in rows', purgeExpired);
