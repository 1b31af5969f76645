import { revisionAndDates, presentFields } from '../../platform/entity-kit/index.ts';
import type { shippingOptions } from './tables.ts';

/** The carrier id of the store's own shipping options. */
export const SHIPPING_CARRIER_ID = '7c788a22-f7bc-4848-9c6c-da591630818c';

export type ShippingOptionRow = typeof shippingOptions.$inferSelect;

/**
 * A shipping option on the wire. A shopper selects `{carrierId, code}`: the carrier is Aisle's built-in
 * shipping and the code is the option id.
 */
export function shippingOptionToWire(row: ShippingOptionRow) {
  return {
    id: row.id,
    code: row.id,
    carrierId: SHIPPING_CARRIER_ID,
    title: row.title,
    deliveryRegionIds: row.deliveryRegionIds,
    ...(row.estimatedDeliveryTime !== null ? { estimatedDeliveryTime: row.estimatedDeliveryTime } : {}),
    ...(row.instructions !== null ? { instructions: row.instructions } : {}),
    ...presentFields(row, ['deliveryTimeSlot']),
    rates: row.rates.map((r) => ({
      amount: r.amount,
      conditions: r.conditions,
      multiplyByQuantity: r.multiplyByQuantity ?? false,
    })),
    otherCharges: row.otherCharges,
    ...presentFields(row, ['pickup', 'taxGroupId']),
    extendedFields: { namespaces: row.extendedFields },
    ...revisionAndDates(row),
  };
}

export type WireShippingOption = ReturnType<typeof shippingOptionToWire>;
