import { isPlainObject, isRecord } from './values.ts';

/** Which dotted paths of a response hold dates or floats; arrays on the way are traversed transparently. */
export interface TransformSpec {
  readonly dates?: readonly string[];
  readonly floats?: readonly string[];
}

const SPECIAL_FLOATS: ReadonlyMap<string, number> = new Map([
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
]);

/** ISO string to Date; anything else (or an unparsable string) is kept as it came. */
export function toDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date;
}

/** Floats are JSON numbers already; only the non-finite spellings need mapping. */
export function toFloat(value: unknown): unknown {
  return typeof value === 'string' ? (SPECIAL_FLOATS.get(value) ?? value) : value;
}

/** Copy of `value` with `fn` applied at `path`; untouched branches are shared, the input is not mutated. */
export function mapAtPath(value: unknown, path: readonly string[], fn: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapAtPath(item, path, fn));
  const [head, ...rest] = path;
  if (head === undefined) return fn(value);
  if (!isRecord(value) || !(head in value)) return value;
  return { ...value, [head]: mapAtPath(value[head], rest, fn) };
}

/** Applies a response transform spec; pure. */
export function applyTransform(value: unknown, spec: TransformSpec): unknown {
  let result = value;
  for (const path of spec.dates ?? []) result = mapAtPath(result, path.split('.'), toDate);
  for (const path of spec.floats ?? []) result = mapAtPath(result, path.split('.'), toFloat);
  return result;
}

/** The same spec rooted one level down, e.g. entity paths under `product` or `products`. */
export function prefixTransform(prefix: string, spec: TransformSpec): TransformSpec {
  return {
    dates: (spec.dates ?? []).map((path) => `${prefix}.${path}`),
    floats: (spec.floats ?? []).map((path) => `${prefix}.${path}`),
  };
}

/** Request side: Dates become ISO strings anywhere in plain objects and arrays; pure. */
export function serializeDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(serializeDates);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serializeDates(item)]));
}
