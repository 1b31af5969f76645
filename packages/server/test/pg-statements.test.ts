import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, preparedRows } from '../src/platform/db.ts';
import { STATEMENTS_PER_CONNECTION } from '../src/platform/pg-statements.ts';
import { openTestDatabase } from '../src/testing.ts';

// What each connection may keep: this bound on PostgreSQL, the worker's own (256) on the embedded database.
const EMBEDDED_STATEMENTS = 256;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const distinct = (i: number) => sql.raw(`select ${i}::int as n, 'shape ${i}' as shape`);
const kept = async () =>
  (
    await preparedRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements`)
  )[0]!.n;

describe('prepared statements per connection', () => {
  it('keeps a bounded number however many statement texts arrive, and still runs the ones it closed', async () => {
    const bound = database.kind === 'postgres' ? STATEMENTS_PER_CONNECTION : EMBEDDED_STATEMENTS;
    const texts = bound + 150;
    // One after the other: the pool lends the same connection each time.
    for (let i = 0; i < texts; i++) {
      const [row] = await preparedRows<{ n: number; shape: string }>(database.db, distinct(i));
      expect(row).toEqual({ n: i, shape: `shape ${i}` });
    }
    expect(await kept()).toBeLessThanOrEqual(bound + 1);

    // The first ones were closed: asked again, they are prepared again and answer as before.
    for (let i = 0; i < 5; i++)
      expect(await preparedRows(database.db, distinct(i))).toEqual([{ n: i, shape: `shape ${i}` }]);
    // Several at once (several connections), old and new texts mixed.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, k) => preparedRows<{ n: number }>(database.db, distinct(k * 9))),
    );
    expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, k) => k * 9));
    // In a transaction too (recorded on the transaction's connection, closed when the pool lends it again).
    const inTransaction = await database.db.transaction(async (tx) => {
      const first = await preparedRows<{ n: number }>(tx, distinct(1));
      const later = await preparedRows<{ n: number }>(tx, distinct(texts - 1));
      return [first[0]!.n, later[0]!.n];
    });
    expect(inTransaction).toEqual([1, texts - 1]);
    expect(await kept()).toBeLessThanOrEqual(bound + 1);
  });

  it('closes only what was prepared: a text that failed to parse does not break a later statement', async () => {
    const bound = database.kind === 'postgres' ? STATEMENTS_PER_CONNECTION : EMBEDDED_STATEMENTS;
    // Recorded on the transaction's connection, never prepared (PostgreSQL refused its text).
    await expect(
      database.db.transaction((tx) => preparedRows(tx, sql.raw('select from where nothing parses'))),
    ).rejects.toThrow();
    // Enough new texts on the same connection (the pool lends the last one back) to close the oldest names.
    for (let i = 0; i < bound + 20; i++)
      expect(await preparedRows<{ n: number }>(database.db, distinct(10_000 + i))).toEqual([
        { n: 10_000 + i, shape: `shape ${10_000 + i}` },
      ]);
    expect(await kept()).toBeLessThanOrEqual(bound + 1);
  });
});
