import { addressFromWire, addressToWire } from './address.ts';
import { imageFromWire, imageToWire } from './image.ts';
import { pageUrlFromWire, pageUrlToWire } from './page-url.ts';
import { applyTransform, mapAtPath, type TransformSpec } from './transform.ts';

/**
 * Where an entity holds values the client shows differently from the wire (wire §3): dates and floats, image
 * objects (→ `aisle:image://` URIs), item page URLs (`{relativePath, url}` → `url`) and addresses (renamed
 * fields). Dotted paths in wire names; arrays on a path are traversed. Used for responses and, reversed, for
 * requests (dates and floats are then left to the transport).
 */
export interface ConversionSpec extends TransformSpec {
  readonly images?: readonly string[];
  readonly pageUrls?: readonly string[];
  readonly addresses?: readonly string[];
}

function atPaths(
  value: unknown,
  paths: readonly string[] | undefined,
  fn: (leaf: unknown) => unknown,
): unknown {
  let result = value;
  for (const path of paths ?? []) result = mapAtPath(result, path.split('.'), fn);
  return result;
}

/** Response side: dates and floats first, then addresses, images and page URLs; pure. */
export function convertFromWire(value: unknown, spec: ConversionSpec): unknown {
  let result = applyTransform(value, spec);
  result = atPaths(result, spec.addresses, addressFromWire);
  result = atPaths(result, spec.images, imageFromWire);
  return atPaths(result, spec.pageUrls, pageUrlFromWire);
}

/**
 * Request side: image URIs, URL strings and client addresses back to their wire shapes at the spec's paths
 * (request paths: the names above an address are not renamed). Dates become ISO strings in the transport; pure.
 */
export function convertToWire(value: unknown, spec: ConversionSpec): unknown {
  let result = atPaths(value, spec.addresses, addressToWire);
  result = atPaths(result, spec.images, imageToWire);
  return atPaths(result, spec.pageUrls, pageUrlToWire);
}

/** The same spec one level down, e.g. a cart's paths under `cart`. */
export function prefixConversion(prefix: string, spec: ConversionSpec): ConversionSpec {
  const under = (paths: readonly string[] | undefined) => (paths ?? []).map((path) => `${prefix}.${path}`);
  return {
    dates: under(spec.dates),
    floats: under(spec.floats),
    images: under(spec.images),
    pageUrls: under(spec.pageUrls),
    addresses: under(spec.addresses),
  };
}

/** Specs combined (paths concatenated). */
export function mergeConversions(...specs: ConversionSpec[]): ConversionSpec {
  const all = (pick: (spec: ConversionSpec) => readonly string[] | undefined) =>
    specs.flatMap((s) => pick(s) ?? []);
  return {
    dates: all((s) => s.dates),
    floats: all((s) => s.floats),
    images: all((s) => s.images),
    pageUrls: all((s) => s.pageUrls),
    addresses: all((s) => s.addresses),
  };
}
