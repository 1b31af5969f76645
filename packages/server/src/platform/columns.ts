import { sql } from 'drizzle-orm';
import { bigint, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The column conventions the tables share (docs/CONVENTIONS.md): uuid ids made by the database, revisions
 * as int64 counters, dates as `timestamptz` read as `Date`, money as `numeric`.
 */

/** A `timestamptz` column read as a `Date`. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `id uuid primary key default gen_random_uuid()`. */
export const primaryId = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

/** `revision bigint not null default 1`: bumped by every update of a revisioned entity. */
export const revision = () => bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`);

/** `created_date timestamptz not null default now()`. */
export const createdDate = () => at('created_date').notNull().defaultNow();

/** `updated_date` (or the name given) `timestamptz not null default now()`. */
export const updatedDate = (name = 'updated_date') => at(name).notNull().defaultNow();

/** A money column: `numeric(precision, scale)`, decimal strings in code. */
export const money = (name: string, precision = 20, scale = 4) => numeric(name, { precision, scale });

/** The columns every revisioned entity ends with: `revision`, `created_date`, `updated_date`. */
export const revisioned = () => ({
  revision: revision(),
  createdDate: createdDate(),
  updatedDate: updatedDate(),
});
