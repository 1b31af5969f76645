import { count } from 'drizzle-orm';
import { createApiKey } from './platform/auth.ts';
import { ensureDemoClient } from './modules/oauth/clients.ts';
import type { AppContext } from './platform/context.ts';
import { apiKeys } from './platform/tables.ts';
import { seedDemoStore } from './seed/demo.ts';

/** First start: install the admin API key and, on an empty store, the demo catalogue. */
export async function bootstrap(ctx: AppContext): Promise<void> {
  const [keys] = await ctx.db.select({ n: count() }).from(apiKeys);
  if ((keys?.n ?? 0) === 0) {
    const { key } = await createApiKey(ctx.db, 'Admin', ctx.config.adminApiKey);
    if (!ctx.config.adminApiKey) {
      // Printed once, never logged: the only time the generated key is visible.
      process.stdout.write(
        `\n  Admin API key (shown once, keep it safe): ${key}\n  Send it as the Authorization header of admin calls.\n\n`,
      );
    }
  }
  if (ctx.config.seedDemo) await seedDemoStore(ctx, { onlyIfEmpty: true });
  // The demo storefront's OAuth client, kept in step with PUBLIC_URL on every start.
  await ensureDemoClient(ctx);
}
