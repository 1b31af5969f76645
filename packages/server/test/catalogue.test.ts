import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryItems } from '../src/modules/catalogue/inventory/tables.ts';
import { products } from '../src/modules/catalogue/products/tables.ts';
import {
  addProductsToCollection,
  createCollection,
  removeProductsFromCollection,
} from '../src/modules/catalogue/collections/writes.ts';
import { createProduct } from '../src/modules/catalogue/products/writes.ts';
import { refreshProduct } from '../src/modules/catalogue/variants/writes.ts';
import { rows } from '../src/platform/db.ts';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import { demoProductId, seedDemoStore } from '../src/seed/demo.ts';
import { DEMO_PRODUCTS } from '../src/seed/demo-catalogue.ts';
import { serverForFile } from './file-server.ts';

interface WireProduct {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  numericId: string;
  productType: string;
  brand?: string;
  ribbon?: string;
  sku?: string;
  collectionIds: string[];
  priceData: {
    price: number;
    discountedPrice: number;
    formatted: { price: string; discountedPrice: string };
  };
  costAndProfitData?: { itemCost: number; profit: number; profitMargin: number };
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  media: {
    mainMedia?: { image: { url: string; width: number; height: number; filename: string; id: string } };
  };
  productOptions: Array<{
    name: string;
    optionType: string;
    choices: Array<{ description: string; inStock: boolean }>;
  }>;
  variants?: Array<{
    id: string;
    choices: Record<string, string>;
    variant: { priceData: { price: number }; weight?: number; costAndProfitData?: unknown };
    stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
  }>;
  lastUpdated: string;
}
interface Metadata {
  count: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
  cursors?: { next: string | null; prev: string | null };
  hasNext?: boolean;
}
interface ProductsPage {
  products: WireProduct[];
  metadata: Metadata;
}
interface WireCollection {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  numberOfProducts: number;
  media: { mainMedia?: { image: { url: string } } };
  lastUpdated: string;
}

const READER = '/stores-reader/v1';
const { server } = serverForFile({
  dataDirName: 'catalogue',
  seed: async (s) => {
    await seedDemoStore(s.ctx);
  },
});

async function query(body: unknown, token?: string): Promise<ProductsPage> {
  const res = await server().call('POST', `${READER}/products/query-platformized`, { body, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as ProductsPage;
}

async function all(filter: unknown, token?: string, sort?: unknown): Promise<WireProduct[]> {
  const page = await query({ query: { filter, sort, paging: { limit: 100 } } }, token);
  return page.products;
}

describe('product reads', () => {
  it('gets a product in the v1 wire shape, merchant data only for an admin who asks', async () => {
    const id = await demoProductId(server().ctx, 'classic-cotton-tee');
    const visitor = await server().call('GET', `${READER}/products/${id}?includeMerchantSpecificData=true`);
    expect(visitor.status).toBe(200);
    const product = visitor.body.product as WireProduct;
    expect(product).toMatchObject({
      id,
      name: 'Classic Cotton Tee',
      slug: 'classic-cotton-tee',
      productType: 'physical',
      manageVariants: true,
      brand: 'Northwind',
      ribbon: 'Bestseller',
      ribbons: [{ text: 'Bestseller' }],
      priceData: { currency: 'USD', price: 24, discountedPrice: 24, formatted: { price: '$24.00' } },
      priceRange: { minValue: 24, maxValue: 26 },
      stock: { trackInventory: true, inStock: true, inventoryStatus: 'IN_STOCK' },
      productPageUrl: { path: '/product-page/classic-cotton-tee' },
      inventoryItemId: id,
    });
    expect(product.numericId).toMatch(/^\d+$/);
    expect(product.costAndProfitData).toBeUndefined();
    expect(product.productOptions.map((o) => [o.name, o.optionType])).toEqual([
      ['Size', 'drop_down'],
      ['Color', 'color'],
    ]);
    expect(product.variants).toHaveLength(12);
    const xl = product.variants!.find((v) => v.choices.Size === 'XL' && v.choices.Color === 'Navy')!;
    expect(xl.variant.priceData.price).toBe(26);
    expect(xl.variant.weight).toBeCloseTo(0.24);
    expect(xl.variant.costAndProfitData).toBeUndefined();
    expect(xl.stock.trackQuantity).toBe(true);
    expect(product.stock.quantity).toBe(product.variants!.reduce((n, v) => n + (v.stock.quantity ?? 0), 0));

    const admin = await server().call('GET', `${READER}/products/${id}?includeMerchantSpecificData=true`, {
      token: server().adminKey,
    });
    const merchant = admin.body.product as WireProduct & { costRange?: unknown };
    expect(merchant.costAndProfitData?.itemCost).toBeGreaterThan(0);
    expect(merchant.costAndProfitData?.profit).toBeCloseTo(24 - merchant.costAndProfitData!.itemCost, 2);
    expect(merchant.costAndProfitData?.profitMargin).toBeGreaterThan(0.4);
    expect(merchant.costRange).toBeDefined();
    expect(merchant.variants![0]!.variant.costAndProfitData).toBeDefined();

    const adminWithoutFlag = await server().call('GET', `${READER}/products/${id}`, {
      token: server().adminKey,
    });
    expect((adminWithoutFlag.body.product as WireProduct).costAndProfitData).toBeUndefined();
  });

  it('carries price per unit, dimensions, custom text fields, SEO data and choice media', async () => {
    const get = async (slug: string) =>
      (await server().call('GET', `${READER}/products/${await demoProductId(server().ctx, slug)}`)).body
        .product as Record<string, unknown>;
    const candle = await get('scented-soy-candle');
    expect(candle.pricePerUnitData).toEqual({
      totalQuantity: 200,
      totalMeasurementUnit: 'G',
      baseQuantity: 100,
      baseMeasurementUnit: 'G',
    });
    expect(candle.priceData).toMatchObject({
      price: 26,
      pricePerUnit: 13,
      formatted: { pricePerUnit: '$13.00' },
    });
    const lamp = await get('stoneware-table-lamp');
    expect(lamp.productDimensions).toEqual({ length: '24', width: '24', height: '46', unit: 'CM' });
    expect(lamp.packageDimensions).toMatchObject({ unit: 'CM' });
    const wallet = await get('leather-card-wallet');
    expect(wallet.customTextFields).toEqual([
      { title: 'Monogram (up to 3 letters)', maxLength: 3, mandatory: false },
    ]);
    expect((wallet.seoData as { tags: unknown[] }).tags[0]).toEqual({
      type: 'title',
      children: 'Leather Card Wallet | Aisle Demo Store',
    });
    const shirt = await get('linen-button-down-shirt');
    expect(shirt).toMatchObject({
      discount: { type: 'PERCENT', value: 25 },
      priceData: {
        price: 64,
        discountedPrice: 48,
        formatted: { price: '$64.00', discountedPrice: '$48.00' },
      },
    });
    const colours = (shirt.productOptions as WireProduct['productOptions'])[1]!.choices as unknown as Array<{
      value: string;
      description: string;
      media: { mainMedia: { image: { filename: string } } };
    }>;
    expect(colours.map((c) => [c.value, c.description, c.media.mainMedia.image.filename])).toEqual([
      ['#7fb2d9', 'Sky', 'linen-button-down-shirt-sky.jpg'],
      ['#f1e8d6', 'Cream', 'linen-button-down-shirt-cream.jpg'],
    ]);
    const ebook = await get('sourdough-at-home-e-book');
    expect(ebook).toMatchObject({ productType: 'digital', manageVariants: false });
    expect(ebook.weight).toBeUndefined();
  });

  it('answers an unknown or malformed id with 404 PRODUCT_NOT_FOUND', async () => {
    for (const id of ['5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f', 'not-a-uuid']) {
      const res = await server().call('GET', `${READER}/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ details: { applicationError: { code: 'PRODUCT_NOT_FOUND' } } });
    }
  });

  it('hides invisible products from visitors, not from admins', async () => {
    const id = await demoProductId(server().ctx, 'prototype-smart-mug');
    expect((await server().call('GET', `${READER}/products/${id}`)).status).toBe(404);
    expect(
      (await server().call('GET', `${READER}/products/${id}`, { token: server().adminKey })).status,
    ).toBe(200);

    const visitorPage = await query({ query: { paging: { limit: 100 } } });
    expect(visitorPage.metadata).toMatchObject({ count: 68, total: 68, offset: 0, tooManyToCount: false });
    expect(visitorPage.products.every((p) => p.visible)).toBe(true);
    // A visitor asking for hidden ones gets none.
    expect(await all({ visible: false })).toEqual([]);
    const hidden = await all({ visible: false }, server().adminKey);
    expect(hidden.map((p) => p.slug)).toEqual(['prototype-smart-mug']);
  });

  it('serves the custom-host alias prefix', async () => {
    const id = await demoProductId(server().ctx, 'wool-beanie');
    const res = await server().call('GET', `/_api/catalog-reader-server/v1/products/${id}`);
    expect(res.status).toBe(200);
    expect((res.body.product as WireProduct).name).toBe('Wool Beanie');
  });

  it('reports stock: sold out, partly sold out, not tracked', async () => {
    const bySlug = async (slug: string) =>
      (await server().call('GET', `${READER}/products/${await demoProductId(server().ctx, slug)}`)).body
        .product as WireProduct;
    const jacket = await bySlug('quilted-field-jacket');
    expect(jacket.stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    });
    const runner = await bySlug('trail-runner-gtx');
    expect(runner.stock.inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    expect(runner.stock.inStock).toBe(true);
    const sizes = runner.productOptions[0]!.choices;
    expect(sizes.filter((c) => !c.inStock).map((c) => c.description)).toEqual(['US 7', 'US 8']);
    const hammock = await bySlug('hammock-with-straps');
    expect(hammock.stock).toEqual({ trackInventory: false, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('serves the seeded images with their dimensions', async () => {
    const [product] = await all({ slug: 'canvas-tote-bag' });
    const image = product!.media.mainMedia!.image;
    expect(image).toMatchObject({ width: 800, height: 800, filename: 'canvas-tote-bag.jpg' });
    // Signed (media.test.ts covers the signatures).
    expect(image.url).toMatch(
      new RegExp(`^${server().url}/media/${image.id}/canvas-tote-bag\\.jpg\\?expires=\\d+&sig=[\\w-]+$`),
    );
    const res = await fetch(image.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    const missing = await server().call('GET', `/media/${image.id}/..%2F..%2Fsecret.jpg`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ details: { applicationError: { code: 'MEDIA_NOT_FOUND' } } });
  });
});

describe('product queries', () => {
  it('filters, sorts and pages; the .r GET form equals the POST fallback', async () => {
    const request = {
      query: {
        filter: { 'priceData.price': { $gte: 20, $lt: 60 }, productType: 'physical', inStock: true },
        sort: [{ fieldName: 'price', order: 'DESC' }, { fieldName: 'name' }],
        paging: { limit: 5, offset: 5 },
      },
    };
    const posted = await query(request);
    const got = await server().call(
      'GET',
      `${READER}/products/query-platformized?${encodeComplexQuery(request)}`,
    );
    expect(got.status).toBe(200);
    expect(got.body).toEqual(posted);
    expect(posted.products).toHaveLength(5);
    expect(posted.metadata.offset).toBe(5);
    const everything = await all(request.query.filter, undefined, request.query.sort);
    expect(posted.metadata.total).toBe(everything.length);
    const prices = everything.map((p) => p.priceData.price);
    expect(prices.every((p) => p >= 20 && p < 60)).toBe(true);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    for (let i = 1; i < everything.length; i++) {
      const [a, b] = [everything[i - 1]!, everything[i]!];
      if (a.priceData.price === b.priceData.price) expect(a.name <= b.name).toBe(true);
    }
    expect(posted.products.map((p) => p.id)).toEqual(everything.slice(5, 10).map((p) => p.id));
  });

  it('supports every filter field of the catalogue', async () => {
    const collection = (await server().call('GET', '/v2/collections/slug/kitchen')).body
      .collection as WireCollection;
    const kitchen = await all({ collectionIds: { $hasSome: [collection.id] } });
    const visibleKitchen = DEMO_PRODUCTS.filter((p) => p.collection === 'kitchen' && !p.hidden).length;
    expect(kitchen).toHaveLength(visibleKitchen);
    expect(kitchen.every((p) => p.collectionIds.includes(collection.id))).toBe(true);
    expect(await all({ 'collections.id': { $hasSome: [collection.id] } })).toHaveLength(visibleKitchen);
    expect(await all({ collectionIds: collection.id })).toHaveLength(visibleKitchen);

    const cobble = DEMO_PRODUCTS.filter((p) => p.brand === 'Cobble & Co.').length;
    expect((await all({ brand: 'Cobble & Co.' })).map((p) => p.brand)).toEqual(
      Array(cobble).fill('Cobble & Co.'),
    );
    const sale = DEMO_PRODUCTS.filter((p) => p.ribbon === 'Sale' && !p.hidden).length;
    expect((await all({ ribbon: { $in: ['Sale'] } })).length).toBe(sale);
    const digital = await all({ productType: 'digital' });
    expect(digital.map((p) => p.slug).sort()).toEqual([
      'alpine-trail-maps-digital-pack',
      'sourdough-at-home-e-book',
    ]);
    const soldOut = await all({ inStock: false });
    expect(soldOut.map((p) => p.slug).sort()).toEqual([
      'ceramic-teapot',
      'hammock-with-straps',
      'minimalist-running-shoe',
      'quilted-field-jacket',
      'wool-area-rug',
    ]);
    expect(await all({ 'stock.inventoryStatus': 'PARTIALLY_OUT_OF_STOCK' })).toHaveLength(1);
    const [tee] = await all({ sku: 'AP-0001' });
    expect(tee?.slug).toBe('classic-cotton-tee');
    expect((await all({ id: tee!.id })).map((p) => p.slug)).toEqual(['classic-cotton-tee']);
    expect((await all({ numericId: tee!.numericId })).map((p) => p.slug)).toEqual(['classic-cotton-tee']);
    expect((await all({ numericId: Number(tee!.numericId) })).map((p) => p.slug)).toEqual([
      'classic-cotton-tee',
    ]);
    expect((await all({ name: { $startsWith: 'classic' } })).map((p) => p.name).sort()).toEqual([
      'Classic Cotton Tee',
      'Classic French Press',
    ]);
    expect((await all({ name: { $endsWith: 'BOOT' } })).length).toBe(3);
    expect((await all({ name: { $contains: '100%' } })).length).toBe(0);
    expect(await all({ discountedPrice: { $lt: 10 } })).toHaveLength(1);
    expect(await all({ lastUpdated: { $gt: new Date(Date.now() + 60_000).toISOString() } })).toEqual([]);
    expect((await all({ createdDate: { $lte: new Date().toISOString() } })).length).toBe(68);
    expect((await all({ ribbon: null })).every((p) => p.ribbon === undefined)).toBe(true);
    expect((await all({ ribbon: { $exists: true } })).every((p) => p.ribbon !== undefined)).toBe(true);
    const either = await all({ $or: [{ brand: 'Fernleaf' }, { ribbon: 'Limited' }] });
    expect(either.every((p) => p.brand === 'Fernleaf' || p.ribbon === 'Limited')).toBe(true);
    const notShoes = await all({ $not: { name: { $contains: 'shoe' } }, brand: 'Strider' });
    expect(notShoes.every((p) => !p.name.toLowerCase().includes('shoe'))).toBe(true);
  });

  it('searches name and description as full text', async () => {
    // English stemming: "boots" finds "Boot"; words are ANDed.
    expect((await all({ search: 'leather boots' })).map((p) => p.slug)).toEqual(['leather-chelsea-boot']);
    expect((await all({ search: 'sea salt' })).map((p) => p.slug)).toEqual([]);
    // The description counts too (lower weight than the name).
    const fromDescription = await all({ search: 'northwind apparel' });
    expect(fromDescription.length).toBeGreaterThan(2);
    expect(fromDescription.every((p) => p.brand === 'Northwind')).toBe(true);
    const wallets = await all({ search: 'wallet', brand: 'Cobble & Co.' });
    expect(wallets.map((p) => p.slug)).toEqual(['leather-card-wallet']);
    expect(await all({ search: 'xylophone' })).toEqual([]);
  });

  it('forgives a typo in a product name (pg_trgm word similarity), not a word that is nowhere near', async () => {
    expect((await all({ search: 'skilet' })).map((p) => p.slug)).toEqual(['cast-iron-skillet']);
    expect((await all({ search: 'fench pres' })).map((p) => p.slug)).toContain('classic-french-press');
    expect((await all({ search: 'chelsae boot' })).map((p) => p.slug)).toContain('leather-chelsea-boot');
    // Combined with other filters like any condition.
    expect(await all({ search: 'skilet', brand: 'Northwind' })).toEqual([]);
    expect(await all({ search: 'xylofone' })).toEqual([]);
  });

  it('answers an unknown filter field, operator, bad value or sort with 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ filter: { colour: 'red' } }, 'query.filter.colour'],
      [{ filter: { price: { $near: 3 } } }, 'query.filter.price.$near'],
      [{ filter: { price: 'cheap' } }, 'query.filter.price'],
      [{ filter: { id: 'nope' } }, 'query.filter.id'],
      [{ filter: { $or: [{ inStock: 'maybe' }] } }, 'query.filter.$or[0].inStock'],
      [{ filter: { productType: 'service' } }, 'query.filter.productType'],
      [{ sort: [{ fieldName: 'description' }] }, 'query.sort[0].fieldName'],
      [{ paging: { limit: 1000 } }, 'query.paging.limit'],
      [{ cursorPaging: { cursor: 'garbage!' } }, 'query.cursorPaging.cursor'],
    ];
    for (const [q, field] of cases) {
      const res = await server().call('POST', `${READER}/products/query-platformized`, {
        body: { query: q },
      });
      expect(res.status, field).toBe(400);
      const violations = (
        res.body.details as { validationError: { fieldViolations: Array<{ field: string }> } }
      ).validationError.fieldViolations;
      expect(violations.map((v) => v.field)).toContain(field);
    }
    const got = await server().call(
      'GET',
      `${READER}/products/query-platformized?${encodeComplexQuery({ query: { filter: { colour: 'red' } } })}`,
    );
    expect(got.status).toBe(400);
    expect(got.body).toMatchObject({
      message: 'INVALID_ARGUMENT',
      details: { validationError: { fieldViolations: [{ field: 'query.filter.colour', data: {} }] } },
    });
  });

  it('pages with cursors forwards and back over the same rows as offset paging', async () => {
    const filter = { price: { $lt: 100 } };
    const sort = [
      { fieldName: 'brand', order: 'ASC' },
      { fieldName: 'price', order: 'DESC' },
    ];
    const expected = (await query({ query: { filter, sort, paging: { limit: 100 } } })).products.map(
      (p) => p.id,
    );
    expect(expected.length).toBeGreaterThan(20);
    const seen: string[] = [];
    const cursors: Array<string | null> = [];
    let page = await query({ query: { filter, sort, cursorPaging: { limit: 7 } } });
    expect(page.metadata.cursors?.prev).toBeNull();
    for (;;) {
      seen.push(...page.products.map((p) => p.id));
      cursors.push(page.metadata.cursors?.prev ?? null);
      if (!page.metadata.hasNext) break;
      page = await query({ query: { cursorPaging: { limit: 7, cursor: page.metadata.cursors!.next } } });
    }
    expect(seen).toEqual(expected);
    // Back one page from the last.
    const back = await query({ query: { cursorPaging: { limit: 7, cursor: cursors.at(-1) } } });
    const lastStart = Math.floor((expected.length - 1) / 7) * 7;
    expect(back.products.map((p) => p.id)).toEqual(expected.slice(lastStart - 7, lastStart));
    expect(back.metadata.hasNext).toBe(true);
  });

  it('returns variants in lists on request', async () => {
    const plain = await query({
      query: { filter: { slug: 'wool-beanie' } },
      includeMerchantSpecificData: true,
    });
    expect(plain.products[0]!.variants).toBeUndefined();
    expect(plain.products[0]!.costAndProfitData).toBeUndefined();
    const merchant = await query(
      { query: { filter: { slug: 'wool-beanie' } }, includeMerchantSpecificData: true },
      server().adminKey,
    );
    expect(merchant.products[0]!.costAndProfitData?.itemCost).toBeGreaterThan(0);
    const withVariants = await query({ query: { filter: { slug: 'wool-beanie' } }, includeVariants: true });
    expect(withVariants.products[0]!.variants?.map((v) => v.choices.Color)).toEqual([
      'Rust',
      'Heather Grey',
      'Black',
    ]);
    const simple = await query({ query: { filter: { slug: 'weekender-duffel' } }, includeVariants: true });
    expect(simple.products[0]!.variants?.map((v) => v.id)).toEqual(['00000000-0000-0000-0000-000000000000']);
  });
});

describe('collections', () => {
  it('gets collections by id and slug on v2 and v1 paths', async () => {
    const bySlug = await server().call('GET', '/v2/collections/slug/shoes');
    expect(bySlug.status).toBe(200);
    const shoes = bySlug.body.collection as WireCollection;
    expect(shoes).toMatchObject({ name: 'Shoes', slug: 'shoes', visible: true, numberOfProducts: 11 });
    expect(shoes.media.mainMedia?.image.url).toContain('/media/');
    expect((await server().call('GET', `/v2/collections/${shoes.id}`)).body).toEqual({ collection: shoes });
    for (const prefix of [READER, '/_api/catalog-reader-server/v1']) {
      expect((await server().call('GET', `${prefix}/collections/slug/shoes`)).body).toEqual({
        collection: shoes,
      });
    }
  });

  it('answers a missing or hidden collection with 404 COLLECTION_NOT_FOUND for visitors', async () => {
    for (const path of [
      '/v2/collections/slug/nope',
      '/v2/collections/slug/staff-picks',
      '/v2/collections/123',
    ]) {
      const res = await server().call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ details: { applicationError: { code: 'COLLECTION_NOT_FOUND' } } });
    }
    const admin = await server().call('GET', '/v2/collections/slug/staff-picks', {
      token: server().adminKey,
    });
    expect(admin.body.collection).toMatchObject({ visible: false, numberOfProducts: 3 });
  });

  it('queries collections with filter, sort and paging in both forms', async () => {
    const request = {
      query: { sort: [{ fieldName: 'numberOfProducts', order: 'DESC' }], paging: { limit: 3 } },
    };
    const posted = await server().call('POST', '/v2/collections/query', { body: request });
    expect(posted.status).toBe(200);
    const got = await server().call('GET', `/v2/collections/query?${encodeComplexQuery(request)}`);
    expect(got.body).toEqual(posted.body);
    const list = posted.body.collections as WireCollection[];
    expect(list[0]).toMatchObject({ slug: 'kitchen', numberOfProducts: 13 });
    expect(posted.body.metadata).toEqual({ count: 3, offset: 0, total: 6, tooManyToCount: false });

    const all = await server().call('POST', '/v2/collections/query', { body: {} });
    expect((all.body.collections as WireCollection[]).map((c) => c.name)).toEqual([
      'Accessories',
      'Apparel',
      'Home',
      'Kitchen',
      'Outdoor',
      'Shoes',
    ]);
    const admin = await server().call('POST', '/v2/collections/query', {
      body: { query: { filter: { visible: false } } },
      token: server().adminKey,
    });
    expect((admin.body.collections as WireCollection[]).map((c) => c.slug)).toEqual(['staff-picks']);
    const bad = await server().call('POST', '/v2/collections/query', {
      body: { query: { filter: { colour: 1 } } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('catalogue writes', () => {
  it('recorded outbox events for the seed', async () => {
    const counted = await rows<{ type: string; n: number }>(
      server().ctx.db,
      sql`select entity || '.' || type as type, count(*)::int as n from outbox_events group by 1 order by 1`,
    );
    expect(counted).toEqual(
      expect.arrayContaining([
        { type: 'product.created', n: 69 },
        { type: 'collection.created', n: 7 },
        { type: 'brand.created', n: new Set(DEMO_PRODUCTS.map((p) => p.brand)).size },
        { type: 'ribbon.created', n: 4 },
      ]),
    );
  });

  it('creates products with unique slugs and checks their input', async () => {
    const created = await createProduct(server().ctx, { name: 'Wool Beanie', price: '20' });
    expect(created.slug).toBe('wool-beanie-2');
    const res = await server().call('GET', `${READER}/products/${created.id}`);
    expect(res.body.product).toMatchObject({
      slug: 'wool-beanie-2',
      priceData: { price: 20 },
      manageVariants: false,
      stock: { trackInventory: false, inStock: true, inventoryStatus: 'IN_STOCK' },
    });
    await expect(
      createProduct(server().ctx, { name: 'Other', slug: 'wool-beanie', price: '1' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'PRODUCT_SLUG_ALREADY_EXISTS',
    });
    await expect(
      createProduct(server().ctx, {
        name: 'Bad',
        price: '1.234',
        productOptions: [{ name: 'Size', choices: [{ value: 'S' }] }],
        variants: [{ choices: { Size: 'XL' } }],
      }),
    ).rejects.toMatchObject({
      violations: [
        { field: 'product.price', violatedRule: 'FORMAT' },
        { field: 'product.variants[0].choices', violatedRule: 'VALIDATION' },
      ],
    });
    const collection = await createCollection(server().ctx, { name: 'Shoes' });
    expect(collection.slug).toBe('shoes-2');
    expect(await addProductsToCollection(server().ctx, collection.id, [created.id, created.id])).toEqual([
      created.id,
    ]);
    expect(await addProductsToCollection(server().ctx, collection.id, [created.id])).toEqual([]);
    const [withCollection] = await all({ collectionIds: collection.id });
    expect(withCollection?.collectionIds).toEqual([collection.id]);
    expect(await removeProductsFromCollection(server().ctx, collection.id, [created.id])).toEqual([
      created.id,
    ]);
    expect(await all({ collectionIds: collection.id })).toEqual([]);
    const after = await server().call('GET', `/v2/collections/${collection.id}`);
    expect(after.body.collection).toMatchObject({ numberOfProducts: 0 });
    await expect(addProductsToCollection(server().ctx, collection.id, ['nope'])).rejects.toMatchObject({
      violations: [{ field: 'productIds[0]' }],
    });
  });

  it('re-derives stock columns from inventory', async () => {
    const id = await demoProductId(server().ctx, 'classic-french-press');
    await server()
      .ctx.db.update(inventoryItems)
      .set({ quantity: 0, inStock: false })
      .where(sql`${inventoryItems.productId} = ${id}`);
    await refreshProduct(server().ctx.db, id);
    const [row] = await server()
      .ctx.db.select({
        inStock: products.inStock,
        status: products.inventoryStatus,
        quantity: products.quantity,
      })
      .from(products)
      .where(sql`${products.id} = ${id}`);
    expect(row).toEqual({ inStock: false, status: 'OUT_OF_STOCK', quantity: 0 });
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = await server().call('GET', '/openapi.json');
    const paths = Object.keys(doc.body.paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/stores-reader/v1/products/{id}',
        '/stores-reader/v1/products/query-platformized',
        '/stores-reader/v1/collections/slug/{slug}',
        '/v2/collections/{id}',
        '/v2/collections/slug/{slug}',
        '/v2/collections/query',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/_api/catalog-reader-server'))).toBe(false);
  });
});
