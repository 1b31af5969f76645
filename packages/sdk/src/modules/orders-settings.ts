import type { ConversionSpec } from '../core/convert.ts';
import { type SettingsSpec, settingsCalls } from '../core/settings.ts';
import type { Http } from '../core/transport.ts';
import type { OrdersSettings, OrdersSettingsUpdate } from './checkout-settings-types.ts';

export const ORDERS_SETTINGS_PATH = '/ecom/v1/orders-settings';

/** Conversions of the orders settings, relative to `ordersSettings`. */
export const ORDERS_SETTINGS_CONVERSION: ConversionSpec = { dates: ['createdDate', 'updatedDate'] };

const SPEC: SettingsSpec = { path: ORDERS_SETTINGS_PATH, conversion: ORDERS_SETTINGS_CONVERSION };

/**
 * When stock is taken, whether invoices are made, when orders are approved (admin: `ApiKeyStrategy`):
 * `getOrdersSettings()` (defaults ON_ORDER_PLACED, DEFAULT, no invoice until first written) and
 * `updateOrdersSettings(settings, {fieldMask})`, which writes the fields given (or those named by `fieldMask`; a
 * named field without a value is reset).
 */
export const ordersSettings = (http: Http) =>
  settingsCalls<OrdersSettings, OrdersSettingsUpdate>()(http, 'OrdersSettings', SPEC).named;

export type OrdersSettingsModule = ReturnType<typeof ordersSettings>;
