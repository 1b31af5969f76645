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
