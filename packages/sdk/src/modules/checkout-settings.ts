import type { ConversionSpec } from '../core/convert.ts';
import { type SettingsSpec, settingsCalls } from '../core/settings.ts';
import type { Http } from '../core/transport.ts';
import type { CheckoutSettings, CheckoutSettingsUpdate } from './checkout-settings-types.ts';

export const CHECKOUT_SETTINGS_PATH = '/ecom/v1/checkout-settings';

const LOGO_IMAGE = 'checkoutBrand.header.logo.image';

/** Conversions of the checkout settings, relative to `checkoutSettings`. */
export const CHECKOUT_SETTINGS_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', `${LOGO_IMAGE}.urlExpirationDate`],
  floats: [`${LOGO_IMAGE}.focalPoint.x`, `${LOGO_IMAGE}.focalPoint.y`],
  images: [LOGO_IMAGE],
};

const SPEC: SettingsSpec = { path: CHECKOUT_SETTINGS_PATH, conversion: CHECKOUT_SETTINGS_CONVERSION };

/**
 * The checkout's policies, fields, payment options and brand: `getCheckoutSettings()` for anyone (shoppers get
 * what the checkout page shows); `updateCheckoutSettings(settings, {fieldMask})` for an admin (`ApiKeyStrategy`)
 * merges the fields given, or sets exactly the dotted paths of `fieldMask` (a named path without a value goes
 * back to its default). The logo image: an uploaded file's URI or id, our media URL, or an external URL.
 */
export const checkoutSettings = (http: Http) =>
  settingsCalls<CheckoutSettings, CheckoutSettingsUpdate>()(http, 'CheckoutSettings', SPEC).named;

export type CheckoutSettingsModule = ReturnType<typeof checkoutSettings>;
