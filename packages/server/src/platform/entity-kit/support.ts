import type { SQL } from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rows } from '../db.ts';
import { AppError, conflict, type FieldViolation, invalid, ValidationFailure } from '../errors.ts';
import { buildPage, compileQuery, type Page, type QueryPlan, type QuerySpec } from '../query/index.ts';
import { UUID } from '../uuid.ts';

/** What the settings' services share: revisions, field masks, wire dates and queries. */

/** The page sizes of the settings' and the catalogue's wire queries, spread into a `QuerySpec`. */
export const PAGE_LIMITS = { defaultLimit: 50, maxLimit: 100 };

export const iso = (date: Date | null | undefined): string | undefined => date?.toISOString();

/** The revision and dates a revisioned entity answers with, where its wire puts them. */
export const revisionAndDates = (row: { revision: bigint; createdDate: Date; updatedDate: Date }) => ({
  revision: row.revision.toString(),
  createdDate: row.createdDate.toISOString(),
  updatedDate: row.updatedDate.toISOString(),
});

/**
 * The optional fields of a wire answer that are set, under their own names: each of `keys` whose value in `from`
 * is truthy, in the order of `keys` (a null, undefined, empty string, 0 or false is left out, as
 * `...(row.x ? { x: row.x } : {})` leaves it out).
 */
export function presentFields<T extends object, K extends keyof T & string>(from: T, keys: readonly K[]) {
  const present: { [P in K]?: NonNullable<T[P]> } = {};
  for (const key of keys) if (from[key]) present[key] = from[key] as NonNullable<T[K]>;
  return present;
}

export { UUID };

/** A client's `revision` (an int64 as a decimal string, or an integer) where one is required. */
export function parseRevision(field: string, value: string | number | undefined): bigint {
  if (value === undefined || value === '') throw invalid(field, 'is required', 'REQUIRED_FIELD');
  const text = String(value);
  if (!/^\d{1,19}$/.test(text)) throw invalid(field, 'must be an int64 as a decimal string', 'FORMAT');
  return BigInt(text);
}

/** A body field naming the entity must agree with the path. */
export function samePath(pathId: string, bodyId: string | undefined, field: string): void {
  if (bodyId !== undefined && bodyId !== '' && bodyId.toLowerCase() !== pathId.toLowerCase())
    throw invalid(field, 'must equal the id in the path', 'VALIDATION', { pathId });
}

/** A mask of dotted paths (`"name,choicesSettings"` or a list) as its paths; undefined when it names none. */
export function maskPaths(fieldMask: string | readonly string[] | undefined): string[] | undefined {
  const list = typeof fieldMask === 'string' ? fieldMask.split(',') : (fieldMask ?? []);
  const paths = list.map((p) => p.trim()).filter(Boolean);
  return paths.length ? [...new Set(paths)] : undefined;
}

/** Whether `path`, or a part of it (`path.x`), is among the paths sent. */
export const sentPath = (paths: readonly string[], path: string): boolean =>
  paths.some((p) => p === path || p.startsWith(`${path}.`));

/** An update that names a revision must name the current one (409 otherwise); none = last write wins. */
export function checkRevision(entity: string, current: bigint, given: string | number | undefined): void {
  if (given === undefined) return;
  if (BigInt(given) !== current)
    throw conflict(
      'REVISION_MISMATCH',
      `The ${entity} was changed since revision ${given}; read it again (current revision ${current})`,
      { currentRevision: current.toString(), givenRevision: String(given) },
    );
}

/**
 * A singleton's row (`singletonId()`: id 1) for an update: created when missing (revision 0), locked until the
 * transaction ends, so concurrent updates take turns; a stale `revision` is refused (`checkRevision`).
 */
export async function lockSingleton<T extends PgTable & { id: PgColumn; revision: PgColumn }>(
  tx: Db,
  table: T,
  label: string,
  revision: string | number | undefined,
): Promise<T['$inferSelect']> {
  await tx
    .insert(table)
    .values({ id: 1, revision: 0n } as T['$inferInsert'])
    .onConflictDoNothing();
  const [current] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, 1))
    .for('update');
  checkRevision(label, (current as { revision: bigint }).revision, revision);
  return current as T['$inferSelect'];
}

/** The paths of a comma-joined field mask, each without a leading `<entity>.`. */
export const maskList = (fieldMask: string, entity: string): string[] =>
  fieldMask
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith(`${entity}.`) ? s.slice(entity.length + 1) : s));

/** A field mask that names fields which cannot be updated is refused, naming them. */
export function refuseUnknownFields(unknown: string[]): void {
  if (unknown.length)
    throw new ValidationFailure([
      violation('fieldMask', `names fields that cannot be updated: ${unknown.join(', ')}`, 'VALIDATION', {
        fields: unknown,
      }),
    ]);
}

/**
 * The fields of a PATCH body to apply: those named by `fieldMask` (comma-joined, a leading `<entity>.` is
 * dropped), else every field present. Unknown names are a validation error on `fieldMask`.
 */
export function maskedFields<K extends string>(
  patch: Partial<Record<K, unknown>>,
  fieldMask: string | undefined,
  writable: readonly K[],
  entity: string,
): K[] {
  if (fieldMask === undefined || fieldMask.trim() === '')
    return writable.filter((k) => Object.hasOwn(patch, k) && patch[k] !== undefined);
  const names = maskList(fieldMask, entity).map((s) => s.split('.')[0]!);
  refuseUnknownFields(names.filter((n) => !(writable as readonly string[]).includes(n)));
  return [...new Set(names)] as K[];
}

export const violation = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
  data: Record<string, unknown> = {},
): FieldViolation => ({ field, description, violatedRule, data });

export function failIf(violations: FieldViolation[]): void {
  if (violations.length) throw new ValidationFailure(violations);
}

/** Whether an error (or one of its causes) is a PostgreSQL unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** Runs a write whose unique index may be hit by a concurrent one: ALREADY_EXISTS (409) instead of a 500. */
export async function unique<T>(
  what: string,
  data: Record<string, unknown>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'ALREADY_EXISTS', `${what} already exists`, data);
    throw error;
  }
}

export function querySpec(fields: QuerySpec['fields']): QuerySpec {
  return {
    fields,
    defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
    tiebreaker: 'id',
    ...PAGE_LIMITS,
  };
}

/**
 * A wire query over one settings table (narrowed by `narrow` when given): the ids of the page in order and its paging metadata (offset or
 * cursor, as the request asks). The caller loads the rows by id.
 */
export async function queryIds(
  db: Db,
  table: PgTable,
  spec: QuerySpec,
  query: unknown,
  narrow?: SQL,
): Promise<{ ids: string[]; pagingMetadata: Page<string>['metadata'] }> {
  const plan = compileQuery(query, spec);
  const where = narrow ? sql`(${plan.where ?? sql`true`}) and (${narrow})` : (plan.where ?? sql`true`);
  const found = await rows<{ id: string; keys: Array<string | null> | null }>(
    db,
    sql`select ${table}."id" as id, ${plan.keys ?? sql`null`} as keys from ${table}
        where ${where} order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.fetchLimit} offset ${plan.offset}`,
  );
  const page = await buildPage(
    plan,
    found.map((r) => ({ item: r.id, keys: r.keys })),
    async (limit) => {
      const filter: SQL = narrow
        ? sql`(${plan.filter ?? sql`true`}) and (${narrow})`
        : (plan.filter ?? sql`true`);
      const [n] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from ${table} where ${filter} limit ${limit}) as capped`,
      );
      return n?.n ?? 0;
    },
  );
  return { ids: page.items, pagingMetadata: page.metadata };
}

/** `POST <p>/count {filter}`: the rows the filter matches; its violations name `filter.<field>`. */
export async function countRows(db: Db, table: PgTable, spec: QuerySpec, filter: unknown): Promise<number> {
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
    db,
    sql`select count(*)::int as n from ${table} where ${plan.filter ?? sql`true`}`,
  );
  return row?.n ?? 0;
}

/** Rows in the order of `ids` (rows not found are skipped). */
export function inOrder<R extends { id: string }>(ids: string[], found: R[]): R[] {
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}
