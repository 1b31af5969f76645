import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardToken,
  countRows,
  errorCode,
  line,
  newCheckout,
  seedStore,
  stockOf,
  visitor,
  stockedProduct,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

/** Placement under contention: never oversold, never placed or charged twice. */

const { server } = serverForFile({ seed: seedStore });

describe('placing orders in parallel', () => {
  it('50 buyers of an item with 5 in stock: exactly 5 orders, 45 clean FULL_OUT_OF_STOCK, stock 0', async () => {
    const item = await stockedProduct(server(), 'Limited print', '40.00', 5);
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const token = await visitor(server());
        return { token, checkout: await newCheckout(server(), token, [line(item)]) };
      }),
    );
    const results = await Promise.all(
      buyers.map((b) =>
        server().call('POST', `/ecom/v1/checkouts/${b.checkout.id}/create-order`, {
          token: b.token,
          body: {},
        }),
      ),
    );
    const placed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(errorCode(r.body)).toBe('FULL_OUT_OF_STOCK');
    }
    expect(await stockOf(server(), item)).toBe(0);
    const ids = buyers.map((b) => b.checkout.id);
    expect(
      await countRows(server(), sql`select count(*)::int as n from orders where checkout_id in ${ids}`),
    ).toBe(5);
    expect(
      await countRows(
        server(),
        sql`select count(*)::int as n from checkouts where id in ${ids} and completed`,
      ),
    ).toBe(5);
  });

  it('orders of the same two products, lines in either order, at once: all placed, stock exact', async () => {
    const a = await stockedProduct(server(), 'Pen', '2.00', 100);
    const b = await stockedProduct(server(), 'Ink', '3.00', 100);
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const token = await visitor(server());
        const lines = i % 2 ? [line(a), line(b, 2)] : [line(b, 2), line(a)];
        return { token, checkout: await newCheckout(server(), token, lines) };
      }),
    );
    const results = await Promise.all(
      buyers.map((x) =>
        server().call('POST', `/ecom/v1/checkouts/${x.checkout.id}/create-order`, {
          token: x.token,
          body: {},
        }),
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stockOf(server(), a)).toBe(80);
    expect(await stockOf(server(), b)).toBe(60);
    // The products' own stock columns (what catalogue reads and filters use) moved with them.
    expect(
      await countRows(server(), sql`select sum(quantity)::int as n from products where id in (${a}, ${b})`),
    ).toBe(140);
  });

  it('the same checkout charged 20 times at once: one order, one payment, the same answer', async () => {
    const item = await stockedProduct(server(), 'Poster', '15.00', 100);
    const token = await visitor(server());
    const checkout = await newCheckout(server(), token, [line(item, 2)]);
    const paymentToken = await cardToken(server(), token, '4242424242424242');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
          token,
          body: { paymentToken },
        }),
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const orderIds = new Set(results.map((r) => r.body.orderId));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds] as string[];
    expect(new Set(results.map((r) => r.body.paymentGatewayOrderId)).size).toBe(1);
    expect(
      await countRows(
        server(),
        sql`select count(*)::int as n from orders where checkout_id = ${checkout.id}`,
      ),
    ).toBe(1);
    expect(
      await countRows(server(), sql`select count(*)::int as n from payments where order_id = ${orderId}`),
    ).toBe(1);
    expect(await stockOf(server(), item)).toBe(98);
    // Only the call that placed it learns the confirmation token.
    expect(results.filter((r) => 'confirmationToken' in r.body)).toHaveLength(1);
  });

  it('the same checkout ordered offline 20 times at once: one order', async () => {
    const item = await stockedProduct(server(), 'Mug', '12.00', 10);
    const token = await visitor(server());
    const checkout = await newCheckout(server(), token, [line(item, 3)]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, { token, body: {} }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await stockOf(server(), item)).toBe(7);
  });
});
