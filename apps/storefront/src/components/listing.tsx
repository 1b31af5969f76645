import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import {
  choiceOf,
  hasFilters,
  type Listing,
  type ListingParams,
  type OptionFacet,
  SORTS,
  type SortKey,
} from '../resources/products.ts';
import { formatMoney } from '../lib/money.ts';
import { CheckBox } from './form.tsx';
import { listingSearch } from './listing-url.ts';
import { ProductCard } from './product-card.tsx';

/** What the controls show: the URL's params, changed at once by the shopper while the next page loads. */
interface Draft {
  q: string;
  min: string;
  max: string;
  brands: string[];
  choices: string[];
  inStock: boolean;
  sort: SortKey;
}

const draftOf = (p: ListingParams): Draft => ({
  q: p.q,
  min: p.min === undefined ? '' : String(p.min),
  max: p.max === undefined ? '' : String(p.max),
  brands: p.brands,
  choices: p.choices,
  inStock: p.inStock,
  sort: p.sort,
});

function money(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * A product grid with text search, brand / price / stock filters, sort and paging. The URL is the state: every
 * change navigates to new search params and the route's loader fetches that page.
 */
export function ProductListing({
  listing,
  brands,
  options = [],
  heading,
  intro,
  searchLabel,
}: {
  listing: Listing;
  brands: string[];
  /** Size, colour and other option filters (`listOptionFacets`). */
  options?: OptionFacet[];
  heading: ReactNode;
  intro?: ReactNode;
  /** A search box scoped to this listing; the shop has the header's instead. */
  searchLabel?: string;
}) {
  const { params } = listing;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(params));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();
  // Back/forward and chip links change the URL: the text fields follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the URL state the draft mirrors
  useEffect(() => setDraft(draftOf(params)), [search]);

  const go = (next: Partial<ListingParams>) =>
    navigate(
      { pathname, search: listingSearch({ ...params, page: 1, ...next }) },
      { preventScrollReset: true },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let min = money(draft.min);
    let max = money(draft.max);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    go({ q: draft.q.trim(), min, max });
  };
  const toggleBrand = (brand: string, on: boolean) => {
    const brands = on ? [...draft.brands, brand] : draft.brands.filter((b) => b !== brand);
    setDraft({ ...draft, brands });
    go({ brands });
  };
  const toggleChoice = (choice: string, on: boolean) => {
    const choices = on ? [...draft.choices, choice] : draft.choices.filter((c) => c !== choice);
    setDraft({ ...draft, choices });
    go({ choices });
  };

  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const activeCount =
    params.brands.length +
    params.choices.length +
    (params.min !== undefined || params.max !== undefined ? 1 : 0) +
    (params.inStock ? 1 : 0);
  const chips: Array<{ label: string; to: string }> = [
    ...(params.q ? [{ label: `“${params.q}”`, to: listingSearch({ ...params, q: '', page: 1 }) }] : []),
    ...params.brands.map((brand) => ({
      label: brand,
      to: listingSearch({ ...params, brands: params.brands.filter((b) => b !== brand), page: 1 }),
    })),
    ...params.choices.map((choice) => ({
      label: choiceOf(choice),
      to: listingSearch({ ...params, choices: params.choices.filter((c) => c !== choice), page: 1 }),
    })),
    ...(params.min !== undefined || params.max !== undefined
      ? [
          {
            label: priceLabel(params.min, params.max),
            to: listingSearch({ ...params, min: undefined, max: undefined, page: 1 }),
          },
        ]
      : []),
    ...(params.inStock
      ? [{ label: 'In stock', to: listingSearch({ ...params, inStock: false, page: 1 }) }]
      : []),
  ];
  const priceField = (key: 'min' | 'max', label: string) => (
    <div className="field">
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      <input
        id={`${ids}-${key}`}
        name={key}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
    </div>
  );

  return (
    <div className="listing">
      <div className="listing-head">
        <div>
          {heading}
          {intro}
        </div>
      </div>
      <search className="listing-toolbar">
        <form onSubmit={submit} aria-label={searchLabel ?? 'Sort and filter'}>
          {searchLabel && (
            <div className="search-field">
              <label htmlFor={`${ids}-q`} className="visually-hidden">
                {searchLabel}
              </label>
              <input
                id={`${ids}-q`}
                type="search"
                name="q"
                placeholder={searchLabel}
                value={draft.q}
                onChange={(e) => setDraft({ ...draft, q: e.target.value })}
              />
              <button type="submit" className="button button-primary">
                Search
              </button>
            </div>
          )}
          <div className="toolbar-row">
            <button
              type="button"
              className="button button-secondary filters-toggle"
              aria-expanded={filtersOpen}
              aria-controls={`${ids}-filters`}
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              Filters{activeCount > 0 ? ` (${activeCount})` : ''}
            </button>
            <div className="sort">
              <label htmlFor={`${ids}-sort`}>Sort by</label>
              <select
                id={`${ids}-sort`}
                value={draft.sort}
                onChange={(e) => {
                  const sort = e.target.value as SortKey;
                  setDraft({ ...draft, sort });
                  go({ sort });
                }}
              >
                {Object.entries(SORTS)
                  .filter(([key]) => key !== 'featured' || params.defaultSort === 'featured')
                  .map(([key, sort]) => (
                    <option key={key} value={key}>
                      {sort.label}
                    </option>
                  ))}
              </select>
            </div>
          </div>
        </form>
      </search>

      <div className="listing-body">
        <form
          id={`${ids}-filters`}
          className={`filters${filtersOpen ? ' open' : ''}`}
          aria-label="Filters"
          onSubmit={submit}
        >
          {brands.length > 0 && (
            <fieldset>
              <legend>Brand</legend>
              {brands.map((brand) => (
                <FilterCheck
                  key={brand}
                  name="brand"
                  value={brand}
                  label={brand}
                  checked={draft.brands.includes(brand)}
                  onChange={(on) => toggleBrand(brand, on)}
                />
              ))}
            </fieldset>
          )}
          {options.map((option) => (
            <fieldset key={option.name}>
              <legend>{option.name}</legend>
              {option.choices.map((choice) => {
                const value = `${option.name}:${choice.name}`;
                return (
                  <FilterCheck
                    key={value}
                    name="choice"
                    value={value}
                    label={choice.name}
                    swatch={choice.swatch}
                    checked={draft.choices.includes(value)}
                    onChange={(on) => toggleChoice(value, on)}
                  />
                );
              })}
            </fieldset>
          ))}
          <fieldset>
            <legend>Price</legend>
            <div className="price-range">
              {priceField('min', 'Min ($)')}
              <span aria-hidden="true">–</span>
              {priceField('max', 'Max ($)')}
            </div>
            <button type="submit" className="button button-secondary small">
              Apply price
            </button>
          </fieldset>
          <fieldset>
            <legend>Availability</legend>
            <CheckBox
              name="inStock"
              value="1"
              checked={draft.inStock}
              onChange={(e) => {
                setDraft({ ...draft, inStock: e.target.checked });
                go({ inStock: e.target.checked });
              }}
            >
              <span>In stock only</span>
            </CheckBox>
          </fieldset>
          {hasFilters(params) && (
            <Link
              to={{
                pathname,
                search: listingSearch({
                  ...params,
                  brands: [],
                  choices: [],
                  min: undefined,
                  max: undefined,
                  inStock: false,
                  page: 1,
                }),
              }}
              preventScrollReset
            >
              Clear filters
            </Link>
          )}
        </form>

        <section className="results" aria-busy={loading} aria-labelledby={`${ids}-results`}>
          <h2 id={`${ids}-results`} className="visually-hidden">
            Products
          </h2>
          <div className="results-summary">
            <p aria-live="polite" data-testid="result-count">
              {listing.total === undefined
                ? 'Many products'
                : `${listing.total} ${listing.total === 1 ? 'product' : 'products'}`}
            </p>
            {chips.length > 0 && (
              <ul className="chips" aria-label="Active filters">
                {chips.map((chip) => (
                  <li key={chip.label}>
                    <Link
                      to={{ pathname, search: chip.to }}
                      preventScrollReset
                      aria-label={`Remove filter ${chip.label}`}
                    >
                      {chip.label} <span aria-hidden="true">×</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {listing.products.length === 0 ? (
            <div className="empty">
              <p>
                No products match{params.q ? ` “${params.q}”` : ''}
                {hasFilters(params) ? ' with these filters' : ''}.
              </p>
              {(hasFilters(params) || params.q) && (
                <Link to={pathname} className="button button-secondary">
                  Show all products
                </Link>
              )}
            </div>
          ) : (
            <ul className={`product-grid${loading ? ' is-loading' : ''}`}>
              {listing.products.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} priority={i === 0} />
                </li>
              ))}
            </ul>
          )}
          <Pagination listing={listing} pathname={pathname} />
        </section>
      </div>
    </div>
  );
}

/** One checkbox of the filter panel (a brand, a size, a colour with its swatch). */
function FilterCheck({
  name,
  value,
  label,
  swatch,
  checked,
  onChange,
}: {
  name: string;
  value: string;
  label: string;
  swatch?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <CheckBox name={name} value={value} checked={checked} onChange={(e) => onChange(e.target.checked)}>
      {swatch && <span className="filter-swatch" aria-hidden="true" style={{ background: swatch }} />}
      <span>{label}</span>
    </CheckBox>
  );
}

function priceLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${formatMoney(min)} – ${formatMoney(max)}`;
  if (min !== undefined) return `From ${formatMoney(min)}`;
  return `Up to ${formatMoney(max ?? 0)}`;
}

function Pagination({ listing, pathname }: { listing: Listing; pathname: string }) {
  const { page, pageCount, hasNext, params } = listing;
  if (page === 1 && !hasNext) return null;
  const to = (n: number) => ({ pathname, search: listingSearch({ ...params, page: n }) });
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className="button button-secondary">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {page}
        {pageCount !== undefined ? ` of ${pageCount}` : ''}
      </span>
      {hasNext ? (
        <Link to={to(page + 1)} rel="next" className="button button-secondary">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
