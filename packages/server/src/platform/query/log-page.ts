import { type AnyColumn, and, desc, lt, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db.ts';
import { invalid } from '../errors.ts';

/**
 * A log's pages: rows with growing bigint ids (audit entries, stock changes), newest first. The `cursor` a page
 * answers with (`pagingMetadata.cursors.next`) is its last row's id, and the next page starts below it.
 */

/** A `cursor` from the caller, checked: undefined for the first page. */
export function logCursor(cursor: string | undefined): bigint | undefined {
  if (cursor !== undefined && !/^\d{1,19}$/.test(cursor))
    throw invalid('cursor', 'is not a cursor of this list', 'FORMAT');
  return cursor ? BigInt(cursor) : undefined;
}

/** Up to `limit` rows of `table` meeting `filters`, below `cursor`, newest first, with their paging metadata. */
export async function logPage<T extends PgTable & { id: AnyColumn }>(
  db: Db,
  table: T,
  cursor: bigint | undefined,
  filters: SQL[],
  limit: number,
) {
  const found = (await db
    .select()
    .from(table as PgTable)
    .where(and(cursor === undefined ? undefined : lt(table.id, cursor), ...filters))
    .orderBy(desc(table.id))
    .limit(limit + 1)) as Array<T['$inferSelect'] & { id: bigint }>;
  const hasNext = found.length > limit;
  const rows = found.slice(0, limit);
  return {
    rows,
    pagingMetadata: {
      count: rows.length,
      hasNext,
      cursors: { next: hasNext ? String(rows.at(-1)!.id) : null },
    },
  };
}
