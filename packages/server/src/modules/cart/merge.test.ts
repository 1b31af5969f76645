import { describe, expect, it } from 'vitest';
import { mergeLines } from './merge.ts';
import { MAX_QUANTITY } from './schemas.ts';
import { catalogLine, customLine } from './test-lines.ts';

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
