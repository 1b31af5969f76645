import { createApiKey } from './platform/auth.ts';
import { ensureDemoClient } from './modules/oauth/clients.ts';
import { anyApiKey, installBootstrapKey } from './modules/staff/api-keys.ts';
import { createStaffToken, endSetupTokens } from './modules/staff/tokens.ts';
import { ownerExists } from './modules/staff/users.ts';
import { ConfigError } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import { seedDemoStore } from './seed/demo.ts';

/**
 * Every start: the bootstrap admin API key (`ADMIN_API_KEY`, or one generated at the first start), the setup
 * code while no owner account exists, and, on an empty store, the demo catalogue.
 */
export async function bootstrap(ctx: AppContext): Promise<void> {
  await bootstrapKey(ctx);
  await setupCode(ctx);
  if (ctx.config.seedDemo) await seedDemoStore(ctx, { onlyIfEmpty: true });
  // The demo storefront's OAuth client, kept in step with PUBLIC_URL on every start.
  await ensureDemoClient(ctx);
}

/**
 * A set `ADMIN_API_KEY` always works after start: installed, or replacing the bootstrap key stored before
 * (which is revoked). One that an owner revoked stops the start. Without it, the first start generates a key
 * and prints it once.
 */
async function bootstrapKey(ctx: AppContext): Promise<void> {
  const configured = ctx.config.adminApiKey;
  if (configured) {
    const outcome = await installBootstrapKey(ctx, configured);
    if (outcome === 'revoked')
      throw new ConfigError(
        'ADMIN_API_KEY is a key that was revoked; set a new key (npm run keys -- generate) or unset it',
      );
    if (outcome === 'replaced')
      ctx.log.warn(
        'ADMIN_API_KEY differs from the stored bootstrap key: installed it, the old key is revoked',
      );
    if (outcome === 'installed') ctx.log.info('ADMIN_API_KEY installed as the bootstrap key');
    return;
  }
  if (await anyApiKey(ctx.db)) return;
  const { key } = await createApiKey(ctx.db, {
    name: 'Admin',
    role: 'OWNER',
    bootstrap: true,
    createdBy: 'first start',
  });
  // Printed once, never logged: the only time the generated key is visible.
  process.stdout.write(
    `\n  Admin API key (shown once, keep it safe): ${key}\n  Send it as the Authorization header of admin calls.\n\n`,
  );
}

/** While no owner account exists, a one-time code to create it on the admin's sign-in page (printed, never logged). */
async function setupCode(ctx: AppContext): Promise<void> {
  if (await ownerExists(ctx.db)) return;
  await endSetupTokens(ctx);
  const { token } = await createStaffToken(ctx, ctx.db, 'setup', null);
  process.stdout.write(
    `\n  No owner account yet. Create it at ${ctx.config.publicUrl}/admin/sign-in with this setup code\n  (single use, valid 24 hours, replaced at the next start; the admin API key works too): ${token}\n\n`,
  );
}
