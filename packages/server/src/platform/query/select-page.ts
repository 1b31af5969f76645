import { and, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db.ts';
import { buildPage, type Page, type QueryPlan } from './index.ts';

/** The `keys` field of a paged select: the row's cursor keys, null in offset mode. */
export const keysColumn = (plan: QueryPlan) => plan.keys ?? sql<null>`null`;

/**
 * One page of a Drizzle select (`.$dynamic()`, with `keys: keysColumn(plan)` among its fields where the plan may
 * page by cursor): the plan's filter within `base`, in the plan's order, one row past the page from its offset,
 * handed to `buildPage` with each row's `item`. `countUpTo(n)` counts the matches (up to n) when the page alone
 * cannot tell the total.
 */
export async function selectPage<S extends PgSelect, T>(
  select: S,
  plan: QueryPlan,
  base: SQL | undefined,
  item: (row: Awaited<S>[number]) => T,
  countUpTo: (limit: number) => Promise<number>,
): Promise<Page<T>> {
  const found: Array<Awaited<S>[number]> = await select
    .where(and(base, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.fetchLimit)
    .offset(plan.offset);
  return buildPage(
    plan,
    found.map((row) => ({ item: item(row), keys: (row as { keys?: Array<string | null> | null }).keys })),
    countUpTo,
  );
}

/** One page of whole rows of `table`: `selectPage` over `select <table's columns>, <keys> from <table>`. */
export function selectRowsPage<T extends PgTable>(
  db: Db,
  table: T,
  plan: QueryPlan,
  base: SQL | undefined,
  countUpTo: (limit: number) => Promise<number>,
): Promise<Page<T['$inferSelect']>> {
  return selectPage(
    db
      .select({ row: table as PgTable, keys: keysColumn(plan) })
      .from(table as PgTable)
      .$dynamic(),
    plan,
    base,
    (r) => r.row as T['$inferSelect'],
    countUpTo,
  );
}
