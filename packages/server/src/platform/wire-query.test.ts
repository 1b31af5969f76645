import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeComplexQuery } from './wire-query.ts';

describe('decodeQuery', () => {
  it('decodes .r as base64url JSON', () => {
    const request = { query: { filter: { name: { $startsWith: 'Ñu' } }, paging: { limit: 20, offset: 0 } } };
    const qs = new URLSearchParams(encodeComplexQuery(request));
    expect(decodeQuery(Object.fromEntries(qs))).toEqual(request);
  });

  it('turns dotted keys into nested objects and keeps repeated keys as arrays', () => {
    expect(decodeQuery({ id: 'p1', 'paging.limit': '5', 'a.b.c': 'x', ids: ['1', '2'] })).toEqual({
      id: 'p1',
      paging: { limit: '5' },
      a: { b: { c: 'x' } },
      ids: ['1', '2'],
    });
  });

  it('ignores prototype-polluting keys', () => {
    const out = decodeQuery({ '__proto__.polluted': 'yes', 'a.constructor.x': '1' });
    expect(out).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects a .r that is not a JSON object', () => {
    expect(() => decodeQuery({ '.r': Buffer.from('[1]').toString('base64url') })).toThrow(SyntaxError);
    expect(() => decodeQuery({ '.r': 'not-json' })).toThrow();
  });
});
