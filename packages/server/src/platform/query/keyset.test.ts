import { PGlite } from '@electric-sql/pglite';
import { and, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPage, compileQuery } from './index.ts';
import { items, ITEMS } from './test-spec.ts';

/** Cursor paging against a real database: every row exactly once, in order, forwards and back, NULLs included. */

const client = new PGlite();
const db = drizzle(client);

beforeAll(async () => {
  await client.exec(`
    create table items (
      id uuid primary key, n bigint not null unique, name text not null, brand text, price numeric(14,2) not null,
      qty integer not null, weight double precision, visible boolean not null, created timestamptz not null,
      tags text[] not null, cols uuid[] not null, kind text not null, search tsvector);
    insert into items
    select gen_random_uuid(), g, 'item ' || (g % 7), case when g % 4 = 0 then null else 'brand ' || (g % 3) end,
      (g % 5) * 2.5, g % 3, case when g % 6 = 0 then null else (g % 4) * 0.5 end, g % 5 <> 0,
      timestamptz '2024-01-01' + (g % 9) * interval '1.000001 second', array['t' || (g % 2)], '{}', 'a', null
    from generate_series(1, 61) g;`);
  // Starting an embedded database takes seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await client.close();
});

async function run(query: unknown) {
  const plan = compileQuery(query, ITEMS);
  const found = await db
    .select({ n: items.n, keys: plan.keys ?? sql<null>`null` })
    .from(items)
    .where(and(plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.fetchLimit)
    .offset(plan.offset);
  return buildPage(
    plan,
    found.map((r) => ({ item: String(r.n), keys: r.keys as Array<string | null> | null })),
    async () => 0,
  );
}

const SORTS = [
  [],
  [{ fieldName: 'name', order: 'ASC' }],
  [{ fieldName: 'brand', order: 'ASC' }],
  [{ fieldName: 'brand', order: 'DESC' }],
  [
    { fieldName: 'weight', order: 'DESC' },
    { fieldName: 'brand', order: 'ASC' },
  ],
  [
    { fieldName: 'price', order: 'DESC' },
    { fieldName: 'qty', order: 'ASC' },
  ],
  [{ fieldName: 'created', order: 'DESC' }],
  [
    { fieldName: 'visible', order: 'ASC' },
    { fieldName: 'created', order: 'ASC' },
  ],
];

describe('cursor paging on PostgreSQL', () => {
  it.each(SORTS.map((sort) => [JSON.stringify(sort), sort]))('walks %s', async (_name, sort) => {
    const filter = { qty: { $ne: 2 } };
    const expected = (await run({ filter, sort, paging: { limit: 100 } })).items;
    expect(expected.length).toBeGreaterThan(30);

    const forward: string[] = [];
    const prevs: Array<string | null> = [];
    let page = await run({ filter, sort, cursorPaging: { limit: 6 } });
    for (;;) {
      forward.push(...page.items);
      const meta = page.metadata as { cursors: { next: string | null; prev: string | null } };
      prevs.push(meta.cursors.prev);
      if (!meta.cursors.next) break;
      page = await run({ cursorPaging: { limit: 6, cursor: meta.cursors.next } });
    }
    expect(forward).toEqual(expected);

    // From the last page back to the first.
    const backward: string[][] = [];
    let cursor = prevs.at(-1) ?? null;
    while (cursor) {
      const back = await run({ cursorPaging: { limit: 6, cursor } });
      backward.unshift(back.items);
      cursor = (back.metadata as { cursors: { prev: string | null } }).cursors.prev;
    }
    const lastStart = Math.floor((expected.length - 1) / 6) * 6;
    expect(backward.flat()).toEqual(expected.slice(0, lastStart));
  });
});
