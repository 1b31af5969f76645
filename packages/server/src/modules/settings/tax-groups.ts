import { type Static, Type } from '@sinclair/typebox';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  entityAt,
  entityService,
  revisionAndDates,
  patchSchema,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { TAX_API } from './schemas.ts';
import { taxGroups } from './tables.ts';

/** Tax groups (wire/merchant-settings.md "Tax groups and regions"): products and shipping belong to one. */

/** The catalogue app (wire/catalogue.md): its default tax group holds every product. */
export const STORE_CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
/** The system-defined "Products" group: the tax group of catalogue items. */
export const PRODUCTS_TAX_GROUP_ID = '734002bb-282c-4faa-bf8a-c8872502ba70';

export const DEFAULT_TAX_GROUPS = [
  { id: PRODUCTS_TAX_GROUP_ID, name: 'Products', appId: STORE_CATALOG_APP_ID },
] as const;

export type TaxGroupRow = typeof taxGroups.$inferSelect;

const Name = Type.String({ maxLength: 200, minLength: 1 });
export const TaxGroupCreate = Type.Object({ name: Name });
export const TaxGroupPatch = patchSchema({ name: Name });

export function taxGroupToWire(row: TaxGroupRow) {
  return {
    id: row.id,
    name: row.name,
    ...(row.systemDefined ? { systemDefined: true } : {}),
    ...presentFields(row, ['appId']),
    ...revisionAndDates(row),
  };
}

export const taxGroup = defineEntity({
  ...entityAt('tax group', TAX_API, { delete: 'Delete a tax group (and its rates)' }),
  table: taxGroups,
  schemas: { create: TaxGroupCreate, patch: TaxGroupPatch },
  writable: ['name'] as const,
  query: {
    fields: {
      name: { sql: taxGroups.name, type: 'string', sortable: true },
      appId: { sql: taxGroups.appId, type: 'string', nullable: true },
      systemDefined: { sql: taxGroups.systemDefined, type: 'boolean' },
    },
  },
  toWire: taxGroupToWire,
  checkUpdate(patch: Static<typeof TaxGroupPatch>, fields) {
    if (fields.includes('name') && !patch.name?.trim())
      throw invalid('taxGroup.name', 'is required', 'REQUIRED_FIELD');
  },
  insert: (input: Static<typeof TaxGroupCreate>) => ({ name: input.name.trim() }),
  update: (patch, fields) => (fields.includes('name') ? { name: patch.name!.trim() } : {}),
  /** Its rates go with it (the foreign key cascades); system-defined groups stay. */
  guard(row: TaxGroupRow) {
    if (row.systemDefined)
      throw new AppError(
        400,
        'ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP',
        'A system-defined tax group cannot be changed or deleted',
        { id: row.id },
      );
  },
});

export const taxGroupService = entityService(taxGroup);
export const { create: createTaxGroup, get: getTaxGroup } = taxGroupService;

/** The default groups exist in every store (installed at start-up; idempotent). */
export async function ensureDefaultTaxGroups(db: Db): Promise<void> {
  await db
    .insert(taxGroups)
    .values(DEFAULT_TAX_GROUPS.map((g) => ({ ...g, systemDefined: true })))
    .onConflictDoNothing();
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
