import { type Static, Type } from '@sinclair/typebox';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  entityAt,
  entityService,
  failIf,
  revisionAndDates,
  patchSchema,
  violation,
} from '../../platform/entity-kit/index.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { addDecimals, formatDecimal, parseDecimal } from '../../platform/money.ts';
import { literals } from '../../platform/schema.ts';
import type { StoredJurisdiction } from './model.ts';
import { PercentString, TAX_API } from './schemas.ts';
import { taxGroups, taxRates, taxRegions } from './tables.ts';
import type { TaxRegionRow } from './tax-regions.ts';

/** Aisle's manual tax rates: one per region and group, split over jurisdictions. */

export type TaxRateRow = typeof taxRates.$inferSelect;

const Jurisdiction = Type.Object({
  jurisdiction: Type.String({ maxLength: 200, minLength: 1 }),
  jurisdictionType: literals(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'] as const),
  rate: PercentString,
  taxName: Type.Optional(Type.String({ maxLength: 200 })),
  taxType: Type.Optional(Type.String({ maxLength: 100 })),
});
const Jurisdictions = Type.Array(Jurisdiction, { minItems: 1, maxItems: 10 });
const Id = Type.String({ format: 'uuid' });
export const TaxRateCreate = Type.Object({
  taxRegionId: Id,
  taxGroupId: Id,
  rate: Type.Optional(PercentString),
  jurisdictions: Type.Optional(Jurisdictions),
});
export const TaxRatePatch = patchSchema({ rate: PercentString, jurisdictions: Jurisdictions });
export type TaxRateCreate = Static<typeof TaxRateCreate>;
export type TaxRatePatch = Static<typeof TaxRatePatch>;

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
    ...revisionAndDates(row),
  };
}

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
  if (bad >= 0) throw invalid(`taxRate.jurisdictions[${bad}].rate`, 'must be at most 100', 'MAX');
}

export const taxRate = defineEntity({
  ...entityAt('tax rate', TAX_API, { create: 'Set the manual rate of a tax group in a region' }),
  table: taxRates,
  schemas: { create: TaxRateCreate, patch: TaxRatePatch },
  writable: ['rate', 'jurisdictions'] as const,
  query: {
    fields: {
      taxRegionId: { sql: taxRates.taxRegionId, type: 'uuid' },
      taxGroupId: { sql: taxRates.taxGroupId, type: 'uuid' },
    },
  },
  toWire: taxRateToWire,
  checkCreate(input: TaxRateCreate) {
    if (input.rate === undefined && !input.jurisdictions?.length)
      throw invalid('taxRate.rate', 'rate or jurisdictions is required', 'REQUIRED_ONE_OF_FIELD');
  },
  async insert(input, { tx }) {
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
    return { taxRegionId: input.taxRegionId, taxGroupId: input.taxGroupId, jurisdictions };
  },
  async update(patch: TaxRatePatch, fields, current: TaxRateRow, { tx }) {
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
    return jurisdictions ? { jurisdictions } : {};
  },
});

export const taxRateService = entityService(taxRate);
export const { create: createTaxRate } = taxRateService;

export async function listTaxRates(db: Db): Promise<TaxRateRow[]> {
  return db.select().from(taxRates).orderBy(asc(taxRates.createdDate), asc(taxRates.id));
}
