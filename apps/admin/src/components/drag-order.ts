import { type DragEvent, useState } from 'react';

/**
 * Reordering a list by dragging one item onto another (the pointer's way; the lists' Move buttons are the
 * keyboard's): the index being dragged, and the drag handlers of item `i`. `move(from, to)` gets the drop.
 */
export function useDragOrder(move: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | undefined>();
  const itemProps = (i: number) => ({
    onDragStart: (e: DragEvent) => {
      setDragged(i);
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(i));
    },
    onDragEnd: () => setDragged(undefined),
    onDragOver: (e: DragEvent) => {
      if (dragged === undefined) return;
      e.preventDefault();
      e.stopPropagation();
    },
    onDrop: (e: DragEvent) => {
      if (dragged === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      setDragged(undefined);
      move(dragged, i);
    },
  });
  return { dragged, itemProps };
}
