import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { markExternalEffect, rows, TRANSACTION_ATTEMPTS } from '../src/platform/db.ts';
import { serverForFile } from './file-server.ts';

/**
 * Catalogue and settings writes racing each other through the HTTP API: lock-order interleavings that PostgreSQL would
 * abort (40P01, 40001) or fail on a foreign key must answer 200 or a clean wire error, never a 500, and leave
 * the data consistent. On the embedded database requests run one at a time, so these pass trivially there.
 */

const W = '/stores/v1';
const V3 = '/stores/v3';

const { server } = serverForFile();
/** Races per test: only PostgreSQL runs requests side by side; the embedded database checks the outcome. */
let rounds = 2;

beforeAll(async () => {
  if (server().database.kind === 'postgres') rounds = 15;
});
type Answer = { status: number; body: Record<string, unknown> };
const answers: Array<Answer & { call: string }> = [];

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await server().call(method, path, { body, token: server().adminKey });
  answers.push({ call: `${method} ${path}`, status: res.status, body: res.body });
  return res;
}

async function ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await call(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** 200, or an error in the wire envelope that is not a server fault. */
function expectClean(list: Array<Answer & { call: string }>): void {
  for (const a of list) {
    const where = `${a.call}: ${a.status} ${JSON.stringify(a.body)}`;
    expect(a.status, where).not.toBe(500);
    const items = (a.body.results ?? []) as Array<{ itemMetadata: { error?: { code: string } } }>;
    for (const item of items) expect(item.itemMetadata.error?.code, where).not.toBe('INTERNAL_ERROR');
    if (a.status === 200) continue;
    const details = a.body.details as { applicationError?: { code?: string }; validationError?: unknown };
    expect(details?.applicationError?.code ?? details?.validationError, where).toBeTruthy();
  }
}

async function product(body: Record<string, unknown>): Promise<string> {
  const created = await ok('POST', `${W}/products`, { product: { priceData: { price: 5 }, ...body } });
  return (created.product as { id: string }).id;
}

/** Every product's brand and ribbon copy names the row its id points at; none points nowhere. */
async function expectNamedConsistent(): Promise<void> {
  for (const kind of ['brand', 'ribbon'] as const) {
    const table = sql.raw(`${kind}s`);
    const idColumn = sql.raw(`${kind}_id`);
    const nameColumn = sql.raw(kind);
    const bad = await rows<{ id: string }>(
      server().ctx.db,
      sql`select p.id from products p left join ${table} b on b.id = p.${idColumn}
          where (p.${idColumn} is null) <> (p.${nameColumn} is null)
             or (p.${idColumn} is not null and (b.id is null or b.name <> p.${nameColumn}))`,
    );
    expect(bad, `products with a ${kind} copy out of step`).toEqual([]);
  }
}

/** Membership rows, `products.collection_ids` and `collections.product_count` agree. */
async function expectMembershipConsistent(): Promise<void> {
  const arrays = await rows<{ id: string }>(
    server().ctx.db,
    sql`select p.id from products p
        where coalesce((select array_agg(pc.collection_id order by pc.collection_id) from product_collections pc
                        where pc.product_id = p.id), '{}')
           <> coalesce((select array_agg(c order by c) from unnest(p.collection_ids) c), '{}')`,
  );
  expect(arrays, 'products whose collectionIds differ from their memberships').toEqual([]);
  const counts = await rows<{ id: string; product_count: number; n: number }>(
    server().ctx.db,
    sql`select c.id, c.product_count, (select count(*)::int from product_collections pc where pc.collection_id = c.id) as n
        from collections c`,
  );
  expect(
    counts.filter((c) => c.product_count !== c.n),
    'collections whose count differs from their memberships',
  ).toEqual([]);
}

describe('brands and ribbons deleted while products switch to them', () => {
  for (const kind of ['brand', 'ribbon'] as const)
    it(`${kind}: every answer is clean and products end with the ${kind} or none`, async () => {
      const from = answers.length;
      for (let round = 0; round < rounds; round++) {
        const name = `${kind} ${round}`;
        const other = `${kind} ${round} other`;
        const created = await ok('POST', `${V3}/${kind}s`, { [kind]: { name } });
        const id = (created[kind] as { id: string }).id;
        // Two products switch to it, one leaves it, one keeps it while it is deleted.
        const [a, b, leaving, keeping] = await Promise.all([
          product({ name: `a${round}`, [kind]: other }),
          product({ name: `b${round}` }),
          product({ name: `c${round}`, [kind]: name }),
          product({ name: `d${round}`, [kind]: name }),
        ]);
        const switching = [a, b];
        const results = await Promise.all([
          ...switching.map((p) => call('PATCH', `${W}/products/${p}`, { product: { [kind]: name } })),
          call('DELETE', `${V3}/${kind}s/${id}`),
          call('PATCH', `${W}/products/${leaving}`, { product: { [kind]: other } }),
          call('POST', `${W}/bulk/products/update`, { ids: [switching[0]], set: { [kind]: name } }),
        ]);
        expectClean(answers.slice(from));
        // The delete is never refused; a switch that comes after it makes the name again.
        expect(results[2]!.status, JSON.stringify(results[2]!.body)).toBe(200);
        const named = await rows<{ id: string; name: string | null; named: string | null }>(
          server().ctx.db,
          sql`select id, ${sql.raw(kind)} as name, ${sql.raw(`${kind}_id`)} as named from products
              where id in (${sql.join([...switching, leaving, keeping], sql`, `)})`,
        );
        const byId = new Map(named.map((r) => [r.id, r]));
        for (const p of switching) {
          const row = byId.get(p)!;
          // Switched after the delete (a new one of that name) or before it (then cleared by it).
          if (row.name !== null) expect(row.name).toBe(name);
        }
        expect(byId.get(leaving)!.name).toBe(other);
        expect(byId.get(keeping)!.named).toBeNull();
        expect(byId.get(keeping)!.name).toBeNull();
      }
      await expectNamedConsistent();
    });

  it('renames racing product switches keep every copy in step', async () => {
    const from = answers.length;
    for (let round = 0; round < rounds; round++) {
      const created = await ok('POST', `${V3}/brands`, { brand: { name: `rename ${round}` } });
      const brand = created.brand as { id: string; revision: string };
      const p = await product({ name: `r${round}` });
      await Promise.all([
        call('PATCH', `${W}/products/${p}`, { product: { brand: `rename ${round}` } }),
        call('PATCH', `${V3}/brands/${brand.id}`, {
          brand: { name: `renamed ${round}`, revision: brand.revision },
        }),
      ]);
    }
    expectClean(answers.slice(from));
    await expectNamedConsistent();
  });
});

describe('products deleted while collections change', () => {
  it('delete a product while adding it to (and removing it from) collections: clean answers, memberships in step', async () => {
    const from = answers.length;
    for (let round = 0; round < rounds; round++) {
      const collection = async (name: string) =>
        ((await ok('POST', `${W}/collections`, { collection: { name } })).collection as { id: string }).id;
      const [c1, c2, c3] = await Promise.all([
        collection(`c1 ${round}`),
        collection(`c2 ${round}`),
        collection(`c3 ${round}`),
      ]);
      const [p, q] = await Promise.all([product({ name: `m${round}` }), product({ name: `n${round}` })]);
      await ok('POST', `${W}/collections/${c1}/productIds`, { productIds: [p, q] });
      await ok('POST', `${W}/collections/${c3}/productIds`, { productIds: [p] });
      await Promise.all([
        call('POST', `${W}/collections/${c2}/productIds`, { productIds: [p, q] }),
        call('DELETE', `${W}/products/${p}`),
        call('POST', `${W}/collections/${c1}/productIds/delete`, { productIds: [q, p] }),
        call('POST', `${W}/collections/${c3}/productIds`, { productIds: [q, p] }),
        call('DELETE', `${W}/collections/${c3}`),
      ]);
      const exists = await rows<{ id: string }>(
        server().ctx.db,
        sql`select id from products where id = ${p}`,
      );
      expect(exists, 'the delete of the product is never refused').toEqual([]);
    }
    expectClean(answers.slice(from));
    await expectMembershipConsistent();
  });
});

describe('tax groups and regions deleted while a rate is created for them', () => {
  const COUNTRIES = 'DE FR IT ES NL BE AT PL SE DK FI NO IE PT CZ GR HU RO CH GB'.split(' ');

  it('every answer is clean; a rate exists only with its group and region', async () => {
    const from = answers.length;
    for (let round = 0; round < rounds; round++) {
      const [group, region] = await Promise.all([
        ok('POST', '/billing/v1/tax-groups', { taxGroup: { name: `race ${round}` } }),
        ok('POST', '/billing/v1/tax-regions', { taxRegion: { country: COUNTRIES[round] } }),
      ]);
      const groupId = (group.taxGroup as { id: string }).id;
      const regionId = (region.taxRegion as { id: string }).id;
      await Promise.all([
        call('POST', '/billing/v1/tax-rates', {
          taxRate: { taxRegionId: regionId, taxGroupId: groupId, rate: '5' },
        }),
        round % 2
          ? call('DELETE', `/billing/v1/tax-regions/${regionId}`)
          : call('DELETE', `/billing/v1/tax-groups/${groupId}`),
      ]);
    }
    expectClean(answers.slice(from));
    const orphans = await rows<{ id: string }>(
      server().ctx.db,
      sql`select r.id from tax_rates r left join tax_groups g on g.id = r.tax_group_id
          left join tax_regions t on t.id = r.tax_region_id where g.id is null or t.id is null`,
    );
    expect(orphans).toEqual([]);
  });
});

describe('transactions run again after a deadlock or serialization failure', () => {
  const aborted = (code: string) => Object.assign(new Error(`aborted (${code})`), { code });

  it('re-runs the whole body in a new transaction and commits once', async () => {
    let runs = 0;
    const result = await server().ctx.events.transaction(async (tx) => {
      runs++;
      await rows(tx, sql`insert into brands (name) values (${`retried ${runs}`})`);
      if (runs < 3) throw aborted(runs === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect([result, runs]).toEqual(['done', 3]);
    const kept = await rows<{ name: string }>(
      server().ctx.db,
      sql`select name from brands where name like 'retried %'`,
    );
    expect(kept.map((r) => r.name)).toEqual(['retried 3']);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs with a retryable 503`, async () => {
    let runs = 0;
    const error = await server()
      .ctx.events.transaction(async () => {
        runs++;
        throw aborted('40P01');
      })
      .catch((e: unknown) => e);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(error).toMatchObject({
      status: 503,
      code: 'TRANSACTION_CONFLICT',
      headers: { 'retry-after': '1' },
    });
  });

  it('never re-runs a body that did something outside the database, and leaves other errors alone', async () => {
    let runs = 0;
    const outside = await server()
      .ctx.events.transaction(async (tx) => {
        runs++;
        markExternalEffect(tx);
        throw aborted('40001');
      })
      .catch((e: unknown) => e);
    expect([runs, (outside as { status?: number }).status]).toEqual([1, 503]);
    runs = 0;
    const unique = aborted('23505');
    const other = await server()
      .ctx.events.transaction(async () => {
        runs++;
        throw unique;
      })
      .catch((e: unknown) => e);
    expect([runs, other]).toEqual([1, unique]);
  });

  // PostgreSQL: a real deadlock. Embedded: one connection runs transactions one at a time, so the same
  // crossing writes cannot deadlock and each body runs once.
  it('crossing writes: on PostgreSQL the deadlock victim runs again and both commit; embedded, both run once', async () => {
    const [x, y] = await Promise.all(
      ['deadlock x', 'deadlock y'].map(
        async (name) => ((await ok('POST', `${V3}/brands`, { brand: { name } })).brand as { id: string }).id,
      ),
    );
    // Both hold their first row before either asks for the second; a re-run does not wait again.
    let arrived = 0;
    let release: () => void = () => {};
    const bothLocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const bump = (id: string) => sql`update brands set revision = revision + 1 where id = ${id}`;
    const revisionsOf = async () =>
      (
        await rows<{ revision: string }>(
          server().ctx.db,
          sql`select revision::text from brands where id in (${x}, ${y})`,
        )
      ).map((r) => r.revision);
    if (!process.env.TEST_DATABASE_URL) {
      const inTurn = (first: string, second: string) =>
        server().ctx.events.transaction(async (tx) => {
          runs++;
          await rows(tx, bump(first));
          await rows(tx, bump(second));
        });
      await Promise.all([inTurn(x!, y!), inTurn(y!, x!)]);
      expect(runs).toBe(2);
      expect(await revisionsOf()).toEqual(['3', '3']);
      return;
    }
    const crossing = (first: string, second: string) =>
      server().ctx.events.transaction(async (tx) => {
        runs++;
        await rows(tx, bump(first));
        if (++arrived === 2) release();
        await bothLocked;
        await rows(tx, bump(second));
      });
    await Promise.all([crossing(x!, y!), crossing(y!, x!)]);
    expect(runs).toBe(3);
    expect(await revisionsOf()).toEqual(['3', '3']);
  });
});
