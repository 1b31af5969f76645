import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fragmentContext,
  ProductFragments,
  productFragments,
} from '../src/modules/catalogue/products/fragments.ts';
import { type ProductQueryRequest, queryProducts } from '../src/modules/catalogue/products/reads.ts';
import { ProductsResponse } from '../src/modules/catalogue/products/schemas.ts';
import { wireOptions } from '../src/modules/catalogue/shared/reads.ts';
import { serverForFile } from './file-server.ts';
import { seedDemo } from './openapi-operations.ts';

type Body = Record<string, unknown>;

/**
 * Pages of products read from the database are written from kept product texts (products/fragments.ts): the
 * bytes must be those the route's serializer makes of the page read whole, and a changed product must show at
 * once while the others stay kept.
 */

const { server, ok } = serverForFile({ seed: seedDemo });
const R = '/stores-reader/v1';
/** The route's serializer for a page, as Fastify compiles it (no shared schemas, default options). */
const serializePage = SerializerSelector()({}, {})({
  schema: ProductsResponse,
  method: 'POST',
  url: '/',
  httpStatus: '200',
} as never) as (value: unknown) => string;

let collectionId: string;

beforeAll(async () => {
  const body = await ok('POST', '/v2/collections/query', {
    query: { sort: [{ fieldName: 'numberOfProducts', order: 'DESC' }], paging: { limit: 1 } },
  });
  collectionId = (body.collections as Array<{ id: string }>)[0]!.id;
});

/** The collection page sorted by price, as a shopper's storefront asks for it past the read cache: raw text. */
async function pageText(request: ProductQueryRequest, admin = false): Promise<string> {
  const res = await fetch(`${server().url}${R}/products/query-platformized`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-aisle-consistent': '1',
      ...(admin ? { authorization: server().adminKey } : {}),
    },
    body: JSON.stringify(request),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return res.text();
}

const byPrice = (): ProductQueryRequest => ({
  query: {
    filter: { collectionIds: { $hasSome: [collectionId] } },
    sort: [{ fieldName: 'discountedPrice', order: 'ASC' }],
    paging: { limit: 20 },
  },
});

/** The same page read whole and serialized as the route did before product texts were kept. */
async function wholePage(request: ProductQueryRequest, merchant = false): Promise<string> {
  return serializePage(await queryProducts(server().ctx, request, { merchant }));
}

describe('product pages from kept product texts', () => {
  it('are byte for byte the page read whole, for shoppers and admins, offset and cursor pages', async () => {
    const requests: Array<[ProductQueryRequest, boolean]> = [
      [byPrice(), false],
      [{ query: { paging: { limit: 50 } } }, false],
      [{ query: { paging: { limit: 7, offset: 5 } } }, false],
      [{ query: { cursorPaging: { limit: 5 } } }, false],
      [{ query: { paging: { limit: 30 } }, includeMerchantSpecificData: true }, true],
      [{ query: { filter: { search: 'mug' }, paging: { limit: 5 } } }, false],
      [{ ...byPrice(), includeVariants: true }, false],
      [{ query: { paging: { limit: 10 } }, includeVariants: true, includeMerchantSpecificData: true }, true],
    ];
    for (const [request, admin] of requests) {
      const expected = await wholePage(request, admin);
      expect(JSON.parse(expected).products.length).toBeGreaterThan(0);
      // Once made, once from the kept texts.
      expect(await pageText(request, admin)).toBe(expected);
      expect(await pageText(request, admin)).toBe(expected);
    }
  });

  it('reads only the page ids again when nothing changed, and a changed product at once', async () => {
    const fragments = productFragments.get(server().ctx);
    const first = JSON.parse(await pageText(byPrice())) as { products: Array<{ id: string }> };
    const { hits, misses } = fragments;
    expect(await pageText(byPrice())).toBe(await wholePage(byPrice()));
    expect(fragments.hits - hits).toBe(first.products.length);
    expect(fragments.misses).toBe(misses);

    const changed = first.products[1]!.id;
    await ok('PATCH', `/stores/v1/products/${changed}`, {
      product: { priceData: { price: 1234.5 }, name: 'Renamed for the page' },
    });
    const afterHits = fragments.hits;
    const afterMisses = fragments.misses;
    const text = await pageText(byPrice());
    expect(text).toBe(await wholePage(byPrice()));
    expect(text).toContain('Renamed for the page');
    // The changed product was read and written again; the others came from the kept texts.
    expect(fragments.misses - afterMisses).toBe(1);
    expect(fragments.hits - afterHits).toBe(first.products.length - 1);
  });

  it('follows a stock change, which does not touch the product’s lastUpdated', async () => {
    const page = JSON.parse(await pageText(byPrice())) as { products: Array<{ id: string }> };
    const id = page.products[0]!.id;
    const variants = (await ok('GET', `/stores-reader/v1/products/${id}`)).product as {
      variants: Array<{ id: string }>;
    };
    await ok('PATCH', `/stores/v2/inventoryItems/product/${id}`, {
      inventoryItem: {
        trackQuantity: true,
        variants: variants.variants.map((v) => ({ variantId: v.id, quantity: 40 })),
      },
    });
    await pageText(byPrice());
    const withVariants = { ...byPrice(), includeVariants: true };
    await pageText(withVariants);
    await ok('POST', '/stores/v2/inventoryItems/decrement', {
      decrementData: [{ productId: id, variantId: variants.variants[0]!.id, decrementBy: 3 }],
    });
    const after = JSON.parse(await pageText(byPrice())) as {
      products: Array<{ id: string; stock: { quantity?: number } }>;
    };
    expect(after.products.find((p) => p.id === id)?.stock.quantity).toBe(40 * variants.variants.length - 3);
    const text = await pageText(withVariants);
    expect(text).toBe(await wholePage(withVariants));
    const first = (JSON.parse(text) as { products: Array<{ id: string; variants: Body[] }> }).products.find(
      (p) => p.id === id,
    )!.variants[0] as { stock: { quantity?: number } };
    expect(first.stock.quantity).toBe(37);
  });
});

const bytes = (letter: string, n: number) => Buffer.from(letter.repeat(n));

describe('ProductFragments', () => {
  it('keeps texts per context, drops them all when the context changes, evicts the least recently used', () => {
    const kept = new ProductFragments(80);
    kept.set('a', 'p1', '1', bytes('x', 10));
    kept.set('a', 'p2', '1', bytes('y', 10));
    expect(kept.get('a', 'p1', '1')).toEqual(bytes('x', 10));
    expect(kept.get('a', 'p1', '2')).toBeUndefined();
    expect(kept.get('b', 'p1', '1')).toBeUndefined();
    // p2 is now the least recently used: the 81st byte pushes it out, p1 stays.
    for (const id of ['p3', 'p4', 'p5', 'p6', 'p7', 'p8']) kept.set('a', id, '1', bytes('z', 10));
    expect(kept.size).toBe(8);
    kept.set('a', 'p9', '1', bytes('w', 1));
    expect(kept.get('a', 'p2', '1')).toBeUndefined();
    expect(kept.get('a', 'p1', '1')).toEqual(bytes('x', 10));
    expect(kept.size).toBe(8);
    // Over an eighth of the budget: not kept.
    kept.set('a', 'p10', '1', bytes('v', 11));
    expect(kept.get('a', 'p10', '1')).toBeUndefined();
    kept.set('b', 'p1', '1', bytes('u', 1));
    expect(kept.get('a', 'p1', '1')).toBeUndefined();
    expect(kept.get('b', 'p1', '1')).toEqual(bytes('u', 1));
  });

  it('names what a text depends on besides the row', () => {
    const opts = wireOptions(server().ctx, false);
    const context = fragmentContext(opts)!;
    expect(context).toContain(opts.currency);
    expect(fragmentContext({ ...opts, merchant: true })).not.toBe(context);
    expect(fragmentContext({ ...opts, currency: 'JPY' })).not.toBe(context);
    expect(fragmentContext({ ...opts, locale: 'de-DE' })).not.toBe(context);
    expect(fragmentContext({ ...opts, baseUrl: 'https://other.example' })).not.toBe(context);
    // Links that cannot say which signatures they make: nothing is kept.
    expect(fragmentContext({ ...opts, media: { baseUrl: opts.baseUrl, sign: () => undefined } })).toBe(
      undefined,
    );
  });
});
