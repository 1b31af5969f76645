import { type RefObject, useEffect, useState } from 'react';

/**
 * Focus for a form that failed its own checks: call the returned function after setting the errors, and the
 * first field marked invalid gets focus once the errors are on the page.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, form]);
  return () => setAsked((n) => n + 1);
}
