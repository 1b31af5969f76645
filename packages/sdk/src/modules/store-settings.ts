import type { ConversionSpec } from '../core/convert.ts';
import { type SettingsSpec, settingsCalls } from '../core/settings.ts';
import type { Http } from '../core/transport.ts';
import type { PublicStoreSettings, StoreSettings, StoreSettingsUpdate } from './settings-types.ts';

export const STORE_SETTINGS_PATH = '/ecom/v1/store-settings';

/** Conversions of the store settings, relative to `storeSettings`. */
export const STORE_SETTINGS_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'logo.urlExpirationDate'],
  floats: ['logo.focalPoint.x', 'logo.focalPoint.y'],
  addresses: ['businessAddress'],
  images: ['logo'],
};

const SPEC: SettingsSpec = { path: STORE_SETTINGS_PATH, conversion: STORE_SETTINGS_CONVERSION };

/**
 * Store-wide settings the pricing engine reads: `getStoreSettings()` (name, logo, currency, weight unit,
 * tax-included prices, business address, …; defaults until first written) and `updateStoreSettings(settings,
 * {fieldMask})`, which writes the fields given (or those named by `fieldMask`; a `revision` refuses a stale
 * write; the logo: an uploaded file's URI or `{id}`, our media URL or an external URL, `null` or the mask `logo`
 * alone removes it), for an admin (`ApiKeyStrategy`); the store's name and logo, currency and locale for anyone.
 */
export const storeSettings = (http: Http) => {
  const { read, named } = settingsCalls<StoreSettings, StoreSettingsUpdate>()(http, 'StoreSettings', SPEC);
  return {
    ...named,
    /** The store's name and logo (an image URI), currency and locale: what a storefront shows. No login needed. */
    getPublicStoreSettings: (): Promise<PublicStoreSettings> => read('/public'),
  };
};

export type StoreSettingsModule = ReturnType<typeof storeSettings>;
