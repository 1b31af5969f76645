import type { AuthStrategy } from './auth.ts';
import { CONSISTENT_HEADER, REQUEST_ID_HEADER } from './constants.ts';
import { encodeRequest, type HttpMethod } from './encode-request.ts';
import { type AisleError, errorFromResponse, systemError } from './errors.ts';
import { renameKeysFromWire, renameKeysToWire } from './renames.ts';
import { applyTransform, serializeDates, type TransformSpec } from './transform.ts';
import { isRecord } from './values.ts';

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Prefix of every path; '' (default) keeps URLs relative for same-origin browser use. */
  baseUrl?: string;
  /** Used for every call instead of the global fetch. */
  fetch?: FetchFn;
  /** Sent with every call; auth headers and per-call headers override them. */
  headers?: Record<string, string>;
  auth?: AuthStrategy;
  /** Sees every call's error before it is rethrown; throwing here replaces the error. */
  onError?: (error: AisleError) => void | Promise<void>;
}

export interface RequestOptions {
  method: HttpMethod;
  /** Path template such as `/v1/products/{id}`; placeholders (wire names) are filled, encoded, from `data`. */
  path: string;
  /** The request object: query string for GET/DELETE, JSON body otherwise. */
  data?: object;
  /** GET* semantics: `.r` encoding and the POST fallback past GET_QUERY_LIMIT. */
  complex?: boolean;
  fallbackPath?: string;
  /** Response dates and floats, by dotted path from the response root (wire names). */
  transform?: TransformSpec;
  /** `_id`/`_createdDate`/`_updatedDate` on the client ↔ plain names on the wire. */
  renames?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What a module receives: a JSON call, an authenticated raw fetch and URLs for browser navigations. */
export interface Http {
  request<T = unknown>(options: RequestOptions): Promise<T>;
  fetchWithAuth(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The URL of a GET to `path` with `data` as its query string (placeholders filled), prefixed with the baseUrl. */
  url(path: string, data?: object): string;
}

type Body = { json: true; value: unknown } | { json: false; text: string };

function parseBody(text: string): Body {
  if (text === '') return { json: false, text };
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false, text };
  }
}

/** Builds the transport shared by all modules of one client. */
export function createHttp(options: TransportOptions = {}): Http {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  // Looked up per call and never called as a method, so polyfills and `this`-sensitive fetches work.
  const fetchFn: FetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let consistent: string | undefined;

  const buildHeaders = async (extra?: HeadersInit): Promise<Headers> => {
    const headers = new Headers(options.headers);
    const auth = options.auth ? await options.auth.getAuthHeaders() : {};
    for (const [name, value] of Object.entries(auth)) headers.set(name, value);
    if (consistent !== undefined) headers.set(CONSISTENT_HEADER, consistent);
    for (const [name, value] of new Headers(extra)) headers.set(name, value);
    return headers;
  };

  const remember = (response: Response): void => {
    const value = response.headers.get(CONSISTENT_HEADER);
    if (value !== null) consistent = value;
  };

  const fail = async (error: AisleError): Promise<AisleError> => {
    await options.onError?.(error);
    return error;
  };

  const request = async <T>(call: RequestOptions): Promise<T> => {
    const raw = call.renames ? renameKeysToWire(call.data ?? {}) : (call.data ?? {});
    const serialized = serializeDates(raw);
    const encoded = encodeRequest({
      method: call.method,
      path: call.path,
      data: isRecord(serialized) ? serialized : {},
      complex: call.complex,
      fallbackPath: call.fallbackPath,
    });
    const headers = await buildHeaders(call.headers);
    headers.set('Accept', 'application/json');
    if (encoded.body !== undefined) headers.set('Content-Type', 'application/json');
    const url = `${baseUrl}${encoded.path}${encoded.query ? `?${encoded.query}` : ''}`;
    const init: RequestInit = { method: encoded.method, headers };
    if (encoded.body !== undefined) init.body = encoded.body;
    if (call.signal) init.signal = call.signal;

    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, init);
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw await fail(systemError(undefined, cause));
    }
    remember(response);
    const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
    try {
      text = await response.text();
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw await fail(systemError(requestId, cause));
    }
    const body = parseBody(text);
    // Only 200 is success: 201/204 are errors on this wire (wire §3).
    if (response.status !== 200) {
      const errorBody = body.json ? body.value : body.text || undefined;
      throw await fail(
        errorFromResponse({
          status: response.status,
          statusText: response.statusText,
          body: errorBody,
          requestId,
        }),
      );
    }
    if (!body.json) throw await fail(systemError(requestId, new Error('Response body is not JSON')));
    const transformed = call.transform ? applyTransform(body.value, call.transform) : body.value;
    return (call.renames ? renameKeysFromWire(transformed) : transformed) as T;
  };

  const fetchWithAuth = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const target = typeof input === 'string' && input.startsWith('/') ? `${baseUrl}${input}` : input;
    // A Request's own headers count unless init replaces them, as fetch itself would do.
    const headers = await buildHeaders(
      init.headers ?? (input instanceof Request ? input.headers : undefined),
    );
    const response = await fetchFn(target, { ...init, headers });
    remember(response);
    return response;
  };

  const url = (path: string, data: object = {}): string => {
    const serialized = serializeDates(data);
    const encoded = encodeRequest({ method: 'GET', path, data: isRecord(serialized) ? serialized : {} });
    return `${baseUrl}${encoded.path}${encoded.query ? `?${encoded.query}` : ''}`;
  };

  return { request, fetchWithAuth, url };
}
