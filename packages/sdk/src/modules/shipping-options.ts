import type { ConversionSpec } from '../core/convert.ts';
import { defined, entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type {
  ShippingOption,
  ShippingOptionInput,
  ShippingOptionUpdate,
  UpdateOptions,
} from './settings-types.ts';

export const SHIPPING_OPTIONS_PATH = '/ecom/v1/shipping-options';

/** Conversions of a shipping option, relative to it. */
export const SHIPPING_OPTION_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'deliveryTimeSlot.from', 'deliveryTimeSlot.to'],
  addresses: ['pickup.address'],
};

/** Shipping options per delivery region, with rates by weight, price or quantity (admin). */
export const shippingOptions = (http: Http) => {
  const calls = entityCalls<ShippingOption, ShippingOptionInput, ShippingOptionUpdate>(http, {
    path: SHIPPING_OPTIONS_PATH,
    key: 'shippingOption',
    conversion: SHIPPING_OPTION_CONVERSION,
    input: SHIPPING_OPTION_CONVERSION,
  });
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
    createShippingOption: (shippingOption: ShippingOptionInput): Promise<ShippingOption> =>
      calls.create(shippingOption),
    getShippingOption: (shippingOptionId: string): Promise<ShippingOption> => calls.get(shippingOptionId),
    updateShippingOption: (
      shippingOptionId: string,
      shippingOption: ShippingOptionUpdate,
      options: UpdateOptions = {},
    ): Promise<ShippingOption> =>
      calls.update(shippingOptionId, shippingOption, { fieldMask: joinFieldMask(options.fieldMask) }),
    deleteShippingOption: (shippingOptionId: string): Promise<void> => calls.remove(shippingOptionId),
    /** Cursor-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryShippingOptions: (): QueryBuilder<ShippingOption> =>
      new QueryBuilder<ShippingOption>(
        createFinder<ShippingOption>(http, {
          path: `${SHIPPING_OPTIONS_PATH}/query`,
          itemsKey: 'shippingOptions',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'cursor',
      ),
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
