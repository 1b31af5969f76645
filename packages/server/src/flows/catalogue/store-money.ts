import { catalogueReadCache } from '../../modules/catalogue/shared/read-cache.ts';
import { setStoreMoney } from '../../modules/catalogue/shared/reads.ts';
import { readStoreSettings } from '../../modules/settings/store.ts';
import type { Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { announceChanges } from '../../platform/events.ts';

const STORE_SETTINGS = 'store_settings';
// Every process hears of a change of the store's currency, whichever process made it.
announceChanges([STORE_SETTINGS]);

async function loadStoreMoney(ctx: AppContext): Promise<void> {
  const store = await readStoreSettings(ctx.db);
  setStoreMoney(ctx, { currency: store.currency, locale: store.locale });
}

/**
 * Catalogue prices in the store's currency and locale: read at start, and again whenever the store settings
 * change (in any process, through `Events.watch`); then the shoppers' read cache is dropped, so no answer
 * priced in the old currency is served again.
 */
export const catalogueStoreMoney: Module = async (_app, ctx) => {
  await loadStoreMoney(ctx);
  ctx.events.watch([STORE_SETTINGS], () => {
    loadStoreMoney(ctx)
      .then(() => catalogueReadCache(ctx).clear())
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'reloading the store currency failed'));
  });
};
