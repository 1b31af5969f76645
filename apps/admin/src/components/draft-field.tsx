import { type ReactNode, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ComponentType } from 'react';
import type { CustomField, CustomFieldProps, FieldSpec, FieldValue } from '../lib/fields.ts';

// Custom fields of the entity kit whose editor keeps a draft in the page (a condition tree, a list of
// discounts) and posts it as JSON in a hidden input under the field's name.

/** A draft posted as JSON under `name`; undefined if missing or not a draft. */
export function postedDraft<T>(
  form: FormData,
  name: string,
  isDraft: (value: unknown) => value is T,
): T | undefined {
  const raw = form.get(name);
  if (typeof raw !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isDraft(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The custom field of an editor posting its draft as JSON: `read` checks the draft (problems under its inputs'
 * names) and gives the value; a draft that cannot be read (a tampered form) is a problem of the field itself.
 */
export function draftField<T>(
  what: string,
  isDraft: (value: unknown) => value is T,
  read: (draft: T, name: string, problems: Record<string, string>) => FieldValue,
  component: ComponentType<CustomFieldProps>,
): CustomField {
  return {
    read(form, name, problems) {
      const draft = postedDraft(form, name, isDraft);
      if (draft) return read(draft, name, problems);
      problems[name] = `The ${what} could not be read: reload the page and try again.`;
      return null;
    },
    shown: (form, name) => (postedDraft(form, name, isDraft) as FieldValue | undefined) ?? null,
    component,
  };
}

/** The frame of a draft editor: legend, hint, the posted draft, the field's own message, then the editor. */
export function DraftFieldset({
  spec,
  name,
  draft,
  errors,
  testId,
  children,
}: {
  spec: FieldSpec;
  name: string;
  draft: unknown;
  errors: Record<string, string>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="stack field-group rule-part" data-testid={testId}>
      <legend>{spec.label}</legend>
      {spec.hint && <p className="muted small">{spec.hint}</p>}
      <input type="hidden" name={name} value={JSON.stringify(draft)} />
      {errors[name] && <p className="field-error">{errors[name]}</p>}
      {children}
    </fieldset>
  );
}

let nextKey = 0;

/**
 * Rows of a draft added and removed in the page: a key per row that follows it, focus on a new row's first
 * input, and on the add button after a removal (as the kit's nested lists do).
 */
export function useDraftRows<T>(rows: readonly T[], onChange: (rows: T[]) => void) {
  const [stored, setKeys] = useState(() => rows.map(() => nextKey++));
  // A list replaced from outside (a group of another kind) gets keys for its rows.
  const keys = stored.length === rows.length ? stored : rows.map((_, i) => stored[i] ?? nextKey++);
  const list = useRef<HTMLOListElement>(null);
  const adder = useRef<HTMLButtonElement>(null);
  return {
    keys,
    list,
    adder,
    replace: (index: number, row: T) => onChange(rows.map((r, i) => (i === index ? row : r))),
    add(row: T) {
      flushSync(() => {
        setKeys([...keys, nextKey++]);
        onChange([...rows, row]);
      });
      list.current?.lastElementChild
        ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
        ?.focus();
    },
    remove(index: number) {
      flushSync(() => {
        setKeys(keys.filter((_, i) => i !== index));
        onChange(rows.filter((_, i) => i !== index));
      });
      adder.current?.focus();
    },
  };
}
