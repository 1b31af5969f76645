import type { UIMatch } from 'react-router';

export const STORE_NAME = 'Aisle Demo Store';
export const STORE_DESCRIPTION =
  'Everyday essentials for wardrobe, home and the outdoors, from the Aisle Demo Store.';

/** What a page says about itself in the document's head (title, description, link previews, structured data). */
export interface PageMeta {
  /** The page's own title; the document's is `<title> · <store>`. */
  title?: string | undefined;
  description?: string | undefined;
  /** Path of the page's canonical URL (on the store's origin). */
  canonical?: string | undefined;
  /** Link previews (Open Graph, Twitter). */
  image?: { url: string; width?: number | undefined; height?: number | undefined; alt?: string } | undefined;
  type?: 'website' | 'product';
  price?: { amount: string; currency: string } | undefined;
  /** JSON-LD objects (schema.org). */
  structuredData?: object[] | undefined;
  /** Keep out of search results (sign-in, account, cart, checkout, errors). */
  noindex?: boolean;
}

export interface MetaArgs {
  data: unknown;
  params: Record<string, string | undefined>;
  /** The store's origin, `https://shop.example.com`. */
  origin: string;
}

/** A route's `handle`: how its page describes itself (undefined without its data: it failed). */
export interface RouteHandle {
  meta?: (args: MetaArgs) => PageMeta | undefined;
}

/** A `meta` over the route's loader data, which it only gets when the loader succeeded. */
export function metaFrom<T>(describe: (data: T, args: MetaArgs) => PageMeta): RouteHandle['meta'] {
  return (args) =>
    args.data === undefined || args.data === null ? undefined : describe(args.data as T, args);
}

const handleOf = (match: UIMatch): RouteHandle | undefined =>
  typeof match.handle === 'object' && match.handle !== null ? (match.handle as RouteHandle) : undefined;

/** The meta of the deepest matched page that has some (undefined when none has). */
export function metaOf(matches: UIMatch[], origin: string): PageMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i] as UIMatch;
    const meta = handleOf(match)?.meta?.({ data: match.loaderData, params: match.params, origin });
    if (meta) return meta;
  }
  return undefined;
}

export const documentTitle = (meta: PageMeta | undefined): string =>
  meta?.title ? `${meta.title} · ${STORE_NAME}` : STORE_NAME;

/** Plain text of some HTML, cut at a word to at most `max` characters (meta descriptions). */
export function plainText(html: string | undefined, max = 160): string | undefined {
  if (!html) return undefined;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
