import { GET_QUERY_LIMIT } from './constants.ts';
import { fillPath } from './path.ts';
import { toComplexQueryString, toQueryString } from './query-string.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EncodeInput {
  method: HttpMethod;
  /** Path template; `{x}` / `{a.b}` are filled from `data`. */
  path: string;
  /** The request object, Dates already serialised. */
  data: object;
  /** GET* call: `.r` encoding, and the POST fallback past GET_QUERY_LIMIT. */
  complex?: boolean | undefined;
  /** Path of the POST fallback when it is not the GET path. */
  fallbackPath?: string | undefined;
}

export interface EncodedRequest {
  method: HttpMethod;
  path: string;
  /** Without `?`; empty for none. */
  query: string;
  body: string | undefined;
}

/** Decides method, path, query string and body of one call (wire §2); pure. */
export function encodeRequest({ method, path, data, complex, fallbackPath }: EncodeInput): EncodedRequest {
  if (method !== 'GET' && method !== 'DELETE') {
    return { method, path: fillPath(path, data), query: '', body: JSON.stringify(data) };
  }
  if (!complex) return { method, path: fillPath(path, data), query: toQueryString(data), body: undefined };
  const query = toComplexQueryString(data);
  if (query.length > GET_QUERY_LIMIT) {
    return {
      method: 'POST',
      path: fillPath(fallbackPath ?? path, data),
      query: '',
      body: JSON.stringify(data),
    };
  }
  return { method, path: fillPath(path, data), query, body: undefined };
}
