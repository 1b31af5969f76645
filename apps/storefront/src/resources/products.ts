import {
  AisleError,
  type MeasurementUnit,
  type Product,
  type ProductChoice,
  type ProductOption,
  type ProductVariant,
  type QueryBuilder,
} from '@aisle/sdk';
import { fetchProduct, fetchProducts } from '@aisle/react';
import { data } from 'react-router';
import { memoized, type Store } from '../sdk.ts';

/** Product path on this storefront: the server's `productPageUrl.path` (`/product-page/{slug}`). */
export const productPath = (product: Product) =>
  product.productPageUrl?.path ?? `/product-page/${product.slug}`;

// ---------------------------------------------------------------------------------------------------------
// Listings: filters, sort, search and paging, all kept in the URL search params
// ---------------------------------------------------------------------------------------------------------

export const PAGE_SIZE = 12;

export const SORTS = {
  /** Collection pages only, and their default: the merchant's order of the collection. */
  featured: { label: 'Featured', field: 'collectionPosition', order: 'asc' },
  newest: { label: 'Newest', field: 'numericId', order: 'desc' },
  'price-asc': { label: 'Price: low to high', field: 'discountedPrice', order: 'asc' },
  'price-desc': { label: 'Price: high to low', field: 'discountedPrice', order: 'desc' },
  'name-asc': { label: 'Name: A to Z', field: 'name', order: 'asc' },
  'name-desc': { label: 'Name: Z to A', field: 'name', order: 'desc' },
} as const;
export type SortKey = keyof typeof SORTS;
/** The shop's default sort; a collection's is `featured`. */
export const DEFAULT_SORT: SortKey = 'newest';

export interface ListingParams {
  q: string;
  brands: string[];
  /** Chosen option choices as `<option name>:<choice name>` (`Size:M`, `Color:Navy`), the URL's `choice`s. */
  choices: string[];
  min: number | undefined;
  max: number | undefined;
  inStock: boolean;
  sort: SortKey;
  /** The sort the URL leaves out: `featured` in a collection, else `newest`. */
  defaultSort: SortKey;
  /** One-based. */
  page: number;
}

const isSortKey = (value: string | null): value is SortKey => value !== null && value in SORTS;

function money(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The listing's params; `inCollection` allows (and defaults to) the collection's own order. */
export function readListingParams(search: URLSearchParams, inCollection = false): ListingParams {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort');
  const defaultSort: SortKey = inCollection ? 'featured' : DEFAULT_SORT;
  return {
    q: (search.get('q') ?? '').trim(),
    brands: search.getAll('brand').filter(Boolean),
    choices: search.getAll('choice').filter((c) => c.includes(':') && !c.startsWith(':')),
    min: money(search.get('min')),
    max: money(search.get('max')),
    inStock: search.get('inStock') === '1',
    sort: isSortKey(sort) && (sort !== 'featured' || inCollection) ? sort : defaultSort,
    defaultSort,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** True when any filter narrows the listing (search, sort and paging aside). */
export const hasFilters = (p: ListingParams) =>
  p.brands.length > 0 || p.choices.length > 0 || p.min !== undefined || p.max !== undefined || p.inStock;

/** `Size:M` → `Size`; the option part of a `choice` param. */
export const optionOf = (choice: string): string => choice.slice(0, choice.indexOf(':'));
/** `Size:M` → `M`. */
export const choiceOf = (choice: string): string => choice.slice(choice.indexOf(':') + 1);

function filtered(query: QueryBuilder<Product>, p: ListingParams, collectionId?: string) {
  let q = query;
  if (collectionId) q = q.hasSome('collectionIds', [collectionId]);
  if (p.q) q = q.eq('search', p.q);
  if (p.brands.length === 1) q = q.eq('brand', p.brands[0]!);
  else if (p.brands.length > 1) q = q.in('brand', p.brands);
  // The price a shopper pays: the discounted price.
  if (p.min !== undefined) q = q.ge('discountedPrice', p.min);
  if (p.max !== undefined) q = q.le('discountedPrice', p.max);
  if (p.inStock) q = q.eq('inStock', true);
  // Any of the chosen sizes, and any of the chosen colours: OR inside an option, AND across options.
  const byOption = new Map<string, string[]>();
  for (const choice of p.choices)
    byOption.set(optionOf(choice), [...(byOption.get(optionOf(choice)) ?? []), choice]);
  for (const chosen of byOption.values()) q = q.hasSome('optionChoices', chosen);
  return q;
}

export interface Listing {
  products: Product[];
  total: number | undefined;
  page: number;
  pageCount: number | undefined;
  hasNext: boolean;
  params: ListingParams;
}

/** One page of products for a listing URL, optionally inside a collection. */
export async function loadListing(
  store: Store,
  search: URLSearchParams,
  collectionId?: string,
): Promise<Listing> {
  const params = readListingParams(search, collectionId !== undefined);
  const sort = SORTS[params.sort];
  const page = await fetchProducts(await store.api(), {
    query: (query) => {
      const q = filtered(query, params, collectionId);
      return sort.order === 'asc' ? q.ascending(sort.field) : q.descending(sort.field);
    },
    page: params.page - 1,
    pageSize: PAGE_SIZE,
  });
  return {
    products: page.items,
    total: page.totalCount,
    page: params.page,
    pageCount: page.pageCount,
    hasNext: page.hasNext,
    params,
  };
}

/**
 * The brands of a listing scope. The catalogue API has no facet call, so this walks the brand index: one
 * query of one product per distinct brand (`brand > last`, ascending). Read once per request or page load.
 */
export function listBrands(store: Store, collectionId?: string): Promise<string[]> {
  return memoized(store, `brands:${collectionId ?? '*'}`, async () => {
    const { products } = await store.api();
    const brands: string[] = [];
    for (let i = 0; i < 50; i++) {
      let query = products.queryProducts().isNotEmpty('brand');
      if (collectionId) query = query.hasSome('collectionIds', [collectionId]);
      const last = brands.at(-1);
      if (last !== undefined) query = query.gt('brand', last);
      const page = await query.ascending('brand').limit(1).find();
      const brand = page.items[0]?.brand;
      if (!brand) break;
      brands.push(brand);
    }
    return brands;
  });
}

/** One option a listing can be filtered by, with the choices offered in its scope. */
export interface OptionFacet {
  name: string;
  /** A colour option: each choice has a swatch. */
  colour: boolean;
  choices: Array<{ name: string; swatch?: string }>;
}

/** How many products of a scope are read for its size and colour filters (docs/DECISIONS.md). */
export const FACET_SAMPLE = 100;

/**
 * The options (size, colour…) and choices the listing's filter panel offers: those of the scope's newest
 * `FACET_SAMPLE` products (the catalogue API has no facet call), in the order the products list them.
 */
export function listOptionFacets(store: Store, collectionId?: string): Promise<OptionFacet[]> {
  return memoized(store, `options:${collectionId ?? '*'}`, async () => {
    let query = (await store.api()).products.queryProducts();
    if (collectionId) query = query.hasSome('collectionIds', [collectionId]);
    const page = await query.limit(FACET_SAMPLE).find();
    const facets = new Map<string, OptionFacet>();
    for (const product of page.items) {
      for (const option of product.productOptions ?? []) {
        const name = option.name ?? '';
        if (!name) continue;
        let facet = facets.get(name);
        if (!facet) {
          facet = { name, colour: option.optionType === 'color', choices: [] };
          facets.set(name, facet);
        }
        for (const choice of option.choices ?? []) {
          const choiceLabel = choiceName(choice);
          if (choice.visible === false || !choiceLabel) continue;
          if (facet.choices.some((c) => c.name === choiceLabel)) continue;
          facet.choices.push(
            facet.colour && choice.value
              ? { name: choiceLabel, swatch: choice.value }
              : { name: choiceLabel },
          );
        }
      }
    }
    return [...facets.values()].filter((f) => f.choices.length > 1);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Product page
// ---------------------------------------------------------------------------------------------------------

/**
 * A product by slug with its variants; when there is none, a 404 response (shown by the error page), or 410
 * when the store deleted the product that was there.
 */
export async function loadProduct(store: Store, slug: string): Promise<Product> {
  const product = await fetchProduct(await store.api(), { slug });
  if (product) return product;
  if (await store.productGone?.(slug)) {
    throw data({ message: 'This product is no longer sold.' }, { status: 410 });
  }
  throw data({ message: `There is no product at “${slug}”.` }, { status: 404 });
}

/** What a variant's `choices` map says for a choice: colours by their name, other options by value. */
export const choiceName = (choice: ProductChoice): string => choice.description || choice.value || '';

/** Selected choice name per option name. */
export type Selection = Record<string, string>;

const visibleVariants = (product: Product): ProductVariant[] =>
  (product.variants ?? []).filter((v) => v.variant?.visible !== false);

const variantInStock = (variant: ProductVariant): boolean => variant.stock?.inStock !== false;

/** The choices from the URL that name real options and choices of the product. */
export function readSelection(product: Product, search: URLSearchParams): Selection {
  const selection: Selection = {};
  for (const option of product.productOptions ?? []) {
    const name = option.name ?? '';
    const wanted = search.get(name);
    if (wanted && option.choices?.some((c) => choiceName(c) === wanted)) selection[name] = wanted;
  }
  return selection;
}

/** The variant matching every option of the selection, once each option has a choice. */
export function selectedVariant(product: Product, selection: Selection): ProductVariant | undefined {
  const options = product.productOptions ?? [];
  if (options.length === 0 || options.some((o) => !selection[o.name ?? ''])) return undefined;
  return visibleVariants(product).find((variant) =>
    options.every((o) => variant.choices?.[o.name ?? ''] === selection[o.name ?? '']),
  );
}

/**
 * "Only N left" shows when a tracked item has this many or fewer in stock (and at least one): on the product
 * page for the chosen variant (or a product without options), on listing cards for the product's total.
 */
export const LOW_STOCK_THRESHOLD = 5;

/** `Only 3 left` for a tracked quantity at or under the threshold, else undefined. */
export function lowStockText(quantity: number | null | undefined): string | undefined {
  return typeof quantity === 'number' && quantity > 0 && quantity <= LOW_STOCK_THRESHOLD
    ? `Only ${quantity} left`
    : undefined;
}

export type ChoiceState = 'available' | 'out-of-stock' | 'unavailable';

/**
 * Whether a choice can be bought together with what is selected for the other options: some visible variant
 * with it is in stock (available), only sold-out ones exist (out-of-stock), or none at all (unavailable).
 */
export function choiceState(
  product: Product,
  option: ProductOption,
  choice: ProductChoice,
  selection: Selection,
): ChoiceState {
  if (choice.visible === false) return 'unavailable';
  const name = option.name ?? '';
  const value = choiceName(choice);
  const variants = visibleVariants(product);
  if (variants.length === 0) return choice.inStock === false ? 'out-of-stock' : 'available';
  const matching = variants.filter(
    (variant) =>
      variant.choices?.[name] === value &&
      Object.entries(selection).every(
        ([other, picked]) => other === name || variant.choices?.[other] === picked,
      ),
  );
  if (matching.length === 0) return 'unavailable';
  return matching.some(variantInStock) ? 'available' : 'out-of-stock';
}

/** Gallery images: the chosen colour's pictures first, then the product's own. */
export function galleryFor(product: Product, selection: Selection) {
  const all = (product.media?.items ?? []).filter((item) => item.image?.url);
  for (const option of product.productOptions ?? []) {
    const picked = selection[option.name ?? ''];
    const choice = option.choices?.find((c) => choiceName(c) === picked);
    const ids = new Set((choice?.media?.items ?? []).map((item) => item.id));
    if (ids.size > 0) return [...all.filter((i) => ids.has(i.id)), ...all.filter((i) => !ids.has(i.id))];
  }
  return all;
}

const UNITS: Partial<Record<MeasurementUnit, string>> = {
  ML: 'ml',
  CL: 'cl',
  L: 'l',
  CBM: 'm³',
  MG: 'mg',
  G: 'g',
  KG: 'kg',
  MM: 'mm',
  CM: 'cm',
  M: 'm',
  SQM: 'm²',
  OZ: 'oz',
  LB: 'lb',
  FLOZ: 'fl oz',
  PT: 'pt',
  QT: 'qt',
  GAL: 'gal',
  IN: 'in',
  FT: 'ft',
  YD: 'yd',
  SQFT: 'sq ft',
};

export const unitLabel = (unit: MeasurementUnit | undefined): string => (unit ? (UNITS[unit] ?? unit) : '');

/** `$13.00 / 100 g` for products sold by weight or volume. */
export function pricePerUnitLabel(product: Product, formatted: string | undefined): string | undefined {
  const ppu = product.pricePerUnitData;
  if (!formatted || !ppu?.baseQuantity) return undefined;
  const base = ppu.baseQuantity === 1 ? '' : `${ppu.baseQuantity} `;
  return `${formatted} / ${base}${unitLabel(ppu.baseMeasurementUnit)}`;
}

/** Is this a 404 of the catalogue (bad slug)? */
export const isNotFound = (error: unknown) => error instanceof AisleError && error.status === 404;
