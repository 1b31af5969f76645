import type { FastifyInstance } from 'fastify';
import type { FetchFn } from './renderer.ts';

/**
 * `fetch` over this server's own routes without a socket (Fastify's inject): the storefront's SDK calls go
 * through the same hooks, validation and caches as any client's. `ip` is the shopper's, for per-IP limits.
 */
export function inProcessFetch(app: FastifyInstance, ip: string): FetchFn {
  return async (input, init) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://in-process'), init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
      remoteAddress: ip,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: out,
    });
  };
}
