import { describe, expect, it } from 'vitest';
import { catalogCacheOf } from '../src/flows/cart/catalogue.ts';
import { serverForFile } from './file-server.ts';
import { APP, seedStore, sizedProduct, visitor } from './checkout-helpers.ts';

/**
 * A cart read asks PostgreSQL for its products' versions and takes the products kept at those versions
 * (flows/cart/catalogue.ts, `CatalogCache`): every change of a product, a variant or its stock must show in the
 * very next cart read, and a read with nothing changed must not read the products again.
 */

const { server, ok } = serverForFile({ seed: seedStore });
const CART = '/ecom/v1/carts/current';
/** A line of the product's size S. */
const small = (productId: string, quantity = 1) => ({
  quantity,
  catalogReference: { catalogItemId: productId, appId: APP, options: { options: { Size: 'S' } } },
});

interface WireLine {
  productName: { original: string };
  price: { amount: string };
  availability: { status: string; quantityAvailable?: number };
}

async function cartLines(token: string): Promise<WireLine[]> {
  const res = await server().call('GET', CART, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.cart as { lineItems: WireLine[] }).lineItems;
}

describe('cart reads from kept catalogue products', () => {
  it('show a price, name and stock change at once, and read nothing again when nothing changed', async () => {
    const productId = await sizedProduct(server(), 'Kept tee', '20.00', { S: 5, M: 5 });
    const token = await visitor(server());
    await ok('POST', `${CART}/add-to-cart`, { lineItems: [small(productId, 2)] }, token);
    const cache = catalogCacheOf(server().ctx.db);

    await cartLines(token);
    const { hits, misses } = cache;
    const first = await cartLines(token);
    expect(cache.hits - hits).toBe(1);
    expect(cache.misses).toBe(misses);
    expect(first[0]).toMatchObject({ productName: { original: 'Kept tee' }, price: { amount: '20.00' } });

    await ok('PATCH', `/stores/v1/products/${productId}`, { product: { name: 'Kept tee, renamed' } });
    expect((await cartLines(token))[0]).toMatchObject({ productName: { original: 'Kept tee, renamed' } });

    // The variant's price (its own row).
    const product = (await ok('GET', `/stores-reader/v1/products/${productId}`)).product as {
      variants: Array<{ id: string; choices: Record<string, string> }>;
    };
    const sizeS = product.variants.find((v) => v.choices.Size === 'S')!;
    await ok('PATCH', `/stores/v1/products/${productId}/variants`, {
      variants: [{ variantIds: [sizeS.id], price: 25 }],
    });
    expect((await cartLines(token))[0]).toMatchObject({ price: { amount: '25.00' } });

    // Stock of the line's variant alone (its stock row): the cart sees 1 left of the 2 it holds.
    await ok('POST', '/stores/v2/inventoryItems/decrement', {
      decrementData: [{ productId, variantId: sizeS.id, decrementBy: 4 }],
    });
    const low = await cartLines(token);
    expect(low[0]!.availability).toMatchObject({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 1 });
  });

  it('keeps products frozen: no request can change what another reads', async () => {
    const productId = await sizedProduct(server(), 'Frozen tee', '10.00', { S: 3, M: 3 });
    const token = await visitor(server());
    await ok('POST', `${CART}/add-to-cart`, { lineItems: [small(productId)] }, token);
    await cartLines(token);
    const res = await server().call('GET', CART, { token });
    expect(res.status).toBe(200);
    const kept = [...catalogCacheOf(server().ctx.db).products()].find(([key]) =>
      key.startsWith(productId),
    )?.[1];
    if (!kept) throw new Error('the product was not kept');
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.variants[0])).toBe(true);
    expect(Object.isFrozen(kept.data)).toBe(true);
    // A request that tried to change it would fail, not change what the next one reads.
    expect(() => {
      (kept as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });
});
