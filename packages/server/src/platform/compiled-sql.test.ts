import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { carts } from '../modules/cart/tables.ts';
import { compiled } from './compiled-sql.ts';

const dialect = new PgDialect();
const p = sql.placeholder;

describe('compiled', () => {
  it('gives the text and parameters the template gives with the values in place', () => {
    const template = (key: unknown, at: unknown) =>
      sql`select ${carts.id} from ${carts} where owner_key = ${key} and updated_date < ${at}
        and revision > ${0} and owner_key <> ${key}`;
    const statement = compiled<'key' | 'at'>(template(p('key'), p('at')));
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(dialect.sqlToQuery(statement({ key: 'v:1', at }))).toEqual(
      dialect.sqlToQuery(template('v:1', at)),
    );
    expect(dialect.sqlToQuery(statement({ key: 'v:1', at })).params).toEqual(['v:1', at, 0, 'v:1']);
  });

  it('refuses a missing value and an array (either would change the text)', () => {
    const statement = compiled<'a'>(sql`select ${p('a')}`);
    expect(() => statement({ a: undefined })).toThrow(/must be defined/);
    expect(() => statement({ a: [1, 2] })).toThrow(/not an array/);
    expect(dialect.sqlToQuery(statement({ a: null })).params).toEqual([null]);
  });
});
