import type { ReactNode } from 'react';

// Small parts of the admin's own fields, beside the storefront's (components/form.ts).

/** A field standing in a line of a list: its label (`id` names the control) read by screen readers only. */
export function InlineField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <span className="field inline-field">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {children}
    </span>
  );
}

/** The message of what no single input holds (a list, a picker), announced as it appears; nothing without one. */
export function FieldAlert({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {error}
    </p>
  );
}
