import { isPlainObject } from './values.ts';

/**
 * What an opaque cursor carries. Clients send only `cursorPaging {limit, cursor}` for later pages
 * (wire/README §4), so the cursor holds the filter and sort too, plus the sort keys of the row it
 * continues from and the direction. Its content is re-validated on every use, like a fresh query.
 */
export interface CursorState {
  filter: unknown;
  sort: unknown;
  keys: Array<string | null>;
  direction: 'next' | 'prev';
}

const MAX_CURSOR_LENGTH = 16_384;

export function encodeCursor(state: CursorState): string {
  const payload = { v: 1, f: state.filter ?? null, s: state.sort ?? null, k: state.keys, d: state.direction };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The state of a cursor, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): CursorState | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isPlainObject(payload) || payload.v !== 1) return undefined;
  const { f, s, k, d } = payload;
  if (d !== 'next' && d !== 'prev') return undefined;
  if (!Array.isArray(k) || !k.every((key) => key === null || typeof key === 'string')) return undefined;
  return { filter: f, sort: s, keys: k as Array<string | null>, direction: d };
}
