import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, rows } from '../../platform/db.ts';
import { conflict, invalid, notFound, ValidationFailure } from '../../platform/errors.ts';
import {
  buildPage,
  compileQuery,
  type CursorMetadata,
  type OffsetMetadata,
  type QueryPlan,
  type QuerySpec,
} from '../../platform/query/index.ts';
import { UUID } from './service.ts';
import { brands, products, ribbons } from './tables.ts';
import { type BulkResult, isUniqueViolation, lockProducts, runBulk } from './write-support.ts';

/**
 * v3 merchandising entities (wire/merchant-settings.md, "Catalogue v3 reference data"): what brands,
 * ribbons, customizations and info sections share — revisions, `fields`, queries, counts — and the brand and
 * ribbon services. Products keep a copy of their brand's and ribbon's name (the v1 wire, filters and sorts
 * read it), so renaming or deleting one rewrites those copies in the same transaction.
 */

export const ASSIGNED_PRODUCTS_COUNT = 'ASSIGNED_PRODUCTS_COUNT';
export const MERCH_PAGE_SIZE = 50;
export const MAX_MERCH_PAGE = 100;
export const MAX_MERCH_BULK = 100;

export const wantsCount = (fields: string[] | undefined) =>
  fields?.includes(ASSIGNED_PRODUCTS_COUNT) ?? false;

/** A client's `revision` (int64 string): required on updates. */
export function parseRevision(field: string, value: string | number | undefined): bigint {
  if (value === undefined || value === '') throw invalid(field, 'is required', 'REQUIRED_FIELD');
  const text = String(value);
  if (!/^\d{1,19}$/.test(text)) throw invalid(field, 'must be an int64 as a decimal string', 'FORMAT');
  return BigInt(text);
}

/** 409 when the stored revision is not the one the client last saw. */
export function checkRevision(entity: string, id: string, current: bigint, given: bigint | undefined): void {
  if (given !== undefined && given !== current)
    throw conflict('REVISION_MISMATCH', `The ${entity} was changed since revision ${given}; read it again`, {
      id,
      revision: current.toString(),
      givenRevision: given.toString(),
    });
}

/** A field mask (`"name,title"` or a list) as a set of paths; none = every field sent. */
export function maskOf(fieldMask: string | string[] | undefined): Set<string> | undefined {
  const list = Array.isArray(fieldMask) ? fieldMask : fieldMask?.split(',');
  const paths = (list ?? []).map((p) => p.trim()).filter(Boolean);
  return paths.length ? new Set(paths) : undefined;
}

export const entityNotFound = (entity: string, id: string) =>
  notFound(`${entity.toUpperCase()}_NOT_FOUND`, `No ${entity.replace('_', ' ')} ${id}`, { id });

export function checkId(entity: string, id: string): string {
  if (!UUID.test(id)) throw entityNotFound(entity, id);
  return id.toLowerCase();
}

export const dates = (row: { revision: bigint; createdDate: Date; updatedDate: Date }) => ({
  revision: row.revision.toString(),
  createdDate: row.createdDate.toISOString(),
  updatedDate: row.updatedDate.toISOString(),
});

export interface MerchPage<T> {
  items: T[];
  pagingMetadata: OffsetMetadata | CursorMetadata;
}

/**
 * Runs a v3 query (`{filter, sort, cursorPaging | paging}`) through `fetch`, which selects from the entity's
 * table with the plan's where, order, limit and offset (and `plan.keys` as `keys` in cursor mode).
 */
export async function runMerchQuery<R>(
  ctx: AppContext,
  query: unknown,
  spec: QuerySpec,
  table: SQL,
  fetch: (plan: QueryPlan) => Promise<Array<{ row: R; keys: unknown }>>,
): Promise<MerchPage<R>> {
  const plan = compileQuery(query, spec);
  const found = await fetch(plan);
  const page = await buildPage(
    plan,
    found.map((r) => ({ item: r.row, keys: r.keys as Array<string | null> | null })),
    async (limit) => {
      const [row] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from (select 1 from ${table} where ${plan.filter ?? sql`true`} limit ${limit}) as capped`,
      );
      return row?.n ?? 0;
    },
  );
  return { items: page.items, pagingMetadata: page.metadata };
}

/** `POST <p>/count {filter}`: violations name `filter.<field>`. */
export async function countMerch(
  ctx: AppContext,
  filter: unknown,
  spec: QuerySpec,
  table: SQL,
): Promise<number> {
  let plan: QueryPlan;
  try {
    plan = compileQuery({ filter }, spec);
  } catch (error) {
    if (error instanceof ValidationFailure)
      throw new ValidationFailure(
        error.violations.map((v) => ({ ...v, field: v.field.replace(/^query\./, '') })),
      );
    throw error;
  }
  const [row] = await rows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from ${table} where ${plan.filter ?? sql`true`}`,
  );
  return row?.n ?? 0;
}

export function merchSpec(
  fields: QuerySpec['fields'],
  columns: { id: Column; createdDate: Column; updatedDate: Column },
): QuerySpec {
  return {
    fields: {
      id: { sql: columns.id, type: 'uuid', sortable: true, unique: true },
      createdDate: { sql: columns.createdDate, type: 'date', sortable: true },
      updatedDate: { sql: columns.updatedDate, type: 'date', sortable: true },
      ...fields,
    },
    defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
    tiebreaker: 'id',
    defaultLimit: MERCH_PAGE_SIZE,
    maxLimit: MAX_MERCH_PAGE,
  };
}

export function checkBulkSize(field: string, list: unknown[]): void {
  if (list.length > MAX_MERCH_BULK)
    throw invalid(field, `must have at most ${MAX_MERCH_BULK} items`, 'MAX_SIZE', { max: MAX_MERCH_BULK });
}

// ---- brands and ribbons

export type NamedKind = 'brand' | 'ribbon';

const NAMED = {
  brand: {
    table: brands,
    productId: products.brandId,
    countKey: 'assignedProductsCount',
    maxLength: 50,
  },
  ribbon: {
    table: ribbons,
    productId: products.ribbonId,
    countKey: 'assignedProductCount',
    maxLength: 30,
  },
} as const;

type NamedRow = typeof brands.$inferSelect;

export interface WireNamed {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  name: string;
  assignedProductsCount?: number;
  assignedProductCount?: number;
}

export const NAMED_QUERY: Record<NamedKind, QuerySpec> = {
  brand: merchSpec({ name: { sql: brands.name, type: 'string', sortable: true, unique: true } }, brands),
  ribbon: merchSpec({ name: { sql: ribbons.name, type: 'string', sortable: true, unique: true } }, ribbons),
};

async function assignedCounts(db: Db, kind: NamedKind, ids: string[]): Promise<Map<string, number>> {
  const { productId } = NAMED[kind];
  const out = new Map<string, number>();
  if (ids.length === 0) return out;
  const found = await db
    .select({ id: productId, n: sql<number>`count(*)::int` })
    .from(products)
    .where(inArray(productId, ids))
    .groupBy(productId);
  for (const r of found) if (r.id) out.set(r.id, Number(r.n));
  return out;
}

async function namedToWire(
  db: Db,
  kind: NamedKind,
  list: NamedRow[],
  fields?: string[],
): Promise<WireNamed[]> {
  const counts = wantsCount(fields)
    ? await assignedCounts(
        db,
        kind,
        list.map((r) => r.id),
      )
    : undefined;
  return list.map((row) => ({
    id: row.id,
    ...dates(row),
    name: row.name,
    ...(counts ? { [NAMED[kind].countKey]: counts.get(row.id) ?? 0 } : {}),
  }));
}

function checkName(kind: NamedKind, name: string | undefined, field: string): string {
  const trimmed = name?.trim();
  if (!trimmed) throw invalid(field, 'is required', 'REQUIRED_FIELD');
  const max = NAMED[kind].maxLength;
  if (trimmed.length > max) throw invalid(field, `must be at most ${max} characters`, 'MAX_LENGTH', { max });
  return trimmed;
}

const alreadyExists = (kind: NamedKind, name: string) =>
  conflict(`${kind.toUpperCase()}_ALREADY_EXISTS`, `A ${kind} named "${name}" exists`, { name });

export async function createNamed(
  ctx: AppContext,
  kind: NamedKind,
  name: string | undefined,
): Promise<WireNamed> {
  const value = checkName(kind, name, `${kind}.name`);
  const { table } = NAMED[kind];
  return ctx.events.transaction(async (tx) => {
    const [row] = await tx.insert(table).values({ name: value }).onConflictDoNothing().returning();
    if (!row) throw alreadyExists(kind, value);
    const [wire] = await namedToWire(tx, kind, [row]);
    await ctx.events.record(tx, {
      entity: kind,
      entityId: row.id,
      type: 'created',
      payload: { [kind]: wire },
    });
    return wire!;
  });
}

export async function getNamed(
  ctx: AppContext,
  kind: NamedKind,
  id: string,
  fields?: string[],
): Promise<WireNamed> {
  const key = checkId(kind, id);
  const { table } = NAMED[kind];
  const [row] = await ctx.db.select().from(table).where(eq(table.id, key));
  if (!row) throw entityNotFound(kind, id);
  return (await namedToWire(ctx.db, kind, [row], fields))[0]!;
}

/** Renames a brand or ribbon (revision checked) and the copies of its name on products. */
export async function updateNamed(
  ctx: AppContext,
  kind: NamedKind,
  id: string,
  input: { name?: string | undefined; revision?: string | number | undefined },
  fields?: string[],
): Promise<WireNamed> {
  const key = checkId(kind, id);
  const revision = parseRevision(`${kind}.revision`, input.revision);
  const name = input.name === undefined ? undefined : checkName(kind, input.name, `${kind}.name`);
  const { table, productId } = NAMED[kind];
  try {
    return await ctx.events.transaction(async (tx) => {
      const [row] = await tx.select().from(table).where(eq(table.id, key)).for('update');
      if (!row) throw entityNotFound(kind, id);
      checkRevision(kind, id, row.revision, revision);
      const [updated] = await tx
        .update(table)
        .set({
          ...(name !== undefined ? { name } : {}),
          revision: sql`${table.revision} + 1`,
          updatedDate: sql`now()`,
        })
        .where(eq(table.id, key))
        .returning();
      if (name !== undefined && name !== row.name) {
        await lockProducts(tx, eq(productId, key));
        await tx
          .update(products)
          .set({ ...(kind === 'brand' ? { brand: name } : { ribbon: name }), lastUpdated: sql`now()` })
          .where(eq(productId, key));
      }
      const [wire] = await namedToWire(tx, kind, [updated!], fields);
      await ctx.events.record(tx, {
        entity: kind,
        entityId: key,
        type: 'updated',
        payload: { [kind]: wire },
      });
      return wire!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists(kind, name ?? '');
    throw error;
  }
}

/** Deletes a brand or ribbon; its products lose it (id and name copy). */
export async function deleteNamed(ctx: AppContext, kind: NamedKind, id: string): Promise<void> {
  const key = checkId(kind, id);
  const { table, productId } = NAMED[kind];
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, key)).for('update');
    if (!row) throw entityNotFound(kind, id);
    const cleared = kind === 'brand' ? { brandId: null, brand: null } : { ribbonId: null, ribbon: null };
    await lockProducts(tx, eq(productId, key));
    await tx
      .update(products)
      .set({ ...cleared, lastUpdated: sql`now()` })
      .where(eq(productId, key));
    await tx.delete(table).where(eq(table.id, key));
    await ctx.events.record(tx, {
      entity: kind,
      entityId: key,
      type: 'deleted',
      payload: { [kind]: { id: key, name: row.name } },
    });
  });
}

export async function queryNamed(
  ctx: AppContext,
  kind: NamedKind,
  query: unknown,
  fields?: string[],
): Promise<MerchPage<WireNamed>> {
  const { table } = NAMED[kind];
  const page = await runMerchQuery(ctx, query, NAMED_QUERY[kind], sql`${table}`, (plan) =>
    ctx.db
      .select({ row: table, keys: plan.keys ?? sql<null>`null` })
      .from(table)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.fetchLimit)
      .offset(plan.offset),
  );
  return { items: await namedToWire(ctx.db, kind, page.items, fields), pagingMetadata: page.pagingMetadata };
}

export async function countNamed(ctx: AppContext, kind: NamedKind, filter: unknown): Promise<number> {
  return countMerch(ctx, filter, NAMED_QUERY[kind], sql`${NAMED[kind].table}`);
}

/** The brand (ribbon) of that name, created when there is none. */
export async function getOrCreateNamed(
  ctx: AppContext,
  kind: NamedKind,
  name: string | undefined,
): Promise<WireNamed> {
  const value = checkName(kind, name, `${kind}Name`);
  const { table } = NAMED[kind];
  const [found] = await ctx.db.select().from(table).where(eq(table.name, value));
  if (found) return (await namedToWire(ctx.db, kind, [found]))[0]!;
  try {
    return await createNamed(ctx, kind, value);
  } catch (error) {
    // Created by a concurrent call in between: read it.
    const [row] = await ctx.db.select().from(table).where(eq(table.name, value));
    if (row) return (await namedToWire(ctx.db, kind, [row]))[0]!;
    throw error;
  }
}

export async function bulkCreateNamed(
  ctx: AppContext,
  kind: NamedKind,
  list: Array<{ name?: string | undefined }>,
  returnEntity: boolean,
): Promise<BulkResult<WireNamed>> {
  checkBulkSize(`${kind}s`, list);
  return runBulk(ctx, list, async (input, i) => {
    const wire = await createNamed(ctx, kind, checkName(kind, input.name, `${kind}s[${i}].name`));
    return { id: wire.id, item: returnEntity ? wire : undefined };
  });
}

export async function bulkUpdateNamed(
  ctx: AppContext,
  kind: NamedKind,
  list: Array<{
    entity: { id?: string | undefined; name?: string | undefined; revision?: string | number | undefined };
  }>,
  returnEntity: boolean,
  fields?: string[],
): Promise<BulkResult<WireNamed>> {
  checkBulkSize(`${kind}s`, list);
  return runBulk(
    ctx,
    list,
    async ({ entity }, i) => {
      if (!entity.id) throw invalid(`${kind}s[${i}].${kind}.id`, 'is required', 'REQUIRED_FIELD');
      const wire = await updateNamed(ctx, kind, entity.id, entity, fields);
      return { id: wire.id, item: returnEntity ? wire : undefined };
    },
    ({ entity }) => entity.id,
  );
}

export async function bulkDeleteNamed(
  ctx: AppContext,
  kind: NamedKind,
  ids: string[],
): Promise<BulkResult<never>> {
  checkBulkSize(`${kind}Ids`, ids);
  return runBulk(
    ctx,
    ids,
    async (id) => {
      await deleteNamed(ctx, kind, id);
      return { id };
    },
    (id) => id,
  );
}

export async function bulkGetOrCreateNamed(
  ctx: AppContext,
  kind: NamedKind,
  names: string[],
): Promise<BulkResult<WireNamed>> {
  checkBulkSize(`${kind}Names`, names);
  return runBulk(ctx, names, async (name) => {
    const wire = await getOrCreateNamed(ctx, kind, name);
    return { id: wire.id, item: wire };
  });
}
