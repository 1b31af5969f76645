import { describe, expect, it } from 'vitest';
import { fakeFetch, json, replies } from '../testing/fake-fetch.ts';
import { ApiKeyStrategy } from './auth.ts';
import { createClient } from './client.ts';
import type { Http } from './transport.ts';

const ping = (http: Http) => ({
  ping: (id: string) => http.request<{ pong: string }>({ method: 'GET', path: '/ping/{id}', data: { id } }),
});
const echo = (http: Http) => ({
  send: (text: string) => http.request<{ text: string }>({ method: 'POST', path: '/echo', data: { text } }),
});

describe('createClient', () => {
  it('binds each module to one transport with the client’s options', async () => {
    const { fetch, calls } = fakeFetch(
      replies(
        () => json({ pong: 'x' }, { headers: { 'X-Aisle-Consistent': 'tok' } }),
        () => json({ text: 'hi' }),
      ),
    );
    const client = createClient({
      modules: { ping, echo },
      baseUrl: 'https://shop.test',
      fetch,
      headers: { 'x-client': 'web' },
      auth: ApiKeyStrategy({ apiKey: 'k' }),
    });
    expect(await client.ping.ping('a b')).toEqual({ pong: 'x' });
    expect(await client.echo.send('hi')).toEqual({ text: 'hi' });
    expect(calls.map((call) => call.url)).toEqual([
      'https://shop.test/ping/a%20b?id=a%20b',
      'https://shop.test/echo',
    ]);
    expect(calls[1]?.headers.get('Authorization')).toBe('k');
    expect(calls[1]?.headers.get('x-client')).toBe('web');
    // Modules share one transport, so the consistency token crosses modules.
    expect(calls[1]?.headers.get('X-Aisle-Consistent')).toBe('tok');
  });

  it('exposes request and fetchWithAuth', async () => {
    const { fetch, calls } = fakeFetch(() => json({ ok: 1 }));
    const client = createClient({ modules: {}, fetch, auth: ApiKeyStrategy({ apiKey: 'k' }) });
    expect(await client.request({ method: 'GET', path: '/raw' })).toEqual({ ok: 1 });
    const response = await client.fetchWithAuth('/plain');
    expect(await response.json()).toEqual({ ok: 1 });
    expect(calls[1]?.headers.get('Authorization')).toBe('k');
  });

  it('passes errors through onError', async () => {
    const { fetch } = fakeFetch(() => json({ message: 'nope' }, { status: 403, statusText: 'Forbidden' }));
    const seen: string[] = [];
    const client = createClient({
      modules: { ping },
      fetch,
      onError: (error) => void seen.push(error.message),
    });
    await expect(client.ping.ping('x')).rejects.toMatchObject({ status: 403, code: 403 });
    expect(seen).toEqual(['Forbidden: nope']);
  });

  it.each(['request', 'fetchWithAuth'])('refuses a module named %s', (name) => {
    expect(() => createClient({ modules: { [name]: ping } })).toThrow(`Module name "${name}" is reserved`);
  });
});
