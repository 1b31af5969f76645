import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { seedImage } from '../src/seed/images.ts';
import { sizeAndColorOptions } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

const W = '/stores/v1';
const R = '/stores-reader/v1';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';

interface Variant {
  id: string;
  choices: Record<string, string>;
  variant: {
    priceData: { price: number; discountedPrice: number };
    costAndProfitData?: { itemCost: number };
    weight?: number;
    sku?: string;
    visible: boolean;
    productDimensions?: Record<string, string>;
  };
  stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
}
interface Product {
  id: string;
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  brand?: string;
  ribbon?: string;
  sku?: string;
  weight?: number;
  manageVariants: boolean;
  collectionIds: string[];
  priceData: { price: number; discountedPrice: number };
  priceRange: { minValue: number; maxValue: number };
  costAndProfitData?: { itemCost: number };
  discount: { type: string; value: number };
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  media: {
    mainMedia?: { id: string };
    items: Array<{ id: string; image: { url: string; width: number; altText?: string } }>;
  };
  productOptions: Array<{
    name: string;
    choices: Array<{
      value: string;
      description: string;
      inStock: boolean;
      visible: boolean;
      media: { items: Array<{ id: string }> };
    }>;
  }>;
  variants?: Variant[];
  additionalInfoSections: Array<{ title: string; description: string }>;
}
type Violations = {
  details: { validationError: { fieldViolations: Array<{ field: string; violatedRule: string }> } };
};

const { server, ok } = serverForFile({ dataDirName: 'writes' });
const admin = () => server().adminKey;

async function read(id: string, token: string | null = admin()): Promise<Product> {
  return (await ok('GET', `${R}/products/${id}?includeMerchantSpecificData=true`, undefined, token))
    .product as Product;
}

async function create(product: Record<string, unknown>): Promise<Product> {
  return (await ok('POST', `${W}/products`, { product })).product as Product;
}

function fields(body: Record<string, unknown>): string[] {
  return (body as unknown as Violations).details.validationError.fieldViolations.map((v) => v.field);
}

async function events(
  entity: string,
  entityId: string,
): Promise<Array<{ type: string; payload: Record<string, unknown> }>> {
  return rows(
    server().ctx.db,
    sql`select type, payload from outbox_events where entity = ${entity} and entity_id = ${entityId} order by id`,
  );
}

/** A drawn shirt picture in the media library (`test:<key>`): hue and initials drawn on it, its file name. */
const shirtImage = (key: string, hue: number, initials: string, filename: string) =>
  seedImage(server().ctx, `test:${key}`, { shape: 'shirt', hue, initials }, { filename });

const shirt = () => ({
  name: 'Field Shirt',
  description: '<p>Soft <b>cotton</b>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  priceData: { price: 30 },
  costAndProfitData: { itemCost: 12 },
  weight: 0.3,
  sku: 'FS-1',
  brand: 'Northwind',
  ribbon: 'New',
  productOptions: sizeAndColorOptions({ '#000000': 'Black', '#ffffff': 'White' }),
  additionalInfoSections: [{ title: 'Care', description: '<p>Wash cold</p><iframe src="x"></iframe>' }],
});

describe('admin only', () => {
  it('refuses writes without the admin key (401) and with a bad token (401), on both prefixes', async () => {
    const calls: Array<[string, string, unknown]> = [
      ['POST', `${W}/products`, { product: { name: 'x', priceData: { price: 1 } } }],
      ['PATCH', `${W}/products/${DEFAULT_VARIANT}`, { product: { name: 'x' } }],
      ['DELETE', `${W}/products/${DEFAULT_VARIANT}`, undefined],
      [
        'PATCH',
        `${W}/products/${DEFAULT_VARIANT}/variants`,
        { variants: [{ variantIds: [DEFAULT_VARIANT], price: 1 }] },
      ],
      ['POST', `${W}/products/${DEFAULT_VARIANT}/media`, { media: [{ url: 'https://example.com/a.jpg' }] }],
      ['POST', `${W}/bulk/products/update`, { ids: [DEFAULT_VARIANT], set: { price: 1 } }],
      [
        'POST',
        `${W}/bulk/products/adjust-properties`,
        { ids: [DEFAULT_VARIANT], adjust: { price: { amount: 1 } } },
      ],
      ['POST', `${W}/collections`, { collection: { name: 'x' } }],
      ['DELETE', `${W}/collections/${DEFAULT_VARIANT}`, undefined],
      ['POST', '/_api/catalog-server/v1/products', { product: { name: 'x', priceData: { price: 1 } } }],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await server().call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toMatchObject({ details: { applicationError: { code: 'UNAUTHENTICATED' } } });
      const visitor = await server().call(method, path, {
        body,
        token: 'eyJhbGciOiJFUzI1NiJ9.visitor.token',
      });
      expect(visitor.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('products', () => {
  it('creates a product with options, sanitised HTML, brand and ribbon; reads it back; records the event', async () => {
    const product = await create(shirt());
    expect(product).toMatchObject({
      name: 'Field Shirt',
      slug: 'field-shirt',
      brand: 'Northwind',
      ribbon: 'New',
      manageVariants: true,
      priceData: { price: 30, discountedPrice: 30 },
      costAndProfitData: { itemCost: 12 },
      stock: { trackInventory: false, inStock: true, inventoryStatus: 'IN_STOCK' },
    });
    expect(product.description).toBe('<p>Soft <b>cotton</b>.</p><img src="x" />');
    expect(product.additionalInfoSections).toEqual([{ title: 'Care', description: '<p>Wash cold</p>' }]);
    expect(product.variants).toHaveLength(6);
    expect(product.variants!.every((v) => v.variant.priceData.price === 30 && v.variant.weight === 0.3)).toBe(
      true,
    );
    expect(await read(product.id, null)).toMatchObject({ name: 'Field Shirt' });
    const again = await create({ ...shirt(), brand: undefined, ribbon: undefined });
    expect(again.slug).toBe('field-shirt-2');
    expect((await events('product', product.id)).map((e) => e.type)).toEqual(['created']);
    const [brandEvent] = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from outbox_events where entity = 'brand' and type = 'created'`,
    );
    expect(brandEvent?.n).toBe(1);
  });

  it('names the field of a bad product', async () => {
    const cases: Array<[unknown, string]> = [
      [{ product: { priceData: { price: 1 } } }, 'product.name'],
      [{ product: { name: 'X' } }, 'product.priceData.price'],
      [{ product: { name: 'X', priceData: { price: -1 } } }, 'product.priceData.price'],
      [{ product: { name: 'X', priceData: { price: 1 }, productType: 'service' } }, 'product.productType'],
      [
        { product: { name: 'X', priceData: { price: 1 }, discount: { type: 'PERCENT', value: 120 } } },
        'product.discount.value',
      ],
      [
        {
          product: {
            name: 'X',
            priceData: { price: 1 },
            productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'S' }] }],
          },
        },
        'product.productOptions[0].choices',
      ],
      [
        { product: { name: 'X', priceData: { price: 1 }, productDimensions: { length: 'ten' } } },
        'product.productDimensions.length',
      ],
      [{}, 'product'],
    ];
    for (const [body, field] of cases) {
      const res = await server().call('POST', `${W}/products`, { body, token: admin() });
      expect(res.status, field).toBe(400);
      expect(fields(res.body), JSON.stringify(res.body)).toContain(field);
    }
    const taken = await server().call('POST', `${W}/products`, {
      body: { product: { name: 'Y', slug: 'field-shirt', priceData: { price: 1 } } },
      token: admin(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      details: { applicationError: { code: 'PRODUCT_SLUG_ALREADY_EXISTS' } },
    });
  });

  it('updates only the fields sent; a discount re-prices variants; new options keep surviving variants', async () => {
    const product = await create({ ...shirt(), name: 'Update Me' });
    const small = product.variants!.find((v) => v.choices.Size === 'S' && v.choices.Color === 'Black')!;
    const updated = (
      await ok('PATCH', `${W}/products/${product.id}`, {
        product: { id: product.id, name: 'Updated', discount: { type: 'PERCENT', value: 10 }, ribbon: null },
      })
    ).product as Product;
    expect(updated).toMatchObject({
      name: 'Updated',
      slug: 'update-me',
      brand: 'Northwind',
      discount: { type: 'PERCENT', value: 10 },
      priceData: { price: 30, discountedPrice: 27 },
    });
    expect(updated.ribbon).toBeUndefined();
    expect(updated.variants!.every((v) => v.variant.priceData.discountedPrice === 27)).toBe(true);

    const reshaped = (
      await ok('PATCH', `${W}/products/${product.id}`, {
        product: {
          productOptions: [
            { name: 'Size', choices: [{ value: 'S' }, { value: 'XL' }] },
            { name: 'Color', optionType: 'color', choices: [{ value: '#000000', description: 'Black' }] },
          ],
        },
      })
    ).product as Product;
    expect(reshaped.variants!.map((v) => `${v.choices.Size}/${v.choices.Color}`)).toEqual([
      'S/Black',
      'XL/Black',
    ]);
    expect(reshaped.variants!.find((v) => v.choices.Size === 'S')!.id).toBe(small.id);
    expect(reshaped.productOptions[1]).toMatchObject({
      name: 'Color',
      choices: [{ value: '#000000', description: 'Black' }],
    });
    const types = (await events('product', product.id)).map((e) => e.type);
    expect(types).toEqual(['created', 'updated', 'updated', 'variants_changed']);
    expect((await events('product', product.id))[1]!.payload).toMatchObject({
      changedFields: expect.arrayContaining(['name', 'discount', 'ribbon']),
    });

    const bad = await server().call('PATCH', `${W}/products/${product.id}`, {
      body: { product: { id: DEFAULT_VARIANT } },
      token: admin(),
    });
    expect(fields(bad.body)).toEqual(['product.id']);
    const missing = await server().call('PATCH', `${W}/products/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`, {
      body: { product: { name: 'x' } },
      token: admin(),
    });
    expect(missing.status).toBe(404);
  });

  it('keeps a simple product and its default variant in step', async () => {
    const product = await create({ name: 'Simple Mug', priceData: { price: 12.5 }, weight: 0.4, sku: 'MUG' });
    expect(product.variants!.map((v) => v.id)).toEqual([DEFAULT_VARIANT]);
    await ok('PATCH', `${W}/products/${product.id}`, { product: { priceData: { price: 14 }, sku: 'MUG-2' } });
    let after = await read(product.id);
    expect(after.variants![0]!.variant).toMatchObject({ priceData: { price: 14 }, sku: 'MUG-2' });
    await ok('PATCH', `${W}/products/${product.id}/variants`, {
      variants: [{ variantIds: [DEFAULT_VARIANT], price: 15, weight: 0.5 }],
    });
    after = await read(product.id);
    expect(after).toMatchObject({
      priceData: { price: 15 },
      weight: 0.5,
      priceRange: { minValue: 15, maxValue: 15 },
    });
  });

  it('deletes a product: gone from reads and from its collections', async () => {
    const product = await create({ name: 'Doomed', priceData: { price: 1 } });
    const collection = (await ok('POST', `${W}/collections`, { collection: { name: 'Doomed Things' } }))
      .collection as { id: string };
    await ok('POST', `${W}/collections/${collection.id}/productIds`, { productIds: [product.id] });
    expect((await ok('GET', `/v2/collections/${collection.id}`)).collection).toMatchObject({
      numberOfProducts: 1,
    });
    await ok('DELETE', `${W}/products/${product.id}`);
    expect((await server().call('GET', `${R}/products/${product.id}`, { token: admin() })).status).toBe(404);
    expect((await ok('GET', `/v2/collections/${collection.id}`)).collection).toMatchObject({
      numberOfProducts: 0,
    });
    expect((await events('product', product.id)).map((e) => e.type)).toEqual(['created', 'deleted']);
    expect((await server().call('DELETE', `${W}/products/${product.id}`, { token: admin() })).status).toBe(
      404,
    );
  });

  it('removes brand and ribbon', async () => {
    const product = await create({ ...shirt(), name: 'Branded' });
    await ok('POST', `${W}/products/${product.id}/remove-brand`, { id: product.id });
    await ok('POST', `/_api/catalog-server/v1/products/${product.id}/remove-ribbon`, {});
    const after = await read(product.id);
    expect(after.brand).toBeUndefined();
    expect(after.ribbon).toBeUndefined();
    const page = await ok('POST', `${R}/products/query-platformized`, {
      query: { filter: { id: product.id, brand: null } },
    });
    expect((page.products as Product[]).map((p) => p.id)).toEqual([product.id]);
  });
});

describe('variants', () => {
  it('updates variants by choices and by ids; resets them; records variants_changed', async () => {
    const product = await create({ ...shirt(), name: 'Variant Shirt' });
    const [first] = product.variants!;
    const variants = (
      await ok('PATCH', `${W}/products/${product.id}/variants`, {
        variants: [
          { choices: { Size: 'L' }, price: 35, cost: 14, weight: 0.4 },
          {
            variantIds: [first!.id],
            sku: 'FS-S-BLK',
            visible: false,
            productDimensions: { length: '70', unit: 'CM' },
          },
        ],
      })
    ).variants as Variant[];
    expect(variants).toHaveLength(6);
    const large = variants.filter((v) => v.choices.Size === 'L');
    expect(
      large.map((v) => [v.variant.priceData.price, v.variant.costAndProfitData?.itemCost, v.variant.weight]),
    ).toEqual([
      [35, 14, 0.4],
      [35, 14, 0.4],
    ]);
    expect(variants.find((v) => v.id === first!.id)!.variant).toMatchObject({
      sku: 'FS-S-BLK',
      visible: false,
      productDimensions: { length: '70', unit: 'CM' },
    });
    const after = await read(product.id);
    expect(after.priceRange).toEqual({ minValue: 30, maxValue: 35 });
    expect((await events('product', product.id)).map((e) => e.type)).toEqual(['created', 'variants_changed']);

    const bad = await server().call('PATCH', `${W}/products/${product.id}/variants`, {
      body: { variants: [{ choices: { Fit: 'Slim' }, price: 1 }, { variantIds: ['nope'] }, { price: 3 }] },
      token: admin(),
    });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual([
      'variants[0].choices.Fit',
      'variants[1].variantIds[0]',
      'variants[2].variantIds',
    ]);

    await ok('POST', `${W}/products/${product.id}/variants/resetToDefault`, { id: product.id });
    const reset = await read(product.id);
    expect(reset.variants!.every((v) => v.variant.priceData.price === 30 && v.variant.visible)).toBe(true);
    expect(reset.priceRange).toEqual({ minValue: 30, maxValue: 30 });
  });

  it('deletes options: back to one default variant holding the stock of all', async () => {
    const product = await create({ ...shirt(), name: 'Optionless' });
    await ok('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
      inventoryItem: {
        trackQuantity: true,
        variants: product.variants!.map((v) => ({ variantId: v.id, quantity: 2 })),
      },
    });
    await ok('DELETE', `${W}/products/${product.id}/options`);
    const after = await read(product.id);
    expect(after).toMatchObject({
      manageVariants: false,
      productOptions: [],
      stock: { trackInventory: true, quantity: 12 },
    });
    expect(after.variants!.map((v) => v.id)).toEqual([DEFAULT_VARIANT]);
  });
});

describe('media', () => {
  it('adds media by id and URL (also to a choice), edits choice media, removes media everywhere', async () => {
    const stored = await shirtImage('media', 10, 'T', 'tee.jpg');
    const product = await create({ ...shirt(), name: 'Media Shirt' });
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [
        { mediaId: stored.id, choice: { option: 'Color', choice: 'Black' } },
        { url: 'https://images.example.com/shirts/white.png' },
      ],
    });
    let after = await read(product.id);
    expect(after.media.items.map((m) => m.id)).toHaveLength(2);
    expect(after.media.items[0]!.image).toMatchObject({ width: 800 });
    expect(after.media.items[0]!.image.url).toContain(`${server().url}/media/${stored.id}/tee.jpg?expires=`);
    expect(after.media.items[1]!.image.url).toBe('https://images.example.com/shirts/white.png');
    const external = after.media.items[1]!.id;
    const black = () => after.productOptions[1]!.choices.find((c) => c.description === 'Black')!;
    expect(black().media.items.map((m) => m.id)).toEqual([stored.id]);

    await ok('PATCH', `${W}/products/${product.id}/choices/media`, {
      media: [{ option: 'Color', choice: '#ffffff', mediaIds: [external] }],
    });
    after = await read(product.id);
    expect(after.productOptions[1]!.choices[1]!.media.items.map((m) => m.id)).toEqual([external]);
    await ok('POST', `${W}/products/${product.id}/choices/media/delete`, {
      media: [{ option: 'Color', choice: 'White', mediaIds: [external] }],
    });
    after = await read(product.id);
    expect(after.productOptions[1]!.choices[1]!.media.items).toEqual([]);

    await ok('POST', `${W}/products/${product.id}/media/delete`, { mediaIds: [stored.id] });
    after = await read(product.id);
    expect(after.media.items.map((m) => m.id)).toEqual([external]);
    expect(black().media.items).toEqual([]);

    const bad = await server().call('PATCH', `${W}/products/${product.id}/choices/media`, {
      body: {
        media: [
          { option: 'Colour', choice: 'Black', mediaIds: [] },
          { option: 'Color', choice: 'Black', mediaIds: ['x'] },
        ],
      },
      token: admin(),
    });
    expect(fields(bad.body)).toEqual(['media[0].option', 'media[1].mediaIds[0]']);
    const none = await server().call('POST', `${W}/products/${product.id}/media`, {
      body: { media: [{}] },
      token: admin(),
    });
    expect(fields(none.body)).toEqual(['media[0].mediaId']);
    const unknown = await server().call('POST', `${W}/products/${product.id}/media`, {
      body: { media: [{ mediaId: '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f' }] },
      token: admin(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ details: { applicationError: { code: 'MEDIA_NOT_FOUND' } } });
  });

  it('removes all media (also from choices) when mediaIds is empty; a missing mediaIds is refused', async () => {
    const stored = await shirtImage('media-all', 200, 'A', 'all.jpg');
    const product = await create({ ...shirt(), name: 'Media All Shirt' });
    const other = await create({ name: 'Media Kept', priceData: { price: 3 } });
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [
        { mediaId: stored.id, choice: { option: 'Color', choice: 'Black' } },
        { url: 'https://images.example.com/all/1.png' },
        { url: 'https://images.example.com/all/2.png' },
      ],
    });
    await ok('POST', `${W}/products/${other.id}/media`, { media: [{ mediaId: stored.id }] });
    expect((await read(product.id)).media.items).toHaveLength(3);

    const missing = await server().call('POST', `${W}/products/${product.id}/media/delete`, {
      body: {},
      token: admin(),
    });
    expect(missing.status).toBe(400);
    expect(fields(missing.body)).toEqual(['mediaIds']);
    expect((await read(product.id)).media.items).toHaveLength(3);

    await ok('POST', `${W}/products/${product.id}/media/delete`, { mediaIds: [] });
    const after = await read(product.id);
    expect(after.media.items).toEqual([]);
    expect(after.media.mainMedia).toBeUndefined();
    for (const option of after.productOptions)
      for (const choice of option.choices) expect(choice.media.items).toEqual([]);
    // Another product showing the same file keeps it; removing nothing from an empty product is fine.
    expect((await read(other.id)).media.items.map((m) => m.id)).toEqual([stored.id]);
    await ok('POST', `${W}/products/${product.id}/media/delete`, { mediaIds: [] });
    expect((await read(product.id)).media.items).toEqual([]);
  });

  it('reorders media keeping ids and choices, and sets alt text; unknown or repeated ids refused', async () => {
    const product = await create({ ...shirt(), name: 'Media Order Shirt' });
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [
        { url: 'https://images.example.com/order/1.png', choice: { option: 'Color', choice: 'Black' } },
        { url: 'https://images.example.com/order/2.png' },
        { url: 'https://images.example.com/order/3.png' },
      ],
    });
    const [one, two, three] = (await read(product.id)).media.items.map((m) => m.id);
    await ok('POST', `${W}/products/${product.id}/media/reorder`, { mediaIds: [three, one] });
    let after = await read(product.id);
    expect(after.media.items.map((m) => m.id)).toEqual([three, one, two]);
    expect(after.media.mainMedia?.id).toBe(three);
    const black = after.productOptions[1]!.choices.find((c) => c.description === 'Black')!;
    expect(black.media.items.map((m) => m.id)).toEqual([one]);

    await ok('POST', `${W}/products/${product.id}/media/update`, {
      media: [{ mediaId: one, altText: '  Black shirt, front  ' }],
    });
    after = await read(product.id);
    expect(after.media.items[1]!.image.altText).toBe('Black shirt, front');
    await ok('POST', `${W}/products/${product.id}/media/update`, { media: [{ mediaId: one, altText: '' }] });
    expect((await read(product.id)).media.items[1]!.image).not.toHaveProperty('altText');

    const unknown = await server().call('POST', `${W}/products/${product.id}/media/reorder`, {
      body: { mediaIds: [two, 'nope', two] },
      token: admin(),
    });
    expect(unknown.status).toBe(400);
    expect(fields(unknown.body)).toEqual(['mediaIds[1]', 'mediaIds[2]']);
    const long = await server().call('POST', `${W}/products/${product.id}/media/update`, {
      body: { media: [{ mediaId: one, altText: 'x'.repeat(251) }] },
      token: admin(),
    });
    expect(long.status).toBe(400);
    expect(fields(long.body)).toEqual(['media[0].altText']);
    const notHere = await server().call('POST', `${W}/products/${product.id}/media/update`, {
      body: { media: [{ mediaId: 'nope', altText: 'x' }] },
      token: admin(),
    });
    expect(fields(notHere.body)).toEqual(['media[0].mediaId']);
    expect((await read(product.id)).media.items.map((m) => m.id)).toEqual([three, one, two]);
  });

  it('keeps every one of 20 media items added in parallel', async () => {
    const product = await create({ name: 'Gallery', priceData: { price: 5 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server().call('POST', `${W}/products/${product.id}/media`, {
          body: { media: [{ url: `https://images.example.com/gallery/${i}.jpg` }] },
          token: admin(),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await read(product.id);
    expect(after.media.items).toHaveLength(20);
    const urls = new Set(after.media.items.map((m) => m.image.url));
    expect(urls.size).toBe(20);
  });
});

describe('bulk', () => {
  it('sets price, cost, weight, ribbon and brand; a missing id fails alone', async () => {
    const a = await create({ name: 'Bulk A', priceData: { price: 10 } });
    const b = await create({ ...shirt(), name: 'Bulk B' });
    const missing = '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f';
    const result = await ok('POST', `${W}/bulk/products/update`, {
      ids: [a.id, missing, b.id],
      set: { price: 20, cost: 8, weight: 1.5, ribbon: 'Sale', brand: 'Acme' },
    });
    expect(result).toEqual({
      results: [
        { itemMetadata: { id: a.id, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: missing,
            originalIndex: 1,
            success: false,
            error: { code: 'PRODUCT_NOT_FOUND', description: expect.any(String), data: expect.any(Object) },
          },
        },
        { itemMetadata: { id: b.id, originalIndex: 2, success: true } },
      ],
      bulkActionMetadata: { totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 },
    });
    for (const id of [a.id, b.id]) {
      const p = await read(id);
      expect(p).toMatchObject({
        priceData: { price: 20 },
        costAndProfitData: { itemCost: 8 },
        ribbon: 'Sale',
        brand: 'Acme',
      });
      expect(p.variants!.every((v) => v.variant.priceData.price === 20 && v.variant.weight === 1.5)).toBe(
        true,
      );
    }
    const bad = await server().call('POST', `${W}/bulk/products/update`, {
      body: { ids: [a.id], set: {} },
      token: admin(),
    });
    expect(fields(bad.body)).toEqual(['set']);
  });

  it('adjusts by amount and percentage (rounding to whole units); a negative result fails that product only', async () => {
    const cheap = await create({ name: 'Cheap', priceData: { price: 3 }, weight: 1 });
    const dear = await create({
      name: 'Dear',
      priceData: { price: 19.99 },
      costAndProfitData: { itemCost: 10 },
      weight: 2,
    });
    const percent = await ok('POST', `${W}/bulk/products/adjust-properties`, {
      ids: [cheap.id, dear.id],
      adjust: {
        price: { percentage: { rate: 10, roundToInt: true } },
        weight: { percentage: { rate: -50 } },
      },
    });
    expect(percent.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 0,
      undetailedFailures: 0,
    });
    expect(await read(cheap.id)).toMatchObject({ priceData: { price: 3 }, weight: 0.5 });
    expect(await read(dear.id)).toMatchObject({ priceData: { price: 22 }, weight: 1 });
    const amount = await ok('POST', `${W}/bulk/products/adjust-properties`, {
      ids: [cheap.id, dear.id],
      adjust: { price: { amount: -5 }, cost: { amount: 1.5 } },
    });
    expect(amount.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 });
    expect(
      (amount.results as Array<{ itemMetadata: { error?: { code: string } } }>)[0]!.itemMetadata.error?.code,
    ).toBe('INVALID_ADJUSTMENT');
    expect(await read(cheap.id)).toMatchObject({ priceData: { price: 3 } });
    expect(await read(dear.id)).toMatchObject({
      priceData: { price: 17 },
      costAndProfitData: { itemCost: 11.5 },
    });
    const bad = await server().call('POST', `${W}/bulk/products/adjust-properties`, {
      body: { ids: [cheap.id], adjust: { price: { amount: 1, percentage: { rate: 2 } } } },
      token: admin(),
    });
    expect(fields(bad.body)).toEqual(['adjust.price']);
  });
});

describe('collections', () => {
  it('creates, updates, fills, empties and deletes a collection, keeping products in step', async () => {
    const p1 = await create({ name: 'Coll One', priceData: { price: 1 } });
    const p2 = await create({ name: 'Coll Two', priceData: { price: 2 } });
    const created = (
      await ok('POST', `${W}/collections`, {
        collection: { name: 'Summer', description: '<p>Hot</p><script>x</script>' },
      })
    ).collection as { id: string; slug: string; description: string; numberOfProducts: number };
    expect(created).toMatchObject({ slug: 'summer', description: '<p>Hot</p>', numberOfProducts: 0 });
    const updated = (
      await ok('PATCH', `${W}/collections/${created.id}`, {
        collection: { id: created.id, name: 'Summer 26', slug: 'summer-26', visible: false },
      })
    ).collection as Record<string, unknown>;
    expect(updated).toMatchObject({ name: 'Summer 26', slug: 'summer-26', visible: false });
    await ok('POST', `${W}/collections/${created.id}/productIds`, { productIds: [p1.id, p2.id] });
    expect((await read(p1.id)).collectionIds).toEqual([created.id]);
    expect((await ok('GET', `/v2/collections/${created.id}`)).collection).toMatchObject({
      numberOfProducts: 2,
    });
    await ok('POST', `${W}/collections/${created.id}/productIds/delete`, { productIds: [p1.id] });
    expect((await read(p1.id)).collectionIds).toEqual([]);
    expect((await ok('GET', `/v2/collections/${created.id}`)).collection).toMatchObject({
      numberOfProducts: 1,
    });
    await ok('DELETE', `${W}/collections/${created.id}`);
    expect((await read(p2.id)).collectionIds).toEqual([]);
    expect((await server().call('GET', `/v2/collections/${created.id}`, { token: admin() })).status).toBe(
      404,
    );
    expect((await events('collection', created.id)).map((e) => e.type)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'deleted',
    ]);

    expect(
      fields(
        (await server().call('POST', `${W}/collections`, { body: { collection: {} }, token: admin() })).body,
      ),
    ).toEqual(['collection.name']);
    const unknown = await server().call('POST', `${W}/collections/${DEFAULT_VARIANT}/productIds`, {
      body: { productIds: [] },
      token: admin(),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('variant reads', () => {
  it('answers product options availability', async () => {
    const product = await create({ ...shirt(), name: 'Availability Shirt' });
    const m = (c: string) =>
      product.variants!.filter((v) => v.choices.Size === 'M' && v.choices.Color === c)[0]!;
    await ok('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
      inventoryItem: {
        trackQuantity: true,
        variants: product.variants!.map((v) => ({
          variantId: v.id,
          quantity: v.id === m('Black').id ? 0 : 4,
        })),
      },
    });
    await ok('PATCH', `${W}/products/${product.id}/variants`, {
      variants: [{ choices: { Size: 'L', Color: 'White' }, price: 33, sku: 'FS-L-WHT' }],
    });
    const partial = await ok(
      'POST',
      `${R}/products/${product.id}/productOptionsAvailability`,
      { options: { Color: 'Black' } },
      null,
    );
    expect(partial.selectedVariant).toBeUndefined();
    expect(partial.availableForPurchase).toBe(false);
    const sizes = (partial.productOptions as Product['productOptions'])[0]!.choices;
    expect(sizes.map((c) => [c.description, c.inStock])).toEqual([
      ['S', true],
      ['M', false],
      ['L', true],
    ]);
    const full = await ok(
      'POST',
      `/_api/catalog-reader-server/v1/products/${product.id}/productOptionsAvailability`,
      {
        options: { Size: 'L', Color: '#ffffff' },
      },
    );
    expect(full).toMatchObject({
      selectedVariant: {
        price: { price: 33 },
        sku: 'FS-L-WHT',
        quantity: 4,
        inStock: true,
        visible: true,
        weight: 0.3,
      },
      availableForPurchase: true,
    });
    const soldOut = await ok('POST', `${R}/products/${product.id}/productOptionsAvailability`, {
      options: { Size: 'M', Color: 'Black' },
    });
    expect(soldOut).toMatchObject({
      selectedVariant: { inStock: false, quantity: 0 },
      availableForPurchase: false,
    });
    const bad = await server().call('POST', `${R}/products/${product.id}/productOptionsAvailability`, {
      body: { options: { Size: 'XXL' } },
    });
    expect(fields(bad.body)).toEqual(['options.Size']);
  });

  it('queries a product variants by choices and ids with paging; merchant data for admins only', async () => {
    const product = await create({ ...shirt(), name: 'Query Shirt' });
    const byChoice = await ok(
      'POST',
      `${R}/products/${product.id}/variants/query`,
      { choices: { Color: 'White' }, includeMerchantSpecificData: true },
      null,
    );
    expect(byChoice.totalResults).toBe(3);
    expect(
      (byChoice.variants as Variant[]).every(
        (v) => v.choices.Color === 'White' && !v.variant.costAndProfitData,
      ),
    ).toBe(true);
    const ids = product.variants!.slice(0, 4).map((v) => v.id);
    const paged = await ok('POST', `${R}/products/${product.id}/variants/query`, {
      variantIds: ids,
      paging: { limit: 3, offset: 1 },
      includeMerchantSpecificData: true,
    });
    expect(paged).toMatchObject({ metadata: { items: 3, offset: 1 }, totalResults: 4 });
    expect((paged.variants as Variant[]).map((v) => v.id)).toEqual(ids.slice(1, 4));
    expect((paged.variants as Variant[])[0]!.variant.costAndProfitData?.itemCost).toBe(12);
  });

  it('queries and gets store variants with their media', async () => {
    const stored = await shirtImage('variant', 200, 'V', 'v.jpg');
    const product = await create({ ...shirt(), name: 'Store Variant Shirt', sku: 'SVS' });
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [{ mediaId: stored.id, choice: { option: 'Color', choice: 'White' } }],
    });
    await ok('PATCH', `${W}/products/${product.id}/variants`, {
      variants: [{ choices: { Size: 'S', Color: 'White' }, sku: 'SVS-S-W' }],
    });
    const page = await ok(
      'POST',
      `${R}/variants/query`,
      { query: { filter: { productId: product.id }, paging: { limit: 10 } } },
      null,
    );
    const variants = page.variants as Array<
      Record<string, unknown> & { id: string; media?: { image: { id: string } } }
    >;
    expect(variants).toHaveLength(6);
    expect(page.metadata).toMatchObject({ count: 6, total: 6 });
    const white = variants.find(
      (v) => (v.choices as Record<string, string>).Color === 'White' && v.sku === 'SVS-S-W',
    )!;
    expect(white).toMatchObject({
      productId: product.id,
      productName: 'Store Variant Shirt',
      variantName: 'S / White',
      managedVariant: true,
      stock: { trackQuantity: false, inStock: true },
      preorderInfo: { enabled: false },
      media: { image: { id: stored.id, width: 800, filename: 'v.jpg' } },
    });
    expect(white.id).toBe(`${product.id}-${white.variantId}`);
    const got = await ok('GET', `${R}/variants/${white.id}`, undefined, null);
    expect(got.variant).toEqual(white);
    const bySku = await ok('POST', `${R}/variants/query`, { query: { filter: { sku: 'SVS-S-W' } } });
    expect((bySku.variants as Array<{ id: string }>).map((v) => v.id)).toEqual([white.id]);
    expect((await server().call('GET', `${R}/variants/nope`)).status).toBe(404);
    const bad = await server().call('POST', `${R}/variants/query`, {
      body: { query: { filter: { colour: 1 } } },
    });
    expect(fields(bad.body)).toEqual(['query.filter.colour']);
  });

  it('answers the catalogue version', async () => {
    expect(await ok('GET', '/stores/v3/provision/version', undefined, null)).toEqual({
      catalogVersion: 'V1_CATALOG',
    });
    expect(await ok('GET', '/_api/stores/v3/provision/version', undefined, null)).toEqual({
      catalogVersion: 'V1_CATALOG',
    });
  });

  it('documents the write routes in OpenAPI', async () => {
    const paths = Object.keys((await ok('GET', '/openapi.json', undefined, null)).paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/stores/v1/products',
        '/stores/v1/products/{id}/variants',
        '/stores/v1/bulk/products/adjust-properties',
        '/stores/v1/collections/{id}/productIds/delete',
        '/stores-reader/v1/products/{id}/productOptionsAvailability',
        '/stores-reader/v1/variants/{id}',
        '/stores/v3/provision/version',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/_api/catalog-server'))).toBe(false);
  });
});
