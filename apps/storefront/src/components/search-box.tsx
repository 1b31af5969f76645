import type { Product } from '@aisle/sdk';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { browserClient } from '../sdk.ts';

/** Suggestions start at this many typed characters, this long after the last key, this many at most. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGEST_LIMIT = 6;

/**
 * The header's product search with suggestions as you type: an ARIA 1.2 combobox (the input) over a
 * listbox of matching products (the catalogue's text search, typos forgiven). Arrow keys move through the
 * suggestions, Enter opens the highlighted product (or searches the shop for the text), Escape closes them.
 * Without JavaScript it is a plain GET form to `/shop?q=`.
 */
export function SearchBox({ q }: { q: string }) {
  const navigate = useNavigate();
  const ids = useId();
  const listId = `${ids}-list`;
  const [text, setText] = useState(q);
  const [items, setItems] = useState<Product[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  // A new URL (a search from elsewhere, back/forward) puts its text in the box.
  useEffect(() => setText(q), [q]);

  useEffect(() => {
    const wanted = text.trim();
    const ask = ++asked.current;
    if (wanted.length < SUGGEST_MIN_CHARS) {
      setItems([]);
      return;
    }
    const timer = setTimeout(() => {
      browserClient()
        .then((client) => client.products.queryProducts().eq('search', wanted).limit(SUGGEST_LIMIT).find())
        .then((page) => {
          // Only the answer to the latest text counts.
          if (ask !== asked.current) return;
          setItems(page.items);
          setActive(-1);
        })
        .catch(() => ask === asked.current && setItems([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const shown = open && items.length > 0;
  const go = (product: Product) => {
    setOpen(false);
    navigate(product.productPageUrl?.path ?? `/product-page/${product.slug}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const n = items.length;
      // -1 is the typed text itself: the highlight wraps through it.
      if (event.key === 'ArrowDown') setActive((i) => (!shown ? 0 : i + 1 >= n ? -1 : i + 1));
      else setActive((i) => (!shown ? n - 1 : i - 1 < -1 ? n - 1 : i - 1));
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && shown && active >= 0 && active < items.length) {
      event.preventDefault();
      go(items[active]!);
    }
  };

  return (
    <div className="search-box">
      <Form
        action="/shop"
        method="get"
        role="search"
        className="header-search"
        onSubmit={() => setOpen(false)}
      >
        <label htmlFor={`${ids}-q`} className="visually-hidden">
          Search products
        </label>
        <input
          id={`${ids}-q`}
          type="search"
          name="q"
          placeholder="Search products"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={
            shown && active >= 0 && active < items.length ? `${listId}-${active}` : undefined
          }
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-button" aria-label="Search">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </Form>
      <div id={listId} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!shown}>
        {items.map((product, i) => (
          <div
            key={product.id}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            // Before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(product);
            }}
            onMouseEnter={() => setActive(i)}
          >
            <span className="suggestion-name">{product.name}</span>
            <span className="suggestion-price">{product.priceData?.formatted?.discountedPrice}</span>
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {shown ? `${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </p>
    </div>
  );
}
