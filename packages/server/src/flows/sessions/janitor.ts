import type { Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { purgeExpiredIdentityRows } from '../../modules/identity/tokens.ts';
import { purgeExpiredTokens } from '../../modules/oauth/tokens.ts';
import { purgeExpiredSessions } from '../../modules/redirects/service.ts';

const EVERY_MS = 60 * 60 * 1000;

/** Expired codes, tokens, challenges and redirect sessions are deleted hourly (any process may do it). */
export async function purgeExpired(ctx: AppContext): Promise<void> {
  await purgeExpiredTokens(ctx);
  await purgeExpiredIdentityRows(ctx);
  await purgeExpiredSessions(ctx);
}

export const janitor: Module = (app, ctx) => {
  const timer = setInterval(() => {
    purgeExpired(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'purging expired sign-in rows failed'),
    );
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
