import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { SubmitButton } from './form.ts';
import { HiddenFields, type HiddenValues } from './intent-form.tsx';

/**
 * A destructive action asked twice: the first button opens the question, whose form posts `intent`. Focus
 * moves to the confirming button and back to the opener when the merchant keeps things as they are.
 */
export function ConfirmAction({
  label,
  question,
  confirm,
  pendingText,
  intent,
  values,
  children,
}: {
  label: string;
  question: string;
  confirm: string;
  pendingText: string;
  intent: string;
  /** Hidden fields posted after `intent` (the record the action is on). */
  values?: HiddenValues;
  /** More fields of the confirming form (options of the action). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const region = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) region.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        className="button button-secondary danger"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div ref={region} className="confirm alert alert-error">
      <p>{question}</p>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value={intent} />
        <HiddenFields values={values} />
        {children}
        <ConfirmButtons confirm={confirm} pendingText={pendingText} onKeep={() => setOpen(false)} />
      </Form>
    </div>
  );
}

/** The confirming submit button and the one that keeps things as they are. */
function ConfirmButtons({
  confirm,
  pendingText,
  onKeep,
}: {
  confirm: string;
  pendingText: string;
  onKeep: () => void;
}) {
  return (
    <div className="actions">
      <SubmitButton className="button button-danger" pendingText={pendingText}>
        {confirm}
      </SubmitButton>
      <button type="button" className="button button-secondary" onClick={onKeep}>
        Keep it
      </button>
    </div>
  );
}

/**
 * The submit button of a form asked twice: the first press shows the question and the confirming button,
 * which sends the form it is in. Every answer of the action (`answer` changes) closes the question.
 */
export function ConfirmSubmit({
  label,
  question,
  confirm,
  pendingText,
  answer,
}: {
  label: string;
  question: string;
  confirm: string;
  pendingText: string;
  answer: unknown;
}) {
  const [open, setOpen] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer !== undefined) setOpen(false);
  }, [answer]);
  useEffect(() => {
    if (open) region.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [open]);
  if (!open)
    return (
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  return (
    <div ref={region} className="confirm alert alert-error stack">
      <p>{question}</p>
      <ConfirmButtons confirm={confirm} pendingText={pendingText} onKeep={() => setOpen(false)} />
    </div>
  );
}
