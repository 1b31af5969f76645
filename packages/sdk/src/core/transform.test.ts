import { describe, expect, it } from 'vitest';
import { applyTransform, mapAtPath, prefixTransform, serializeDates, toDate, toFloat } from './transform.ts';

describe('toFloat', () => {
  it.each([
    [1.5, 1.5],
    [0, 0],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['1.5', '1.5'],
    ['nan', 'nan'],
    [null, null],
    [undefined, undefined],
  ])('%j → %j', (input, output) => {
    expect(toFloat(input)).toStrictEqual(output);
  });
});

describe('toDate', () => {
  it('turns an ISO string into that instant', () => {
    const value = toDate('2024-03-04T05:06:07.890Z');
    expect(value).toBeInstanceOf(Date);
    expect(value instanceof Date && value.toISOString()).toBe('2024-03-04T05:06:07.890Z');
  });

  it.each([['not a date'], [123], [null], [undefined]])('keeps %j as it came', (input) => {
    expect(toDate(input)).toBe(input);
  });
});

describe('applyTransform', () => {
  const response = {
    product: {
      createdDate: '2024-01-01T00:00:00.000Z',
      weight: 'NaN',
      name: 'Infinity',
      variants: [
        { variant: { weight: 'Infinity', priceData: { price: 3 } } },
        { variant: { weight: 2 } },
        { variant: {} },
      ],
      media: { items: [[{ at: '2024-02-02T00:00:00.000Z' }]] },
    },
  };
  const spec = {
    dates: ['product.createdDate', 'product.media.items.at', 'product.missing.date'],
    floats: ['product.weight', 'product.variants.variant.weight', 'product.variants.variant.priceData.price'],
  };

  it('converts the listed paths, traversing arrays (nested ones included)', () => {
    const result = applyTransform(response, spec);
    expect(result).toEqual({
      product: {
        createdDate: new Date('2024-01-01T00:00:00.000Z'),
        weight: Number.NaN,
        name: 'Infinity',
        variants: [
          { variant: { weight: Number.POSITIVE_INFINITY, priceData: { price: 3 } } },
          { variant: { weight: 2 } },
          { variant: {} },
        ],
        media: { items: [[{ at: new Date('2024-02-02T00:00:00.000Z') }]] },
      },
    });
  });

  it('does not add missing paths nor mutate its input', () => {
    const before = structuredClone(response);
    const result = applyTransform(response, spec);
    expect(response).toEqual(before);
    expect(result).not.toHaveProperty('product.missing');
  });

  it('converts a root array of entities', () => {
    expect(applyTransform([{ d: '2020-01-01T00:00:00Z' }, { d: null }], { dates: ['d'] })).toEqual([
      { d: new Date('2020-01-01T00:00:00Z') },
      { d: null },
    ]);
  });

  it('maps every element when the path ends at an array', () => {
    expect(mapAtPath({ posters: ['a', 'b'] }, ['posters'], (v) => `${String(v)}!`)).toEqual({
      posters: ['a!', 'b!'],
    });
  });
});

describe('prefixTransform', () => {
  it('roots every path under the prefix', () => {
    expect(prefixTransform('products', { dates: ['createdDate'], floats: ['a.b'] })).toEqual({
      dates: ['products.createdDate'],
      floats: ['products.a.b'],
    });
  });
});

describe('serializeDates', () => {
  it('turns Dates into ISO strings at any depth, in objects and arrays', () => {
    const at = new Date('2024-05-06T07:08:09.000Z');
    expect(serializeDates({ a: at, b: [at, { c: at }], d: 'x', e: null, f: 1 })).toEqual({
      a: '2024-05-06T07:08:09.000Z',
      b: ['2024-05-06T07:08:09.000Z', { c: '2024-05-06T07:08:09.000Z' }],
      d: 'x',
      e: null,
      f: 1,
    });
  });

  it('leaves non-plain objects alone and does not mutate its input', () => {
    const blob = new Blob(['x']);
    const input = { blob, when: new Date(0) };
    const result = serializeDates(input);
    expect(result).toEqual({ blob, when: '1970-01-01T00:00:00.000Z' });
    expect(input.when).toBeInstanceOf(Date);
  });
});
