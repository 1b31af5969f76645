import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-router';
import { Field, SubmitButton } from './form.ts';

/** Hidden fields a form posts as they are (`undefined` posts an empty value), in their order. */
export type HiddenValues = Record<string, string | undefined>;

export function HiddenFields({ values = {} }: { values?: HiddenValues }) {
  return Object.entries(values).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/**
 * A posted form naming its action in a hidden `intent` field; `noValidate`, so the messages shown are the
 * ones the screen gives next to each field, not the browser's.
 */
export function IntentForm({
  intent,
  values,
  children,
  className = 'stack',
}: {
  intent: string;
  /** More hidden fields, after `intent` (the payment, the sign-in's challenge). */
  values?: HiddenValues;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" className={className} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <HiddenFields values={values} />
      {children}
    </Form>
  );
}

/**
 * A posted form that is one button (send an invoice, notify now): `values` go with it as hidden fields, in
 * their order; `formClassName` styles the form (`row-action` in a table row), `className` the button.
 */
export function PostButton({
  values,
  pendingText,
  className,
  formClassName,
  children,
}: {
  values: HiddenValues;
  pendingText: string;
  className?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={formClassName}>
      <HiddenFields values={values} />
      <SubmitButton className={className} pendingText={pendingText}>
        {children}
      </SubmitButton>
    </Form>
  );
}

/** A password input, `current-password` for the browser unless told otherwise. */
export function PasswordField(props: Omit<ComponentProps<typeof Field>, 'type'>) {
  return <Field type="password" autoComplete="current-password" {...props} />;
}

/** A secret the browser must neither fill nor spell-check (an API key, a setup code), masked. */
export function SecretField(
  props: Omit<ComponentProps<typeof Field>, 'type' | 'autoComplete' | 'spellCheck'>,
) {
  return <Field type="password" autoComplete="off" spellCheck={false} {...props} />;
}
