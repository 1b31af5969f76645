import { Link } from 'react-router';
import type { ListColumn } from './list-table.tsx';

// The first column of the entity kit's lists (components/entity-kit.tsx).

/** The list's first column: `text` of the row, linking to its page at `/admin/<path>/<id>`. */
export function linkColumn<T extends { id: string }>(
  label: string,
  path: string,
  text: (row: T) => string | undefined,
): ListColumn<T> {
  return {
    label,
    primary: true,
    className: 'wrap',
    cell: (row) => <Link to={`/${path}/${encodeURIComponent(row.id)}`}>{text(row) ?? ''}</Link>,
  };
}
