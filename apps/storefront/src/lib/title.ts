import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import { documentTitle, siteBrandOf } from './meta.ts';

/** The document title of a page: `<title> · <store name>`, the store's name alone without one. */
export function usePageTitle(title?: string): void {
  const root = useRouteLoaderData('root');
  useEffect(() => {
    document.title = documentTitle({ title }, siteBrandOf(root, window.location.origin).name);
  }, [title, root]);
}
