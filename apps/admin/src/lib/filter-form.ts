import { type FormEvent, useRef, useState } from 'react';

/**
 * A list's search form (a GET form whose fields start from the URL's filters): its `key` changes, building the
 * form again from the URL, when the filters in the URL change by a link, Back or Forward — but not when they
 * change because this form searched. A merchant who types the next search while the last one loads keeps what
 * they typed (rebuilt on every change, the form wiped it when the earlier search landed).
 *
 * `shown`: the filters the page shows, by field name, as the form would send them (trimmed).
 */
export function useFilterForm(shown: Record<string, string | undefined>): {
  key: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const names = Object.keys(shown);
  const current = names.map((name) => (shown[name] ?? '').trim()).join('\u0000');
  const sent = useRef<string | undefined>(undefined);
  const [seen, setSeen] = useState(current);
  const [generation, setGeneration] = useState(0);
  if (current !== seen) {
    // The filters changed: by this form's own search (keep its fields), or otherwise (show the URL's).
    setSeen(current);
    if (current !== sent.current) setGeneration((n) => n + 1);
  }
  return {
    key: generation,
    onSubmit: (event) => {
      const data = new FormData(event.currentTarget);
      sent.current = names.map((name) => String(data.get(name) ?? '').trim()).join('\u0000');
    },
  };
}
