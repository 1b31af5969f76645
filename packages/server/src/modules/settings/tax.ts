import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { addDecimals, formatDecimal, parseDecimal } from '../../platform/money.ts';
import {
  checkRevision,
  failIf,
  inOrder,
  iso,
  maskedFields,
  queryIds,
  querySpec,
  unique,
  violation,
} from './common.ts';
import type { StoredJurisdiction } from './model.ts';
import type { TaxRateCreate, TaxRatePatch, TaxRegionCreate, TaxRegionPatch } from './schemas.ts';
import { fullSubdivision } from './shipping.ts';
import { readStoreSettings } from './store.ts';
import { taxGroups, taxRates, taxRegions } from './tables.ts';

/**
 * Tax groups, tax regions (wire/merchant-settings.md "Tax groups and regions") and Aisle's manual tax rates:
 * one per region and group, split over jurisdictions.
 */

/** The catalogue app (wire/catalogue.md): its default tax group holds every product. */
export const STORE_CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
/** The system-defined "Products" group: the tax group of catalogue items. */
export const PRODUCTS_TAX_GROUP_ID = '734002bb-282c-4faa-bf8a-c8872502ba70';
/** The only tax calculator: manual rates. */
export const MANUAL_TAX_CALCULATOR_ID = '980c66e3-26c3-4728-812a-cf2767094bc0';

export const DEFAULT_TAX_GROUPS = [
  { id: PRODUCTS_TAX_GROUP_ID, name: 'Products', appId: STORE_CATALOG_APP_ID },
] as const;

export type TaxGroupRow = typeof taxGroups.$inferSelect;
export type TaxRegionRow = typeof taxRegions.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;

/** The default groups exist in every store (installed at start-up; idempotent). */
export async function ensureDefaultTaxGroups(db: Db): Promise<void> {
  await db
    .insert(taxGroups)
    .values(DEFAULT_TAX_GROUPS.map((g) => ({ ...g, systemDefined: true })))
    .onConflictDoNothing();
}

// ---- Tax groups

export function taxGroupToWire(row: TaxGroupRow) {
  return {
    id: row.id,
    name: row.name,
    ...(row.systemDefined ? { systemDefined: true } : {}),
    ...(row.appId ? { appId: row.appId } : {}),
    revision: row.revision.toString(),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

const groupNotFound = (id: string) =>
  notFound('TAX_GROUP_NOT_FOUND', `Tax group ${id} was not found`, { id });
const systemGroup = (id: string) =>
  new AppError(
    400,
    'ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP',
    'A system-defined tax group cannot be changed or deleted',
    { id },
  );

export async function createTaxGroup(ctx: AppContext, input: { name: string }) {
  return ctx.events.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxGroups)
      .values({ name: input.name.trim(), createdDate: ctx.clock(), updatedDate: ctx.clock() })
      .returning();
    const wire = taxGroupToWire(row!);
    await ctx.events.record(tx, {
      entity: 'tax_group',
      entityId: row!.id,
      type: 'created',
      payload: { taxGroup: wire },
    });
    return wire;
  });
}

export async function getTaxGroup(db: Db, id: string) {
  const [row] = await db.select().from(taxGroups).where(eq(taxGroups.id, id)).limit(1);
  if (!row) throw groupNotFound(id);
  return taxGroupToWire(row);
}

export async function updateTaxGroup(
  ctx: AppContext,
  id: string,
  patch: { name?: string; revision?: string | number },
  fieldMask?: string,
) {
  const fields = maskedFields(patch, fieldMask, ['name'] as const, 'taxGroup');
  if (fields.includes('name') && !patch.name?.trim())
    failIf([violation('taxGroup.name', 'is required', 'REQUIRED_FIELD')]);
  return ctx.events.transaction(async (tx) => {
    const [current] = await tx.select().from(taxGroups).where(eq(taxGroups.id, id)).for('update');
    if (!current) throw groupNotFound(id);
    if (current.systemDefined) throw systemGroup(id);
    checkRevision('tax group', current.revision, patch.revision);
    const [row] = await tx
      .update(taxGroups)
      .set({
        ...(fields.includes('name') ? { name: patch.name!.trim() } : {}),
        revision: sql`${taxGroups.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(eq(taxGroups.id, id))
      .returning();
    const wire = taxGroupToWire(row!);
    await ctx.events.record(tx, {
      entity: 'tax_group',
      entityId: id,
      type: 'updated',
      payload: { taxGroup: wire },
    });
    return wire;
  });
}

/** Its rates go with it. */
export async function deleteTaxGroup(ctx: AppContext, id: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const [current] = await tx.select().from(taxGroups).where(eq(taxGroups.id, id)).for('update');
    if (!current) throw groupNotFound(id);
    if (current.systemDefined) throw systemGroup(id);
    await tx.delete(taxGroups).where(eq(taxGroups.id, id));
    await ctx.events.record(tx, { entity: 'tax_group', entityId: id, type: 'deleted', payload: { id } });
  });
}

const TAX_GROUP_QUERY = querySpec({
  id: { sql: taxGroups.id, type: 'uuid', sortable: true, unique: true },
  name: { sql: taxGroups.name, type: 'string', sortable: true },
  appId: { sql: taxGroups.appId, type: 'string', nullable: true },
  systemDefined: { sql: taxGroups.systemDefined, type: 'boolean' },
  createdDate: { sql: taxGroups.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: taxGroups.updatedDate, type: 'date', sortable: true },
});

export async function queryTaxGroups(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, taxGroups, TAX_GROUP_QUERY, query);
  const found = ids.length ? await db.select().from(taxGroups).where(inArray(taxGroups.id, ids)) : [];
  return { taxGroups: inOrder(ids, found).map(taxGroupToWire), pagingMetadata };
}

export async function defaultTaxGroups(db: Db, appIds?: string[]) {
  const found = await db
    .select()
    .from(taxGroups)
    .where(and(eq(taxGroups.systemDefined, true), appIds ? inArray(taxGroups.appId, appIds) : undefined))
    .orderBy(asc(taxGroups.createdDate), asc(taxGroups.id));
  return found.map(taxGroupToWire);
}

/** `list-default-tax-groups-by-app-ids`: one bulk result per app id. */
export async function defaultTaxGroupsByApps(db: Db, appIds: string[]) {
  const groups = await defaultTaxGroups(db, appIds);
  const results = appIds.map((appId, originalIndex) => ({
    itemMetadata: { id: appId, originalIndex, success: true },
    item: { appId, taxGroups: groups.filter((g) => g.appId === appId) },
  }));
  return {
    results,
    bulkActionMetadata: { totalSuccesses: results.length, totalFailures: 0, undetailedFailures: 0 },
  };
}

export async function listTaxGroups(db: Db): Promise<TaxGroupRow[]> {
  return db.select().from(taxGroups).orderBy(asc(taxGroups.createdDate), asc(taxGroups.id));
}

// ---- Tax regions

export function taxRegionToWire(row: TaxRegionRow) {
  return {
    id: row.id,
    country: row.country,
    ...(row.subdivision ? { subdivision: row.subdivision } : {}),
    appId: row.appId,
    taxIncludedInPrice: row.taxIncludedInPrice,
    revision: row.revision.toString(),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

export type WireTaxRegion = ReturnType<typeof taxRegionToWire>;

const regionNotFound = (id: string) =>
  notFound('TAX_REGION_NOT_FOUND', `Tax region ${id} was not found`, { id });

function place(country: string, subdivision: string | null | undefined, field: string) {
  const c = country.toUpperCase();
  const s = subdivision ? fullSubdivision(c, subdivision) : null;
  if (s && !s.startsWith(`${c}-`))
    failIf([violation(`${field}.subdivision`, `is not a subdivision of ${c}`, 'FORMAT')]);
  return { country: c, subdivision: s };
}

function calculator(appId: string | undefined): string {
  if (appId === undefined || appId === MANUAL_TAX_CALCULATOR_ID) return MANUAL_TAX_CALCULATOR_ID;
  throw new AppError(404, 'CALCULATOR_ID_NOT_FOUND', `No tax calculator "${appId}"`, { appId });
}

const duplicate = (country: string, subdivision: string | null) => ({
  what: `A tax region for ${subdivision ?? country}`,
  data: { country, ...(subdivision ? { subdivision } : {}) },
});

async function insertTaxRegion(ctx: AppContext, tx: Db, input: TaxRegionCreate, field: string) {
  const where = place(input.country, input.subdivision, field);
  const appId = calculator(input.appId);
  const dup = duplicate(where.country, where.subdivision);
  // Checked first so that a duplicate in a transaction does not abort it (the unique index backs it up).
  const [taken] = await tx
    .select({ id: taxRegions.id })
    .from(taxRegions)
    .where(and(eq(taxRegions.country, where.country), samePlace(where.subdivision)))
    .limit(1);
  if (taken)
    throw new AppError(409, 'ALREADY_EXISTS', `${dup.what} already exists`, { ...dup.data, id: taken.id });
  const [row] = await tx
    .insert(taxRegions)
    .values({
      ...where,
      appId,
      // Unset: as the store's prices are (store settings).
      taxIncludedInPrice: input.taxIncludedInPrice ?? (await readStoreSettings(tx)).taxIncludedInPrices,
      createdDate: ctx.clock(),
      updatedDate: ctx.clock(),
    })
    .returning();
  const wire = taxRegionToWire(row!);
  await ctx.events.record(tx, {
    entity: 'tax_region',
    entityId: row!.id,
    type: 'created',
    payload: { taxRegion: wire },
  });
  return wire;
}

const samePlace = (subdivision: string | null): SQL =>
  sql`coalesce(${taxRegions.subdivision}, '') = ${subdivision ?? ''}`;

export async function createTaxRegion(ctx: AppContext, input: TaxRegionCreate) {
  const where = place(input.country, input.subdivision, 'taxRegion');
  const dup = duplicate(where.country, where.subdivision);
  return unique(dup.what, dup.data, () =>
    ctx.events.transaction((tx) => insertTaxRegion(ctx, tx, input, 'taxRegion')),
  );
}

/** `bulk/tax-regions/create`: each item on its own; a duplicate fails only that item. */
export async function bulkCreateTaxRegions(ctx: AppContext, inputs: TaxRegionCreate[], returnEntity = false) {
  const results: Array<{
    itemMetadata: {
      id?: string;
      originalIndex: number;
      success: boolean;
      error?: { code: string; description: string; data: Record<string, unknown> };
    };
    item?: WireTaxRegion;
  }> = [];
  for (const [originalIndex, input] of inputs.entries()) {
    try {
      const where = place(input.country, input.subdivision, `taxRegions[${originalIndex}]`);
      const dup = duplicate(where.country, where.subdivision);
      const wire = await unique(dup.what, dup.data, () =>
        ctx.events.transaction((tx) => insertTaxRegion(ctx, tx, input, `taxRegions[${originalIndex}]`)),
      );
      results.push({
        itemMetadata: { id: wire.id, originalIndex, success: true },
        ...(returnEntity ? { item: wire } : {}),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        itemMetadata: {
          originalIndex,
          success: false,
          error: { code: error.code, description: error.description, data: error.data },
        },
      });
    }
  }
  const failures = results.filter((r) => !r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: results.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
}

export async function getTaxRegion(db: Db, id: string) {
  const [row] = await db.select().from(taxRegions).where(eq(taxRegions.id, id)).limit(1);
  if (!row) throw regionNotFound(id);
  return taxRegionToWire(row);
}

export async function updateTaxRegion(
  ctx: AppContext,
  id: string,
  patch: TaxRegionPatch,
  fieldMask?: string,
) {
  const fields = maskedFields(
    patch,
    fieldMask,
    ['country', 'subdivision', 'appId', 'taxIncludedInPrice'] as const,
    'taxRegion',
  );
  const has = (f: (typeof fields)[number]) => fields.includes(f);
  const appId = has('appId') ? calculator(patch.appId) : undefined;
  return ctx.events.transaction(async (tx) => {
    const [current] = await tx.select().from(taxRegions).where(eq(taxRegions.id, id)).for('update');
    if (!current) throw regionNotFound(id);
    checkRevision('tax region', current.revision, patch.revision);
    const where = place(
      has('country') && patch.country ? patch.country : current.country,
      has('subdivision') ? patch.subdivision : current.subdivision,
      'taxRegion',
    );
    if (where.country !== current.country || where.subdivision !== current.subdivision) {
      const [taken] = await tx
        .select({ id: taxRegions.id })
        .from(taxRegions)
        .where(and(eq(taxRegions.country, where.country), samePlace(where.subdivision)))
        .limit(1);
      if (taken) {
        const dup = duplicate(where.country, where.subdivision);
        throw new AppError(409, 'ALREADY_EXISTS', `${dup.what} already exists`, {
          ...dup.data,
          id: taken.id,
        });
      }
    }
    const [row] = await tx
      .update(taxRegions)
      .set({
        ...where,
        ...(appId ? { appId } : {}),
        ...(has('taxIncludedInPrice') ? { taxIncludedInPrice: patch.taxIncludedInPrice ?? false } : {}),
        revision: sql`${taxRegions.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(eq(taxRegions.id, id))
      .returning();
    const wire = taxRegionToWire(row!);
    await ctx.events.record(tx, {
      entity: 'tax_region',
      entityId: id,
      type: 'updated',
      payload: { taxRegion: wire },
    });
    return wire;
  });
}

export async function deleteTaxRegion(ctx: AppContext, id: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx.delete(taxRegions).where(eq(taxRegions.id, id)).returning({ id: taxRegions.id });
    if (!row) throw regionNotFound(id);
    await ctx.events.record(tx, { entity: 'tax_region', entityId: id, type: 'deleted', payload: { id } });
  });
}

const TAX_REGION_QUERY = querySpec({
  id: { sql: taxRegions.id, type: 'uuid', sortable: true, unique: true },
  country: { sql: taxRegions.country, type: 'string', sortable: true },
  subdivision: { sql: taxRegions.subdivision, type: 'string', nullable: true, sortable: true },
  appId: { sql: taxRegions.appId, type: 'string' },
  taxIncludedInPrice: { sql: taxRegions.taxIncludedInPrice, type: 'boolean' },
  createdDate: { sql: taxRegions.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: taxRegions.updatedDate, type: 'date', sortable: true },
});

export async function queryTaxRegions(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, taxRegions, TAX_REGION_QUERY, query);
  const found = ids.length ? await db.select().from(taxRegions).where(inArray(taxRegions.id, ids)) : [];
  return { taxRegions: inOrder(ids, found).map(taxRegionToWire), pagingMetadata };
}

export async function listTaxRegions(db: Db): Promise<TaxRegionRow[]> {
  return db.select().from(taxRegions).orderBy(asc(taxRegions.createdDate), asc(taxRegions.id));
}

// ---- Tax rates (region × group)

/** The total rate: the sum of the jurisdictions' percentages. */
export function totalRate(jurisdictions: StoredJurisdiction[]): string {
  return formatDecimal(
    jurisdictions.reduce((sum, j) => addDecimals(sum, parseDecimal(j.rate)), parseDecimal('0')),
  );
}

export function taxRateToWire(row: TaxRateRow) {
  return {
    id: row.id,
    taxRegionId: row.taxRegionId,
    taxGroupId: row.taxGroupId,
    rate: totalRate(row.jurisdictions),
    jurisdictions: row.jurisdictions,
    revision: row.revision.toString(),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

const rateNotFound = (id: string) => notFound('TAX_RATE_NOT_FOUND', `Tax rate ${id} was not found`, { id });

/** `jurisdictions` as given, or one jurisdiction named after the region for a plain `rate`. */
function jurisdictionsOf(
  input: { rate?: string; jurisdictions?: StoredJurisdiction[] },
  region: TaxRegionRow,
): StoredJurisdiction[] | undefined {
  if (input.jurisdictions?.length) return input.jurisdictions;
  if (input.rate === undefined) return undefined;
  return [
    {
      jurisdiction: region.subdivision ?? region.country,
      jurisdictionType: region.subdivision ? 'STATE' : 'COUNTRY',
      rate: input.rate,
    },
  ];
}

function checkPercentages(jurisdictions: StoredJurisdiction[]): void {
  const bad = jurisdictions.findIndex((j) => Number(j.rate) > 100);
  if (bad >= 0) failIf([violation(`taxRate.jurisdictions[${bad}].rate`, 'must be at most 100', 'MAX')]);
}

export async function createTaxRate(ctx: AppContext, input: TaxRateCreate) {
  if (input.rate === undefined && !input.jurisdictions?.length)
    failIf([violation('taxRate.rate', 'rate or jurisdictions is required', 'REQUIRED_ONE_OF_FIELD')]);
  return ctx.events.transaction(async (tx) => {
    // Locked (region, then group) so that neither is deleted before the rate that references them is in.
    const [region] = await tx
      .select()
      .from(taxRegions)
      .where(eq(taxRegions.id, input.taxRegionId))
      .for('key share');
    const [group] = await tx
      .select({ id: taxGroups.id })
      .from(taxGroups)
      .where(eq(taxGroups.id, input.taxGroupId))
      .for('key share');
    failIf([
      ...(region ? [] : [violation('taxRate.taxRegionId', 'is not a tax region')]),
      ...(group ? [] : [violation('taxRate.taxGroupId', 'is not a tax group')]),
    ]);
    const jurisdictions = jurisdictionsOf(input, region!)!;
    checkPercentages(jurisdictions);
    const [taken] = await tx
      .select({ id: taxRates.id })
      .from(taxRates)
      .where(and(eq(taxRates.taxRegionId, input.taxRegionId), eq(taxRates.taxGroupId, input.taxGroupId)));
    if (taken)
      throw new AppError(409, 'ALREADY_EXISTS', 'This tax region already has a rate for this tax group', {
        id: taken.id,
        taxRegionId: input.taxRegionId,
        taxGroupId: input.taxGroupId,
      });
    const [row] = await tx
      .insert(taxRates)
      .values({
        taxRegionId: input.taxRegionId,
        taxGroupId: input.taxGroupId,
        jurisdictions,
        createdDate: ctx.clock(),
        updatedDate: ctx.clock(),
      })
      .returning();
    const wire = taxRateToWire(row!);
    await ctx.events.record(tx, {
      entity: 'tax_rate',
      entityId: row!.id,
      type: 'created',
      payload: { taxRate: wire },
    });
    return wire;
  });
}

export async function getTaxRate(db: Db, id: string) {
  const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id)).limit(1);
  if (!row) throw rateNotFound(id);
  return taxRateToWire(row);
}

export async function updateTaxRate(ctx: AppContext, id: string, patch: TaxRatePatch, fieldMask?: string) {
  const fields = maskedFields(patch, fieldMask, ['rate', 'jurisdictions'] as const, 'taxRate');
  return ctx.events.transaction(async (tx) => {
    const [current] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
    if (!current) throw rateNotFound(id);
    checkRevision('tax rate', current.revision, patch.revision);
    const [region] = await tx.select().from(taxRegions).where(eq(taxRegions.id, current.taxRegionId));
    const jurisdictions = jurisdictionsOf(
      {
        ...(fields.includes('rate') && patch.rate !== undefined ? { rate: patch.rate } : {}),
        ...(fields.includes('jurisdictions') && patch.jurisdictions
          ? { jurisdictions: patch.jurisdictions }
          : {}),
      },
      region!,
    );
    if (jurisdictions) checkPercentages(jurisdictions);
    const [row] = await tx
      .update(taxRates)
      .set({
        ...(jurisdictions ? { jurisdictions } : {}),
        revision: sql`${taxRates.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(eq(taxRates.id, id))
      .returning();
    const wire = taxRateToWire(row!);
    await ctx.events.record(tx, {
      entity: 'tax_rate',
      entityId: id,
      type: 'updated',
      payload: { taxRate: wire },
    });
    return wire;
  });
}

export async function deleteTaxRate(ctx: AppContext, id: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
    if (!row) throw rateNotFound(id);
    await ctx.events.record(tx, { entity: 'tax_rate', entityId: id, type: 'deleted', payload: { id } });
  });
}

const TAX_RATE_QUERY = querySpec({
  id: { sql: taxRates.id, type: 'uuid', sortable: true, unique: true },
  taxRegionId: { sql: taxRates.taxRegionId, type: 'uuid' },
  taxGroupId: { sql: taxRates.taxGroupId, type: 'uuid' },
  createdDate: { sql: taxRates.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: taxRates.updatedDate, type: 'date', sortable: true },
});

export async function queryTaxRates(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, taxRates, TAX_RATE_QUERY, query);
  const found = ids.length ? await db.select().from(taxRates).where(inArray(taxRates.id, ids)) : [];
  return { taxRates: inOrder(ids, found).map(taxRateToWire), pagingMetadata };
}

export async function listTaxRates(db: Db): Promise<TaxRateRow[]> {
  return db.select().from(taxRates).orderBy(asc(taxRates.createdDate), asc(taxRates.id));
}
