import { eq } from 'drizzle-orm';
import { keptPerServer } from '../../platform/change-cache.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, saveWithNextRevision } from '../../platform/db.ts';
import { iso, lockSingleton, maskedFields, presentFields } from '../../platform/entity-kit/support.ts';
import { invalid } from '../../platform/errors.ts';
import { type ImageInput, imageRefToWire, resolveImageRef } from '../catalogue/media/image-ref.ts';
import type { StoredMedia } from '../catalogue/shared/model.ts';
import { checkCurrency } from './currency.ts';
import type { StoreSettingsInput } from './schemas.ts';
import { storeSettings } from './tables.ts';

/** Store-wide settings: one row, read with defaults before it is first written. */

export type StoreSettingsRow = typeof storeSettings.$inferSelect;

export const STORE_DEFAULTS = {
  currency: 'USD',
  weightUnit: 'KG' as const,
  taxIncludedInPrices: false,
  locale: 'en-US',
  defaultTaxableAddress: 'SHIPPING' as const,
};

export const STORE_NAME_MAX = 100;

const defaults = (): StoreSettingsRow => ({
  id: 1,
  ...STORE_DEFAULTS,
  businessAddress: null,
  minimumOrderSubtotal: null,
  defaultTaxGroupId: null,
  shippingTaxGroupId: null,
  storeName: null,
  logo: null,
  revision: 0n,
  createdDate: new Date(0),
  updatedDate: new Date(0),
});

export async function readStoreSettings(db: Db): Promise<StoreSettingsRow> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1);
  return row ?? defaults();
}

/** A write that records no event (a seed run beside the server) shows at the latest after this long. */
export const STORE_SETTINGS_MAX_AGE_MS = 60_000;

const keptStoreSettings = keptPerServer(['store_settings'], STORE_SETTINGS_MAX_AGE_MS, (ctx) =>
  readStoreSettings(ctx.db),
);

/**
 * The store settings for what shoppers see (the public settings, the store's name in mails and hosted pages,
 * the carts' pricing through `merchantSettings`):
 * read once per process and kept until a `store_settings` event commits — at once in this process, through
 * LISTEN/NOTIFY in the others — never while those notifications are down, and never longer than
 * `STORE_SETTINGS_MAX_AGE_MS` (`KeptUntilChange`). Writes and the merchant's own reads use `readStoreSettings`.
 */
export function currentStoreSettings(ctx: AppContext): Promise<StoreSettingsRow> {
  return keptStoreSettings(ctx);
}

/** The store as mails and the hosted pages name it: the merchant's store name, else the store's host. */
export async function storeDisplayName(ctx: AppContext): Promise<string> {
  return (await currentStoreSettings(ctx)).storeName ?? new URL(ctx.config.publicUrl).host;
}

/**
 * The settings that price a cart, as both the wire and the pricing snapshot (flows/cart/pricing.ts) show them:
 * currency, weight unit, tax inclusion, business address, locale, minimum order subtotal.
 */
export function storePricingFields(row: StoreSettingsRow) {
  return {
    currency: row.currency,
    weightUnit: row.weightUnit,
    taxIncludedInPrices: row.taxIncludedInPrices,
    ...presentFields(row, ['businessAddress']),
    locale: row.locale,
    ...(row.minimumOrderSubtotal !== null ? { minimumOrderSubtotal: row.minimumOrderSubtotal } : {}),
  };
}

export function storeSettingsToWire(ctx: AppContext, row: StoreSettingsRow) {
  const written = row.revision > 0n;
  return {
    ...(row.storeName !== null ? { storeName: row.storeName } : {}),
    ...(row.logo ? { logo: imageRefToWire(ctx, row.logo) } : {}),
    ...storePricingFields(row),
    ...presentFields(row, ['defaultTaxGroupId', 'shippingTaxGroupId']),
    defaultTaxableAddress: row.defaultTaxableAddress,
    revision: row.revision.toString(),
    ...(written ? { createdDate: iso(row.createdDate), updatedDate: iso(row.updatedDate) } : {}),
  };
}

export type WireStoreSettings = ReturnType<typeof storeSettingsToWire>;

/** What anyone may read (the storefront's header and page titles): the name, the logo, currency and locale. */
export function publicStoreSettingsToWire(ctx: AppContext, row: StoreSettingsRow) {
  const { storeName, logo, currency, locale } = storeSettingsToWire(ctx, row);
  return { ...(storeName !== undefined ? { storeName } : {}), ...(logo ? { logo } : {}), currency, locale };
}

/** The name as stored: trimmed, 1–100 characters; `null` for none. */
function storeNameOf(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  const trimmed = name.trim();
  const field = 'storeSettings.storeName';
  if (trimmed === '') throw invalid(field, 'must not be empty (send null for no name)', 'REQUIRED_FIELD');
  if (trimmed.length > STORE_NAME_MAX)
    throw invalid(field, `must be at most ${STORE_NAME_MAX} characters`, 'MAX_LENGTH', {
      maxLength: STORE_NAME_MAX,
    });
  return trimmed;
}

const WRITABLE = [
  'currency',
  'weightUnit',
  'taxIncludedInPrices',
  'businessAddress',
  'locale',
  'minimumOrderSubtotal',
  'defaultTaxGroupId',
  'shippingTaxGroupId',
  'defaultTaxableAddress',
  'storeName',
  'logo',
] as const;

export async function updateStoreSettings(
  ctx: AppContext,
  input: StoreSettingsInput,
  fieldMask?: string,
): Promise<WireStoreSettings> {
  const fields = maskedFields(input, fieldMask, WRITABLE, 'storeSettings');
  if (fields.includes('currency')) checkCurrency(input.currency, 'storeSettings.currency');
  const storeName = fields.includes('storeName') ? storeNameOf(input.storeName) : undefined;
  // The logo is looked up before the transaction (the media lookups use their own connection).
  let logo: StoredMedia | null | undefined;
  if (fields.includes('logo'))
    logo = input.logo
      ? await resolveImageRef(
          ctx,
          input.logo as ImageInput,
          (await readStoreSettings(ctx.db)).logo ?? undefined,
          'storeSettings.logo',
        )
      : null;
  return ctx.events.transaction(async (tx) => {
    await lockSingleton(tx, storeSettings, 'store settings', input.revision);
    // Each masked field as sent, or its default (what an unwritten store reads) when sent empty.
    const given = { ...input, storeName, logo } as Partial<StoreSettingsRow>;
    const unset = defaults();
    const set = Object.fromEntries(fields.map((field) => [field, given[field] ?? unset[field]]));
    const row = await saveWithNextRevision(tx, storeSettings, 1, set, ctx.clock());
    return ctx.events.recordUpdate(
      tx,
      'store_settings',
      'store',
      'storeSettings',
      storeSettingsToWire(ctx, row!),
    );
  });
}
