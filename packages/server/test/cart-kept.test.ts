import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keptCounts } from '../src/flows/cart/kept.ts';
import { rows } from '../src/platform/db.ts';
import { APP, seedStore, sizedProduct, visitor } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

/**
 * A cart write starts from the cart as this process last wrote it, without reading it (flows/cart/kept.ts), and
 * its statement writes only while the cart's revision and its products' versions are the kept ones: a write
 * from anywhere else in between, or a change of one of its products, is never lost or shown stale — the write
 * then reads the cart and goes on as before.
 */

const { server, ok } = serverForFile({ seed: seedStore });
const CART = '/ecom/v1/carts/current';
const line = (productId: string, size: 'S' | 'M', quantity = 1) => ({
  quantity,
  catalogReference: { catalogItemId: productId, appId: APP, options: { options: { Size: size } } },
});

interface WireLine {
  quantity: number;
  productName: { original: string };
  price: { amount: string };
  catalogReference: { options: { options: { Size: string } } };
}
const linesOf = (body: Record<string, unknown>) => (body.cart as { lineItems: WireLine[] }).lineItems;
const quantities = (lines: WireLine[]) =>
  Object.fromEntries(lines.map((l) => [l.catalogReference.options.options.Size, l.quantity]));
const add = async (token: string, ...lines: ReturnType<typeof line>[]) =>
  linesOf(await ok('POST', `${CART}/add-to-cart`, { lineItems: lines }, token));

describe('cart writes from the kept cart', () => {
  it('write the next add without reading the cart, as the read would have', async () => {
    const productId = await sizedProduct(server(), 'Kept add tee', '12.00', { S: 50, M: 50 });
    const token = await visitor(server());
    await add(token, line(productId, 'S'));
    const counts = { ...keptCounts(server().ctx.db) };
    const answered = await add(token, line(productId, 'S', 2));
    expect(keptCounts(server().ctx.db)).toEqual({ written: counts.written + 1, refused: counts.refused });
    expect(quantities(answered)).toEqual({ S: 3 });
    // The answer is what a read shows.
    const read = linesOf(await ok('GET', CART, undefined, token));
    expect(read).toEqual(answered);
  });

  it('refuse the kept cart after a product change, and answer with the change', async () => {
    const productId = await sizedProduct(server(), 'Kept price tee', '12.00', { S: 50, M: 50 });
    const token = await visitor(server());
    await add(token, line(productId, 'S'));
    await ok('PATCH', `/stores/v1/products/${productId}`, { product: { name: 'Kept price tee, renamed' } });
    const counts = { ...keptCounts(server().ctx.db) };
    const answered = await add(token, line(productId, 'S'));
    expect(keptCounts(server().ctx.db)).toEqual({ written: counts.written, refused: counts.refused + 1 });
    expect(answered[0]).toMatchObject({ quantity: 2, productName: { original: 'Kept price tee, renamed' } });
  });

  it('never lose a write made elsewhere in between (another process, straight to the row)', async () => {
    const productId = await sizedProduct(server(), 'Kept elsewhere tee', '12.00', { S: 50, M: 50 });
    const token = await visitor(server());
    const [first] = await add(token, line(productId, 'S'));
    // Another process's write: the line's quantity set to 7, the revision moved on.
    const [cart] = await rows<{ id: string; line_items: Array<Record<string, unknown>> }>(
      server().ctx.db,
      sql`select id, line_items from carts where line_items @> ${JSON.stringify([{ productId }])}::jsonb`,
    );
    const edited = cart!.line_items.map((l) => ({ ...l, quantity: 7 }));
    await rows(
      server().ctx.db,
      sql`update carts set line_items = ${JSON.stringify(edited)}::jsonb, revision = revision + 1
        where id = ${cart!.id}::uuid`,
    );
    expect(first!.quantity).toBe(1);
    const counts = { ...keptCounts(server().ctx.db) };
    const answered = await add(token, line(productId, 'S'), line(productId, 'M'));
    expect(keptCounts(server().ctx.db).refused).toBe(counts.refused + 1);
    expect(quantities(answered)).toEqual({ S: 8, M: 1 });
  });

  it('land every one of many parallel adds of one shopper', async () => {
    const productId = await sizedProduct(server(), 'Kept parallel tee', '12.00', { S: 500, M: 500 });
    const token = await visitor(server());
    await add(token, line(productId, 'S'));
    const sizes = Array.from({ length: 12 }, (_, i): 'S' | 'M' => (i % 3 === 0 ? 'M' : 'S'));
    await Promise.all(sizes.map((size) => add(token, line(productId, size))));
    // A kept write after the burst, from whatever the burst left kept.
    const answered = await add(token, line(productId, 'M', 2));
    expect(quantities(answered)).toEqual({ S: 1 + 8, M: 4 + 2 });
    expect(quantities(linesOf(await ok('GET', CART, undefined, token)))).toEqual({ S: 9, M: 6 });
  });
});
