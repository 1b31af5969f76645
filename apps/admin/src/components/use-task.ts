import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { adminError, type ShownError } from '../lib/errors.ts';

/**
 * SDK work a component does itself (uploads, picture edits): one task at a time, its outcome (a success
 * message or the error as a merchant reads it), and the page's data read again after a success. `undo`
 * takes back an optimistic change when the task fails.
 */
export function useTask() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  const [done, setDone] = useState<string | undefined>();
  async function run(what: string, work: () => Promise<unknown>, message: string, undo?: () => void) {
    setBusy(what);
    setError(undefined);
    setDone(undefined);
    try {
      await work();
      setDone(message);
      await revalidator.revalidate();
    } catch (e) {
      undo?.();
      setError(adminError(e));
    } finally {
      setBusy(undefined);
    }
  }
  return { busy, error, done, run, setError };
}
