import type { TestServer } from '@aisle/server/testing';
import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleError,
  AisleValidationError,
  ApiKeyStrategy,
  type Product,
  collections,
  createClient,
  products,
} from '../src/index.ts';
import { serverForFile, startServer } from './test-server.ts';

let server: TestServer;
const calls: Array<{ method: string; url: string }> = [];

function client(apiKey?: string) {
  return createClient({
    modules: { products, collections },
    baseUrl: server.url,
    ...(apiKey ? { auth: ApiKeyStrategy({ apiKey }) } : {}),
    fetch: (input, init) => {
      calls.push({ method: init?.method ?? 'GET', url: String(input) });
      return fetch(input, init);
    },
  });
}

serverForFile(
  (s) => (server = s),
  () => startServer({ demo: true }),
);

describe('SDK against the real server: catalogue', () => {
  it('gets a product with dates as Date objects and prices as numbers', async () => {
    const sdk = client();
    const page = await sdk.products.queryProducts().limit(1).find();
    const first = page.items[0]!;
    const product = await sdk.products.getProduct(first.id);
    expect(product.id).toBe(first.id);
    expect(product.createdDate).toBeInstanceOf(Date);
    expect(product.lastUpdated).toBeInstanceOf(Date);
    expect(typeof product.priceData?.price).toBe('number');
    // Merchant data only for an admin client.
    expect(product.costAndProfitData).toBeUndefined();
    const merchant = await client(server.adminKey).products.getProduct(first.id, {
      includeMerchantSpecificData: true,
    });
    expect(typeof merchant.costAndProfitData?.itemCost).toBe('number');
  });

  it('queries with filters and sort through the .r GET form', async () => {
    calls.length = 0;
    const page = await client()
      .products.queryProducts()
      .ge('price', 20)
      .lt('price', 60)
      .ascending('price')
      .limit(10)
      .find();
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toContain('query-platformized?.r=');
    expect(page.items.length).toBeGreaterThan(0);
    const prices = page.items.map((p: Product) => p.priceData!.price!);
    expect(prices.every((p) => p >= 20 && p < 60)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('pages forward and back and refuses to go past either end', async () => {
    const sdk = client();
    const first = await sdk.products.queryProducts().ascending('name').limit(30).find();
    expect(first.totalCount).toBeGreaterThanOrEqual(60);
    expect(first.hasPrev()).toBe(false);
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');
    const second = await first.next();
    expect(second.currentPage).toBe(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    const back = await second.prev();
    expect(back.items.map((p: Product) => p.id)).toEqual(first.items.map((p: Product) => p.id));
    let last = second;
    while (last.hasNext()) last = await last.next();
    await expect(last.next()).rejects.toThrow('No next page to fetch');
  });

  it('iterates every visible product with for await', async () => {
    const sdk = client();
    const seen = new Set<string>();
    for await (const product of await sdk.products.queryProducts().limit(25).find()) seen.add(product.id);
    const total = (await sdk.products.queryProducts().limit(1).find()).totalCount;
    expect(seen.size).toBe(total);
  });

  it('switches to the POST fallback past 4000 characters and gets the same answer', async () => {
    const sdk = client();
    const all = await sdk.products.queryProducts().limit(100).find();
    const ids = all.items.map((p: Product) => p.id);
    const padding = Array.from(
      { length: 120 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    calls.length = 0;
    const page = await sdk.products
      .queryProducts()
      .in('id', [...ids.slice(0, 5), ...padding])
      .limit(50)
      .find();
    expect(calls[0]?.method).toBe('POST');
    expect(page.items.map((p: Product) => p.id).sort()).toEqual(ids.slice(0, 5).sort());
  });

  it('turns validation errors into INVALID_ARGUMENT messages naming the field', async () => {
    const error = await client()
      .products.queryProducts()
      .eq('colour', 'red')
      .find()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleValidationError);
    const e = error as AisleValidationError;
    expect(e.message).toMatch(/^INVALID_ARGUMENT: "query\.filter\.colour" /);
    expect(e.status).toBe(400);
    expect(e.requestId).toMatch(/.+/);
  });

  it('keeps code, description and request id of application errors', async () => {
    const error = await client()
      .products.getProduct('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    const e = error as AisleError;
    expect(e.code).toBe('PRODUCT_NOT_FOUND');
    expect(e.status).toBe(404);
    expect(e.requestId).toMatch(/.+/);
  });

  it('reads collections by slug and by query', async () => {
    const sdk = client();
    const page = await sdk.collections.queryCollections().limit(10).find();
    expect(page.items.length).toBeGreaterThanOrEqual(6);
    const bySlug = await sdk.collections.getCollectionBySlug(page.items[0]!.slug!);
    expect(bySlug.id).toBe(page.items[0]!.id);
    expect(bySlug.lastUpdated).toBeInstanceOf(Date);
    const inIt = await sdk.products.queryProducts().hasSome('collectionIds', [bySlug.id]).limit(100).find();
    expect(inIt.items.length).toBeGreaterThan(0);
    expect(inIt.items.every((p: Product) => p.collectionIds?.includes(bySlug.id))).toBe(true);
  });

  it('reports a system error with a request id when the server cannot be reached', async () => {
    const sdk = createClient({ modules: { products }, baseUrl: 'http://127.0.0.1:9' });
    const error = await sdk.products.getProduct('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleError);
    expect((error as Error).message).toMatch(/^System error occurred, request-id: .+/);
  });
});
