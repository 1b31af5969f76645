import { type ConversionSpec, convertFromWire } from '../core/convert.ts';
import { defined, joinFieldMask } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type {
  OrdersSettings,
  OrdersSettingsUpdate,
  SettingsUpdateOptions,
} from './checkout-settings-types.ts';

export const ORDERS_SETTINGS_PATH = '/ecom/v1/orders-settings';

/** Conversions of the orders settings, relative to `ordersSettings`. */
export const ORDERS_SETTINGS_CONVERSION: ConversionSpec = { dates: ['createdDate', 'updatedDate'] };

const settingsOf = (response: { ordersSettings?: unknown }): OrdersSettings =>
  convertFromWire(response.ordersSettings, ORDERS_SETTINGS_CONVERSION) as OrdersSettings;

/** When stock is taken, whether invoices are made, when orders are approved (admin: `ApiKeyStrategy`). */
export const ordersSettings = (http: Http) => ({
  /** Defaults (ON_ORDER_PLACED, DEFAULT, no invoice) until first written. */
  getOrdersSettings: (): Promise<OrdersSettings> =>
    http
      .request<{ ordersSettings?: unknown }>({ method: 'GET', path: ORDERS_SETTINGS_PATH })
      .then(settingsOf),

  /** Writes the fields given (or those named by `fieldMask`; a named field without a value is reset). */
  updateOrdersSettings: (
    settings: OrdersSettingsUpdate,
    options: SettingsUpdateOptions = {},
  ): Promise<OrdersSettings> =>
    http
      .request<{ ordersSettings?: unknown }>({
        method: 'PATCH',
        path: ORDERS_SETTINGS_PATH,
        data: defined({ ordersSettings: settings, fieldMask: joinFieldMask(options.fieldMask) }),
      })
      .then(settingsOf),
});

export type OrdersSettingsModule = ReturnType<typeof ordersSettings>;
