import type { WireQuery } from './wire-query.ts';
import { isPlainObject } from './values.ts';

/** Client-side names and the plain names they travel under (wire §2). */
export const WIRE_NAMES: ReadonlyMap<string, string> = new Map([
  ['_id', 'id'],
  ['_createdDate', 'createdDate'],
  ['_updatedDate', 'updatedDate'],
]);

const CLIENT_NAMES: ReadonlyMap<string, string> = new Map(
  [...WIRE_NAMES].map(([client, wire]) => [wire, client]),
);

function renamePath(path: string, names: ReadonlyMap<string, string>): string {
  return path
    .split('.')
    .map((segment) => names.get(segment) ?? segment)
    .join('.');
}

function renameKeys(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, names));
  return isPlainObject(value) ? renameObject(value, names) : value;
}

function renameObject(
  value: Record<string, unknown>,
  names: ReadonlyMap<string, string>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [renamePath(key, names), renameKeys(item, names)]),
  );
}

/** `_id.x` → `id.x`: each segment of a dotted field path is renamed. */
export function renamePathToWire(path: string): string {
  return renamePath(path, WIRE_NAMES);
}

export function renamePathFromWire(path: string): string {
  return renamePath(path, CLIENT_NAMES);
}

/** Deep key rename of a request object (dotted keys such as filter paths included). */
export function renameKeysToWire(value: unknown): unknown {
  return renameKeys(value, WIRE_NAMES);
}

/** Deep key rename of a response object. */
export function renameKeysFromWire(value: unknown): unknown {
  return renameKeys(value, CLIENT_NAMES);
}

/** Filter paths and sort field names of a query, in wire names. */
export function renameQueryToWire(query: WireQuery): WireQuery {
  const renamed: WireQuery = { ...query };
  if (query.filter) renamed.filter = renameObject(query.filter, WIRE_NAMES);
  if (query.sort) {
    renamed.sort = query.sort.map((sort) => ({ ...sort, fieldName: renamePathToWire(sort.fieldName) }));
  }
  return renamed;
}
