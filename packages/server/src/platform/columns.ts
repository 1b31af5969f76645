import { sql } from 'drizzle-orm';
import type { BuildExtraConfigColumns } from 'drizzle-orm/column-builder';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The column conventions the tables share (docs/CONVENTIONS.md): uuid ids made by the database, revisions
 * as int64 counters, dates as `timestamptz` read as `Date`, money as `numeric`.
 */

/** A `timestamptz` column read as a `Date`. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `id uuid primary key default gen_random_uuid()`. */
export const primaryId = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

/** `id integer primary key default 1`: the one row of a singleton (store settings and the like). */
export const singletonId = () => integer('id').primaryKey().default(1);

/** `<name> uuid not null references <parent> on delete cascade`: a row that belongs to its parent's. */
export const cascadeRef = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** `revision bigint not null default 1`: bumped by every update of a revisioned entity. */
export const revision = () => bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`);

/** `created_date timestamptz not null default now()`. */
export const createdDate = () => at('created_date').notNull().defaultNow();

/** `updated_date` (or the name given) `timestamptz not null default now()`. */
export const updatedDate = (name = 'updated_date') => at(name).notNull().defaultNow();

/** `<name> boolean not null default <value>`: a yes/no setting or state. */
export const flag = (name: string, value: boolean) => boolean(name).notNull().default(value);

/** A money column: `numeric(precision, scale)`, decimal strings in code. */
export const money = (name: string, precision = 20, scale = 4) => numeric(name, { precision, scale });

/** A `jsonb not null default '[]'` list of `T`. */
export const jsonList = <T>(name: string) => jsonb(name).$type<T[]>().notNull().default([]);

/** A `jsonb not null default '{}'` object (`T`, any keys unless said). */
export const jsonObject = <T = Record<string, unknown>>(name: string) =>
  jsonb(name)
    .$type<T>()
    .notNull()
    .default({} as T);

/** `created_date` and `updated_date`, both `timestamptz not null default now()`. */
export const dated = () => ({
  createdDate: createdDate(),
  updatedDate: updatedDate(),
});

/** The columns every revisioned entity ends with: `revision`, `created_date`, `updated_date`. */
export const revisioned = () => ({
  revision: revision(),
  ...dated(),
});

type Columns = Record<string, PgColumnBuilderBase>;

/** The indexes and checks of a table `N` of columns `T`, as `pgTable`'s third argument takes them. */
type Indexes<N extends string, T extends Columns> = (
  t: BuildExtraConfigColumns<N, T, 'pg'>,
) => PgTableExtraConfigValue[];

const datedColumns = <C extends Columns>(columns: C) => ({ id: primaryId(), ...columns, ...dated() });

/**
 * A table of rows with a uuid `id` first, the given columns, and `created_date` and `updated_date` last
 * (`dated()`); `indexes` adds its indexes and checks.
 */
export const datedTable = <N extends string, C extends Columns>(
  name: N,
  columns: C,
  indexes: Indexes<N, ReturnType<typeof datedColumns<C>>> = () => [],
) => pgTable(name, datedColumns(columns), (t) => indexes(t));

const revisionedColumns = <C extends Columns>(columns: C) => ({
  id: primaryId(),
  ...columns,
  ...revisioned(),
});

/** A table of rows with a uuid `id` first, the given columns, and `revisioned()` last; `indexes` adds its indexes. */
export const revisionedTable = <N extends string, C extends Columns>(
  name: N,
  columns: C,
  indexes: Indexes<N, ReturnType<typeof revisionedColumns<C>>> = () => [],
) => pgTable(name, revisionedColumns(columns), (t) => indexes(t));

/**
 * The table of a merchant entity on the entity kit (platform/entity-kit): a `revisionedTable` (uuid `id`, the
 * entity's own columns, `revision`, `created_date` and `updated_date`) with `<name>_created_idx` on
 * (created_date, id), the order the kit's queries default to; `indexes` adds the entity's other indexes and checks.
 */
export const entityTable = <N extends string, C extends Columns>(
  name: N,
  columns: C,
  indexes: Indexes<N, ReturnType<typeof revisionedColumns<C>>> = () => [],
) =>
  revisionedTable(name, columns, (t) => [
    ...indexes(t),
    index(`${name}_created_idx`).on(t.createdDate, t.id),
  ]);

const singletonColumns = <C extends Columns>(columns: C) => ({ id: singletonId(), ...columns });

/**
 * The table of a singleton (store-wide settings and the like): `id` first (`singletonId()`: always 1), the
 * given columns, and `<name>_singleton_check` (`id = 1`) unless `checked` is false (a table made without it);
 * `indexes` adds the table's other indexes and checks.
 */
export const singletonTable = <N extends string, C extends Columns>(
  name: N,
  columns: C,
  {
    indexes = () => [],
    checked = true,
  }: { indexes?: Indexes<N, ReturnType<typeof singletonColumns<C>>>; checked?: boolean } = {},
) =>
  pgTable(name, singletonColumns(columns), (t) => [
    ...(checked ? [check(`${name}_singleton_check`, sql`${t.id} = 1`)] : []),
    ...indexes(t),
  ]);
