import type { ReactNode } from 'react';
import { TableWrap } from './data-table.tsx';

/** A column of an entity list: its heading and what a row shows in it. */
export interface ListColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** `num` (right-aligned figures), `wrap` (long text). */
  className?: string;
  /** The row's name: a row header (`th scope="row"`), the card's title on a phone. */
  primary?: boolean;
  /** Heading for screen readers only (a thumbnail, a checkbox). */
  hiddenLabel?: boolean;
}

/**
 * The list half of the entity kit: a table of rows by columns that becomes one card per row on narrow
 * screens (each cell then carries its column's name, `data-label`).
 */
export interface ListTableProps<T> {
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** For screen readers only. */
  caption: string;
  testId?: string;
  rowTestId?: string;
}

export function ListTable<T>({ columns, rows, rowKey, caption, testId, rowTestId }: ListTableProps<T>) {
  return (
    <TableWrap caption={caption}>
      <table className="data-table card-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => {
                const className = [column.className, column.primary ? 'card-title' : '']
                  .filter(Boolean)
                  .join(' ');
                const label = column.hiddenLabel ? undefined : column.label;
                return column.primary ? (
                  <th key={column.label} scope="row" className={className || undefined} data-label={label}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} className={className || undefined} data-label={label}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The table, or `empty` (“Nothing sent yet.”) when there is no row. */
export function ListOrEmpty<T>({ empty, ...table }: ListTableProps<T> & { empty: string }) {
  return table.rows.length === 0 ? <p className="empty muted">{empty}</p> : <ListTable {...table} />;
}
