import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, type FieldViolation, notFound } from '../../platform/errors.ts';
import { decimalFromNumber } from '../../platform/money.ts';
import {
  checkRevision,
  failIf,
  inOrder,
  iso,
  maskedFields,
  queryIds,
  querySpec,
  violation,
} from './common.ts';
import type { StoredAddress, StoredDestination, StoredPickup, StoredRate } from './model.ts';
import type {
  DeliveryRegionCreate,
  DeliveryRegionPatch,
  ShippingOptionCreate,
  ShippingOptionPatch,
} from './schemas.ts';
import { deliveryRegions, shippingOptions, taxGroups } from './tables.ts';

/**
 * Delivery regions and shipping options (wire/merchant-settings.md "Shipping options"). An option is offered
 * in its regions; the engine prices it by its first matching rate. A shopper selects `{carrierId, code}`:
 * the carrier is Aisle's built-in shipping and the code is the option id.
 */

/** The carrier id of the store's own shipping options. */
export const SHIPPING_CARRIER_ID = '7c788a22-f7bc-4848-9c6c-da591630818c';

export type DeliveryRegionRow = typeof deliveryRegions.$inferSelect;
export type ShippingOptionRow = typeof shippingOptions.$inferSelect;

// ---- Delivery regions

export function deliveryRegionToWire(row: DeliveryRegionRow) {
  return {
    id: row.id,
    name: row.name,
    destinations: row.destinations,
    revision: row.revision.toString(),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

/** `ca` → `CA`; `ca` under `US` → `US-CA`. */
export function fullSubdivision(country: string, subdivision: string): string {
  const upper = subdivision.trim().toUpperCase();
  return upper.includes('-') ? upper : `${country}-${upper}`;
}

function destinationsOf(
  input: DeliveryRegionCreate['destinations'],
  field: string,
  violations: FieldViolation[],
): StoredDestination[] {
  return input.map((d, i) => {
    const countryCode = d.countryCode.toUpperCase();
    const subdivisions = [...new Set((d.subdivisions ?? []).map((s) => fullSubdivision(countryCode, s)))];
    subdivisions.forEach((s, j) => {
      if (!s.startsWith(`${countryCode}-`))
        violations.push(
          violation(`${field}[${i}].subdivisions[${j}]`, `is not a subdivision of ${countryCode}`, 'FORMAT'),
        );
    });
    return subdivisions.length ? { countryCode, subdivisions } : { countryCode };
  });
}

const regionNotFound = (id: string) =>
  notFound('DELIVERY_REGION_NOT_FOUND', `Delivery region ${id} was not found`, { id });

export async function createDeliveryRegion(ctx: AppContext, input: DeliveryRegionCreate) {
  const violations: FieldViolation[] = [];
  const destinations = destinationsOf(input.destinations, 'deliveryRegion.destinations', violations);
  failIf(violations);
  return ctx.events.transaction(async (tx) => {
    const [row] = await tx
      .insert(deliveryRegions)
      .values({ name: input.name.trim(), destinations, createdDate: ctx.clock(), updatedDate: ctx.clock() })
      .returning();
    const wire = deliveryRegionToWire(row!);
    await ctx.events.record(tx, {
      entity: 'delivery_region',
      entityId: row!.id,
      type: 'created',
      payload: { deliveryRegion: wire },
    });
    return wire;
  });
}

export async function getDeliveryRegion(db: Db, id: string) {
  const [row] = await db.select().from(deliveryRegions).where(eq(deliveryRegions.id, id)).limit(1);
  if (!row) throw regionNotFound(id);
  return deliveryRegionToWire(row);
}

export async function updateDeliveryRegion(
  ctx: AppContext,
  id: string,
  patch: DeliveryRegionPatch,
  fieldMask?: string,
) {
  const fields = maskedFields(patch, fieldMask, ['name', 'destinations'] as const, 'deliveryRegion');
  const violations: FieldViolation[] = [];
  const destinations = patch.destinations
    ? destinationsOf(patch.destinations, 'deliveryRegion.destinations', violations)
    : undefined;
  if (fields.includes('name') && !patch.name?.trim())
    violations.push(violation('deliveryRegion.name', 'is required', 'REQUIRED_FIELD'));
  if (fields.includes('destinations') && !destinations?.length)
    violations.push(violation('deliveryRegion.destinations', 'must have at least 1 item', 'MIN_SIZE'));
  failIf(violations);
  return ctx.events.transaction(async (tx) => {
    const [current] = await tx.select().from(deliveryRegions).where(eq(deliveryRegions.id, id)).for('update');
    if (!current) throw regionNotFound(id);
    checkRevision('delivery region', current.revision, patch.revision);
    const [row] = await tx
      .update(deliveryRegions)
      .set({
        ...(fields.includes('name') ? { name: patch.name!.trim() } : {}),
        ...(fields.includes('destinations') ? { destinations: destinations! } : {}),
        revision: sql`${deliveryRegions.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(eq(deliveryRegions.id, id))
      .returning();
    const wire = deliveryRegionToWire(row!);
    await ctx.events.record(tx, {
      entity: 'delivery_region',
      entityId: id,
      type: 'updated',
      payload: { deliveryRegion: wire },
    });
    return wire;
  });
}

/** Deleting a region also takes it out of the options that deliver to it (each gets a new revision). */
export async function deleteDeliveryRegion(ctx: AppContext, id: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx.delete(deliveryRegions).where(eq(deliveryRegions.id, id)).returning();
    if (!row) throw regionNotFound(id);
    const touched = await tx
      .update(shippingOptions)
      .set({
        deliveryRegionIds: sql`array_remove(${shippingOptions.deliveryRegionIds}, ${id}::uuid)`,
        revision: sql`${shippingOptions.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(sql`${id}::uuid = any(${shippingOptions.deliveryRegionIds})`)
      .returning();
    await ctx.events.record(tx, [
      { entity: 'delivery_region', entityId: id, type: 'deleted', payload: { id } },
      ...touched.map((option) => ({
        entity: 'shipping_option',
        entityId: option.id,
        type: 'updated',
        payload: { shippingOption: shippingOptionToWire(option) },
      })),
    ]);
  });
}

const DELIVERY_REGION_QUERY = querySpec({
  id: { sql: deliveryRegions.id, type: 'uuid', sortable: true, unique: true },
  name: { sql: deliveryRegions.name, type: 'string', sortable: true },
  createdDate: { sql: deliveryRegions.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: deliveryRegions.updatedDate, type: 'date', sortable: true },
});

export async function queryDeliveryRegions(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, deliveryRegions, DELIVERY_REGION_QUERY, query);
  const found = ids.length
    ? await db.select().from(deliveryRegions).where(inArray(deliveryRegions.id, ids))
    : [];
  return { deliveryRegions: inOrder(ids, found).map(deliveryRegionToWire), pagingMetadata };
}

/** Every region, oldest first (what the pricing engine matches addresses against). */
export async function listDeliveryRegions(db: Db): Promise<DeliveryRegionRow[]> {
  return db.select().from(deliveryRegions).orderBy(asc(deliveryRegions.createdDate), asc(deliveryRegions.id));
}

// ---- Shipping options

export function shippingOptionToWire(row: ShippingOptionRow) {
  return {
    id: row.id,
    code: row.id,
    carrierId: SHIPPING_CARRIER_ID,
    title: row.title,
    deliveryRegionIds: row.deliveryRegionIds,
    ...(row.estimatedDeliveryTime !== null ? { estimatedDeliveryTime: row.estimatedDeliveryTime } : {}),
    ...(row.instructions !== null ? { instructions: row.instructions } : {}),
    ...(row.deliveryTimeSlot ? { deliveryTimeSlot: row.deliveryTimeSlot } : {}),
    rates: row.rates.map((r) => ({
      amount: r.amount,
      conditions: r.conditions,
      multiplyByQuantity: r.multiplyByQuantity ?? false,
    })),
    otherCharges: row.otherCharges,
    ...(row.pickup ? { pickup: row.pickup } : {}),
    ...(row.taxGroupId ? { taxGroupId: row.taxGroupId } : {}),
    extendedFields: { namespaces: row.extendedFields },
    revision: row.revision.toString(),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

export type WireShippingOption = ReturnType<typeof shippingOptionToWire>;

const optionNotFound = (id: string) =>
  notFound('SHIPPING_OPTION_NOT_FOUND', `Shipping option ${id} was not found`, { id });

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
    failIf([violation('shippingOption.deliveryTimeSlot.to', 'must be after from')]);
}

export async function createShippingOption(ctx: AppContext, input: ShippingOptionCreate) {
  const regionIds = [...new Set(input.deliveryRegionIds ?? [])];
  const rates = ratesOf(input.rates);
  checkSlot(input.deliveryTimeSlot);
  return ctx.events.transaction(async (tx) => {
    await checkReferences(tx, regionIds, input.taxGroupId);
    const [row] = await tx
      .insert(shippingOptions)
      .values({
        title: input.title.trim(),
        deliveryRegionIds: regionIds,
        estimatedDeliveryTime: input.estimatedDeliveryTime ?? null,
        instructions: input.instructions ?? null,
        deliveryTimeSlot: input.deliveryTimeSlot ?? null,
        rates,
        otherCharges: input.otherCharges ?? [],
        pickup: pickupOf(input.pickup),
        taxGroupId: input.taxGroupId ?? null,
        extendedFields: input.extendedFields?.namespaces ?? {},
        createdDate: ctx.clock(),
        updatedDate: ctx.clock(),
      })
      .returning();
    const wire = shippingOptionToWire(row!);
    await ctx.events.record(tx, {
      entity: 'shipping_option',
      entityId: row!.id,
      type: 'created',
      payload: { shippingOption: wire },
    });
    return wire;
  });
}

export async function getShippingOption(db: Db, id: string) {
  const [row] = await db.select().from(shippingOptions).where(eq(shippingOptions.id, id)).limit(1);
  if (!row) throw optionNotFound(id);
  return shippingOptionToWire(row);
}

const OPTION_FIELDS = [
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
] as const;

/** Lock an option, check the revision, apply `change`, bump the revision and record `shipping_option.updated`. */
async function changeOption(
  ctx: AppContext,
  id: string,
  revision: string | number | undefined,
  change: (
    current: ShippingOptionRow,
    tx: Db,
  ) => Promise<Partial<ShippingOptionRow>> | Partial<ShippingOptionRow>,
) {
  return ctx.events.transaction(async (tx) => {
    const [current] = await tx.select().from(shippingOptions).where(eq(shippingOptions.id, id)).for('update');
    if (!current) throw optionNotFound(id);
    checkRevision('shipping option', current.revision, revision);
    const set = await change(current, tx);
    const [row] = await tx
      .update(shippingOptions)
      .set({ ...set, revision: sql`${shippingOptions.revision} + 1`, updatedDate: ctx.clock() })
      .where(eq(shippingOptions.id, id))
      .returning();
    const wire = shippingOptionToWire(row!);
    await ctx.events.record(tx, {
      entity: 'shipping_option',
      entityId: id,
      type: 'updated',
      payload: { shippingOption: wire },
    });
    return wire;
  });
}

export async function updateShippingOption(
  ctx: AppContext,
  id: string,
  patch: ShippingOptionPatch,
  fieldMask?: string,
) {
  const fields = maskedFields(patch, fieldMask, OPTION_FIELDS, 'shippingOption');
  const has = (f: (typeof OPTION_FIELDS)[number]) => fields.includes(f);
  const violations: FieldViolation[] = [];
  if (has('title') && !patch.title?.trim())
    violations.push(violation('shippingOption.title', 'is required', 'REQUIRED_FIELD'));
  if (has('rates') && !patch.rates?.length)
    violations.push(violation('shippingOption.rates', 'must have at least 1 item', 'MIN_SIZE'));
  failIf(violations);
  const rates = has('rates') ? ratesOf(patch.rates!) : undefined;
  if (has('deliveryTimeSlot')) checkSlot(patch.deliveryTimeSlot);
  const regionIds = has('deliveryRegionIds') ? [...new Set(patch.deliveryRegionIds ?? [])] : undefined;
  return changeOption(ctx, id, patch.revision, async (_current, tx) => {
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
  });
}

export async function addDeliveryRegion(
  ctx: AppContext,
  id: string,
  regionId: string,
  revision: string | number | undefined,
) {
  return changeOption(ctx, id, revision, async (current, tx) => {
    const [region] = await tx
      .select({ id: deliveryRegions.id })
      .from(deliveryRegions)
      .where(eq(deliveryRegions.id, regionId));
    if (!region) throw regionNotFound(regionId);
    const ids = current.deliveryRegionIds.includes(regionId)
      ? current.deliveryRegionIds
      : [...current.deliveryRegionIds, regionId];
    return { deliveryRegionIds: ids };
  });
}

export async function removeDeliveryRegion(
  ctx: AppContext,
  id: string,
  regionId: string,
  revision: string | number | undefined,
) {
  return changeOption(ctx, id, revision, (current) => ({
    deliveryRegionIds: current.deliveryRegionIds.filter((r) => r !== regionId),
  }));
}

export async function updateOptionExtendedFields(
  ctx: AppContext,
  id: string,
  namespace: string,
  data: Record<string, unknown>,
) {
  return changeOption(ctx, id, undefined, (current) => ({
    extendedFields: { ...current.extendedFields, [namespace]: data },
  }));
}

export async function deleteShippingOption(ctx: AppContext, id: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx
      .delete(shippingOptions)
      .where(eq(shippingOptions.id, id))
      .returning({ id: shippingOptions.id });
    if (!row) throw optionNotFound(id);
    await ctx.events.record(tx, {
      entity: 'shipping_option',
      entityId: id,
      type: 'deleted',
      payload: { id },
    });
  });
}

const SHIPPING_OPTION_QUERY = querySpec({
  id: { sql: shippingOptions.id, type: 'uuid', sortable: true, unique: true },
  title: { sql: shippingOptions.title, type: 'string', sortable: true },
  deliveryRegionIds: { sql: shippingOptions.deliveryRegionIds, type: 'uuid[]' },
  createdDate: { sql: shippingOptions.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: shippingOptions.updatedDate, type: 'date', sortable: true },
});

export async function queryShippingOptions(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, shippingOptions, SHIPPING_OPTION_QUERY, query);
  const found = ids.length
    ? await db.select().from(shippingOptions).where(inArray(shippingOptions.id, ids))
    : [];
  return { shippingOptions: inOrder(ids, found).map(shippingOptionToWire), pagingMetadata };
}

/** Every option, oldest first (the engine's order breaks price ties). */
export async function listShippingOptions(db: Db): Promise<ShippingOptionRow[]> {
  return db.select().from(shippingOptions).orderBy(asc(shippingOptions.createdDate), asc(shippingOptions.id));
}
