import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Panel } from './panel.tsx';

/**
 * Whether the box scrolls sideways (a wide table on a phone): then it takes keyboard focus, so that the arrow
 * keys scroll it, and is named as a region. Measured again when the box or the table changes size.
 */
function useSideways() {
  const box = useRef<HTMLDivElement>(null);
  const [sideways, setSideways] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setSideways(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { box, sideways };
}

/**
 * The box a table scrolls sideways in on a narrow screen: while it does, it is a focusable, named region, so a
 * keyboard can scroll it (axe `scrollable-region-focusable`).
 */
export function TableWrap({ caption, children }: { caption?: string | undefined; children: ReactNode }) {
  const { box, sideways } = useSideways();
  return (
    <div
      ref={box}
      className="table-wrap"
      {...(sideways
        ? { tabIndex: 0, role: 'region', 'aria-label': `${caption ?? 'Table'} (scrolls sideways)` }
        : {})}
    >
      {children}
    </div>
  );
}

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
    <TableWrap caption={caption}>
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
    </TableWrap>
  );
}

/** The "Items" panel of a checkout-shaped record (abandoned checkout, subscription): name, quantity, price. */
export function ItemsPanel({
  lines,
}: {
  lines: ReadonlyArray<{
    id?: string;
    quantity?: number;
    productName?: { original?: string };
    price?: { formattedAmount?: string };
  }>;
}) {
  return (
    <Panel id="lines-heading" title="Items" className="panel">
      <DataTable
        columns={['Item', { label: 'Quantity', className: 'num' }, { label: 'Price', className: 'num' }]}
      >
        {lines.map((line, index) => (
          <tr key={line.id ?? index}>
            <th scope="row">{line.productName?.original ?? 'Item'}</th>
            <td className="num">{line.quantity}</td>
            <td className="num">{line.price?.formattedAmount ?? ''}</td>
          </tr>
        ))}
      </DataTable>
    </Panel>
  );
}
