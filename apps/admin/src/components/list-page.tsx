import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListParams } from '../lib/list.ts';
import { FilterForm } from './filter-form.tsx';
import { Notice } from './form.ts';
import { type ListColumn, ListTable } from './list-table.tsx';
import { DeletedNotice, ListHead } from './page-head.tsx';

/** A filter of a list page: a search box (no options) or a select; its value travels in the URL. */
export interface ListFilter {
  name: string;
  label: string;
  options?: readonly { value: string; label: string }[];
}

/**
 * The entity kit's list page: heading with the "new" link, a GET form of filters (search, selects, sort)
 * whose values live in the URL, a status line, the rows as a table (cards on a phone) or an empty text, and
 * cursor paging links. The loader pages on the server (see lib/list.ts). A search typed while the last one
 * loads is kept (lib/filter-form.ts).
 */
export function ListPage<T>({
  title,
  newLink,
  newLabel,
  notice,
  filters = [],
  params,
  columns,
  rows,
  rowKey,
  status,
  empty,
  pager,
  rowTestId,
  before,
  children,
}: {
  title: string;
  newLink?: string;
  newLabel?: string;
  /** A success message (a delete's, `?deleted=<name>`, is shown without it). */
  notice?: string | null | undefined;
  filters?: readonly ListFilter[];
  params: ListParams;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The status line: how many rows, what was searched. */
  status: string;
  empty: string;
  pager: { next?: string | undefined; prev?: string | undefined };
  rowTestId?: string;
  /** Shown above the table (bulk actions). */
  before?: ReactNode;
  /** Shown below the paging links. */
  children?: ReactNode;
}) {
  const filtered = filters.some((f) => params.values[f.name]);
  return (
    <div className="stack">
      <ListHead title={title} newLink={newLink} newLabel={newLabel} />
      <DeletedNotice />
      {notice && <Notice tone="success">{notice}</Notice>}
      {filters.length > 0 && (
        <FilterForm
          role="search"
          shown={Object.fromEntries(filters.map((f) => [f.name, params.values[f.name]]))}
        >
          {filters.map((filter) => {
            const id = `filter-${filter.name}`;
            return (
              <div className="field" key={filter.name}>
                <label htmlFor={id}>{filter.label}</label>
                {filter.options ? (
                  <select id={id} name={filter.name} defaultValue={params.values[filter.name] ?? ''}>
                    {filter.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    type="search"
                    name={filter.name}
                    defaultValue={params.values[filter.name] ?? ''}
                  />
                )}
              </div>
            );
          })}
          <button type="submit" className="button button-secondary">
            Apply
          </button>
          {filtered && (
            <Link className="button button-secondary" to="?">
              Clear
            </Link>
          )}
        </FilterForm>
      )}
      <p className="muted" role="status">
        {status}
      </p>
      {before}
      {rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ListTable columns={columns} rows={rows} rowKey={rowKey} caption={title} rowTestId={rowTestId} />
      )}
      <CursorLinks {...pager} />
      {children}
    </div>
  );
}

/** Previous and next page links of a cursor-paged list. */
export function CursorLinks({ next, prev }: { next?: string | undefined; prev?: string | undefined }) {
  if (!next && !prev) return null;
  return (
    <nav className="pager actions" aria-label="Pages">
      {prev && (
        <Link className="button button-secondary" to={prev}>
          Previous page
        </Link>
      )}
      {next && (
        <Link className="button button-secondary" to={next}>
          Next page
        </Link>
      )}
    </nav>
  );
}
