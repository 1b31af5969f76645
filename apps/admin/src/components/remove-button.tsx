import type { ReactNode } from 'react';

/** “Remove the …” of a component's own tasks (`useTask`): a secondary danger button, off while a task runs. */
export function RemoveButton({
  busy,
  onRemove,
  children,
}: {
  busy: string | undefined;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button-secondary danger"
      disabled={busy !== undefined}
      onClick={onRemove}
    >
      {children}
    </button>
  );
}
