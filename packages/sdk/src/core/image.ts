import { isRecord } from './values.ts';

/** Prefix of the image URIs the client shows in place of wire image objects (wire §3). */
export const IMAGE_URI_PREFIX = 'aisle:image://v1/';

/** A wire image object (cart, checkout, order lines; store variants; customization choices). */
export interface WireImage {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  altText?: string;
  filename?: string;
  urlExpirationDate?: string | Date;
  focalPoint?: { x?: number; y?: number };
}

/** The parts of an `aisle:image://v1/…` URI. */
export interface ImageUriParts {
  id: string;
  filename: string;
  width?: number;
  height?: number;
}

const size = (value: string | null): number | undefined => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** Splits an `aisle:image://v1/<id>/<filename>#originWidth=<w>&originHeight=<h>` URI; undefined for anything else. */
export function parseImageUri(uri: string): ImageUriParts | undefined {
  if (!uri.startsWith(IMAGE_URI_PREFIX)) return undefined;
  const rest = uri.slice(IMAGE_URI_PREFIX.length);
  const hashAt = rest.indexOf('#');
  const path = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const slash = path.indexOf('/');
  const rawId = slash < 0 ? path : path.slice(0, slash);
  if (rawId === '') return undefined;
  try {
    const id = decodeURIComponent(rawId);
    const filename = slash < 0 ? id : decodeURIComponent(path.slice(slash + 1)) || id;
    const hash = new URLSearchParams(hashAt < 0 ? '' : rest.slice(hashAt + 1));
    const parts: ImageUriParts = { id, filename };
    const width = size(hash.get('originWidth'));
    const height = size(hash.get('originHeight'));
    if (width !== undefined) parts.width = width;
    if (height !== undefined) parts.height = height;
    return parts;
  } catch {
    return undefined; // malformed percent-encoding
  }
}

/**
 * Wire image → the client's image URI: `aisle:image://v1/<id>/<filename>#originWidth=<w>&originHeight=<h>`, or
 * the plain `url` when the image has no id (an external image). A string is returned as it is; pure.
 */
export function imageFromWire(image: WireImage | string): string | undefined;
export function imageFromWire(image: unknown): unknown;
export function imageFromWire(image: unknown): unknown {
  if (!isRecord(image)) return image;
  const { id, url, filename, width, height } = image;
  if (typeof id !== 'string' || id === '') return typeof url === 'string' ? url : undefined;
  const name = typeof filename === 'string' && filename !== '' ? filename : id;
  const uri = `${IMAGE_URI_PREFIX}${encodeURIComponent(id)}/${encodeURIComponent(name)}`;
  const dims: string[] = [];
  if (typeof width === 'number') dims.push(`originWidth=${width}`);
  if (typeof height === 'number') dims.push(`originHeight=${height}`);
  return dims.length ? `${uri}#${dims.join('&')}` : uri;
}

/**
 * Client image → wire image: an `aisle:image://` URI becomes `{id, filename, width, height}` (the server adds
 * the URL), any other string `{url}`. An object is sent as it is; pure.
 */
export function imageToWire(image: string | WireImage): WireImage;
export function imageToWire(image: unknown): unknown;
export function imageToWire(image: unknown): unknown {
  if (typeof image !== 'string') return image;
  const parts = parseImageUri(image);
  if (!parts) return { url: image };
  const wire: WireImage = { id: parts.id, filename: parts.filename };
  if (parts.width !== undefined) wire.width = parts.width;
  if (parts.height !== undefined) wire.height = parts.height;
  return wire;
}

/**
 * A URL to show an image: for an `aisle:image://` URI the server's media route `<baseUrl>/media/<id>/<filename>`
 * (default baseUrl '' = same origin); any other string is already a URL.
 */
export function getImageUrl(image: string, options: { baseUrl?: string } = {}): string {
  const parts = parseImageUri(image);
  if (!parts) return image;
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  return `${base}/media/${encodeURIComponent(parts.id)}/${encodeURIComponent(parts.filename)}`;
}
