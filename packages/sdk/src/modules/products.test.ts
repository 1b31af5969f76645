import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import { type ProductsModule, products } from './products.ts';

const wireProduct = {
  id: 'p1',
  name: 'Shirt',
  lastUpdated: '2024-02-01T10:00:00.000Z',
  createdDate: '2024-01-01T10:00:00.000Z',
  weight: 'NaN',
  weightRange: { minValue: 1, maxValue: 'Infinity' },
  priceData: { currency: 'USD', price: 10.5, discountedPrice: '-Infinity', formatted: { price: '$10.50' } },
  costAndProfitData: { itemCost: 'NaN', profit: 4, profitMargin: 'Infinity', formattedProfit: 'NaN' },
  pricePerUnitData: { totalQuantity: 'Infinity', baseQuantity: 1 },
  discount: { type: 'NONE', value: 'NaN' },
  numericId: '1234567890123',
  variants: [
    {
      id: 'v1',
      variant: { weight: 'Infinity', priceData: { price: 'NaN' }, costAndProfitData: { itemCost: 'NaN' } },
    },
    { id: 'v2', variant: { weight: 2 } },
  ],
};

describe('products.getProduct', () => {
  it('GETs the encoded path with id and options in the query, and converts the product', async () => {
    const { fetch, calls } = fakeFetch(() => json({ product: wireProduct }));
    const client = createClient({ modules: { products }, fetch });
    const product = await client.products.getProduct('p/1', { includeMerchantSpecificData: true });
    const url = parseUrl(calls[0]?.url ?? '');
    expect(calls[0]?.method).toBe('GET');
    expect(url.path).toBe('/stores-reader/v1/products/p%2F1');
    expect(Object.fromEntries(url.params)).toEqual({ id: 'p/1', includeMerchantSpecificData: 'true' });
    expect(product.lastUpdated).toEqual(new Date('2024-02-01T10:00:00.000Z'));
    expect(product.createdDate).toEqual(new Date('2024-01-01T10:00:00.000Z'));
    expect(product.weight).toBeNaN();
    expect(product.weightRange).toEqual({ minValue: 1, maxValue: Number.POSITIVE_INFINITY });
    expect(product.priceData).toEqual({
      currency: 'USD',
      price: 10.5,
      discountedPrice: Number.NEGATIVE_INFINITY,
      formatted: { price: '$10.50' },
    });
    expect(product.costAndProfitData).toEqual({
      itemCost: Number.NaN,
      profit: 4,
      profitMargin: Number.POSITIVE_INFINITY,
      formattedProfit: 'NaN',
    });
    expect(product.pricePerUnitData?.totalQuantity).toBe(Number.POSITIVE_INFINITY);
    expect(product.discount?.value).toBeNaN();
    expect(product.numericId).toBe('1234567890123');
    expect(product.variants?.[0]?.variant?.weight).toBe(Number.POSITIVE_INFINITY);
    expect(product.variants?.[0]?.variant?.priceData?.price).toBeNaN();
    expect(product.variants?.[0]?.variant?.costAndProfitData?.itemCost).toBeNaN();
    expect(product.variants?.[1]?.variant?.weight).toBe(2);
  });

  it('sends only the id when no options are given', async () => {
    const { fetch, calls } = fakeFetch(() => json({ product: { id: 'p1' } }));
    await createClient({ modules: { products }, fetch }).products.getProduct('p1');
    expect(parseUrl(calls[0]?.url ?? '').params.toString()).toBe('id=p1');
  });
});

describe('products.queryProducts', () => {
  it('find() sends GET* query-platformized with the query in .r and returns a paged result', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ products: [wireProduct], metadata: { count: 1, offset: 0, total: 2, cursors: {} } }),
    );
    const client = createClient({ modules: { products }, fetch });
    const page = await client.products.queryProducts().eq('visible', true).ascending('name').limit(1).find();
    const url = parseUrl(calls[0]?.url ?? '');
    expect(calls[0]?.method).toBe('GET');
    expect(url.path).toBe('/stores-reader/v1/products/query-platformized');
    expect(url.r).toEqual({
      query: {
        filter: { visible: true },
        sort: [{ fieldName: 'name', order: 'ASC' }],
        paging: { limit: 1, offset: 0 },
      },
    });
    expect(page.items[0]?.createdDate).toEqual(new Date('2024-01-01T10:00:00.000Z'));
    expect(page.items[0]?.weight).toBeNaN();
    expect(page).toMatchObject({ totalCount: 2, pageSize: 1, currentPage: 0, length: 1 });
    expect(page.hasNext()).toBe(true);
  });

  it('falls back to POST on the same path for a long query', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
    );
    const ids = Array.from(
      { length: 200 },
      (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
    );
    await createClient({ modules: { products }, fetch }).products.queryProducts().in('id', ids).find();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/stores-reader/v1/products/query-platformized' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      query: { filter: { id: { $in: ids } }, paging: { limit: 50, offset: 0 } },
    });
  });
});

describe('products: more reads', () => {
  it('queryProducts sends includeVariants and includeMerchantSpecificData beside the query', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ products: [], metadata: { count: 0, offset: 0, total: 0 } }),
    );
    await createClient({ modules: { products }, fetch })
      .products.queryProducts({ includeVariants: true, includeMerchantSpecificData: true })
      .find();
    expect(parseUrl(calls[0]?.url ?? '').r).toEqual({
      includeVariants: true,
      includeMerchantSpecificData: true,
      query: { paging: { limit: 50, offset: 0 } },
    });
  });

  it('queryProductVariants POSTs the filter and converts variant floats', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({
        variants: [
          { id: 'v1', choices: { Size: 'M' }, variant: { weight: 'NaN', priceData: { price: 'Infinity' } } },
        ],
        metadata: { items: 1, offset: 0 },
        totalResults: 1,
      }),
    );
    const result = await createClient({ modules: { products }, fetch }).products.queryProductVariants('p/1', {
      choices: { Size: 'M' },
      paging: { limit: 10 },
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/stores-reader/v1/products/p%2F1/variants/query',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      choices: { Size: 'M' },
      paging: { limit: 10 },
      id: 'p/1',
    });
    expect(result.variants[0]?.variant?.weight).toBeNaN();
    expect(result.variants[0]?.variant?.priceData?.price).toBe(Number.POSITIVE_INFINITY);
    expect(result.totalResults).toBe(1);
  });

  it('productOptionsAvailability POSTs the chosen options and converts selectedVariant floats', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({
        selectedVariant: {
          id: 'v1',
          weight: 'NaN',
          price: { price: 'Infinity' },
          convertedPriceData: { price: 3 },
        },
        availableForPurchase: true,
      }),
    );
    const result = await createClient({ modules: { products }, fetch }).products.productOptionsAvailability(
      'p1',
      {
        Size: 'M',
      },
    );
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/stores-reader/v1/products/p1/productOptionsAvailability',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 'p1', options: { Size: 'M' } });
    expect(result.selectedVariant?.weight).toBeNaN();
    expect(result.selectedVariant?.price?.price).toBe(Number.POSITIVE_INFINITY);
    expect(result.availableForPurchase).toBe(true);
  });

  it('store variants: query (POST) and get, with the image as an aisle:image URI', async () => {
    const id = '5c3b2f1e-1b7a-4c8e-9a51-0d6a3c9e2f10';
    const variant = {
      id: 'p1-v1',
      productId: 'p1',
      media: { image: { id, url: 'https://x/m.jpg', width: 4, height: 3, filename: 'm.jpg' } },
    };
    const { fetch, calls } = fakeFetch((call) =>
      json(
        call.method === 'POST'
          ? { variants: [variant], metadata: { count: 1, offset: 0, total: 1 } }
          : { variant },
      ),
    );
    const client = createClient({ modules: { products }, fetch });
    const page = await client.products.queryStoreVariants().eq('productId', 'p1').find();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/stores-reader/v1/variants/query' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      query: { filter: { productId: 'p1' }, paging: { limit: 50, offset: 0 } },
    });
    const uri = `aisle:image://v1/${id}/m.jpg#originWidth=4&originHeight=3`;
    expect(page.items[0]?.media?.image).toBe(uri);
    const one = await client.products.getStoreVariant('p1-v1');
    expect(parseUrl(calls[1]?.url ?? '').path).toBe('/stores-reader/v1/variants/p1-v1');
    expect(one.media?.image).toBe(uri);
  });
});

describe('products: writes', () => {
  const reply = (call: { method: string; url: string }) =>
    call.url.includes('/bulk/')
      ? json({
          results: [{ itemMetadata: { id: 'p1', originalIndex: 0, success: true } }],
          bulkActionMetadata: {},
        })
      : call.url.endsWith('/variants') && call.method === 'PATCH'
        ? json({ variants: [{ id: 'v1', variant: { weight: 'NaN' } }] })
        : /\/stores\/v1\/products(\/p1)?$/.test(call.url) && call.method !== 'DELETE'
          ? json({ product: wireProduct })
          : json({});

  it('createProduct and updateProduct send {product} and convert the answer', async () => {
    const { fetch, calls } = fakeFetch(reply);
    const client = createClient({ modules: { products }, fetch });
    const created = await client.products.createProduct({
      name: 'Shirt',
      priceData: { price: 10.5 },
      weight: 0.2,
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/stores/v1/products' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      product: { name: 'Shirt', priceData: { price: 10.5 }, weight: 0.2 },
    });
    expect(created.lastUpdated).toBeInstanceOf(Date);
    expect(created.weight).toBeNaN();
    await client.products.updateProduct('p1', { ribbon: null, visible: false });
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: '/stores/v1/products/p1' });
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ product: { ribbon: null, visible: false, id: 'p1' } });
  });

  it('updateVariants PATCHes {id, variants} and converts the variants', async () => {
    const { fetch, calls } = fakeFetch(reply);
    const result = await createClient({ modules: { products }, fetch }).products.updateVariants('p1', [
      { choices: { Size: 'M' }, price: 12, weight: 0.3 },
    ]);
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/stores/v1/products/p1/variants' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      id: 'p1',
      variants: [{ choices: { Size: 'M' }, price: 12, weight: 0.3 }],
    });
    expect(result[0]?.variant?.weight).toBeNaN();
  });

  it.each([
    [
      'deleteProduct',
      (m: ProductsModule) => m.deleteProduct('p/1'),
      'DELETE',
      '/stores/v1/products/p%2F1',
      undefined,
    ],
    [
      'resetVariantsToDefault',
      (m: ProductsModule) => m.resetVariantsToDefault('p1'),
      'POST',
      '/stores/v1/products/p1/variants/resetToDefault',
      { id: 'p1' },
    ],
    [
      'addProductMedia',
      (m: ProductsModule) =>
        m.addProductMedia('p1', [{ url: 'https://x/a.jpg', choice: { option: 'Color', choice: 'Red' } }]),
      'POST',
      '/stores/v1/products/p1/media',
      { id: 'p1', media: [{ url: 'https://x/a.jpg', choice: { option: 'Color', choice: 'Red' } }] },
    ],
    [
      'removeProductMedia',
      (m: ProductsModule) => m.removeProductMedia('p1', ['m1']),
      'POST',
      '/stores/v1/products/p1/media/delete',
      { id: 'p1', mediaIds: ['m1'] },
    ],
    [
      'addProductMediaToChoices',
      (m: ProductsModule) =>
        m.addProductMediaToChoices('p1', [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }]),
      'PATCH',
      '/stores/v1/products/p1/choices/media',
      { id: 'p1', media: [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }] },
    ],
    [
      'removeProductMediaFromChoices',
      (m: ProductsModule) =>
        m.removeProductMediaFromChoices('p1', [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }]),
      'POST',
      '/stores/v1/products/p1/choices/media/delete',
      { id: 'p1', media: [{ option: 'Color', choice: 'Red', mediaIds: ['m1'] }] },
    ],
    [
      'deleteProductOptions',
      (m: ProductsModule) => m.deleteProductOptions('p1'),
      'DELETE',
      '/stores/v1/products/p1/options',
      undefined,
    ],
    [
      'removeBrand',
      (m: ProductsModule) => m.removeBrand('p1'),
      'POST',
      '/stores/v1/products/p1/remove-brand',
      { id: 'p1' },
    ],
    [
      'removeRibbon',
      (m: ProductsModule) => m.removeRibbon('p1'),
      'POST',
      '/stores/v1/products/p1/remove-ribbon',
      { id: 'p1' },
    ],
  ] as const)('%s: %s %s, resolves to undefined', async (_name, call, method, path, sent) => {
    const { fetch, calls } = fakeFetch(reply);
    await expect(call(createClient({ modules: { products }, fetch }).products)).resolves.toBeUndefined();
    expect(calls[0]?.method).toBe(method);
    expect(parseUrl(calls[0]?.url ?? '').path).toBe(path);
    if (sent === undefined) expect(calls[0]?.body).toBeUndefined();
    else expect(JSON.parse(calls[0]?.body ?? '')).toEqual(sent);
  });

  it('bulk update and adjust POST ids with set / adjust and return the bulk results', async () => {
    const { fetch, calls } = fakeFetch(reply);
    const client = createClient({ modules: { products }, fetch });
    const updated = await client.products.bulkUpdateProducts(['p1'], { price: 9.99, ribbon: 'Sale' });
    await client.products.bulkAdjustProductProperties(['p1'], {
      price: { percentage: { rate: -10, roundToInt: true } },
    });
    expect(calls.map((c) => [c.url, JSON.parse(c.body ?? '')])).toEqual([
      ['/stores/v1/bulk/products/update', { ids: ['p1'], set: { price: 9.99, ribbon: 'Sale' } }],
      [
        '/stores/v1/bulk/products/adjust-properties',
        { ids: ['p1'], adjust: { price: { percentage: { rate: -10, roundToInt: true } } } },
      ],
    ]);
    expect(updated.results[0]?.itemMetadata).toEqual({ id: 'p1', originalIndex: 0, success: true });
  });
});
