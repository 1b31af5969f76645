import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { defineEntity, entityAt, entityService, failIf, violation } from '../../platform/entity-kit/index.ts';
import { AppError, type FieldViolation, invalid } from '../../platform/errors.ts';
import { decimalFromNumber } from '../../platform/money.ts';
import type { AppContext } from '../../platform/context.ts';
import { addDeliveryRegionTo } from './delivery-regions.ts';
import type { StoredAddress, StoredPickup, StoredRate } from './model.ts';
import { SHIPPING_API, ShippingOptionCreate, ShippingOptionPatch } from './schemas.ts';
import { type ShippingOptionRow, shippingOptionToWire } from './shipping-option-wire.ts';
import { deliveryRegions, shippingOptions, taxGroups } from './tables.ts';

/**
 * Shipping options (wire/merchant-settings.md "Shipping options"): offered in their delivery regions, priced
 * by the engine from their first matching rate.
 */

export { SHIPPING_CARRIER_ID, type ShippingOptionRow, shippingOptionToWire } from './shipping-option-wire.ts';

function ratesOf(rates: ShippingOptionCreate['rates']): StoredRate[] {
  return rates.map((rate, i) => ({
    amount: rate.amount,
    conditions: (rate.conditions ?? []).map((c, j) => {
      const value = typeof c.value === 'number' ? decimalFromNumber(c.value) : c.value;
      if (c.type === 'BY_TOTAL_QUANTITY' && !/^\d+$/.test(value))
        throw new AppError(400, 'INVALID_QUANTITY_VALUE', 'A quantity condition needs a whole number', {
          field: `shippingOption.rates[${i}].conditions[${j}].value`,
          value,
        });
      return { type: c.type, value, operator: c.operator };
    }),
    ...(rate.multiplyByQuantity ? { multiplyByQuantity: true } : {}),
  }));
}

function pickupOf(pickup: ShippingOptionCreate['pickup']): StoredPickup | null {
  if (!pickup) return null;
  return {
    address: pickup.address as StoredAddress,
    pickupMethod: pickup.pickupMethod ?? 'STORE_PICKUP',
    ...(pickup.businessLocation ? { businessLocation: pickup.businessLocation } : {}),
  };
}

/** Region and tax-group references must exist; violations name the field. */
async function checkReferences(
  db: Db,
  regionIds: string[] | undefined,
  taxGroupId: string | null | undefined,
): Promise<void> {
  const violations: FieldViolation[] = [];
  if (regionIds?.length) {
    const found = await db
      .select({ id: deliveryRegions.id })
      .from(deliveryRegions)
      .where(inArray(deliveryRegions.id, regionIds));
    const known = new Set(found.map((r) => r.id));
    regionIds.forEach((id, i) => {
      if (!known.has(id))
        violations.push(violation(`shippingOption.deliveryRegionIds[${i}]`, 'is not a delivery region'));
    });
  }
  if (taxGroupId) {
    const [group] = await db.select({ id: taxGroups.id }).from(taxGroups).where(eq(taxGroups.id, taxGroupId));
    if (!group) violations.push(violation('shippingOption.taxGroupId', 'is not a tax group'));
  }
  failIf(violations);
}

function checkSlot(slot: { from: string; to: string } | null | undefined): void {
  if (slot && Date.parse(slot.from) >= Date.parse(slot.to))
    throw invalid('shippingOption.deliveryTimeSlot.to', 'must be after from');
}

export const shippingOption = defineEntity({
  ...entityAt('shipping option', SHIPPING_API, { query: 'Query shipping options (cursor paging)' }),
  table: shippingOptions,
  schemas: { create: ShippingOptionCreate, patch: ShippingOptionPatch },
  writable: [
    'title',
    'deliveryRegionIds',
    'estimatedDeliveryTime',
    'instructions',
    'deliveryTimeSlot',
    'rates',
    'otherCharges',
    'pickup',
    'taxGroupId',
    'extendedFields',
  ] as const,
  query: {
    fields: {
      title: { sql: shippingOptions.title, type: 'string', sortable: true },
      deliveryRegionIds: { sql: shippingOptions.deliveryRegionIds, type: 'uuid[]' },
    },
    get: true,
  },
  toWire: shippingOptionToWire,
  checkCreate(input: ShippingOptionCreate) {
    const regionIds = [...new Set(input.deliveryRegionIds ?? [])];
    const rates = ratesOf(input.rates);
    checkSlot(input.deliveryTimeSlot);
    return { regionIds, rates };
  },
  async insert(input, { tx, checked }) {
    await checkReferences(tx, checked.regionIds, input.taxGroupId);
    return {
      title: input.title.trim(),
      deliveryRegionIds: checked.regionIds,
      estimatedDeliveryTime: input.estimatedDeliveryTime ?? null,
      instructions: input.instructions ?? null,
      deliveryTimeSlot: input.deliveryTimeSlot ?? null,
      rates: checked.rates,
      otherCharges: input.otherCharges ?? [],
      pickup: pickupOf(input.pickup),
      taxGroupId: input.taxGroupId ?? null,
      extendedFields: input.extendedFields?.namespaces ?? {},
    };
  },
  checkUpdate(patch: ShippingOptionPatch, fields) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const violations: FieldViolation[] = [];
    if (has('title') && !patch.title?.trim())
      violations.push(violation('shippingOption.title', 'is required', 'REQUIRED_FIELD'));
    if (has('rates') && !patch.rates?.length)
      violations.push(violation('shippingOption.rates', 'must have at least 1 item', 'MIN_SIZE'));
    failIf(violations);
    const rates = has('rates') ? ratesOf(patch.rates!) : undefined;
    if (has('deliveryTimeSlot')) checkSlot(patch.deliveryTimeSlot);
    const regionIds = has('deliveryRegionIds') ? [...new Set(patch.deliveryRegionIds ?? [])] : undefined;
    return { regionIds, rates };
  },
  async update(patch, fields, _current, { tx, checked }) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const { regionIds, rates } = checked;
    await checkReferences(tx, regionIds, has('taxGroupId') ? patch.taxGroupId : undefined);
    return {
      ...(has('title') ? { title: patch.title!.trim() } : {}),
      ...(regionIds ? { deliveryRegionIds: regionIds } : {}),
      ...(has('estimatedDeliveryTime') ? { estimatedDeliveryTime: patch.estimatedDeliveryTime ?? null } : {}),
      ...(has('instructions') ? { instructions: patch.instructions ?? null } : {}),
      ...(has('deliveryTimeSlot') ? { deliveryTimeSlot: patch.deliveryTimeSlot ?? null } : {}),
      ...(rates ? { rates } : {}),
      ...(has('otherCharges') ? { otherCharges: patch.otherCharges ?? [] } : {}),
      ...(has('pickup') ? { pickup: pickupOf(patch.pickup) } : {}),
      ...(has('taxGroupId') ? { taxGroupId: patch.taxGroupId ?? null } : {}),
      ...(has('extendedFields') ? { extendedFields: patch.extendedFields?.namespaces ?? {} } : {}),
    };
  },
});

export const shippingOptionService = entityService(shippingOption);
export const { create: createShippingOption } = shippingOptionService;

/** Offers the option in one more region. */
export const addDeliveryRegion = addDeliveryRegionTo(shippingOptionService);

export async function removeDeliveryRegion(
  ctx: AppContext,
  id: string,
  regionId: string,
  revision: string | number | undefined,
) {
  return shippingOptionService.change(ctx, id, revision, (current) => ({
    deliveryRegionIds: current.deliveryRegionIds.filter((r) => r !== regionId),
  }));
}

export async function updateOptionExtendedFields(
  ctx: AppContext,
  id: string,
  namespace: string,
  data: Record<string, unknown>,
) {
  return shippingOptionService.change(ctx, id, undefined, (current) => ({
    extendedFields: { ...current.extendedFields, [namespace]: data },
  }));
}

/** Every option, oldest first (the engine's order breaks price ties). */
export async function listShippingOptions(db: Db): Promise<ShippingOptionRow[]> {
  return db.select().from(shippingOptions).orderBy(asc(shippingOptions.createdDate), asc(shippingOptions.id));
}
