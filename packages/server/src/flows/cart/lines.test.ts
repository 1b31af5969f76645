import { describe, expect, it } from 'vitest';
import { unitsAvailable } from './catalogue.ts';
import { stableJson } from './lines.ts';

describe('stableJson', () => {
  it('ignores key order and undefined values', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(
      stableJson({ a: { d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(stableJson({ a: 1 })).not.toBe(stableJson({ a: '1' }));
  });
});

describe('unitsAvailable', () => {
  const stock = {
    trackQuantity: true,
    quantity: 3,
    inStock: true,
    preorderEnabled: false,
    preorderLimit: null,
    preorderCounter: 0,
  };
  it.each([
    ['no inventory row', null, undefined],
    ['tracked', stock, 3],
    ['tracked, none left', { ...stock, quantity: 0 }, 0],
    [
      'tracked with a pre-order limit',
      { ...stock, quantity: 0, preorderEnabled: true, preorderLimit: 5, preorderCounter: 2 },
      3,
    ],
    ['tracked with unlimited pre-orders', { ...stock, preorderEnabled: true }, undefined],
    ['untracked in stock', { ...stock, trackQuantity: false, quantity: null }, undefined],
    ['untracked out of stock', { ...stock, trackQuantity: false, quantity: null, inStock: false }, 0],
  ] as const)('%s', (_name, input, expected) => {
    expect(unitsAvailable(input)).toBe(expected);
  });
});
