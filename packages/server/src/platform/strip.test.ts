import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { stripUnknownKeys } from './strip.ts';

const strip = (schema: unknown, value: unknown) => {
  stripUnknownKeys(schema, value);
  return value;
};

const Address = Type.Object({
  city: Type.Optional(Type.String()),
  street: Type.Optional(Type.Object({ name: Type.String() })),
});

describe('stripUnknownKeys', () => {
  it.each([
    [
      'undeclared keys at every level',
      Type.Object({ address: Address }),
      { address: { city: 'X', street: { name: 'Main', x: 1 }, prototype: {} }, extra: 1 },
      { address: { city: 'X', street: { name: 'Main' } } },
    ],
    [
      'objects in arrays',
      Type.Object({ lines: Type.Array(Address) }),
      { lines: [{ city: 'A', junk: 1 }, { b: 2 }] },
      { lines: [{ city: 'A' }, {}] },
    ],
    [
      'X | null',
      Type.Object({ a: Type.Union([Address, Type.Null()]) }),
      { a: { city: 'C', polluted: true } },
      { a: { city: 'C' } },
    ],
    [
      'string | X',
      Type.Object({ a: Type.Union([Type.String(), Address]) }),
      { a: { city: 'C', polluted: true } },
      { a: { city: 'C' } },
    ],
    [
      'an intersection keeps the keys of every part',
      Type.Intersect([
        Type.Object({ a: Type.Number() }),
        Type.Object({ b: Type.Object({ c: Type.Number() }) }),
      ]),
      { a: 1, b: { c: 2, d: 3 }, e: 4 },
      { a: 1, b: { c: 2 } },
    ],
    [
      'a record keeps its keys and cuts inside its values',
      Type.Object({ m: Type.Record(Type.String(), Address) }),
      { m: { any: { city: 'C', z: 1 } } },
      { m: { any: { city: 'C' } } },
    ],
    [
      'free-form values stay',
      Type.Object({ ext: Type.Unknown(), loose: Type.Object({}, { additionalProperties: true }) }),
      { ext: { a: { b: 1 } }, loose: { q: 1 } },
      { ext: { a: { b: 1 } }, loose: { q: 1 } },
    ],
    [
      'several object branches: left as is',
      Type.Object({ u: Type.Union([Type.Object({ a: Type.Number() }), Type.Object({ b: Type.Number() })]) }),
      { u: { b: 1, c: 2 } },
      { u: { b: 1, c: 2 } },
    ],
    [
      'arrays of X | null',
      Type.Object({ l: Type.Union([Type.Array(Address), Type.Null()]) }),
      { l: [{ city: 'A', q: 1 }] },
      { l: [{ city: 'A' }] },
    ],
  ])('%s', (_name, schema, input, expected) => {
    expect(strip(schema, input)).toEqual(expected);
  });

  it('leaves scalars and values without a schema alone', () => {
    expect(strip(undefined, { a: 1 })).toEqual({ a: 1 });
    expect(strip(Type.String(), 'x')).toBe('x');
  });
});
