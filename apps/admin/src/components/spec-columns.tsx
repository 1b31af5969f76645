import { Link } from 'react-router';
import { dateTime } from '../lib/format.ts';
import type { ListColumn } from './list-table.tsx';

// Columns shared by the entity kit's lists (components/entity-kit.tsx).

/**
 * The list's first column: `text` of the row, linking to its page at `/admin/<path>/<id>`; long text wraps
 * unless `wrap` is false (short generated names).
 */
export function linkColumn<T extends { id: string }>(
  label: string,
  path: string,
  text: (row: T) => string | undefined,
  { wrap = true }: { wrap?: boolean } = {},
): ListColumn<T> {
  return {
    label,
    primary: true,
    ...(wrap ? { className: 'wrap' } : {}),
    cell: (row) => <Link to={`/${path}/${encodeURIComponent(row.id)}`}>{text(row) ?? ''}</Link>,
  };
}

/** The list's “Updated” column: when the row last changed (`updatedDate` unless `date` says otherwise). */
export function updatedColumn<T extends { updatedDate?: Date }>(): ListColumn<T>;
export function updatedColumn<T>(date: (row: T) => Date | undefined): ListColumn<T>;
export function updatedColumn<T>(
  date: (row: T) => Date | undefined = (row) => (row as { updatedDate?: Date }).updatedDate,
): ListColumn<T> {
  return { label: 'Updated', cell: (row) => dateTime(date(row)) };
}
