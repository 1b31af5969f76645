import { describe, expect, it } from 'vitest';
import { base64UrlDecode } from './base64url.ts';
import { flattenQuery, toComplexQueryString, toQueryString } from './query-string.ts';

describe('flattenQuery', () => {
  it.each([
    {
      name: 'flat scalars',
      data: { id: 'p1', n: 3, b: false },
      pairs: [
        ['id', 'p1'],
        ['n', '3'],
        ['b', 'false'],
      ],
      complex: false,
    },
    {
      name: 'nested objects as dotted keys',
      data: { a: { b: { c: 1 } } },
      pairs: [['a.b.c', '1']],
      complex: true,
    },
    {
      name: 'arrays as repeated keys',
      data: { ids: ['x', 'y'] },
      pairs: [
        ['ids', 'x'],
        ['ids', 'y'],
      ],
      complex: false,
    },
    {
      name: 'null and undefined omitted',
      data: { a: null, b: undefined, c: 'k' },
      pairs: [['c', 'k']],
      complex: false,
    },
    {
      name: 'nulls inside arrays omitted',
      data: { a: ['x', null, 'y'] },
      pairs: [
        ['a', 'x'],
        ['a', 'y'],
      ],
      complex: false,
    },
    {
      name: 'arrays of objects dropped',
      data: { items: [{ a: 1 }], id: '1' },
      pairs: [['id', '1']],
      complex: true,
    },
    {
      name: 'mixed array keeps scalars only',
      data: { a: ['x', { b: 1 }] },
      pairs: [['a', 'x']],
      complex: true,
    },
    {
      name: 'dates as ISO strings',
      data: { at: new Date('2024-01-02T03:04:05.000Z') },
      pairs: [['at', '2024-01-02T03:04:05.000Z']],
      complex: false,
    },
    { name: 'empty object', data: {}, pairs: [], complex: false },
    { name: 'empty nested object', data: { query: {} }, pairs: [], complex: false },
    { name: 'dotted key with a null value', data: { filter: { f: null } }, pairs: [], complex: true },
  ])('$name', ({ data, pairs, complex }) => {
    expect(flattenQuery(data)).toEqual({ pairs, complex });
  });
});

describe('toQueryString', () => {
  it('encodes keys and values with encodeURIComponent', () => {
    expect(toQueryString({ q: 'a b&c=d/é', 'k y': 1 })).toBe('q=a%20b%26c%3Dd%2F%C3%A9&k%20y=1');
  });

  it('joins repeated and dotted keys', () => {
    expect(toQueryString({ ids: ['1', '2'], paging: { limit: 5 } })).toBe('ids=1&ids=2&paging.limit=5');
  });
});

describe('toComplexQueryString', () => {
  it('sends a flat object as plain pairs', () => {
    expect(toComplexQueryString({ id: 'a', ids: ['b', 'c'] })).toBe('id=a&ids=b&ids=c');
  });

  it('gives no query string for an empty object', () => {
    expect(toComplexQueryString({})).toBe('');
  });

  it.each([
    { name: 'a dotted key', data: { query: { paging: { limit: 10, offset: 0 } } } },
    { name: 'an array of objects', data: { sort: [{ fieldName: 'name', order: 'ASC' }] } },
  ])('uses one .r parameter when the object has $name', ({ data }) => {
    const query = toComplexQueryString(data);
    expect(query).toMatch(/^\.r=[A-Za-z0-9_-]+$/);
    expect(JSON.parse(base64UrlDecode(query.slice(3)))).toEqual(data);
  });

  it('keeps nulls inside .r (an isEmpty filter needs them)', () => {
    const data = { query: { filter: { ribbon: null } } };
    expect(JSON.parse(base64UrlDecode(toComplexQueryString(data).slice(3)))).toEqual(data);
  });
});
