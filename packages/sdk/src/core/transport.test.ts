import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, parseUrl, replies } from '../testing/fake-fetch.ts';
import { rejection } from '../testing/rejection.ts';
import { StaticTokenStrategy } from './auth.ts';
import { AisleApplicationError, type AisleError, AisleSystemError, AisleValidationError } from './errors.ts';
import { createHttp } from './transport.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createHttp: requests', () => {
  it('builds the URL from baseUrl (trailing slash trimmed), encoded path and query', async () => {
    const { fetch, calls } = fakeFetch(() => json({ ok: true }));
    const http = createHttp({ baseUrl: 'https://api.example.test/', fetch });
    await http.request({ method: 'GET', path: '/v1/items/{id}', data: { id: 'a/b', n: 2 } });
    expect(calls[0]?.url).toBe('https://api.example.test/v1/items/a%2Fb?id=a%2Fb&n=2');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('defaults to a relative URL without a query string when there is nothing to send', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    await createHttp({ fetch }).request({ method: 'GET', path: '/v1/carts/current' });
    expect(calls[0]?.url).toBe('/v1/carts/current');
  });

  it('sends JSON bodies with Dates as ISO strings', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    await createHttp({ fetch }).request({
      method: 'POST',
      path: '/v1/things',
      data: { at: new Date('2024-01-01T00:00:00.000Z'), list: [new Date(0)] },
    });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      at: '2024-01-01T00:00:00.000Z',
      list: ['1970-01-01T00:00:00.000Z'],
    });
  });

  it('switches a long GET* to the POST fallback on the same path', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const data = { query: { filter: { name: 'x'.repeat(4000) } } };
    await createHttp({ fetch }).request({
      method: 'GET',
      path: '/v2/collections/query',
      data,
      complex: true,
    });
    expect(calls[0]).toMatchObject({ url: '/v2/collections/query', method: 'POST' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(data);
  });

  it('sends a short GET* as .r', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const data = { query: { paging: { limit: 5, offset: 0 } } };
    await createHttp({ fetch }).request({ method: 'GET', path: '/q', data, complex: true });
    expect(calls[0]?.method).toBe('GET');
    expect(parseUrl(calls[0]?.url ?? '').r).toEqual(data);
  });

  it('merges headers: client, then auth, then per call; auth has no Bearer prefix', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const http = createHttp({
      fetch,
      headers: { authorization: 'client-default', 'x-app': 'shop' },
      auth: StaticTokenStrategy({ token: 'tok-1' }),
    });
    await http.request({ method: 'GET', path: '/a' });
    await http.request({ method: 'GET', path: '/a', headers: { 'X-App': 'override' } });
    expect(calls[0]?.headers.get('Authorization')).toBe('tok-1');
    expect(calls[0]?.headers.get('x-app')).toBe('shop');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
    expect(calls[1]?.headers.get('x-app')).toBe('override');
  });

  it('asks the auth strategy on every call (tokens may rotate)', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    let n = 0;
    const http = createHttp({ fetch, auth: { getAuthHeaders: async () => ({ Authorization: `t${++n}` }) } });
    await http.request({ method: 'GET', path: '/a' });
    await http.request({ method: 'GET', path: '/a' });
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['t1', 't2']);
  });

  it('echoes X-Aisle-Consistent from the last response that carried it', async () => {
    const { fetch, calls } = fakeFetch(
      replies(
        () => json({}, { headers: { 'X-Aisle-Consistent': 'v1' } }),
        () => json({}),
        () => json({ message: 'x' }, { status: 409, headers: { 'x-aisle-consistent': 'v2' } }),
        () => json({}),
      ),
    );
    const http = createHttp({ fetch });
    await http.request({ method: 'POST', path: '/w' });
    await http.request({ method: 'GET', path: '/r' });
    await http.request({ method: 'POST', path: '/w' }).catch(() => undefined);
    await http.request({ method: 'GET', path: '/r' });
    expect(calls.map((call) => call.headers.get('X-Aisle-Consistent'))).toEqual([null, 'v1', 'v1', 'v2']);
  });

  it('uses the global fetch, looked up at call time, when none is given', async () => {
    const { fetch, calls } = fakeFetch(() => json({ a: 1 }));
    const http = createHttp();
    vi.stubGlobal('fetch', fetch);
    expect(await http.request({ method: 'GET', path: '/g' })).toEqual({ a: 1 });
    expect(calls).toHaveLength(1);
  });
});

describe('createHttp: responses', () => {
  it('applies the transform, then renames, to a 200 body', async () => {
    const { fetch } = fakeFetch(() =>
      json({ cart: { id: 'c', createdDate: '2024-01-01T00:00:00Z', weight: 'NaN' } }),
    );
    const result = await createHttp({ fetch }).request({
      method: 'GET',
      path: '/c',
      transform: { dates: ['cart.createdDate'], floats: ['cart.weight'] },
      renames: true,
    });
    expect(result).toEqual({
      cart: { _id: 'c', _createdDate: new Date('2024-01-01T00:00:00Z'), weight: Number.NaN },
    });
  });

  it('renames request keys to wire names when asked (path placeholders use wire names)', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    await createHttp({ fetch }).request({
      method: 'POST',
      path: '/c/{id}',
      data: { _id: 'x', item: { _id: 'i' } },
      renames: true,
    });
    expect(calls[0]?.url).toBe('/c/x');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ id: 'x', item: { id: 'i' } });
  });

  it.each([
    [201, 'Created'],
    [204, 'No Content'],
    [404, 'Not Found'],
  ])('treats HTTP %i as an error', async (status, statusText) => {
    const { fetch } = fakeFetch(
      () => new Response(null, { status, statusText, headers: { 'X-Aisle-Request-Id': 'r-1' } }),
    );
    const error = await rejection(createHttp({ fetch }).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({ status, code: status, requestId: 'r-1', message: statusText });
  });

  it('maps a validation body and keeps the request id header', async () => {
    const body = {
      message: 'bad',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'b', description: 'y' },
            { field: 'a', description: 'x' },
          ],
        },
      },
    };
    const { fetch } = fakeFetch(() => json(body, { status: 400, headers: { 'x-aisle-request-id': 'rid' } }));
    const error = await rejection(createHttp({ fetch }).request({ method: 'POST', path: '/x' }));
    expect(error).toBeInstanceOf(AisleValidationError);
    expect(error).toMatchObject({ message: 'INVALID_ARGUMENT: "a" x, "b" y', requestId: 'rid', status: 400 });
  });

  it('keeps a non-JSON error body as text in data.details', async () => {
    const { fetch } = fakeFetch(
      () => new Response('upstream down', { status: 503, statusText: 'Service Unavailable' }),
    );
    const error = await rejection(createHttp({ fetch }).request({ method: 'GET', path: '/x' }));
    expect(error.data).toEqual({ requestId: undefined, details: 'upstream down' });
  });

  it('turns a thrown fetch into a system error with a generated request id', async () => {
    const cause = new TypeError('fetch failed');
    const { fetch } = fakeFetch(() => {
      throw cause;
    });
    const error = await rejection(createHttp({ fetch }).request({ method: 'GET', path: '/x' }));
    expect(error).toBeInstanceOf(AisleSystemError);
    expect(error.message).toBe(`System error occurred, request-id: ${error.requestId}`);
    expect(error.requestId).toBeTruthy();
    expect(error.cause).toBe(cause);
  });

  it('treats a 200 whose body is not JSON as a system error naming the server request id', async () => {
    const { fetch } = fakeFetch(
      () => new Response('<html>', { status: 200, headers: { 'X-Aisle-Request-Id': 'r-7' } }),
    );
    const error = await rejection(createHttp({ fetch }).request({ method: 'GET', path: '/x' }));
    expect(error).toBeInstanceOf(AisleSystemError);
    expect(error.message).toBe('System error occurred, request-id: r-7');
  });

  it('rethrows an abort as it is, not as a system error', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await rejection(
      createHttp({ fetch }).request({ method: 'GET', path: '/x', signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(DOMException);
    expect(error.name).toBe('AbortError');
  });

  it('calls onError with the error before rethrowing it', async () => {
    const seen: AisleError[] = [];
    const { fetch } = fakeFetch(() => json({}, { status: 500, statusText: 'Internal Server Error' }));
    const error = await rejection(
      createHttp({ fetch, onError: (e) => void seen.push(e) }).request({ method: 'GET', path: '/x' }),
    );
    expect(seen).toEqual([error]);
    expect(error.status).toBe(500);
  });

  it('lets onError replace the error by throwing', async () => {
    const { fetch } = fakeFetch(() => json({}, { status: 500 }));
    const replaced = new Error('mapped');
    const http = createHttp({
      fetch,
      onError: async () => {
        throw replaced;
      },
    });
    await expect(http.request({ method: 'GET', path: '/x' })).rejects.toBe(replaced);
  });

  it('does not call onError on success', async () => {
    const onError = vi.fn();
    const { fetch } = fakeFetch(() => json({}));
    await createHttp({ fetch, onError }).request({ method: 'GET', path: '/x' });
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('createHttp: fetchWithAuth', () => {
  it('adds auth and the baseUrl to a relative path and returns the raw response', async () => {
    const { fetch, calls } = fakeFetch(
      () => new Response('raw', { status: 201, headers: { 'X-Aisle-Consistent': 'c9' } }),
    );
    const http = createHttp({ baseUrl: 'https://h.test', fetch, auth: StaticTokenStrategy({ token: 't' }) });
    const response = await http.fetchWithAuth('/any/path', { method: 'PUT', headers: { 'X-Extra': '1' } });
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('raw');
    expect(calls[0]).toMatchObject({ url: 'https://h.test/any/path', method: 'PUT' });
    expect(calls[0]?.headers.get('Authorization')).toBe('t');
    expect(calls[0]?.headers.get('X-Extra')).toBe('1');
    await http.request({ method: 'GET', path: '/next' }).catch(() => undefined);
    expect(calls[1]?.headers.get('X-Aisle-Consistent')).toBe('c9');
  });

  it('leaves absolute URLs alone and keeps a Request’s own headers', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('{}'));
    const http = createHttp({ baseUrl: 'https://h.test', fetch, auth: StaticTokenStrategy({ token: 't' }) });
    await http.fetchWithAuth(new Request('https://other.test/x', { headers: { 'X-Own': 'yes' } }));
    expect(calls[0]?.url).toBe('https://other.test/x');
    expect(calls[0]?.headers.get('X-Own')).toBe('yes');
    expect(calls[0]?.headers.get('Authorization')).toBe('t');
  });
});

describe('createHttp: url', () => {
  it('builds a navigable GET URL: baseUrl, filled path, query string, dates as ISO', () => {
    const http = createHttp({ baseUrl: 'https://shop.test/' });
    expect(
      http.url('/v1/things/{id}/go', {
        id: 'a/b',
        back: 'https://shop.test/x?y=1',
        at: new Date('2024-01-01T00:00:00.000Z'),
      }),
    ).toBe(
      'https://shop.test/v1/things/a%2Fb/go?id=a%2Fb&back=https%3A%2F%2Fshop.test%2Fx%3Fy%3D1&at=2024-01-01T00%3A00%3A00.000Z',
    );
  });

  it('stays relative with the default baseUrl and has no `?` without data', () => {
    expect(createHttp().url('/v1/logout')).toBe('/v1/logout');
  });
});
