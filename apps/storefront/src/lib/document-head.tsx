import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { documentTitle, metaOf, siteOf } from './meta.ts';

function setMeta(selector: string, attribute: 'content' | 'href', value: string | undefined): void {
  const element = document.head.querySelector(selector);
  if (!element) return;
  if (value === undefined) element.removeAttribute(attribute);
  else element.setAttribute(attribute, value);
}

/**
 * Keeps the document's title, description and canonical link in step with client-side navigation (the server
 * writes the whole head for the first page; crawlers read that). Renders nothing.
 */
export function DocumentHead() {
  const matches = useMatches();
  useEffect(() => {
    // A page that failed has none: its error page sets the title.
    const meta = metaOf(matches, window.location.origin);
    if (!meta) return;
    document.title = documentTitle(meta, siteOf(matches, window.location.origin).name);
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta(
      'link[rel="canonical"]',
      'href',
      meta.canonical ? new URL(meta.canonical, window.location.origin).href : undefined,
    );
    setMeta('meta[name="robots"]', 'content', meta.noindex ? 'noindex' : 'index, follow');
  }, [matches]);
  return null;
}
