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

/**
 * A compiled spec: at a node of the path tree, what the spec's paths do there, in their order (dates, then
 * floats): convert the value (a path ends here) or go on into keys (a path goes on). Going into different keys
 * commutes, so the paths that go on between two conversions are merged into one `Map` of keys; a conversion
 * between them (paths like `a.b` and `a.b.c`) keeps its place, so the one walk does what the paths applied one
 * after the other did.
 */
type Step = { readonly convert: (leaf: unknown) => unknown } | { readonly into: Map<string, Step[]> };

const compiled = new WeakMap<TransformSpec, Step[]>();

function addPath(
  steps: Step[],
  path: readonly string[],
  at: number,
  convert: (leaf: unknown) => unknown,
): void {
  const key = path[at];
  if (key === undefined) {
    steps.push({ convert });
    return;
  }
  const last = steps.at(-1);
  let into: Map<string, Step[]>;
  if (last && 'into' in last) into = last.into;
  else {
    into = new Map();
    steps.push({ into });
  }
  let child = into.get(key);
  if (!child) {
    child = [];
    into.set(key, child);
  }
  addPath(child, path, at + 1, convert);
}

/** The spec's path tree, built once per spec object (specs are not changed after they are made). */
function compile(spec: TransformSpec): Step[] {
  let steps = compiled.get(spec);
  if (!steps) {
    steps = [];
    for (const path of spec.dates ?? []) addPath(steps, path.split('.'), 0, toDate);
    for (const path of spec.floats ?? []) addPath(steps, path.split('.'), 0, toFloat);
    compiled.set(spec, steps);
  }
  return steps;
}

/** Sets an own property, `__proto__` included (as `{ ...value, [key]: item }` would). */
function setOwn(record: Record<string, unknown>, key: string, item: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value: item, enumerable: true, writable: true, configurable: true });
  else record[key] = item;
}

/** `steps` applied to `value` in one walk: as `mapAtPath` once per path, copying only what a path reaches. */
function walk(value: unknown, steps: readonly Step[]): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, steps));
  let result = value;
  for (const step of steps) {
    if ('convert' in step) {
      result = step.convert(result);
      continue;
    }
    if (!isRecord(result)) continue;
    const source = result;
    let copy: Record<string, unknown> | undefined;
    for (const [key, child] of step.into) {
      if (!(key in source)) continue;
      copy ??= { ...source };
      setOwn(copy, key, walk(source[key], child));
    }
    if (copy) result = copy;
  }
  return result;
}

/**
 * Applies a response transform spec; pure. Every date path, then every float path, as `mapAtPath` would, in
 * one walk of the value; the spec's path tree is built on its first use and kept for the spec object.
 */
export function applyTransform(value: unknown, spec: TransformSpec): unknown {
  const steps = compile(spec);
  return steps.length === 0 ? value : walk(value, steps);
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
