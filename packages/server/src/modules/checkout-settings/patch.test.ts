import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { thrownViolations } from '../../platform/test-violations.ts';
import { applyPatch, maskPaths, withDefaults } from './patch.ts';

const Schema = Type.Object({
  a: Type.Optional(Type.Object({ x: Type.Optional(Type.Boolean()), y: Type.Optional(Type.String()) })),
  b: Type.Optional(
    Type.Union([
      Type.Object({
        image: Type.Optional(Type.Object({ id: Type.String() })),
        size: Type.Optional(Type.String()),
      }),
      Type.Null(),
    ]),
  ),
  flag: Type.Optional(Type.Boolean()),
  revision: Type.Optional(Type.String()),
});
const LEAVES = new Set(['b.image']);
const ALLOWED = maskPaths(Schema, LEAVES, new Set(['revision']));
const options = { allowed: ALLOWED, leaves: LEAVES, skip: new Set(['revision']), entity: 'thing' };

describe('maskPaths', () => {
  it('lists every path, looking through unions, stopping at leaves, skipping top-level names', () => {
    expect([...ALLOWED].sort()).toEqual(['a', 'a.x', 'a.y', 'b', 'b.image', 'b.size', 'flag']);
  });
});

describe('applyPatch', () => {
  const current = { a: { x: true, y: 'old' }, b: { image: { id: '1', extra: 'kept' }, size: 'S' } };

  it.each([
    [
      'no mask merges what is given',
      { a: { y: 'new' }, revision: '3' },
      undefined,
      { a: { x: true, y: 'new' }, b: current.b },
    ],
    ['null removes (back to default)', { b: null }, undefined, { a: current.a }],
    [
      'a leaf is replaced whole',
      { b: { image: { id: '2' } } },
      undefined,
      { a: current.a, b: { image: { id: '2' }, size: 'S' } },
    ],
    [
      'a mask path is set',
      { a: { x: false, y: 'ignored' } },
      'a.x',
      { a: { x: false, y: 'old' }, b: current.b },
    ],
    ['a mask path without a value is reset', {}, 'thing.a.y', { a: { x: true }, b: current.b }],
    [
      'a mask of a parent replaces the subtree',
      { a: { y: 'only' } },
      'a',
      { a: { y: 'only' }, b: current.b },
    ],
    [
      'a mask path below a missing parent',
      { flag: true, a: { x: false } },
      'flag, a.x',
      { a: { x: false, y: 'old' }, b: current.b, flag: true },
    ],
  ])('%s', (_name, input, mask, expected) => {
    expect(applyPatch(current, input, mask, options)).toEqual(expected);
  });

  it('refuses mask paths it does not know, naming them', () => {
    expect(
      thrownViolations(() => applyPatch(current, {}, 'a.z,revision,b.image.id', options))[0],
    ).toMatchObject({
      field: 'fieldMask',
      data: { fields: ['a.z', 'revision', 'b.image.id'] },
    });
  });

  it('never changes the current object', () => {
    const before = structuredClone(current);
    applyPatch(current, { a: { x: false } }, undefined, options);
    applyPatch(current, {}, 'a', options);
    expect(current).toEqual(before);
  });
});

describe('withDefaults', () => {
  it('lays the stored object over the defaults; leaves replace', () => {
    expect(
      withDefaults(
        { a: { x: false, y: 'd' }, b: { image: { id: '0', w: 1 }, size: 'M' } },
        { a: { y: 's' }, b: { image: { id: '9' } } },
        LEAVES,
      ),
    ).toEqual({ a: { x: false, y: 's' }, b: { image: { id: '9' }, size: 'M' } });
  });
});
