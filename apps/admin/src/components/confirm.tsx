import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { SubmitButton } from './form.ts';

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
  children,
}: {
  label: string;
  question: string;
  confirm: string;
  pendingText: string;
  intent: string;
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
        {children}
        <div className="actions">
          <SubmitButton className="button button-danger" pendingText={pendingText}>
            {confirm}
          </SubmitButton>
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
            Keep it
          </button>
        </div>
      </Form>
    </div>
  );
}
