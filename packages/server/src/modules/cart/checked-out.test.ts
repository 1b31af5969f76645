import { describe, expect, it } from 'vitest';
import { checkedOutLines, linesLeftAfterOrder } from './checked-out.ts';
import type { StoredCatalogLine, StoredCustomLine } from './model.ts';
import { catalogLine, customLine } from './test-lines.ts';

const line = (id: string, item: string, quantity: number, options?: Record<string, unknown>) =>
  catalogLine(id, `${item}:${JSON.stringify(options ?? {})}`, quantity, {
    catalogItemId: item,
    appId: 'a',
    ...(options ? { options } : {}),
  });
const wire = (line: StoredCatalogLine | StoredCustomLine, quantity = line.quantity) => ({
  id: line.id,
  quantity,
  catalogReference: line.catalogReference,
});
const summary = (lines: Array<StoredCatalogLine | StoredCustomLine>) => lines.map((l) => [l.id, l.quantity]);

describe('linesLeftAfterOrder', () => {
  it('takes the checked-out lines and quantities; what was added since stays', () => {
    const tee = line('1', 'tee', 3);
    const mug = line('2', 'mug', 1);
    const added = line('3', 'cap', 2);
    const left = linesLeftAfterOrder([tee, mug, added], [wire(tee, 2), wire(mug)]);
    expect(summary(left)).toEqual([
      ['1', 1],
      ['3', 2],
    ]);
    expect(left[1]).toBe(added);
  });

  it('matches a line removed and added again (a new id) by its catalogue reference, options in any order', () => {
    const checkedOut = line('old', 'tee', 2, { variantId: 'v1', color: 'red' });
    const again = line('new', 'tee', 3, { color: 'red', variantId: 'v1' });
    const other = line('x', 'tee', 1, { variantId: 'v2' });
    expect(summary(linesLeftAfterOrder([other, again], [wire(checkedOut)]))).toEqual([
      ['x', 1],
      ['new', 1],
    ]);
  });

  it('never takes more than the cart holds, and custom lines by id only', () => {
    const tee = line('1', 'tee', 1);
    const wrap = customLine('w', 2);
    expect(linesLeftAfterOrder([tee, wrap], [wire(tee, 5), { id: 'w', quantity: 2 }])).toEqual([]);
    expect(summary(linesLeftAfterOrder([wrap], [{ id: 'other', quantity: 2 }]))).toEqual([['w', 2]]);
  });
});

describe('checkedOutLines', () => {
  it("reads the checkout's cart snapshot; none when it holds no lines", () => {
    expect(checkedOutLines({ id: 'c', lineItems: [{ id: '1', quantity: 1 }] })).toEqual([
      { id: '1', quantity: 1 },
    ]);
    expect(checkedOutLines({})).toBeUndefined();
    expect(checkedOutLines(null)).toBeUndefined();
  });
});
