import { type ConversionSpec, convertFromWire, convertToWire } from '../core/convert.ts';
import { defined, joinFieldMask } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type {
  CheckoutSettings,
  CheckoutSettingsUpdate,
  SettingsUpdateOptions,
} from './checkout-settings-types.ts';

export const CHECKOUT_SETTINGS_PATH = '/ecom/v1/checkout-settings';

const LOGO_IMAGE = 'checkoutBrand.header.logo.image';

/** Conversions of the checkout settings, relative to `checkoutSettings`. */
export const CHECKOUT_SETTINGS_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', `${LOGO_IMAGE}.urlExpirationDate`],
  floats: [`${LOGO_IMAGE}.focalPoint.x`, `${LOGO_IMAGE}.focalPoint.y`],
  images: [LOGO_IMAGE],
};

const settingsOf = (response: { checkoutSettings?: unknown }): CheckoutSettings =>
  convertFromWire(response.checkoutSettings, CHECKOUT_SETTINGS_CONVERSION) as CheckoutSettings;

/**
 * The checkout's policies, fields, payment options and brand. Anyone may read (shoppers get what the
 * checkout page shows); writing needs an admin (`ApiKeyStrategy`).
 */
export const checkoutSettings = (http: Http) => ({
  getCheckoutSettings: (): Promise<CheckoutSettings> =>
    http
      .request<{ checkoutSettings?: unknown }>({ method: 'GET', path: CHECKOUT_SETTINGS_PATH })
      .then(settingsOf),

  /**
   * Merges the fields given, or sets exactly the dotted paths of `fieldMask` (a named path without a value
   * goes back to its default). The logo image: an uploaded file's URI or id, our media URL, or an external URL.
   */
  updateCheckoutSettings: (
    settings: CheckoutSettingsUpdate,
    options: SettingsUpdateOptions = {},
  ): Promise<CheckoutSettings> =>
    http
      .request<{ checkoutSettings?: unknown }>({
        method: 'PATCH',
        path: CHECKOUT_SETTINGS_PATH,
        data: defined({
          checkoutSettings: convertToWire(settings, CHECKOUT_SETTINGS_CONVERSION),
          fieldMask: joinFieldMask(options.fieldMask),
        }),
      })
      .then(settingsOf),
});

export type CheckoutSettingsModule = ReturnType<typeof checkoutSettings>;
