import type { ListingParams } from '../resources/products.ts';

/** Listing params → `?q=…&brand=…&choice=Size:M&min=…&max=…&inStock=1&sort=…&page=…` (defaults left out). */
export function listingSearch(p: ListingParams): string {
  const search = new URLSearchParams();
  if (p.q) search.set('q', p.q);
  for (const brand of p.brands) search.append('brand', brand);
  for (const choice of p.choices) search.append('choice', choice);
  if (p.min !== undefined) search.set('min', String(p.min));
  if (p.max !== undefined) search.set('max', String(p.max));
  if (p.inStock) search.set('inStock', '1');
  if (p.sort !== p.defaultSort) search.set('sort', p.sort);
  if (p.page > 1) search.set('page', String(p.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A listing's canonical URL: its path and page (filters and sort show the same products). */
export const listingCanonical = (path: string, p: ListingParams): string =>
  p.page > 1 ? `${path}?page=${p.page}` : path;
