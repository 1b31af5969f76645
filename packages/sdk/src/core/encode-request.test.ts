import { describe, expect, it } from 'vitest';
import { base64UrlDecode } from './base64url.ts';
import { GET_QUERY_LIMIT } from './constants.ts';
import { encodeRequest } from './encode-request.ts';
import { toComplexQueryString } from './query-string.ts';

/** A request object whose GET* query string is exactly `length` characters, found by growing a filler. */
function sized(length: number, wrap: (filler: string) => object): object {
  for (let n = 0; n < length; n += 1) {
    const data = wrap('x'.repeat(n));
    const actual = toComplexQueryString(data).length;
    if (actual === length) return data;
    if (actual > length) break;
  }
  throw new Error(`no request encodes to ${length} characters`);
}

const flat = (filler: string) => ({ q: filler });
const nested = (filler: string) => ({ query: { filter: { name: filler } } });

describe('encodeRequest', () => {
  it('sends the whole object, path fields included, as the query of a GET', () => {
    expect(
      encodeRequest({
        method: 'GET',
        path: '/p/{id}',
        data: { id: 'a b', includeMerchantSpecificData: true },
      }),
    ).toEqual({
      method: 'GET',
      path: '/p/a%20b',
      query: 'id=a%20b&includeMerchantSpecificData=true',
      body: undefined,
    });
  });

  it('sends DELETE through the query string too', () => {
    expect(encodeRequest({ method: 'DELETE', path: '/p/{id}', data: { id: '1' } })).toEqual({
      method: 'DELETE',
      path: '/p/1',
      query: 'id=1',
      body: undefined,
    });
  });

  it.each(['POST', 'PUT', 'PATCH'] as const)('sends %s as a JSON body', (method) => {
    const data = { product: { id: 'p/1', name: 'N' } };
    expect(encodeRequest({ method, path: '/p/{product.id}', data })).toEqual({
      method,
      path: '/p/p%2F1',
      query: '',
      body: JSON.stringify(data),
    });
  });

  it('encodes a complex GET as .r', () => {
    const data = { query: { paging: { limit: 50, offset: 0 } } };
    const encoded = encodeRequest({ method: 'GET', path: '/q', data, complex: true });
    expect(encoded.method).toBe('GET');
    expect(JSON.parse(base64UrlDecode(encoded.query.replace(/^\.r=/, '')))).toEqual(data);
  });

  it.each([
    { form: 'plain', wrap: flat, length: GET_QUERY_LIMIT, method: 'GET' },
    { form: 'plain', wrap: flat, length: GET_QUERY_LIMIT + 1, method: 'POST' },
    // base64url lengths skip 4k+1, so `.r=` + data can be 3999 or 4001 but never 4000.
    { form: '.r', wrap: nested, length: GET_QUERY_LIMIT - 1, method: 'GET' },
    { form: '.r', wrap: nested, length: GET_QUERY_LIMIT + 1, method: 'POST' },
  ])('a $form GET* query of $length characters goes out as $method', ({ wrap, length, method }) => {
    const data = sized(length, wrap);
    const encoded = encodeRequest({ method: 'GET', path: '/q', data, complex: true });
    expect(encoded.method).toBe(method);
    if (method === 'GET') {
      expect(encoded.query).toHaveLength(length);
      expect(encoded.body).toBeUndefined();
    } else {
      expect(encoded).toEqual({ method: 'POST', path: '/q', query: '', body: JSON.stringify(data) });
    }
  });

  it('uses the call’s own fallback path when it has one', () => {
    const data = { id: 'x', query: { filter: { name: 'y'.repeat(5000) } } };
    const encoded = encodeRequest({
      method: 'GET',
      path: '/list/{id}',
      fallbackPath: '/list/{id}/query',
      data,
      complex: true,
    });
    expect(encoded).toMatchObject({ method: 'POST', path: '/list/x/query', query: '' });
  });

  it('never falls back for a plain GET, whatever its length', () => {
    const encoded = encodeRequest({ method: 'GET', path: '/q', data: { q: 'z'.repeat(5000) } });
    expect(encoded.method).toBe('GET');
    expect(encoded.query).toHaveLength(5002);
  });
});
