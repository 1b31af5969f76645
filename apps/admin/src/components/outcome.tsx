import type { ShownError } from '../lib/errors.ts';
import { ErrorNotice, Notice } from './form.ts';

/** What a page's last action answered: what it did (`done`), or why it failed. */
export function Outcome({
  result,
}: {
  result: { done?: string | undefined; error?: ShownError | undefined } | undefined;
}) {
  return (
    <>
      {result?.done && <Notice tone="success">{result.done}</Notice>}
      <ErrorNotice error={result?.error} />
    </>
  );
}

/**
 * What a component's own task (`useTask`) answered, announced: “Working…” while it runs (when `busy` is
 * given), then what it did (`done`), or why it failed.
 */
export function TaskOutcome({
  busy,
  done,
  error,
}: {
  busy?: string | undefined;
  done: string | undefined;
  error: ShownError | undefined;
}) {
  return (
    <>
      <div aria-live="polite">
        {busy && <p className="muted">Working…</p>}
        {done && !busy && <Notice tone="success">{done}</Notice>}
      </div>
      <ErrorNotice error={error} />
    </>
  );
}
