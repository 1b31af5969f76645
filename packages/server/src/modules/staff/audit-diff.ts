import type { AuditChange } from './tables.ts';

/** Longest value kept per field, in characters. */
export const VALUE_MAX = 200;
/** Fields kept per snapshot, and changes per entry. */
export const FIELDS_MAX = 80;
export const CHANGES_MAX = 30;
/** Bookkeeping that changes with every write and says nothing about what changed. */
const NOISE = /(^|\.)(updatedDate|_updatedDate|revision|updated_date)$/;

type Flat = Record<string, unknown>;

function shorten(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  const text = JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : value;
}

/**
 * An event payload as dotted fields (`coupon.specification.percentOffRate`) down to three levels; arrays and
 * deeper objects stay whole, shortened to `VALUE_MAX` characters; at most `FIELDS_MAX` fields.
 */
export function flatten(payload: Record<string, unknown>, depth = 3): Flat {
  const out: Flat = {};
  const walk = (value: unknown, path: string, level: number) => {
    if (Object.keys(out).length >= FIELDS_MAX) return;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && level < depth) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key, level + 1);
      return;
    }
    if (!NOISE.test(path)) out[path] = shorten(value);
  };
  walk(payload, '', 0);
  return out;
}

/**
 * What changed between two snapshots: every field whose value differs, with both sides (a field only one
 * side has shows only that side). No previous snapshot: every field, as `after`.
 */
export function diffSnapshots(before: Flat | undefined, after: Flat): AuditChange[] {
  const changes: AuditChange[] = [];
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const field of fields) {
    if (changes.length >= CHANGES_MAX) break;
    const was = before?.[field];
    const now = after[field];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes.push({
      field,
      ...(was !== undefined ? { before: was } : {}),
      ...(now !== undefined ? { after: now } : {}),
    });
  }
  return changes;
}
