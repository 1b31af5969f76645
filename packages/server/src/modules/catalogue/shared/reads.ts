import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../platform/context.ts';
import { type Db, rows } from '../../../platform/db.ts';
import type { FieldSpec } from '../../../platform/query/types.ts';
import { mediaLinks } from '../media/signing.ts';
import type { WireOptions } from './wire.ts';
import { UUID } from '../../../platform/uuid.ts';

/** Catalogue reads. Visitors see visible products and collections only; admins see everything. */

/** The store's currency and locale, as catalogue prices show them. */
export interface StoreMoney {
  currency: string;
  locale: string;
}
const DEFAULT_STORE_MONEY: StoreMoney = { currency: 'USD', locale: 'en-US' };
const storeMoney = new WeakMap<AppContext['events'], StoreMoney>();

/**
 * Set by the store settings (`flows/catalogue/store-money.ts`, at start and after every change): the catalogue
 * module does not read another module's tables. USD in `en-US` until then.
 */
export function setStoreMoney(ctx: AppContext, money: StoreMoney): void {
  storeMoney.set(ctx.events, money);
}
export { PAGE_LIMITS } from '../../../platform/entity-kit/support.ts';

export interface Viewer {
  /** An admin caller: sees hidden entities and may ask for merchant data. */
  merchant: boolean;
}

/** What `viewer` may see of a table with a `visible` column: every row for a merchant, the visible ones for shoppers. */
export const visibleTo = (viewer: Viewer, visible: AnyPgColumn) =>
  viewer.merchant ? undefined : eq(visible, true);

export { UUID };

/** Queryable fields under their own names and under `<group>.<name>` too (`inStock` and `stock.inStock`). */
export const alsoUnder = (group: string, fields: Record<string, FieldSpec>): Record<string, FieldSpec> =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) => [
      [name, field],
      [`${group}.${name}`, field],
    ]),
  );

export function wireOptions(ctx: AppContext, merchant: boolean): WireOptions {
  const { currency, locale } = storeMoney.get(ctx.events) ?? DEFAULT_STORE_MONEY;
  return { baseUrl: ctx.config.publicUrl, currency, locale, merchant, media: mediaLinks(ctx) };
}

/** Counts matching rows but stops at `limit`, so counting a huge match stays cheap. */
export function cappedCount(db: Db, table: SQL, where: SQL | undefined) {
  return async (limit: number): Promise<number> => {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${table} where ${where ?? sql`true`} limit ${limit}) as capped`,
    );
    return row?.n ?? 0;
  };
}

export { statementName } from '../../../platform/db.ts';
