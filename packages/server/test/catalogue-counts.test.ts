import { describe, expect, it } from 'vitest';
import { serverForFile } from './file-server.ts';

/**
 * Listing totals come from a per-process count cache (modules/catalogue/products/reads.ts): every catalogue write
 * that can change a filter's matches must show in the next page's total.
 */

const { server, ok } = serverForFile();
type Body = Record<string, unknown>;

/** The total of visible products matching `filter`, from a page past the end (always counted). */
async function total(filter: Record<string, unknown>): Promise<number | undefined> {
  const res = await server().call('POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { filter, paging: { limit: 1, offset: 10 } } },
  });
  expect(res.status).toBe(200);
  return (res.body.metadata as { total?: number }).total;
}

const create = async (brand: string, extra: Body = {}) =>
  (
    await ok('POST', '/stores/v1/products', {
      product: { name: `${brand} item`, priceData: { price: 5 }, brand, ...extra },
    })
  ).product as { id: string };

describe('listing totals', () => {
  it('follow creates, updates, deletes, visibility and brand renames at once', async () => {
    const a = await create('Countbrand');
    await create('Countbrand');
    expect(await total({ brand: 'Countbrand' })).toBe(2);
    expect(await total({ brand: 'Countbrand' })).toBe(2); // from the cache

    const c = await create('Countbrand');
    expect(await total({ brand: 'Countbrand' })).toBe(3);

    await ok('PATCH', `/stores/v1/products/${a.id}`, { product: { visible: false } });
    expect(await total({ brand: 'Countbrand' })).toBe(2);

    await ok('DELETE', `/stores/v1/products/${c.id}`);
    expect(await total({ brand: 'Countbrand' })).toBe(1);

    // A brand rename rewrites its products' brand column: a `brand` event, not a product one.
    const brands = await ok('POST', '/stores/v3/brands/query', {});
    const brand = (brands.brands as Array<{ id: string; name: string; revision: string }>).find(
      (b) => b.name === 'Countbrand',
    )!;
    await ok('PATCH', `/stores/v3/brands/${brand.id}`, {
      brand: { id: brand.id, name: 'Renamedbrand', revision: brand.revision },
    });
    expect(await total({ brand: 'Countbrand' })).toBe(0);
    expect(await total({ brand: 'Renamedbrand' })).toBe(1);
  });
});
