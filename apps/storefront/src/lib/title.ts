import { useEffect } from 'react';

const STORE = 'Aisle Demo Store';

/** The document title of a page: `<title> · Aisle Demo Store`, the store's name alone without one. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${STORE}` : STORE;
  }, [title]);
}
