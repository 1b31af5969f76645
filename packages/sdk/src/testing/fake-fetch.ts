// Test-only helpers (excluded from the build): a recording fetch and response builders.
import { base64UrlDecode } from '../core/base64url.ts';
import { type AisleClient, createClient, type ModuleMap } from '../core/client.ts';
import type { FetchFn } from '../core/transport.ts';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that records each call and answers with `handler`. */
export function fakeFetch(handler: Handler): { fetch: FetchFn; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: FetchFn = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch, calls };
}

/** Answers every call with the next response of the list (the last one repeats). */
export function replies(...make: (() => Response)[]): Handler {
  let index = 0;
  return () => {
    const next = make[Math.min(index, make.length - 1)];
    index += 1;
    if (!next) throw new Error('no reply configured');
    return next();
  };
}

export function json(
  body: unknown,
  init: { status?: number; statusText?: string; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** Path and decoded query of a recorded URL; `.r` is decoded to its JSON object. */
export function parseUrl(url: string): { path: string; params: URLSearchParams; r: unknown } {
  const parsed = new URL(url, 'http://relative.invalid');
  const encoded = parsed.searchParams.get('.r');
  return {
    path: parsed.pathname,
    params: parsed.searchParams,
    r: encoded === null ? undefined : JSON.parse(base64UrlDecode(encoded)),
  };
}

/** A module test's client: `fakeClient(modules)(reply)` gives a client of those modules over a recording fetch. */
export function fakeClient<M extends ModuleMap>(modules: M) {
  return (reply: (call: RecordedCall) => Response): { sdk: AisleClient<M>; calls: RecordedCall[] } => {
    const { fetch, calls } = fakeFetch(reply);
    return { sdk: createClient({ modules, fetch }), calls };
  };
}

/** A recorded call's JSON body (null without one). */
export const bodyOf = (call: RecordedCall | undefined): unknown => JSON.parse(call?.body ?? 'null');

/** A recorded call's path. */
export const pathOf = (call: RecordedCall | undefined): string => parseUrl(call?.url ?? '').path;

/** What a recorded call sent: its method, path and JSON body (undefined without one). */
export const sentOf = (call: RecordedCall | undefined) => ({
  method: call?.method,
  path: pathOf(call),
  body: call?.body === undefined ? undefined : bodyOf(call),
});
