import { type ConversionSpec, convertFromWire, convertToWire } from '../core/convert.ts';
import { defined, joinFieldMask } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type {
  PublicStoreSettings,
  StoreSettings,
  StoreSettingsUpdate,
  UpdateOptions,
} from './settings-types.ts';

export const STORE_SETTINGS_PATH = '/ecom/v1/store-settings';

/** Conversions of the store settings, relative to `storeSettings`. */
export const STORE_SETTINGS_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'logo.urlExpirationDate'],
  floats: ['logo.focalPoint.x', 'logo.focalPoint.y'],
  addresses: ['businessAddress'],
  images: ['logo'],
};

const settingsOf = (response: { storeSettings?: unknown }): StoreSettings =>
  convertFromWire(response.storeSettings, STORE_SETTINGS_CONVERSION) as StoreSettings;

/**
 * Store-wide settings the pricing engine reads (admin: `ApiKeyStrategy`); the store's name and logo, currency
 * and locale for anyone (`getPublicStoreSettings`).
 */
export const storeSettings = (http: Http) => ({
  /** Name, logo, currency, weight unit, tax-included prices, business address, …; defaults until first written. */
  getStoreSettings: (): Promise<StoreSettings> =>
    http.request<{ storeSettings?: unknown }>({ method: 'GET', path: STORE_SETTINGS_PATH }).then(settingsOf),

  /** The store's name and logo (an image URI), currency and locale: what a storefront shows. No login needed. */
  getPublicStoreSettings: (): Promise<PublicStoreSettings> =>
    http
      .request<{ storeSettings?: unknown }>({ method: 'GET', path: `${STORE_SETTINGS_PATH}/public` })
      .then(settingsOf),

  /**
   * Writes the fields given (or those named by `fieldMask`); a `revision` refuses a stale write. The logo: an
   * uploaded file's URI or `{id}`, our media URL or an external URL; `null` (or the mask `logo` alone) removes it.
   */
  updateStoreSettings: (settings: StoreSettingsUpdate, options: UpdateOptions = {}): Promise<StoreSettings> =>
    http
      .request<{ storeSettings?: unknown }>({
        method: 'PATCH',
        path: STORE_SETTINGS_PATH,
        data: defined({
          storeSettings: convertToWire(settings, STORE_SETTINGS_CONVERSION),
          fieldMask: joinFieldMask(options.fieldMask),
        }),
      })
      .then(settingsOf),
});

export type StoreSettingsModule = ReturnType<typeof storeSettings>;
