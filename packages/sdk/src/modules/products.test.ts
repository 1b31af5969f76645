import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import { products } from './products.ts';

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
