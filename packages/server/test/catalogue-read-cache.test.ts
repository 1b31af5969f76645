import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogueReadCache, catalogueReadCache } from '../src/modules/catalogue/shared/read-cache.ts';
import { serverForFile } from './file-server.ts';
import { type Body, line, newCheckout, product, seedStore, TEE, visitor } from './checkout-helpers.ts';

/**
 * Shoppers' product reads and query pages come from a per-process cache (modules/catalogue/shared/read-cache.ts):
 * every write that changes what a shopper sees must show in the very next read, admins always read the
 * database, and the cached answer is the answer the route makes.
 */

const { server, ok } = serverForFile({ seed: seedStore });
let productId: string;
let slug: string;
const R = '/stores-reader/v1';
const W = '/stores/v1';

beforeAll(async () => {
  productId = await product(server(), { ...TEE, name: 'Cache tee', brand: 'Cachebrand' });
  slug = ((await read()).product as { slug: string }).slug;
});

/** The product as a shopper reads it by id. */
async function read(headers: Record<string, string> = {}): Promise<Body> {
  const res = await server().call('GET', `${R}/products/${productId}`, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The product page's query (GET* with `.r`), as the storefront asks it. */
async function bySlug(): Promise<Body & { products: Body[] }> {
  const request = { query: { filter: { slug: { $eq: slug } }, paging: { limit: 1 } }, includeVariants: true };
  const r = Buffer.from(JSON.stringify(request)).toString('base64url');
  const res = await server().call('GET', `${R}/products/query-platformized?.r=${r}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Body & { products: Body[] };
}

const priceOf = (body: Body) => (body.product as { priceData: { price: number } }).priceData.price;
const quantityOf = (p: Body) => (p.stock as { quantity?: number }).quantity;

describe('catalogue read cache', () => {
  it('answers repeated shopper reads from memory, byte for byte what the database read gives', async () => {
    const cache = catalogueReadCache(server().ctx);
    await read();
    const hits = cache.hits;
    const cached = await server().call('GET', `${R}/products/${productId}`);
    expect(cache.hits).toBe(hits + 1);
    const fresh = await server().call('GET', `${R}/products/${productId}`, {
      headers: { 'x-aisle-consistent': '1' },
    });
    expect(cache.hits).toBe(hits + 1);
    expect(cached.body).toEqual(fresh.body);
    expect(cached.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The cache lives in the process: a second read of the page is a hit as well.
    await bySlug();
    const pageHits = cache.hits;
    const page = await bySlug();
    expect(cache.hits).toBe(pageHits + 1);
    expect(page.products[0]!.id).toBe(productId);
  });

  it('shows a price change, a stock change and a brand rename in the next read', async () => {
    await read();
    await bySlug();
    await ok('PATCH', `${W}/products/${productId}`, { product: { priceData: { price: 25 } } });
    expect(priceOf(await read())).toBe(25);
    expect((await bySlug()).products[0]!.priceData).toMatchObject({ price: 25 });

    const before = quantityOf((await read()).product as Body)!;
    await ok('POST', '/stores/v2/inventoryItems/decrement', {
      decrementData: [{ productId, decrementBy: 3 }],
    });
    expect(quantityOf((await read()).product as Body)).toBe(before - 3);

    const brands = (await ok('POST', '/stores/v3/brands/query', {})).brands as Array<Body>;
    const brand = brands.find((b) => b.name === 'Cachebrand')!;
    await ok('PATCH', `/stores/v3/brands/${brand.id}`, {
      brand: { id: brand.id, name: 'Cachebrand 2', revision: brand.revision },
    });
    expect((await read()).product).toMatchObject({ brand: 'Cachebrand 2' });
  });

  it('shows the stock an order took, a collection it joined, hiding and deletion in the next read', async () => {
    const before = quantityOf((await read()).product as Body)!;
    const page = (await bySlug()).products[0]!;
    expect(quantityOf(page)).toBe(before);
    const token = await visitor(server());
    const checkout = await newCheckout(server(), token, [line(productId, 2)]);
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(quantityOf((await read()).product as Body)).toBe(before - 2);
    expect(quantityOf((await bySlug()).products[0]!)).toBe(before - 2);

    const collection = (
      (await ok('POST', `${W}/collections`, { collection: { name: 'Cache picks' } })).collection as Body
    ).id as string;
    await ok('POST', `${W}/collections/${collection}/productIds`, { productIds: [productId] });
    expect(((await read()).product as { collectionIds: string[] }).collectionIds).toContain(collection);

    await ok('PATCH', `${W}/products/${productId}`, { product: { visible: false } });
    expect((await server().call('GET', `${R}/products/${productId}`)).status).toBe(404);
    expect((await bySlug()).products).toEqual([]);
    // Admins read hidden products and merchant data; nothing of theirs is kept for shoppers.
    const merchant = await server().call(
      'GET',
      `${R}/products/${productId}?includeMerchantSpecificData=true`,
      {
        token: server().adminKey,
      },
    );
    expect(merchant.status).toBe(200);
    await ok('PATCH', `${W}/products/${productId}`, { product: { visible: true } });
    const shopper = (await read()).product as Body;
    expect(shopper.costAndProfitData).toBeUndefined();

    await ok('DELETE', `${W}/products/${productId}`);
    expect((await server().call('GET', `${R}/products/${productId}`)).status).toBe(404);
  });

  it("answers shoppers' collection pages from memory and shows a new, renamed or hidden collection in the next read", async () => {
    const cache = catalogueReadCache(server().ctx);
    const names = async () => {
      const res = await server().call('POST', '/v2/collections/query', {
        body: { query: { sort: [{ fieldName: 'name' }], paging: { limit: 50 } } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.collections as Array<{ name: string }>).map((c) => c.name);
    };
    const before = await names();
    const hits = cache.hits;
    expect(await names()).toEqual(before);
    expect(cache.hits).toBe(hits + 1);
    // The GET* form (the storefront's header asks so) answers as well, and admins read the database.
    const get = await server().call(
      'GET',
      `/v2/collections/query?.r=${Buffer.from('{}').toString('base64url')}`,
    );
    expect(get.status).toBe(200);
    const admin = await server().call('POST', '/v2/collections/query', {
      token: server().adminKey,
      body: {},
    });
    expect(admin.status).toBe(200);

    const made = await ok('POST', `${W}/collections`, { collection: { name: 'Aaa cached picks' } });
    const id = (made.collection as Body).id as string;
    expect(await names()).toContain('Aaa cached picks');
    await ok('PATCH', `${W}/collections/${id}`, { collection: { name: 'Aaa renamed picks' } });
    const renamed = await names();
    expect(renamed).toContain('Aaa renamed picks');
    expect(renamed).not.toContain('Aaa cached picks');
    await ok('PATCH', `${W}/collections/${id}`, { collection: { visible: false } });
    expect(await names()).not.toContain('Aaa renamed picks');
    await ok('DELETE', `${W}/collections/${id}`);
    expect(await names()).toEqual(before);
  });

  it("prices products in the store's currency and locale, and shows a change of them in the next reads", async () => {
    const id = await product(server(), { ...TEE, name: 'Currency tee' });
    const shopperRead = async () => (await server().call('GET', `${R}/products/${id}`)).body;
    const priceData = (body: Body) =>
      (body.product as { priceData: { currency: string; formatted: { price: string } } }).priceData;
    expect(priceData(await shopperRead())).toMatchObject({ currency: 'USD', formatted: { price: '$20.00' } });
    try {
      await ok('PATCH', '/ecom/v1/store-settings', {
        storeSettings: { currency: 'EUR', locale: 'de-DE' },
      });
      // The store's currency is read again after the change commits (in every process), then the cache drops.
      await expect.poll(async () => priceData(await shopperRead()).currency, { timeout: 5_000 }).toBe('EUR');
      expect(priceData(await shopperRead()).formatted.price).toBe('20,00\u00a0€');
      const query = { query: { filter: { id: { $eq: id } } } };
      const page = await server().call('POST', `${R}/products/query-platformized`, { body: query });
      expect((page.body.products as { priceData: { currency: string } }[])[0]?.priceData.currency).toBe(
        'EUR',
      );
    } finally {
      await ok('PATCH', '/ecom/v1/store-settings', {
        storeSettings: { currency: 'USD', locale: 'en-US' },
      });
      await expect.poll(async () => priceData(await shopperRead()).currency, { timeout: 5_000 }).toBe('USD');
    }
  });

  it('keeps at most its size, oldest out first, and nothing when its size is 0', async () => {
    const cache = new CatalogueReadCache(server().ctx.events, 2);
    const body = (s: string) => async () => Buffer.from(s);
    await cache.read('a', body('A'));
    await cache.read('b', body('B'));
    await cache.read('c', body('C'));
    expect(cache.size).toBe(2);
    expect((await cache.read('b', body('B2'))).toString()).toBe('B');
    expect((await cache.read('a', body('A2'))).toString()).toBe('A2');
    // A burst of misses for one key loads it once.
    let loads = 0;
    const slow = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return Buffer.from('D');
    };
    await Promise.all([cache.read('d', slow), cache.read('d', slow), cache.read('d', slow)]);
    expect(loads).toBe(1);
    // A change committed while a read was under way: that read is not kept.
    const racing = cache.read('e', async () => {
      cache.clear();
      return Buffer.from('E-old');
    });
    expect((await racing).toString()).toBe('E-old');
    expect((await cache.read('e', body('E-new'))).toString()).toBe('E-new');

    const off = new CatalogueReadCache(server().ctx.events, 0);
    await off.read('a', body('A'));
    expect(off.size).toBe(0);
    expect((await off.read('a', body('A3'))).toString()).toBe('A3');
  });

  it('keeps at most its byte budget, drops expired answers first, and never keeps an oversized one', async () => {
    let now = 1_000_000;
    const cache = new CatalogueReadCache(server().ctx.events, 1_000, 800, () => now);
    const bytes =
      (n: number, fill = 'x') =>
      async () =>
        Buffer.alloc(n, fill);
    await cache.read('a', bytes(100, 'a'));
    await cache.read('b', bytes(100, 'b'));
    expect([cache.size, cache.sizeInBytes]).toEqual([2, 200]);
    // More than an eighth of the budget: sent, not kept.
    expect((await cache.read('big', bytes(101))).length).toBe(101);
    expect([cache.size, cache.sizeInBytes]).toEqual([2, 200]);
    // Past the budget: the oldest answers leave until the new one fits.
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) await cache.read(key, bytes(100));
    expect(cache.sizeInBytes).toBeLessThanOrEqual(800);
    expect((await cache.read('a', bytes(100, 'A'))).toString()[0]).toBe('A');
    // Five seconds on, the next answer kept sweeps out every expired one.
    now += 5_000;
    await cache.read('j', bytes(50));
    expect([cache.size, cache.sizeInBytes]).toEqual([1, 50]);
    cache.clear();
    expect([cache.size, cache.sizeInBytes]).toEqual([0, 0]);
  });
});
