import { type Static, Type } from '@sinclair/typebox';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  entityAt,
  entityService,
  revisionAndDates,
  patchSchema,
  type Write,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { CountryCode, Subdivision } from '../../platform/schema.ts';
import { fullSubdivision } from './delivery-regions.ts';
import { readStoreSettings } from './store.ts';
import { TAX_API } from './schemas.ts';
import { taxRegions } from './tables.ts';

/** Tax regions (wire/merchant-settings.md "Tax groups and regions"): where the store collects tax, and how. */

/** The only tax calculator: manual rates. */
export const MANUAL_TAX_CALCULATOR_ID = '980c66e3-26c3-4728-812a-cf2767094bc0';

export type TaxRegionRow = typeof taxRegions.$inferSelect;

const TaxRegionFields = {
  country: CountryCode,
  subdivision: Type.Optional(Type.Union([Subdivision, Type.Null()])),
  appId: Type.Optional(Type.String({ maxLength: 100 })),
  taxIncludedInPrice: Type.Optional(Type.Boolean()),
};
export const TaxRegionCreate = Type.Object(TaxRegionFields);
export const TaxRegionPatch = patchSchema(TaxRegionFields);
export type TaxRegionCreate = Static<typeof TaxRegionCreate>;
export const BulkCreateTaxRegionsRequest = Type.Object({
  taxRegions: Type.Array(TaxRegionCreate, { minItems: 1, maxItems: 100 }),
  returnEntity: Type.Optional(Type.Boolean()),
});
export type TaxRegionPatch = Static<typeof TaxRegionPatch>;

export function taxRegionToWire(row: TaxRegionRow) {
  return {
    id: row.id,
    country: row.country,
    ...presentFields(row, ['subdivision']),
    appId: row.appId,
    taxIncludedInPrice: row.taxIncludedInPrice,
    ...revisionAndDates(row),
  };
}

export type WireTaxRegion = ReturnType<typeof taxRegionToWire>;

function place(country: string, subdivision: string | null | undefined, field: string) {
  const c = country.toUpperCase();
  const s = subdivision ? fullSubdivision(c, subdivision) : null;
  if (s && !s.startsWith(`${c}-`))
    throw invalid(`${field}.subdivision`, `is not a subdivision of ${c}`, 'FORMAT');
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

const samePlace = (subdivision: string | null): SQL =>
  sql`coalesce(${taxRegions.subdivision}, '') = ${subdivision ?? ''}`;

/** Checked first so that a duplicate in a transaction does not abort it (the unique index backs it up). */
async function assertFree(tx: Db, where: { country: string; subdivision: string | null }): Promise<void> {
  const [taken] = await tx
    .select({ id: taxRegions.id })
    .from(taxRegions)
    .where(and(eq(taxRegions.country, where.country), samePlace(where.subdivision)))
    .limit(1);
  if (!taken) return;
  const dup = duplicate(where.country, where.subdivision);
  throw new AppError(409, 'ALREADY_EXISTS', `${dup.what} already exists`, { ...dup.data, id: taken.id });
}

export const taxRegion = defineEntity({
  ...entityAt('tax region', TAX_API, { delete: 'Delete a tax region (and its rates)' }),
  table: taxRegions,
  schemas: { create: TaxRegionCreate, patch: TaxRegionPatch },
  writable: ['country', 'subdivision', 'appId', 'taxIncludedInPrice'] as const,
  query: {
    fields: {
      country: { sql: taxRegions.country, type: 'string', sortable: true },
      subdivision: { sql: taxRegions.subdivision, type: 'string', nullable: true, sortable: true },
      appId: { sql: taxRegions.appId, type: 'string' },
      taxIncludedInPrice: { sql: taxRegions.taxIncludedInPrice, type: 'boolean' },
    },
  },
  toWire: taxRegionToWire,
  unique(input: TaxRegionCreate | TaxRegionPatch, field, change) {
    if (change === 'update' || input.country === undefined) return undefined;
    const where = place(input.country, input.subdivision, field);
    return duplicate(where.country, where.subdivision);
  },
  async insert(input: TaxRegionCreate, { tx, field }) {
    const where = place(input.country, input.subdivision, field);
    const appId = calculator(input.appId);
    await assertFree(tx, where);
    // Unset: as the store's prices are (store settings).
    const included = input.taxIncludedInPrice ?? (await readStoreSettings(tx)).taxIncludedInPrices;
    return { ...where, appId, taxIncludedInPrice: included };
  },
  checkUpdate: (patch: TaxRegionPatch, fields) => ({
    appId: fields.includes('appId') ? calculator(patch.appId) : undefined,
  }),
  async update(patch, fields, current: TaxRegionRow, { tx, checked }: Write<{ appId: string | undefined }>) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const where = place(
      has('country') && patch.country ? patch.country : current.country,
      has('subdivision') ? patch.subdivision : current.subdivision,
      'taxRegion',
    );
    if (where.country !== current.country || where.subdivision !== current.subdivision)
      await assertFree(tx, where);
    return {
      ...where,
      ...(checked.appId ? { appId: checked.appId } : {}),
      ...(has('taxIncludedInPrice') ? { taxIncludedInPrice: patch.taxIncludedInPrice ?? false } : {}),
    };
  },
});

export const taxRegionService = entityService(taxRegion);
export const { create: createTaxRegion, get: getTaxRegion } = taxRegionService;

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
      const wire = await createTaxRegion(ctx, input, `taxRegions[${originalIndex}]`);
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

export async function listTaxRegions(db: Db): Promise<TaxRegionRow[]> {
  return db.select().from(taxRegions).orderBy(asc(taxRegions.createdDate), asc(taxRegions.id));
}
