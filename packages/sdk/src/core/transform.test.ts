import { describe, expect, it } from 'vitest';
import { PRODUCT_TRANSFORM } from '../modules/products.ts';
import {
  applyTransform,
  mapAtPath,
  prefixTransform,
  serializeDates,
  type TransformSpec,
  toDate,
  toFloat,
} from './transform.ts';

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

/** What `applyTransform` did before it walked the value once: `mapAtPath` per path, dates first. */
function referenceTransform(value: unknown, spec: TransformSpec): unknown {
  let result = value;
  for (const path of spec.dates ?? []) result = mapAtPath(result, path.split('.'), toDate);
  for (const path of spec.floats ?? []) result = mapAtPath(result, path.split('.'), toFloat);
  return result;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** The positions (as key lists) where `result` holds the very object or array `input` holds there. */
function sharedPositions(result: unknown, input: unknown, at = '$'): string[] {
  if (typeof result !== 'object' || result === null) return [];
  if (result === input) return [at];
  if (typeof input !== 'object' || input === null) return [];
  return Object.keys(result).flatMap((key) =>
    sharedPositions(
      (result as Record<string, unknown>)[key],
      Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined,
      `${at}.${key}`,
    ),
  );
}

const productLike = (id: string) => ({
  id,
  name: 'Infinity',
  createdDate: '2024-01-01T00:00:00.000Z',
  lastUpdated: 'not a date',
  weight: 'NaN',
  weightRange: { minValue: 1, maxValue: 'Infinity' },
  priceRange: { minValue: 2, maxValue: 3 },
  priceData: { currency: 'EUR', price: 3, discountedPrice: '-Infinity', formatted: { price: '€3' } },
  price: { price: 3 },
  costAndProfitData: { itemCost: null, profit: 'NaN' },
  pricePerUnitData: { totalQuantity: 1, baseQuantity: 'Infinity', totalMeasurementUnit: 'KG' },
  discount: { type: 'NONE', value: 0 },
  media: { items: [{ image: { url: 'x' } }] },
  productOptions: [{ name: 'Size', choices: [{ value: 'S' }] }],
  variants: [
    {
      id: 'v1',
      choices: { Size: 'S' },
      variant: { weight: 'Infinity', priceData: { price: 'NaN', currency: 'EUR' } },
    },
    { id: 'v2', choices: { Size: 'M' }, variant: { visible: true } },
    { id: 'v3', choices: {}, variant: null },
  ],
});

const cases: Array<[string, unknown, TransformSpec]> = [
  ['no paths', [{ a: '2020-01-01T00:00:00Z' }], {}],
  ['empty path lists', { a: 'NaN' }, { dates: [], floats: [] }],
  [
    'arrays of arrays on the way and at the root',
    [[{ a: [[{ d: '2020-01-01T00:00:00Z', f: 'NaN' }], []] }], { a: { d: 'x' } }],
    { dates: ['a.d'], floats: ['a.f'] },
  ],
  [
    'missing keys at every depth',
    { a: { b: { c: 'NaN' } }, keep: { deep: [1, 2] } },
    { dates: ['x', 'a.x', 'a.b.x', 'a.b.c.x'], floats: ['a.b.c', 'nope.b', 'a.nope.c'] },
  ],
  [
    'no path reaches anything',
    { keep: { deep: [1, 2] }, other: [{ x: 1 }] },
    { dates: ['x', 'keep.x', 'other.y'] },
  ],
  [
    'nulls and other non-records on the path',
    { a: null, b: 'NaN', c: 3, d: [null, 'Infinity', { e: 'Infinity' }], f: { g: undefined } },
    { floats: ['a.x', 'b.x', 'c.x', 'd.e', 'f.g', 'f.g.h'] },
  ],
  [
    'a path ending at an array (each element, nested arrays too)',
    { at: ['2020-01-01T00:00:00Z', 'bad', null, ['2021-01-01T00:00:00Z']], n: ['NaN', [1, 'Infinity']] },
    { dates: ['at'], floats: ['n'] },
  ],
  [
    'overlapping paths a.b and a.b.c, either order, both lists',
    { a: { b: { c: '2020-01-01T00:00:00Z', d: 'NaN' }, e: 'NaN' }, s: { b: '2020-01-01T00:00:00Z' } },
    { dates: ['a.b', 'a.b.c', 's.b.c', 's.b'], floats: ['a.b.d', 'a.b', 'a.e', 's.b'] },
  ],
  [
    'a path both a date and a float (date first)',
    { d: '2020-01-01T00:00:00Z', n: 'NaN', s: 'Infinity' },
    { dates: ['d', 'n', 's'], floats: ['d', 'n', 's'] },
  ],
  [
    'a path that goes on into a value an earlier path converted',
    { a: '2020-01-01T00:00:00Z', b: { c: '2020-01-01T00:00:00Z' } },
    { dates: ['a', 'b.c.getTime', 'b.c'], floats: ['a.getTime'] },
  ],
  [
    'inherited names and repeated paths',
    { a: {}, b: { c: 'NaN' } },
    { dates: ['a.constructor'], floats: ['b.c', 'b.c'] },
  ],
  [
    'a product page',
    { products: [productLike('p1'), productLike('p2')] },
    prefixTransform('products', PRODUCT_TRANSFORM),
  ],
  ['one product', { product: productLike('p1') }, prefixTransform('product', PRODUCT_TRANSFORM)],
];

describe('applyTransform against mapAtPath per path', () => {
  it.each(cases)('%s', (_name, fixture, spec) => {
    const input = deepFreeze(structuredClone(fixture));
    const expected = referenceTransform(input, spec);
    const result = applyTransform(input, spec);
    expect(result).toStrictEqual(expected);
    expect(input).toStrictEqual(fixture);
    expect(sharedPositions(result, input)).toEqual(sharedPositions(expected, input));
    // The second use of a spec takes its cached tree.
    expect(applyTransform(input, spec)).toStrictEqual(expected);
  });

  it('shares what no path reaches and copies what one does', () => {
    const input = deepFreeze({ products: [productLike('p1')] });
    const result = applyTransform(input, prefixTransform('products', PRODUCT_TRANSFORM)) as typeof input;
    const [before] = input.products;
    const [after] = result.products;
    expect(after).not.toBe(before);
    expect(after?.media).toBe(before?.media);
    expect(after?.productOptions).toBe(before?.productOptions);
    expect(after?.variants[0]?.choices).toBe(before?.variants[0]?.choices);
    expect(after?.variants[0]?.variant).not.toBe(before?.variants[0]?.variant);
    expect(after?.priceData.formatted).toBe(before?.priceData.formatted);
  });

  it('keeps a __proto__ key an own property, leaving the prototype alone', () => {
    const input = deepFreeze(JSON.parse('{"__proto__": {"d": "2020-01-01T00:00:00Z"}, "x": 1}') as object);
    const result = applyTransform(input, { dates: ['__proto__.d'] }) as object;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toStrictEqual({
      d: new Date('2020-01-01T00:00:00Z'),
    });
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')).toStrictEqual(
      Object.getOwnPropertyDescriptor(referenceTransform(input, { dates: ['__proto__.d'] }), '__proto__'),
    );
    // Without an own `__proto__`, the path reaches the inherited one and, as before, makes it own.
    const plain = deepFreeze({ x: 1 });
    const reached = applyTransform(plain, { dates: ['__proto__.d'] }) as object;
    expect(Object.getPrototypeOf(reached)).toBe(Object.prototype);
    expect(Object.hasOwn(reached, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(reached, '__proto__')).toStrictEqual(
      Object.getOwnPropertyDescriptor(referenceTransform(plain, { dates: ['__proto__.d'] }), '__proto__'),
    );
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
