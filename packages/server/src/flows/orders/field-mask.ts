import { invalid } from '../../platform/errors.ts';
import { isRecord, type Json } from './json.ts';

/**
 * Field masks over a whitelist of editable paths. A mask path selects an editable path, anything under one,
 * or (a parent such as `buyerInfo`) every editable path under it. Without a mask, the editable paths present
 * in the patch are taken. A selected path missing from the patch is cleared.
 */

export function getPath(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const key of path.split('.')) {
    if (!isRecord(at)) return undefined;
    at = at[key];
  }
  return at;
}

/** Sets (or with `undefined` deletes) `path` in `target`, creating objects on the way. */
export function setPath(target: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (!isRecord(next)) {
      if (value === undefined) return;
      at[key] = {};
    } else at[key] = { ...next };
    at = at[key] as Json;
  }
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
}

/** The paths a request changes, or a FIELD_NOT_ALLOWED violation on `maskField` naming the first bad one. */
export function selectedPaths(
  editable: readonly string[],
  patch: Json,
  fieldMask: string | undefined,
  maskField = 'fieldMask',
): string[] {
  if (fieldMask === undefined || fieldMask.trim() === '')
    return editable.filter((path) => getPath(patch, path) !== undefined);
  const out = new Set<string>();
  for (const raw of fieldMask.split(',')) {
    const path = raw.trim();
    if (!path) continue;
    const exact = editable.find((e) => path === e || path.startsWith(`${e}.`));
    if (exact) {
      out.add(path);
      continue;
    }
    const children = editable.filter((e) => e.startsWith(`${path}.`));
    if (children.length === 0)
      throw invalid(maskField, `"${path}" cannot be updated`, 'FIELD_NOT_ALLOWED', { path, editable });
    for (const child of children) out.add(child);
  }
  return [...out];
}

/** `data` with the selected paths copied from `patch` (cleared where the patch has none). */
export function applyPaths(data: Json, patch: Json, paths: readonly string[]): Json {
  const out: Json = { ...data };
  for (const path of paths) setPath(out, path, structuredClone(getPath(patch, path)));
  return out;
}
