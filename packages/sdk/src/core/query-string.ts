import { base64UrlEncode } from './base64url.ts';
import { isRecord } from './values.ts';

export type QueryPair = readonly [key: string, value: string];

export interface FlatQuery {
  pairs: QueryPair[];
  /** A dotted key (null-valued ones included) or an array of objects was seen: a GET* uses `.r`. */
  complex: boolean;
}

function scalar(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Request object to query pairs: dotted keys, repeated array keys, nulls omitted, arrays of objects dropped. */
export function flattenQuery(data: object): FlatQuery {
  const pairs: QueryPair[] = [];
  let complex = false;
  const visit = (key: string, value: unknown): void => {
    // Counted before nulls are omitted, so `{filter: {f: null}}` still goes as `.r` and keeps its null.
    if (key.includes('.')) complex = true;
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'object' && item !== null && !(item instanceof Date)) complex = true;
        else if (item !== undefined && item !== null) pairs.push([key, scalar(item)]);
      }
    } else if (isRecord(value) && !(value instanceof Date)) {
      for (const [child, childValue] of Object.entries(value))
        visit(key ? `${key}.${child}` : child, childValue);
    } else {
      pairs.push([key, scalar(value)]);
    }
  };
  visit('', data);
  return { pairs, complex };
}

export function encodePairs(pairs: readonly QueryPair[]): string {
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/** Query string (without `?`) of a plain GET/DELETE. */
export function toQueryString(data: object): string {
  return encodePairs(flattenQuery(data).pairs);
}

/** Query string of a complex GET: plain pairs when flat, else one `.r` = base64url JSON of the object. */
export function toComplexQueryString(data: object): string {
  const flat = flattenQuery(data);
  return flat.complex ? `.r=${base64UrlEncode(JSON.stringify(data))}` : encodePairs(flat.pairs);
}
