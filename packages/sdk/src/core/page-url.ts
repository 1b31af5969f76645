import { isRecord } from './values.ts';

/** An item page URL as it travels: `{relativePath, url}`; the client shows `url`. */
export interface WirePageUrl {
  relativePath?: string;
  url?: string;
}

/** `{relativePath, url}` → `url` (the relative path when there is no absolute URL); a string stays; pure. */
export function pageUrlFromWire(value: WirePageUrl | string): string | undefined;
export function pageUrlFromWire(value: unknown): unknown;
export function pageUrlFromWire(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if (typeof value.url === 'string' && value.url !== '') return value.url;
  return typeof value.relativePath === 'string' ? value.relativePath : undefined;
}

/** A URL string → `{url}`; an object is sent as it is; pure. */
export function pageUrlToWire(value: string | WirePageUrl): WirePageUrl;
export function pageUrlToWire(value: unknown): unknown;
export function pageUrlToWire(value: unknown): unknown {
  return typeof value === 'string' ? { url: value } : value;
}
