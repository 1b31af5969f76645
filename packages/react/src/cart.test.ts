import type { Cart, LineItemInput } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import { isOptimisticLine, withLinesAdded, withLinesRemoved, withQuantities } from './cart.ts';

const input = (catalogItemId: string, variantId: string, quantity?: number): LineItemInput => ({
  ...(quantity === undefined ? {} : { quantity }),
  catalogReference: { catalogItemId, appId: 'stores', options: { variantId } },
});

const cart: Cart = {
  id: 'cart-1',
  lineItems: [
    { id: 'line-1', quantity: 2, catalogReference: input('tee', 'navy-m').catalogReference },
    { id: 'line-2', quantity: 1, catalogReference: input('mug', 'default').catalogReference },
  ],
};

describe('the optimistic cart', () => {
  it('grows the line of an item already in the cart, with the same options only', () => {
    const next = withLinesAdded(cart, [input('tee', 'navy-m', 3), input('tee', 'navy-l')]);
    expect(
      next.lineItems.map((line) => [line.id.startsWith('optimistic:') ? 'new' : line.id, line.quantity]),
    ).toEqual([
      ['line-1', 5],
      ['line-2', 1],
      ['new', 1],
    ]);
    expect(next.lineItems.filter(isOptimisticLine)).toHaveLength(1);
    // The cart it came from is left as it was (the rollback puts it back).
    expect(cart.lineItems[0]?.quantity).toBe(2);
  });

  it('makes a placeholder cart for a shopper who has none', () => {
    const next = withLinesAdded(null, [input('tee', 'navy-m', 2)]);
    expect(next.lineItems).toHaveLength(1);
    expect(next.lineItems[0]?.quantity).toBe(2);
    expect(isOptimisticLine(next.lineItems[0]!)).toBe(true);
  });

  it('sets quantities, 0 removing the line as the server does, and removes lines', () => {
    expect(withQuantities(cart, [{ id: 'line-1', quantity: 4 }]).lineItems.map((l) => l.quantity)).toEqual([
      4, 1,
    ]);
    expect(withQuantities(cart, [{ id: 'line-2', quantity: 0 }]).lineItems.map((l) => l.id)).toEqual([
      'line-1',
    ]);
    expect(withLinesRemoved(cart, ['line-1']).lineItems.map((l) => l.id)).toEqual(['line-2']);
  });
});
