import type { TSchema } from '@sinclair/typebox';
import { maskList, refuseUnknownFields } from '../../platform/entity-kit/index.ts';
import { isPlainObject } from '../../platform/query/values.ts';

/**
 * PATCH of a nested singleton (checkout settings): which dotted paths a field mask may name, and the stored
 * object after a patch. Stored objects are sparse (only what was set); reads lay them over the defaults, so
 * removing a path resets it to its default.
 */

type Json = Record<string, unknown>;

/** The object schema of `schema`, looking through `Optional` and `T | null` unions. */
function objectSchema(schema: TSchema): Record<string, TSchema> | undefined {
  if (schema.type === 'object' && isPlainObject(schema.properties))
    return schema.properties as Record<string, TSchema>;
  if (Array.isArray(schema.anyOf))
    for (const branch of schema.anyOf as TSchema[]) {
      const found = objectSchema(branch);
      if (found) return found;
    }
  return undefined;
}

/**
 * Every dotted property path of an object schema (`a`, `a.b`, `a.b.c` …), not below `leaves` (objects
 * replaced whole), without the top-level names in `skip` (e.g. `revision`).
 */
export function maskPaths(
  schema: TSchema,
  leaves: ReadonlySet<string> = new Set(),
  skip: ReadonlySet<string> = new Set(),
): Set<string> {
  const out = new Set<string>();
  const walk = (node: TSchema, prefix: string) => {
    const properties = objectSchema(node);
    if (!properties) return;
    for (const [name, child] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (!prefix && skip.has(name)) continue;
      out.add(path);
      if (!leaves.has(path)) walk(child, path);
    }
  };
  walk(schema, '');
  return out;
}

/** The paths a field mask names (comma-joined; a leading `<entity>.` is dropped); unknown ones are refused. */
export function parseMask(fieldMask: string, allowed: ReadonlySet<string>, entity: string): string[] {
  const paths = maskList(fieldMask, entity);
  refuseUnknownFields(paths.filter((p) => !allowed.has(p)));
  return [...new Set(paths)];
}

const clone = <T>(value: T): T => structuredClone(value);

function getAt(value: unknown, path: string[]): unknown {
  let node = value;
  for (const key of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

function setAt(target: Json, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  const last = path.at(-1)!;
  if (value === undefined || value === null) delete node[last];
  else node[last] = clone(value);
}

/** `input` merged into `current` key by key; `null` removes a key; leaves and arrays are replaced whole. */
function merge(current: Json, input: Json, leaves: ReadonlySet<string>, prefix: string): Json {
  const out: Json = { ...current };
  for (const [key, value] of Object.entries(input)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else if (isPlainObject(value) && !leaves.has(path))
      out[key] = merge(isPlainObject(current[key]) ? current[key] : {}, value, leaves, path);
    else out[key] = clone(value);
  }
  return out;
}

export interface PatchOptions {
  /** From `maskPaths`. */
  allowed: ReadonlySet<string>;
  leaves?: ReadonlySet<string>;
  /** Top-level input names that are not stored (e.g. `revision`). */
  skip?: ReadonlySet<string>;
  /** The entity key a mask may prefix its paths with. */
  entity: string;
}

/**
 * The stored object after a PATCH: with a field mask, each named path is set to the input's value there (or
 * reset when the input has none); without one, every field given is merged in.
 */
export function applyPatch(
  current: Json,
  input: Json,
  fieldMask: string | undefined,
  options: PatchOptions,
): Json {
  const leaves = options.leaves ?? new Set<string>();
  const given: Json = {};
  for (const [key, value] of Object.entries(input)) if (!options.skip?.has(key)) given[key] = value;
  if (fieldMask === undefined || fieldMask.trim() === '') return merge(clone(current), given, leaves, '');
  const out = clone(current);
  for (const path of parseMask(fieldMask, options.allowed, options.entity)) {
    const parts = path.split('.');
    setAt(out, parts, getAt(given, parts));
  }
  return out;
}

/** `overlay` laid over `base`: objects merged, everything else from `overlay` when it has it. */
export function withDefaults<T extends object>(
  base: T,
  overlay: Record<string, unknown>,
  leaves: ReadonlySet<string> = new Set(),
): T {
  return merge(clone(base) as Json, overlay, leaves, '') as T;
}
