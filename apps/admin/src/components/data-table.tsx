import type { ReactNode } from 'react';

/** A column heading: its text, or its label and the class of its cells (`num`, `bar-cell`). */
export type Column = string | { label: ReactNode; className: string };

/** The admin's tables: scrollable on narrow screens, a row of column headings, then the given rows. */
export function DataTable({
  columns,
  className,
  caption,
  testId,
  children,
}: {
  columns: Column[];
  /** Added to `data-table`. */
  className?: string;
  /** For screen readers only. */
  caption?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={`data-table${className ? ` ${className}` : ''}`} data-testid={testId}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => {
              const { label, className: cellClass } =
                typeof column === 'string' ? { label: column, className: undefined } : column;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <th key={index} scope="col" className={cellClass}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
