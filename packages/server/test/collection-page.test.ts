import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { serverForFile } from './file-server.ts';

/**
 * A shopper's collection page sorted by price, newest or the merchant's order is read through the copies of
 * the products' sort keys on `product_collections` (products/reads.ts, `collectionPage`). These pages must be
 * exactly what the general query answers — the same filter in a form that path does not take (`$or` of one
 * branch) — and follow every write at once.
 */

interface Item {
  id: string;
  name: string;
  priceData: { price: number; discountedPrice: number };
  numericId: string;
}
interface PageBody {
  products: Item[];
  metadata: {
    count: number;
    total?: number;
    tooManyToCount?: boolean;
    cursors?: { next: string | null; prev: string | null };
  };
}

const W = '/stores/v1';
const R = '/stores-reader/v1';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';
const { server, ok } = serverForFile({ dataDirName: 'collection-page' });

/** A shopper's product query, read from the database (not the shoppers' read cache). */
async function shopperQuery(query: unknown): Promise<PageBody> {
  const res = await server().call('POST', `${R}/products/query-platformized`, {
    body: { query },
    headers: { 'x-aisle-consistent': '1' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as PageBody;
}

const inCollection = (id: string) => ({ collectionIds: { $hasSome: [id] } });
/** The same filter, in a form only the general path answers. */
const inCollectionGeneral = (id: string) => ({ $or: [inCollection(id)] });

type Sort = Array<{ fieldName: string; order: 'ASC' | 'DESC' }>;
const SORTS: Sort[] = [
  [{ fieldName: 'discountedPrice', order: 'ASC' }],
  [{ fieldName: 'discountedPrice', order: 'DESC' }],
  [{ fieldName: 'priceData.discountedPrice', order: 'DESC' }],
  [{ fieldName: 'price', order: 'ASC' }],
  [{ fieldName: 'price', order: 'DESC' }],
  [{ fieldName: 'numericId', order: 'DESC' }],
  [{ fieldName: 'numericId', order: 'ASC' }],
  [],
  [{ fieldName: 'collectionPosition', order: 'ASC' }],
  [{ fieldName: 'collectionPosition', order: 'DESC' }],
  [
    { fieldName: 'discountedPrice', order: 'ASC' },
    { fieldName: 'numericId', order: 'ASC' },
  ],
];

/** Every item, offset page by offset page, with each page's metadata. */
async function offsetPages(filter: unknown, sort: Sort, limit: number) {
  const pages: PageBody[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await shopperQuery({ filter, sort, paging: { limit, offset } });
    pages.push(page);
    if (page.products.length < limit) return pages;
  }
}

/** Every item, cursor page by cursor page forwards, then back from the last page by `prev` cursors. */
async function cursorWalk(filter: unknown, sort: Sort, limit: number) {
  const forward: string[][] = [];
  let page = await shopperQuery({ filter, sort, cursorPaging: { limit } });
  forward.push(page.products.map((p) => p.id));
  while (page.metadata.cursors?.next) {
    page = await shopperQuery({ cursorPaging: { limit, cursor: page.metadata.cursors.next } });
    forward.push(page.products.map((p) => p.id));
  }
  const backward: string[][] = [];
  while (page.metadata.cursors?.prev) {
    page = await shopperQuery({ cursorPaging: { limit, cursor: page.metadata.cursors.prev } });
    backward.push(page.products.map((p) => p.id));
  }
  return { forward, backward };
}

/** The ids on a page of offset pages, with the metadata that says how many there are. */
const summary = (pages: PageBody[]) =>
  pages.map((p) => ({ ids: p.products.map((i) => i.id), metadata: p.metadata }));

/** Fast and general path agree on every sort, by offset and by cursor, for this filter beside the collection. */
async function expectSameAsGeneral(collectionId: string, extra: Record<string, unknown> = {}, limit = 3) {
  for (const sort of SORTS) {
    const fast = { ...extra, ...inCollection(collectionId) };
    // `collectionPosition` needs the collection filter as it is; positions are unique in a collection, so a
    // name after it changes no order, only the path (a sort no index holds).
    const byPosition = sort.some((s) => s.fieldName === 'collectionPosition');
    const general = byPosition ? fast : { ...extra, ...inCollectionGeneral(collectionId) };
    const generalSort = byPosition ? [...sort, { fieldName: 'name', order: sort[0]!.order }] : sort;
    const label = JSON.stringify({ sort, extra });
    expect(summary(await offsetPages(fast, sort, limit)), label).toEqual(
      summary(await offsetPages(general, generalSort, limit)),
    );
    expect(await cursorWalk(fast, sort, limit), label).toEqual(await cursorWalk(general, generalSort, limit));
  }
}

async function createProduct(product: Record<string, unknown>): Promise<string> {
  const body = (await ok('POST', `${W}/products`, { product })) as { product: { id: string } };
  return body.product.id;
}

async function createCollection(name: string, productIds: string[]): Promise<string> {
  const { collection } = (await ok('POST', `${W}/collections`, { collection: { name } })) as {
    collection: { id: string };
  };
  if (productIds.length) await ok('POST', `${W}/collections/${collection.id}/productIds`, { productIds });
  return collection.id;
}

/** Names in the shopper's order of the collection by discounted price (numeric id breaking ties). */
async function byPrice(collectionId: string, order: 'ASC' | 'DESC' = 'ASC'): Promise<string[]> {
  const pages = await offsetPages(inCollection(collectionId), [{ fieldName: 'discountedPrice', order }], 4);
  return pages.flatMap((p) => p.products.map((i) => i.name));
}

/** The shopper's visible products of the collection sorted in the test: discounted price, then numeric id. */
async function sortedHere(collectionId: string, order: 'ASC' | 'DESC' = 'ASC'): Promise<string[]> {
  const all = await shopperQuery({ filter: inCollectionGeneral(collectionId), paging: { limit: 100 } });
  const sign = order === 'ASC' ? 1 : -1;
  return all.products
    .sort(
      (a, b) =>
        sign *
        (a.priceData.discountedPrice - b.priceData.discountedPrice ||
          Number(BigInt(a.numericId) - BigInt(b.numericId))),
    )
    .map((p) => p.name);
}

/**
 * Memberships whose copies of the product's sort keys differ from the product, or that the product's
 * `collectionIds` do not list (the fast path leaves that condition to the membership), plus products whose
 * `collectionIds` list a collection without a membership: none, always.
 */
async function staleCopies(): Promise<number> {
  const [row] = await rows<{ n: number }>(
    server().ctx.db,
    sql`select (select count(*)::int from product_collections pc join products p on p.id = pc.product_id
        where (pc.visible, pc.price, pc.discounted_price, pc.numeric_id)
          is distinct from (p.visible, p.price, p.discounted_price, p.numeric_id)
          or not p.collection_ids @> array[pc.collection_id])
      + (select count(*)::int from products p
        where cardinality(p.collection_ids) <> (select count(*) from product_collections pc where pc.product_id = p.id))
      as n`,
  );
  return row!.n;
}

/** Both orders agree with the sort done here, the general path agrees on everything, and no copy is stale. */
async function expectConsistent(collectionId: string) {
  expect(await byPrice(collectionId)).toEqual(await sortedHere(collectionId));
  expect(await byPrice(collectionId, 'DESC')).toEqual(await sortedHere(collectionId, 'DESC'));
  expect(await staleCopies()).toBe(0);
}

async function catalogue() {
  // Prices with ties, and discounts that make the discounted order differ from the list price's.
  const specs: Array<[string, number, Record<string, unknown>?]> = [
    ['Alder', 5],
    ['Birch', 3],
    ['Cedar', 3],
    ['Damson', 8, { discount: { type: 'PERCENT', value: 50 } }],
    ['Elder', 3],
    ['Fig', 10, { discount: { type: 'AMOUNT', value: 7 } }],
    ['Ginkgo', 7],
    ['Hazel', 5, { brand: 'Woods' }],
    ['Ivy', 2, { brand: 'Woods' }],
    ['Juniper', 9],
    ['Kumquat', 6, { visible: false }],
    ['Larch', 4],
  ];
  const ids: Record<string, string> = {};
  for (const [name, price, extra] of specs)
    ids[name] = await createProduct({ name, priceData: { price }, ...extra });
  const main = await createCollection(
    'Trees',
    specs.map(([name]) => ids[name]!),
  );
  const outsider = await createProduct({ name: 'Maple', priceData: { price: 1 } });
  const other = await createCollection('Other', [ids.Juniper!, outsider]);
  return { ids, main, other, outsider };
}

describe('collection pages read through the membership copies', () => {
  it('answer exactly as the general query: every sort, offset and cursor pages, ties, counts', async () => {
    const { main, other } = await catalogue();
    await expectConsistent(main);
    expect(await byPrice(main)).toEqual([
      'Ivy',
      'Birch',
      'Cedar',
      'Elder',
      'Fig',
      'Damson',
      'Larch',
      'Alder',
      'Hazel',
      'Ginkgo',
      'Juniper',
    ]);
    await expectSameAsGeneral(main);
    await expectSameAsGeneral(other);
    await expectSameAsGeneral(main, {}, 20);
    // The collection named in the filter's other forms.
    const priceAsc: Sort = [{ fieldName: 'discountedPrice', order: 'ASC' }];
    const reference = summary(await offsetPages(inCollectionGeneral(main), priceAsc, 5));
    for (const form of [
      { collectionIds: main },
      { collectionIds: { $eq: main.toUpperCase() } },
      { 'collections.id': { $in: [main] } },
      { collectionIds: { $hasAll: [main] } },
      { $and: [{ collectionIds: main }, { visible: true }] },
    ])
      expect(summary(await offsetPages(form, priceAsc, 5)), JSON.stringify(form)).toEqual(reference);
    // Other filters beside the collection still hold.
    await expectSameAsGeneral(main, { discountedPrice: { $gte: 3, $lt: 7 } });
    await expectSameAsGeneral(main, { brand: 'Woods' });
    await expectSameAsGeneral(main, { inStock: true, $and: [{ price: { $ne: 3 } }] });
    const range = await shopperQuery({
      filter: { ...inCollection(main), discountedPrice: { $gte: 3, $lt: 7 } },
      sort: [{ fieldName: 'discountedPrice', order: 'DESC' }],
      paging: { limit: 4 },
    });
    expect(range.products.map((p) => p.name)).toEqual(['Hazel', 'Alder', 'Larch', 'Damson']);
    expect(range.metadata).toMatchObject({ count: 4, total: 8, tooManyToCount: false });
  });

  it('walk the copies, which the database keeps equal to the products whatever writes them', async () => {
    const { ids, main } = await catalogue();
    const db = server().ctx.db;
    // With triggers off, a wrong copy shows on the collection page: the page reads the copies…
    await db.transaction(async (tx) => {
      await rows(tx, sql`set local session_replication_role = replica`);
      await rows(
        tx,
        sql`update product_collections set discounted_price = 0
          where collection_id = ${main}::uuid and product_id = ${ids.Juniper}::uuid`,
      );
    });
    expect((await byPrice(main))[0]).toBe('Juniper');
    expect(await staleCopies()).toBe(1);
    // …and any write of a copy takes the product's values again.
    await rows(db, sql`update product_collections set discounted_price = 0, visible = false`);
    expect(await staleCopies()).toBe(0);
    await expectConsistent(main);
  });

  it("follow a product's price, discount, hiding, deletion and moves in the very next read", async () => {
    const { ids, main, other } = await catalogue();
    await ok('PATCH', `${W}/products/${ids.Juniper}`, { product: { priceData: { price: 1 } } });
    expect((await byPrice(main))[0]).toBe('Juniper');
    expect((await byPrice(other))[0]).toBe('Juniper');
    await expectConsistent(main);

    await ok('PATCH', `${W}/products/${ids.Alder}`, {
      product: { discount: { type: 'AMOUNT', value: 4.5 } },
    });
    expect((await byPrice(main)).slice(0, 2)).toEqual(['Alder', 'Juniper']);

    await ok('PATCH', `${W}/products/${ids.Ivy}`, { product: { visible: false } });
    expect(await byPrice(main)).not.toContain('Ivy');
    await ok('PATCH', `${W}/products/${ids.Kumquat}`, { product: { visible: true } });
    expect(await byPrice(main)).toContain('Kumquat');
    await expectConsistent(main);

    await ok('DELETE', `${W}/products/${ids.Birch}`);
    expect(await byPrice(main)).not.toContain('Birch');

    await ok('POST', `${W}/collections/${main}/productIds/delete`, { productIds: [ids.Cedar] });
    await ok('POST', `${W}/collections/${other}/productIds`, { productIds: [ids.Cedar] });
    expect(await byPrice(main)).not.toContain('Cedar');
    expect(await byPrice(other)).toEqual(['Juniper', 'Maple', 'Cedar']);
    await expectConsistent(main);
    await expectConsistent(other);
    await expectSameAsGeneral(main);
    await expectSameAsGeneral(other);
  });

  it("follow a variant's price, bulk updates and adjustments", async () => {
    const { ids, main } = await catalogue();
    await ok('PATCH', `${W}/products/${ids.Ginkgo}/variants`, {
      variants: [{ variantIds: [DEFAULT_VARIANT], price: 0.5 }],
    });
    expect((await byPrice(main))[0]).toBe('Ginkgo');

    await ok('POST', `${W}/bulk/products/update`, { ids: [ids.Larch, ids.Elder], set: { price: 20 } });
    expect((await byPrice(main)).slice(-2)).toEqual(['Elder', 'Larch']);

    await ok('POST', `${W}/bulk/products/adjust-properties`, {
      ids: [ids.Elder],
      adjust: { price: { amount: -19.9 } },
    });
    expect((await byPrice(main)).slice(0, 2)).toEqual(['Elder', 'Ginkgo']);
    await expectConsistent(main);
    await expectSameAsGeneral(main);
  });

  it('follow a CSV import that creates, re-prices, hides and moves products', async () => {
    const { main, other } = await catalogue();
    const slugs = await rows<{ name: string; slug: string }>(
      server().ctx.db,
      sql`select p.name, p.slug from products p join product_collections pc on pc.product_id = p.id
        where pc.collection_id in (${main}::uuid, ${other}::uuid)`,
    );
    const slug = (name: string) => slugs.find((s) => s.name === name)!.slug;
    const collectionSlugs = await rows<{ id: string; slug: string }>(
      server().ctx.db,
      sql`select id, slug from collections`,
    );
    const mainSlug = collectionSlugs.find((c) => c.id === main)!.slug;
    const otherSlug = collectionSlugs.find((c) => c.id === other)!.slug;
    const csv = [
      'Handle,Name,Price,Visible,Collections',
      `${slug('Ginkgo')},Ginkgo,0.25,true,${mainSlug}`,
      `${slug('Hazel')},Hazel,5,false,${mainSlug}`,
      `${slug('Alder')},Alder,5,true,${otherSlug}`,
      `csv-new-oak,Oak,0.5,true,${mainSlug};${otherSlug}`,
      '',
    ].join('\r\n');
    const res = await server().call('POST', `${W}/products/import`, {
      body: csv,
      token: server().adminKey,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual({ created: 1, updated: 3, failed: 0 });
    const names = await byPrice(main);
    expect(names.slice(0, 2)).toEqual(['Ginkgo', 'Oak']);
    expect(names).not.toContain('Hazel');
    expect(names).not.toContain('Alder');
    expect(await byPrice(other)).toEqual(['Oak', 'Maple', 'Alder', 'Juniper']);
    await expectConsistent(main);
    await expectConsistent(other);
  });
});
