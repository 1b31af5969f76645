import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Field, SubmitButton } from './form.tsx';

// Form parts of the sign-in, sign-up and account pages (kept out of form.tsx, which every page loads).

/** A new password of 8 characters at least, and with `repeat` the field that asks for it again. */
export function NewPasswordFields({
  label = 'New password',
  name,
  error,
  repeat = false,
}: {
  label?: string;
  name: string;
  error?: string | undefined;
  repeat?: boolean;
}) {
  return (
    <>
      <Field
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        hint="At least 8 characters."
        error={error}
      />
      {repeat && (
        <Field
          label="Repeat the new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
        />
      )}
    </>
  );
}

/** A form of one button posting `intent`, with the `hidden` fields it needs (a passkey's id). */
export function IntentForm({
  intent,
  pendingText,
  className,
  hidden,
  children,
}: {
  intent: string;
  pendingText: string;
  className: string;
  hidden?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton name="intent" value={intent} pendingText={pendingText} className={className}>
        {children}
      </SubmitButton>
    </Form>
  );
}

/** The form of a button that removes something. */
export function RemoveForm(props: {
  intent: string;
  hidden?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  return <IntentForm {...props} pendingText="Removing…" className="button button-ghost danger" />;
}
