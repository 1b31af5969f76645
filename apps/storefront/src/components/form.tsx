import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { useNavigation } from 'react-router';
import type { ShownError } from '../lib/errors.ts';

/** An alert for a failed call: the message, and the request id support needs. */
export function ErrorNotice({ error }: { error: ShownError | undefined }) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert">
      <p>{error.message}</p>
      {error.requestId && <p className="request-id">Request id: {error.requestId}</p>}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  return (
    <div className={`alert alert-${tone}`} role="status">
      {children}
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  name: string;
  ref?: Ref<HTMLInputElement> | undefined;
  /** A message for this field (from the server's field violations or a local check). */
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its hint and error wired up for assistive technology. */
export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const { describedBy, notes } = fieldNotes(inputId, hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {notes}
    </div>
  );
}

/** A checkbox with its label beside it (`.check`); the rest of the props are the checkbox's. */
export function CheckBox({
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode }) {
  return (
    <label className="check">
      <input type="checkbox" {...input} />
      {children}
    </label>
  );
}

/** A field's hint and message under it, and the `aria-describedby` that points at them. */
export function fieldNotes(id: string, hint: ReactNode, error: string | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
    notes: (
      <>
        {hint && (
          <p className="field-hint" id={hintId}>
            {hint}
          </p>
        )}
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </>
    ),
  };
}

/** A submit button that says what it is doing while its form is being sent. */
export function SubmitButton({
  children,
  pendingText,
  name,
  value,
  className = 'button button-primary',
  disabled,
}: {
  children: ReactNode;
  pendingText: string;
  name?: string;
  value?: string;
  className?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    (name === undefined || navigation.formData?.get(name) === value || value === undefined);
  return (
    <button type="submit" className={className} name={name} value={value} disabled={disabled || busy}>
      {busy ? pendingText : children}
    </button>
  );
}
