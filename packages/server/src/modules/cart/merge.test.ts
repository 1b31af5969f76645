import { describe, expect, it } from 'vitest';
import { mergeLines } from './merge.ts';
import type { StoredCatalogLine, StoredCustomLine } from './model.ts';
import { MAX_QUANTITY } from './schemas.ts';

const catalogLine = (id: string, mergeKey: string, quantity: number): StoredCatalogLine => ({
  kind: 'catalog',
  id,
  quantity,
  catalogReference: { catalogItemId: 'p', appId: 'a' },
  productId: 'p',
  variantId: 'v',
  mergeKey,
  lastKnown: { name: 'P' },
  addedDate: '2025-01-01T00:00:00.000Z',
});
const customLine = (id: string, quantity: number): StoredCustomLine => ({
  kind: 'custom',
  id,
  quantity,
  productName: { original: 'Wrap' },
  price: '1.00',
  itemType: { preset: 'SERVICE' },
  addedDate: '2025-01-01T00:00:00.000Z',
});

describe('mergeLines', () => {
  it('sums quantities of equal items and appends the rest, in order', () => {
    const target = [catalogLine('a', 'k1', 1), catalogLine('b', 'k2', 2)];
    const merged = mergeLines(target, [
      catalogLine('c', 'k2', 3),
      catalogLine('d', 'k3', 1),
      customLine('e', 1),
    ]);
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 1],
      ['b', 5],
      ['d', 1],
      ['e', 1],
    ]);
    // The inputs are not changed.
    expect(target[1]?.quantity).toBe(2);
  });

  it('keeps custom lines apart and caps quantities', () => {
    const merged = mergeLines(
      [customLine('x', 1), catalogLine('a', 'k', MAX_QUANTITY - 1)],
      [customLine('y', 1), catalogLine('b', 'k', 5)],
    );
    expect(merged.map((l) => [l.id, l.quantity])).toEqual([
      ['x', 1],
      ['a', MAX_QUANTITY],
      ['y', 1],
    ]);
  });
});
