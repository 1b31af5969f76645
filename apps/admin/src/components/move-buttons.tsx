import type { ReactNode } from 'react';

export type Way = 'up' | 'down';

/**
 * The keyboard's way of reordering a list (drag-order.ts is the pointer's): item `index` of `count` moved one
 * place up or down, no button past either end. With `itemId` the buttons carry `data-product` and `data-way`,
 * for finding the moved item's button again after the list renders anew.
 */
export function MoveButtons({
  index,
  count,
  label,
  onMove,
  disabled,
  itemId,
}: {
  index: number;
  count: number;
  label: (way: Way) => ReactNode;
  onMove: (to: number, way: Way) => void;
  disabled?: boolean;
  itemId?: string;
}) {
  const button = (way: Way, to: number) => (
    <button
      type="button"
      className="button button-secondary"
      disabled={disabled}
      data-product={itemId}
      data-way={itemId === undefined ? undefined : way}
      onClick={() => onMove(to, way)}
    >
      {label(way)}
    </button>
  );
  return (
    <>
      {index > 0 && button('up', index - 1)}
      {index < count - 1 && button('down', index + 1)}
    </>
  );
}
