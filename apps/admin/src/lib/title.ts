import { useEffect } from 'react';

/** The document title of a page: `<title> · Aisle Admin`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Aisle Admin`;
  }, [title]);
}
