import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedTestStart } from '../../testing.ts';
import { EmbeddedClient } from './client.ts';

// The embedded database's worker and its client, on an in-memory database: what PGlite in the server thread
// did, the client must do the same (the API tests cover the server on top of it).
let client: EmbeddedClient;
beforeAll(async () => {
  client = new EmbeddedClient(await embeddedTestStart());
  await client.waitReady;
  await client.exec(`
    create schema client_test; set search_path = client_test;
    create table items (id int primary key, name text unique, data jsonb, at timestamptz, bytes bytea);
    create table counters (id int primary key, n int not null check (n >= 0));
    insert into counters values (1, 0);`);
}, 60_000);
afterAll(() => client.close());

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code,
  );

describe('embedded database client', () => {
  it('starts PostgreSQL with the buffer cache it is given, not the default 128 MB', async () => {
    const { rows } = await client.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  });

  it('binds parameters as node-postgres does and parses rows as PGlite does', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await client.query('insert into items (id, name, data, at, bytes) values ($1, $2, $3, $4, $5)', [
      1,
      'one',
      { a: [1, 'two'], b: null },
      at,
      Buffer.from([0, 1, 255]),
    ]);
    const { rows } = await client.query<Record<string, unknown>>(
      'select id, name, data, at, bytes, $1::int[] as ints, $2::bool as flag, $3::text as nothing from items where id = $4',
      [[1, 2], true, null, 1],
    );
    expect(rows).toEqual([
      {
        id: 1,
        name: 'one',
        data: { a: [1, 'two'], b: null },
        at,
        bytes: new Uint8Array([0, 1, 255]),
        ints: [1, 2],
        flag: true,
        nothing: null,
      },
    ]);
  });

  it('keeps as text the types whose parsers keep text, in object or array rows', async () => {
    const keep = (value: string) => value;
    const { rows } = await client.query<unknown[]>(
      `select '2026-01-02 03:04:05+00'::timestamptz as at, '{"x":1}'::jsonb as data, '{"y":2}'::json as plain`,
      [],
      { rowMode: 'array', parsers: { 1184: keep, 3802: keep } },
    );
    expect(rows).toEqual([['2026-01-02 03:04:05+00', '{"x": 1}', { y: 2 }]]);
    await expect(client.query('select 1', [], { parsers: { 1184: () => new Date() } })).rejects.toThrow(
      /must keep the text/,
    );
  });

  it('answers errors as Errors with the database fields', async () => {
    const error = await client
      .query('insert into items (id, name) values ($1, $2)', [2, 'one'])
      .catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key', table: 'items' });
    expect(error.message).toMatch(/duplicate key/);
    expect(await codeOf(client.query('selec 1'))).toBe('42601');
    expect(await codeOf(client.exec('select nope'))).toBe('42703');
    // The session is fine afterwards.
    expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });

  it('commits a transaction, rolls it back on a throw, and runs nothing else in between', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const tx = client.transaction(async (t) => {
      await t.query('update counters set n = n + 1 where id = 1');
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
      return (await t.query<{ n: number }>('select n from counters where id = 1')).rows[0]?.n;
    });
    await entered;
    // Waits for the transaction: sees its write, committed.
    const outside = client.query<{ n: number }>('select n from counters where id = 1').then((r) => {
      order.push('outside');
      return r.rows[0]?.n;
    });
    expect(await tx).toBe(1);
    expect(await outside).toBe(1);
    expect(order).toEqual(['transaction', 'outside']);

    const failed = client.transaction(async (t) => {
      await t.query('update counters set n = n + 1 where id = 1');
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect((await client.query('select n from counters where id = 1')).rows).toEqual([{ n: 1 }]);

    let kept: { closed: boolean } | undefined;
    await client.transaction(async (t) => {
      kept = t;
      await t.query('update counters set n = 5 where id = 1');
      await t.rollback();
    });
    expect(kept?.closed).toBe(true);
    expect((await client.query('select n from counters where id = 1')).rows).toEqual([{ n: 1 }]);
  });

  it('begins a transaction with its first statement: statements sent together, turns kept, none taken empty', async () => {
    await client.query('update counters set n = 10 where id = 1');
    // Both first statements leave before either answers: the second waits for the BEGIN the first carries.
    const [a, b] = await client.transaction((t) =>
      Promise.all([
        t.query<{ n: number }>('update counters set n = n + 1 where id = 1 returning n'),
        t.query<{ n: number }>('update counters set n = n + 1 where id = 1 returning n'),
      ]),
    );
    expect([a.rows[0]?.n, b.rows[0]?.n]).toEqual([11, 12]);

    // Two transactions begun at once run one after the other, each seeing the other's commit or nothing of it.
    const both = await Promise.all(
      [1, 2].map((k) =>
        client.transaction(async (t) => {
          const before = (await t.query<{ n: number }>('select n from counters where id = 1')).rows[0]!.n;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await t.query('update counters set n = $1 where id = 1', [before + k]);
          return before;
        }),
      ),
    );
    expect(both).toEqual([12, 13]);
    expect((await client.query('select n from counters where id = 1')).rows).toEqual([{ n: 15 }]);

    // A transaction that runs no statement takes no session: a call outside it is answered meanwhile.
    let release!: () => void;
    const empty = client.transaction(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('done');
        }),
    );
    expect((await client.query('select n from counters where id = 1')).rows).toEqual([{ n: 15 }]);
    release();
    expect(await empty).toBe('done');

    // A first statement that fails leaves nothing held: the rollback ends it and the next call runs.
    const failing = client.transaction((t) => t.query('update counters set n = -1 where id = 1'));
    expect(await codeOf(failing)).toBe('23514');
    await client.query('update counters set n = 1 where id = 1');
  });

  it('says 25P02 when a failed transaction is committed, and keeps statements prepared in it', async () => {
    const text = 'update counters set n = n - $1 where id = 1';
    const failing = client.transaction(async (t) => {
      // The check constraint fails; the caller swallows it and returns as if all went well.
      await t.query(text, [100]).catch(() => {});
    });
    expect(await codeOf(failing)).toBe('25P02');
    // The statement prepared inside the rolled-back transaction still runs.
    await client.query(text, [1]);
    expect((await client.query('select n from counters where id = 1')).rows).toEqual([{ n: 0 }]);
  });

  it('runs drizzle transactions and savepoints; errors keep their code under the drizzle wrapper', async () => {
    const db = drizzle(client as never);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update counters set n = 10 where id = 1`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`update counters set n = 20 where id = 1`);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    expect((await db.execute(sql`select n from counters where id = 1`)).rows).toEqual([{ n: 10 }]);
    const error = await db.execute(sql`insert into items (id, name) values (${3}, ${'one'})`).catch((e) => e);
    // drizzle wraps the database's error; the code is on its cause.
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
  });

  it('delivers a NOTIFY after its commit, before the committing call returns, and none after a rollback', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('aisle_test', (payload) => heard.push(payload));
    await client.transaction(async (t) => {
      await t.query(`select pg_notify('aisle_test', 'first')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['first']);
    await client
      .transaction(async (t) => {
        await t.query(`select pg_notify('aisle_test', 'never')`);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await client.query(`select pg_notify('aisle_test', 'second')`);
    expect(heard).toEqual(['first', 'second']);
    await unlisten();
    await client.query(`select pg_notify('aisle_test', 'third')`);
    expect(heard).toEqual(['first', 'second']);
  });

  it('reads answers in the server thread: arrays of each kind, UTF-8 text and notifications, errors', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('aisle_utf8', (payload) => heard.push(payload));
    const id = '0b3c4d5e-0000-4000-8000-000000000001';
    const { rows } = await client.query<Record<string, unknown>>(
      `select $1::text[] as texts, $2::uuid[] as ids, array[1.5, 2]::numeric[] as amounts,
        pg_notify('aisle_utf8', $3) is null as sent`,
      [['Grüße', 'a,b', '"q"'], [id], 'Crème brûlée ✓'],
    );
    expect(rows).toEqual([{ texts: ['Grüße', 'a,b', '"q"'], ids: [id], amounts: ['1.5', '2'], sent: false }]);
    expect(heard).toEqual(['Crème brûlée ✓']);
    await unlisten();
    await expect(client.query('select 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
  });

  it('answers exec with the result of each statement, as PGlite does, and delivers its notifications', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('aisle_exec', (payload) => heard.push(payload));
    const results = await client.exec(`
      create table exec_items (id int, data jsonb, at timestamptz, tags text[]);
      insert into exec_items values (1, '{"a":[1]}', '2026-01-02 03:04:05+00', '{x,y}'), (2, null, null, '{}');
      select id, data, at, tags from exec_items order by id;
      notify aisle_exec, 'from exec';
      update exec_items set id = id + 10`);
    expect(heard).toEqual(['from exec']);
    expect(results).toEqual([
      { rows: [], fields: [], command: 'CREATE', affectedRows: 0 },
      { rows: [], fields: [], command: 'INSERT', affectedRows: 2, rowCount: 2 },
      {
        rows: [
          { id: 1, data: { a: [1] }, at: new Date('2026-01-02T03:04:05Z'), tags: ['x', 'y'] },
          { id: 2, data: null, at: null, tags: [] },
        ],
        fields: [
          { name: 'id', dataTypeID: 23 },
          { name: 'data', dataTypeID: 3802 },
          { name: 'at', dataTypeID: 1184 },
          { name: 'tags', dataTypeID: 1009 },
        ],
        command: 'SELECT',
        affectedRows: 2,
        rowCount: 2,
      },
      { rows: [], fields: [], command: 'NOTIFY', affectedRows: 2 },
      { rows: [], fields: [], command: 'UPDATE', affectedRows: 4, rowCount: 2 },
    ]);
    await unlisten();
    const keep = (value: string) => value;
    const [kept] = await client.transaction((t) =>
      t.exec(`select data, at from exec_items where id = 11`, { parsers: { 1184: keep, 3802: keep } }),
    );
    expect(kept?.rows).toEqual([{ data: '{"a": [1]}', at: '2026-01-02 03:04:05+00' }]);
    expect(await client.exec('')).toEqual([{ rows: [], fields: [], affectedRows: 0 }]);
  });

  it('keeps working past the prepared statements it keeps, and when a table changes under one', async () => {
    for (let i = 0; i < 300; i++)
      expect((await client.query(`select ${i} + $1::int as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    expect((await client.query('select 0 + $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    await client.exec('create table shape (a int); insert into shape values (1)');
    expect((await client.query('select * from shape where $1::int = 1', [1])).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table shape add column b int');
    expect((await client.query('select * from shape where $1::int = 1', [1])).rows).toEqual([
      { a: 1, b: null },
    ]);
  });

  it('ends its worker on close; later calls fail', async () => {
    await client.close();
    await expect(client.query('select 1')).rejects.toThrow();
  });
});
