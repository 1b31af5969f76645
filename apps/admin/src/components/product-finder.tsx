import type { Product } from '@aisle/sdk';
import { type FormEvent, useId, useState } from 'react';
import { adminError, type ShownError } from '../lib/errors.ts';
import { requireClient } from '../sdk.ts';
import { ErrorNotice } from './form.ts';

/**
 * Finds products by name and offers each with a button (collections: "Add" to the collection; checkout templates:
 * "Add" to the template's lines). A product already picked shows `pickedText` instead of the button. It is its own
 * form, never nested in the page's: searching is not saving.
 */
export function ProductFinder({
  label,
  formName,
  picked,
  pickedText,
  onPick,
}: {
  label: string;
  formName: string;
  picked: ReadonlySet<string>;
  pickedText: string;
  onPick: (product: Product) => void;
}) {
  const id = useId();
  const [found, setFound] = useState<Product[] | undefined>();
  const [error, setError] = useState<ShownError | undefined>();

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (!q) return;
    setError(undefined);
    try {
      setFound((await requireClient().products.queryProducts().eq('search', q).limit(10).find()).items);
    } catch (e) {
      setError(adminError(e));
    }
  }

  return (
    <div className="stack">
      <ErrorNotice error={error} />
      <form className="toolbar" aria-label={formName} onSubmit={search}>
        <div className="field">
          <label htmlFor={`${id}-q`}>{label}</label>
          <input id={`${id}-q`} name="q" type="search" />
        </div>
        <button type="submit" className="button button-secondary">
          Find
        </button>
      </form>
      {found && (
        <ul className="pick-list" aria-label="Products found">
          {found.length === 0 && <li>No product matches.</li>}
          {found.map((p) => (
            <li key={p.id}>
              <span>{p.name}</span>
              {picked.has(p.id) ? (
                <span className="muted small">{pickedText}</span>
              ) : (
                <button type="button" className="button button-secondary" onClick={() => onPick(p)}>
                  Add<span className="visually-hidden"> {p.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
