import { describe, expect, it } from 'vitest';
import {
  choiceCombinations,
  computeAggregates,
  discountedPrice,
  stockRow,
  type VariantFacts,
} from './aggregates.ts';
import type { StoredOption } from '../shared/model.ts';

const size: StoredOption = {
  optionType: 'drop_down',
  name: 'Size',
  choices: ['S', 'M'].map((v) => ({ value: v, description: v, visible: true, inStock: true, mediaIds: [] })),
};
const colour: StoredOption = {
  optionType: 'color',
  name: 'Color',
  choices: [
    { value: '#000', description: 'Black', visible: true, inStock: true, mediaIds: [] },
    { value: '#fff', description: 'White', visible: true, inStock: true, mediaIds: [] },
  ],
};
const variant = (
  choices: Record<string, string>,
  price: string,
  stock: VariantFacts['stock'],
  extra: Partial<VariantFacts> = {},
): VariantFacts => ({
  choices,
  price,
  cost: null,
  weight: null,
  stock,
  ...extra,
});

describe('discountedPrice', () => {
  it.each<[string, { type: 'NONE' | 'AMOUNT' | 'PERCENT'; value: string } | undefined, string]>([
    ['10', undefined, '10.00'],
    ['10.00', { type: 'NONE', value: '5' }, '10.00'],
    ['64.00', { type: 'PERCENT', value: '25' }, '48.00'],
    ['19.99', { type: 'PERCENT', value: '15' }, '16.99'],
    ['42.00', { type: 'AMOUNT', value: '7.50' }, '34.50'],
    ['5.00', { type: 'AMOUNT', value: '9' }, '0.00'],
  ])('%s with %j', (price, discount, out) => {
    expect(discountedPrice(price, discount)).toBe(out);
  });
});

describe('stockRow', () => {
  it.each([
    [undefined, { trackQuantity: false, quantity: null, inStock: true }],
    [
      { trackQuantity: false, inStock: false },
      { trackQuantity: false, quantity: null, inStock: false },
    ],
    [
      { trackQuantity: true, quantity: 3 },
      { trackQuantity: true, quantity: 3, inStock: true },
    ],
    [
      { trackQuantity: true, quantity: 0 },
      { trackQuantity: true, quantity: 0, inStock: false },
    ],
    [
      { trackQuantity: true, quantity: -2 },
      { trackQuantity: true, quantity: 0, inStock: false },
    ],
  ])('%j', (input, out) => {
    expect(stockRow(input)).toEqual(out);
  });
});

describe('computeAggregates', () => {
  const inStock = { trackQuantity: true, quantity: 4, inStock: true };
  const out = { trackQuantity: true, quantity: 0, inStock: false };

  it('all in stock', () => {
    const a = computeAggregates(
      [variant({}, '10.00', { trackQuantity: false, quantity: null, inStock: true })],
      [],
    );
    expect(a).toMatchObject({
      trackInventory: false,
      quantity: null,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
      priceMin: '10.00',
      priceMax: '10.00',
      costMin: null,
      weightMin: null,
    });
  });

  it('partly out of stock, with ranges and per-choice stock', () => {
    const a = computeAggregates(
      [
        variant({ Size: 'S', Color: 'Black' }, '10.00', out, { cost: '4.00', weight: 0.2 }),
        variant({ Size: 'M', Color: 'Black' }, '12.50', inStock, { cost: '5.00', weight: 0.3 }),
        variant({ Size: 'S', Color: 'White' }, '9.00', out, { weight: 0.25 }),
      ],
      [size, colour],
    );
    expect(a).toMatchObject({
      trackInventory: true,
      quantity: 4,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
      priceMin: '9.00',
      priceMax: '12.50',
      costMin: '4.00',
      costMax: '5.00',
      weightMin: 0.2,
      weightMax: 0.3,
    });
    expect(a.productOptions.map((o) => o.choices.map((c) => [c.description, c.inStock]))).toEqual([
      [
        ['S', false],
        ['M', true],
      ],
      [
        ['Black', true],
        ['White', false],
      ],
    ]);
  });

  it('all out of stock', () => {
    expect(computeAggregates([variant({}, '1.00', out)], []).inventoryStatus).toBe('OUT_OF_STOCK');
  });

  it('needs a variant', () => {
    expect(() => computeAggregates([], [])).toThrow();
  });
});

describe('choiceCombinations', () => {
  it('crosses every option', () => {
    expect(choiceCombinations([size, colour])).toEqual([
      { Size: 'S', Color: 'Black' },
      { Size: 'S', Color: 'White' },
      { Size: 'M', Color: 'Black' },
      { Size: 'M', Color: 'White' },
    ]);
    expect(choiceCombinations([])).toEqual([{}]);
  });
});
