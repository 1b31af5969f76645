import type { UIMatch } from 'react-router';

/** The store's name and logo as its pages show them (the merchant's store settings; `loadSiteBrand`). */
export interface SiteBrand {
  name: string;
  /** Sized for the header (`width` × `height` CSS pixels); `url2x` for sharp screens. */
  logo?: { url: string; url2x?: string; width: number; height: number };
}

/** The brand the root route read, or — without one — the store's host for its name (never a made-up name). */
export function siteBrandOf(data: unknown, origin: string): SiteBrand {
  const brand = (data as { brand?: SiteBrand } | null | undefined)?.brand;
  return brand?.name ? brand : { name: new URL(origin).host };
}

/** The brand of the matched root route (`loadSiteBrand` in its loader). */
export const siteOf = (matches: UIMatch[], origin: string): SiteBrand =>
  siteBrandOf(matches.find((m) => m.id === 'root')?.loaderData, origin);

export const storeDescription = (name: string) =>
  `Everyday essentials for wardrobe, home and the outdoors, from ${name}.`;

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
  /** The store's name and logo. */
  site: SiteBrand;
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
  const site = siteOf(matches, origin);
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i] as UIMatch;
    const meta = handleOf(match)?.meta?.({ data: match.loaderData, params: match.params, origin, site });
    if (meta) return meta;
  }
  return undefined;
}

/** `<page title> · <store name>`, the store's name alone for a page without a title. */
export const documentTitle = (meta: PageMeta | undefined, siteName: string): string =>
  meta?.title ? `${meta.title} · ${siteName}` : siteName;

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
