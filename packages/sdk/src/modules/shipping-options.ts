import type { ConversionSpec } from '../core/convert.ts';
import { declaredCalls, defined } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { ShippingOption, ShippingOptionInput, ShippingOptionUpdate } from './settings-types.ts';

export const SHIPPING_OPTIONS_PATH = '/ecom/v1/shipping-options';

/** Conversions of a shipping option, relative to it. */
export const SHIPPING_OPTION_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'deliveryTimeSlot.from', 'deliveryTimeSlot.to'],
  addresses: ['pickup.address'],
};

/**
 * Shipping options per delivery region, with rates by weight, price or quantity (admin).
 * `queryShippingOptions` is cursor-paged (GET* `/query`, POST fallback).
 */
export const shippingOptions = (http: Http) => {
  const { calls, named } = declaredCalls<ShippingOption, ShippingOptionInput, ShippingOptionUpdate>()(
    http,
    ['ShippingOption', 'ShippingOptions'],
    {
      path: SHIPPING_OPTIONS_PATH,
      queryMethod: 'GET',
      paging: 'cursor',
      conversion: SHIPPING_OPTION_CONVERSION,
      input: SHIPPING_OPTION_CONVERSION,
    },
  );
  const changeRegion =
    (action: 'add-delivery-region' | 'remove-delivery-region') =>
    (shippingOptionId: string, deliveryRegionId: string, options: { revision?: string } = {}) =>
      http
        .request<{ shippingOption?: unknown }>({
          method: 'POST',
          path: `${SHIPPING_OPTIONS_PATH}/{shippingOptionId}/${action}`,
          data: defined({ shippingOptionId, deliveryRegionId, revision: options.revision }),
        })
        .then((response): ShippingOption => calls.fromWire(response.shippingOption));
  return {
    ...named,
    /** Offers the option in one more region. */
    addDeliveryRegion: changeRegion('add-delivery-region'),
    removeDeliveryRegion: changeRegion('remove-delivery-region'),
    /** Replaces one namespace of the option's extended fields. */
    updateExtendedFields: (
      shippingOptionId: string,
      namespace: string,
      namespaceData: Record<string, unknown>,
    ): Promise<ShippingOption> =>
      http
        .request<{ shippingOption?: unknown }>({
          method: 'POST',
          path: `${SHIPPING_OPTIONS_PATH}/{shippingOptionId}/update-extended-fields`,
          data: { shippingOptionId, namespace, namespaceData },
        })
        .then((response) => calls.fromWire(response.shippingOption)),
  };
};

export type ShippingOptionsModule = ReturnType<typeof shippingOptions>;
