import { type TSchema, Type } from '@sinclair/typebox';
import type { Db } from '../../../platform/db.ts';
import type { Operation, Write } from '../../../platform/entity-kit/index.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import type { QuerySpec } from '../../../platform/query/index.ts';
import { WireQuery } from './schemas.ts';

/**
 * The v3 catalogue's wire conventions (wire/merchant-settings.md, "Catalogue v3 reference data"), as the
 * entity kit is told them: ids named `<key>Id` in paths, a required `revision` on updates whose mismatch
 * names the id, masks of dotted paths, `fields` asking for `ASSIGNED_PRODUCTS_COUNT`, public reads, count,
 * and per-item bulk calls under `/bulk/<segment>`. Brands, ribbons, customizations and info sections are
 * described with them; inventory items share the revision rule.
 */

export const ASSIGNED_PRODUCTS_COUNT = 'ASSIGNED_PRODUCTS_COUNT';
export const wantsCount = (fields: readonly string[]) => fields.includes(ASSIGNED_PRODUCTS_COUNT);

export const Revision = Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 0 })], {
  description: 'int64 as a string; send back the one you read',
});
export const Fields = Type.Optional(
  Type.Array(Type.Union([Type.Literal(ASSIGNED_PRODUCTS_COUNT)]), {
    maxItems: 5,
    description: 'ASSIGNED_PRODUCTS_COUNT adds the count of products using the entity',
  }),
);

/**
 * The `fields` a v3 read may ask for: `ASSIGNED_PRODUCTS_COUNT` adds `key` with each row's count of products
 * using it (`counts`: one per row, in order).
 */
export function assignedCount<Row>(
  counts: (db: Db, rows: Row[]) => Promise<number[]>,
  key = 'assignedProductsCount',
) {
  return {
    schema: Fields,
    async add(db: Db, rows: Row[], fields: string[]) {
      if (!wantsCount(fields)) return rows.map(() => ({}));
      const found = await counts(db, rows);
      return rows.map((_, i) => ({ [key]: found[i] }));
    },
  };
}

/** Counts read one row at a time. */
export const eachRow =
  <Row>(count: (db: Db, row: Row) => Promise<number>) =>
  async (db: Db, rows: Row[]): Promise<number[]> => {
    const found: number[] = [];
    for (const row of rows) found.push(await count(db, row));
    return found;
  };

/**
 * The description parts of a v3 entity that products show (customizations, info sections): one input schema
 * for create and update, `ASSIGNED_PRODUCTS_COUNT` from the products showing each row, and every write planned
 * by `plan` from the input (an update's with the row and the paths sent), checked before the transaction.
 */
export function plannedEntity<Input, Row, Planned>(
  schemas: { input: TSchema; wire: TSchema },
  productsShowing: (db: Db, row: Row) => Promise<number>,
  plan: (input: Input, existing?: Row, paths?: readonly string[]) => Planned,
) {
  return {
    schemas: { create: schemas.input, patch: schemas.input, wire: schemas.wire },
    projection: assignedCount(eachRow(productsShowing)),
    checkCreate: (input: Input) => plan(input),
    insert: (_input: Input, { checked }: Write<Planned>) => checked,
    update: (patch: Input, paths: string[], current: Row) => plan(patch, current, paths),
  };
}

/** 409 when the stored revision is not the one the client last saw. */
export const revisionMismatch = (entity: string) => (id: string, current: bigint, given: bigint) =>
  conflict('REVISION_MISMATCH', `The ${entity} was changed since revision ${given}; read it again`, {
    id,
    revision: current.toString(),
    givenRevision: given.toString(),
  });

export function checkRevision(entity: string, id: string, current: bigint, given: bigint | undefined): void {
  if (given !== undefined && given !== current) throw revisionMismatch(entity)(id, current, given);
}

/**
 * The description parts every v3 entity shares: `label` in messages (`info section`), wire key and plural,
 * path segment (`info-sections`) and OpenAPI tag (the event is the label in snake case); its query fields
 * and whether its query has the complex GET; the ids' key of its bulk delete, when it has one.
 */
export function v3Entity(
  names: { label: string; key: string; plural: string; segment: string; tag: string },
  query: { fields: QuerySpec['fields']; get: boolean },
  deleteIds?: string,
) {
  const { label, key, plural, segment } = names;
  const event = label.replace(' ', '_');
  return {
    label,
    key,
    plural,
    event,
    path: `/${segment}`,
    idParam: `${key}Id`,
    tags: [names.tag],
    summaries: {
      create: `Create a ${key}`,
      get: `Get a ${key}`,
      update: `Update a ${key} (send its revision)`,
      delete: `Delete a ${key}`,
      query: `Query ${plural} (cursor or offset paging)`,
      count: `Count ${plural}`,
      bulkCreate: `Create ${plural}`,
      bulkUpdate: `Update ${plural} (each with its revision)`,
      bulkDelete: `Delete ${plural}`,
    } as Partial<Record<Operation, string>>,
    access: { get: 'public', query: 'public', count: 'public' } as const,
    revision: 'required' as const,
    revisionMismatch: revisionMismatch(label),
    mask: 'paths' as const,
    notFound: (id: string) => notFound(`${event.toUpperCase()}_NOT_FOUND`, `No ${label} ${id}`, { id }),
    query: { ...query, schema: WireQuery, count: true },
    bulk: { path: `/bulk/${segment}`, create: true, update: true, ...(deleteIds ? { deleteIds } : {}) },
  };
}
