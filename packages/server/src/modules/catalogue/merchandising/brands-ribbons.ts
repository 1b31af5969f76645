import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { defineEntity, entityService, revisionAndDates } from '../../../platform/entity-kit/index.ts';
import { conflict, invalid } from '../../../platform/errors.ts';
import { products } from '../products/tables.ts';
import { lockProducts } from '../shared/write-support.ts';
import { assignedCount, v3Entity } from '../shared/v3.ts';
import { Brand, NamedInput, Ribbon } from './schemas.ts';
import { brands, ribbons } from './tables.ts';

/**
 * v3 brands and ribbons on the entity kit: a unique name each. Products keep a copy of their brand's and
 * ribbon's name (the v1 wire, filters and sorts read it), so renaming or deleting one rewrites those copies in
 * the same transaction.
 */

export type NamedKind = 'brand' | 'ribbon';
type NamedRow = typeof brands.$inferSelect;
type NamedInputType = Static<typeof NamedInput>;

export interface WireNamed {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  name: string;
  assignedProductsCount?: number;
  assignedProductCount?: number;
}

const NAMED = {
  brand: {
    table: brands,
    productId: products.brandId,
    copy: (name: string | null) => ({ brand: name }),
    wire: Brand,
    countKey: 'assignedProductsCount',
    maxLength: 50,
    queryGet: true,
  },
  ribbon: {
    table: ribbons,
    productId: products.ribbonId,
    copy: (name: string | null) => ({ ribbon: name }),
    wire: Ribbon,
    countKey: 'assignedProductCount',
    maxLength: 30,
    queryGet: false,
  },
} as const;

function named(kind: NamedKind) {
  const { table, productId, copy, countKey, maxLength } = NAMED[kind];
  const plural = `${kind}s`;

  const checkName = (name: string | undefined, field: string): string => {
    const trimmed = name?.trim();
    if (!trimmed) throw invalid(field, 'is required', 'REQUIRED_FIELD');
    if (trimmed.length > maxLength)
      throw invalid(field, `must be at most ${maxLength} characters`, 'MAX_LENGTH', { max: maxLength });
    return trimmed;
  };

  /** How many products each row names, in one read. */
  async function assignedCounts(db: Db, rows: NamedRow[]): Promise<number[]> {
    const found = await db
      .select({ id: productId, n: sql<number>`count(*)::int` })
      .from(products)
      .where(
        inArray(
          productId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(productId);
    const counts = new Map(found.map((r) => [r.id!, Number(r.n)]));
    return rows.map((r) => counts.get(r.id) ?? 0);
  }

  /** Products pointing at the brand (ribbon), locked, get `set`. */
  async function rewriteProducts(tx: Db, id: string, set: Record<string, unknown>): Promise<void> {
    await lockProducts(tx, eq(productId, id));
    await tx
      .update(products)
      .set({ ...set, lastUpdated: sql`now()` })
      .where(eq(productId, id));
  }

  const v3 = v3Entity(
    { label: kind, key: kind, plural, segment: plural, tag: `${plural} (v3)` },
    {
      fields: { name: { sql: table.name, type: 'string', sortable: true, unique: true } },
      get: NAMED[kind].queryGet,
    },
    `${kind}Ids`,
  );
  return defineEntity({
    ...v3,
    summaries: {
      ...v3.summaries,
      getOrCreate: `The ${kind} of that name, created when missing`,
      bulkGetOrCreate: `${plural} of those names, created when missing`,
    },
    table,
    schemas: { create: NamedInput, patch: NamedInput, wire: NAMED[kind].wire },
    projection: assignedCount(assignedCounts, countKey),
    toWire: (row: NamedRow): WireNamed => ({ id: row.id, ...revisionAndDates(row), name: row.name }),
    checkCreate: (input: NamedInputType, field: string) => checkName(input.name, `${field}.name`),
    insert: (_input: NamedInputType, { checked }) => ({ name: checked }),
    checkUpdate: (patch: NamedInputType) =>
      patch.name === undefined ? undefined : checkName(patch.name, `${kind}.name`),
    async update(_patch, _fields, current, { tx, checked: name }) {
      if (name === undefined) return {};
      if (name !== current.name) await rewriteProducts(tx, current.id, copy(name));
      return { name };
    },
    unique: (input) => {
      const name = input.name?.trim() ?? '';
      return conflict(`${kind.toUpperCase()}_ALREADY_EXISTS`, `A ${kind} named "${name}" exists`, { name });
    },
    /** Its products lose it (id and name copy). */
    beforeDelete: (row, { tx }) => rewriteProducts(tx, row.id, { [`${kind}Id`]: null, ...copy(null) }),
    deletedPayload: (row) => ({ [kind]: { id: row.id, name: row.name } }),
    getOrCreate: {
      field: `${kind}Name`,
      many: `${kind}Names`,
      schema: Type.String({ maxLength: 200 }),
      /** The brand (ribbon) of that name, created when there is none. */
      find(input: unknown) {
        const name = checkName(input as string, `${kind}Name`);
        return { where: eq(table.name, name), create: { name } };
      },
    },
  });
}

export const brand = named('brand');
export const brandService = entityService(brand);
export const ribbon = named('ribbon');
export const ribbonService = entityService(ribbon);
