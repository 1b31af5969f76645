import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  type EntityService,
  entityAt,
  entityService,
  failIf,
  revisionAndDates,
  violation,
} from '../../platform/entity-kit/index.ts';
import type { FieldViolation } from '../../platform/errors.ts';
import type { StoredDestination } from './model.ts';
import { DeliveryRegionCreate, DeliveryRegionPatch, SHIPPING_API } from './schemas.ts';
import { shippingOptionToWire } from './shipping-option-wire.ts';
import { deliveryRegions, shippingOptions } from './tables.ts';

/** Delivery regions: the countries and subdivisions a shipping option is offered in. */

export type DeliveryRegionRow = typeof deliveryRegions.$inferSelect;

export function deliveryRegionToWire(row: DeliveryRegionRow) {
  return {
    id: row.id,
    name: row.name,
    destinations: row.destinations,
    ...revisionAndDates(row),
  };
}

/** `ca` → `CA`; `ca` under `US` → `US-CA`. */
export function fullSubdivision(country: string, subdivision: string): string {
  const upper = subdivision.trim().toUpperCase();
  return upper.includes('-') ? upper : `${country}-${upper}`;
}

function destinationsOf(input: DeliveryRegionCreate['destinations'], violations: FieldViolation[]) {
  const field = 'deliveryRegion.destinations';
  return input.map((d, i): StoredDestination => {
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

/**
 * The call adding a region (which must exist: 404 otherwise) to the `deliveryRegionIds` of a row of an entity
 * that ships to regions (shipping options, label configurations), through its service: the ids unchanged when
 * it is already there, the revision bumped and the update recorded all the same.
 */
export const addDeliveryRegionTo =
  <Row extends { deliveryRegionIds: string[] }, Wire>(
    service: Pick<EntityService<Row, Wire, unknown, unknown>, 'change'>,
  ) =>
  (ctx: AppContext, id: string, regionId: string, revision: string | number | undefined): Promise<Wire> =>
    service.change(ctx, id, revision, async ({ deliveryRegionIds: ids }, tx) => {
      const [region] = await tx
        .select({ id: deliveryRegions.id })
        .from(deliveryRegions)
        .where(eq(deliveryRegions.id, regionId));
      if (!region) throw deliveryRegion.notFound(regionId);
      return { deliveryRegionIds: ids.includes(regionId) ? ids : [...ids, regionId] };
    });

export const deliveryRegion = defineEntity({
  ...entityAt('delivery region', SHIPPING_API, {
    delete: 'Delete a delivery region (and take it out of options)',
  }),
  table: deliveryRegions,
  schemas: { create: DeliveryRegionCreate, patch: DeliveryRegionPatch },
  writable: ['name', 'destinations'] as const,
  query: { fields: { name: { sql: deliveryRegions.name, type: 'string', sortable: true } }, get: true },
  toWire: deliveryRegionToWire,
  checkCreate(input: DeliveryRegionCreate) {
    const violations: FieldViolation[] = [];
    const destinations = destinationsOf(input.destinations, violations);
    failIf(violations);
    return { destinations };
  },
  insert: (input, { checked }) => ({ name: input.name.trim(), destinations: checked.destinations }),
  checkUpdate(patch: DeliveryRegionPatch, fields) {
    const violations: FieldViolation[] = [];
    const destinations = patch.destinations ? destinationsOf(patch.destinations, violations) : undefined;
    if (fields.includes('name') && !patch.name?.trim())
      violations.push(violation('deliveryRegion.name', 'is required', 'REQUIRED_FIELD'));
    if (fields.includes('destinations') && !destinations?.length)
      violations.push(violation('deliveryRegion.destinations', 'must have at least 1 item', 'MIN_SIZE'));
    failIf(violations);
    return { destinations: destinations ?? [] };
  },
  update: (patch, fields, _current, { checked }) => ({
    ...(fields.includes('name') ? { name: patch.name!.trim() } : {}),
    ...(fields.includes('destinations') ? { destinations: checked.destinations } : {}),
  }),
  /** Deleting a region also takes it out of the options that deliver to it (each gets a new revision). */
  async afterDelete(row, { tx, ctx }) {
    const touched = await tx
      .update(shippingOptions)
      .set({
        deliveryRegionIds: sql`array_remove(${shippingOptions.deliveryRegionIds}, ${row.id}::uuid)`,
        revision: sql`${shippingOptions.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(sql`${row.id}::uuid = any(${shippingOptions.deliveryRegionIds})`)
      .returning();
    return touched.map((option) => ({
      entity: 'shipping_option',
      entityId: option.id,
      type: 'updated',
      payload: { shippingOption: shippingOptionToWire(option) },
    }));
  },
});

export const deliveryRegionService = entityService(deliveryRegion);
export const { create: createDeliveryRegion } = deliveryRegionService;

/** Every region, oldest first (what the pricing engine matches addresses against). */
export async function listDeliveryRegions(db: Db): Promise<DeliveryRegionRow[]> {
  return db.select().from(deliveryRegions).orderBy(asc(deliveryRegions.createdDate), asc(deliveryRegions.id));
}
