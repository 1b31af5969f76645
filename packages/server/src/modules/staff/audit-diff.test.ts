import { describe, expect, it } from 'vitest';
import { CHANGES_MAX, diffSnapshots, flatten, VALUE_MAX } from './audit-diff.ts';

describe('flatten', () => {
  it.each([
    [{ coupon: { name: 'Ten', active: true } }, { 'coupon.name': 'Ten', 'coupon.active': true }],
    [{ order: { status: 'APPROVED', updatedDate: 'x', revision: '3' } }, { 'order.status': 'APPROVED' }],
    [{ a: { b: { c: { d: 1 } } } }, { 'a.b.c': { d: 1 } }],
    [{ tags: ['x', 'y'] }, { tags: ['x', 'y'] }],
    [{ deleted: null }, { deleted: null }],
  ])('%j → %j', (payload, flat) => {
    expect(flatten(payload)).toEqual(flat);
  });

  it('shortens long values and big objects', () => {
    const flat = flatten({ note: 'n'.repeat(500), lines: Array.from({ length: 100 }, (_, i) => ({ i })) });
    expect((flat.note as string).length).toBe(VALUE_MAX);
    expect((flat.lines as string).endsWith('…')).toBe(true);
  });
});

describe('diffSnapshots', () => {
  it.each([
    ['no before: every field as after', undefined, { a: 1 }, [{ field: 'a', after: 1 }]],
    ['a changed field', { a: 1, b: 2 }, { a: 1, b: 3 }, [{ field: 'b', before: 2, after: 3 }]],
    ['a removed field', { a: 1, b: 2 }, { a: 1 }, [{ field: 'b', before: 2 }]],
    ['an added field', { a: 1 }, { a: 1, c: 'x' }, [{ field: 'c', after: 'x' }]],
    ['nothing changed', { a: [1, 2] }, { a: [1, 2] }, []],
  ])('%s', (_name, before, after, changes) => {
    expect(diffSnapshots(before, after)).toEqual(changes);
  });

  it('keeps at most CHANGES_MAX changes', () => {
    const after = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, i]));
    expect(diffSnapshots({}, after)).toHaveLength(CHANGES_MAX);
  });
});
