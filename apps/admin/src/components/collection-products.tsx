import type { Collection, Product } from '@aisle/sdk';
import { useCallback, useEffect, useState } from 'react';
import { adminError, type ShownError } from '../lib/errors.ts';
import { requireClient } from '../sdk.ts';
import { ErrorNotice, Notice } from './form.ts';
import { ProductFinder } from './product-finder.tsx';

const SHOWN = 50;

/**
 * A collection's products: the first 50 (newest first) with a button to take each out, and a picker that
 * finds products by name to put in. Changes show at once and are taken back if the server refuses.
 */
export function CollectionProducts({ collection }: { collection: Collection }) {
  const [members, setMembers] = useState<Product[] | undefined>();
  const [more, setMore] = useState(false);
  const [error, setError] = useState<ShownError | undefined>();
  const [done, setDone] = useState<string | undefined>();

  const load = useCallback(async () => {
    try {
      const page = await requireClient()
        .products.queryProducts()
        .hasSome('collectionIds', [collection.id])
        .limit(SHOWN)
        .cursorPaged()
        .find();
      setMembers(page.items);
      setMore(page.hasNext());
    } catch (e) {
      setError(adminError(e));
    }
  }, [collection.id]);
  useEffect(() => {
    void load();
  }, [load]);

  async function change(product: Product, add: boolean) {
    const before = members ?? [];
    setMembers(add ? [product, ...before] : before.filter((p) => p.id !== product.id));
    setError(undefined);
    setDone(undefined);
    try {
      const sdk = requireClient().collections;
      if (add) await sdk.addProductsToCollection(collection.id, [product.id]);
      else await sdk.removeProductsFromCollection(collection.id, [product.id]);
      setDone(add ? `“${product.name}” was added.` : `“${product.name}” was taken out.`);
    } catch (e) {
      setMembers(before);
      setError(adminError(e));
    }
  }

  const inIt = new Set((members ?? []).map((p) => p.id));
  return (
    <section className="stack" aria-labelledby="members-title">
      <h2 id="members-title">Products in this collection</h2>
      <div aria-live="polite">{done && <Notice tone="success">{done}</Notice>}</div>
      <ErrorNotice error={error} />
      <ProductFinder
        label="Find products to add"
        formName="Product finder"
        picked={inIt}
        pickedText="In the collection"
        onPick={(p) => void change(p, true)}
      />
      {members === undefined ? (
        <p className="muted">Loading…</p>
      ) : members.length === 0 ? (
        <p className="muted">No products yet.</p>
      ) : (
        <ul className="pick-list" aria-label="Products in the collection" data-testid="collection-members">
          {members.map((p) => (
            <li key={p.id}>
              <span>{p.name}</span>
              <button type="button" className="button button-secondary" onClick={() => void change(p, false)}>
                Take out<span className="visually-hidden"> {p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <p className="muted small">
          The newest {SHOWN} are shown; filter the products list by this collection for all.
        </p>
      )}
    </section>
  );
}
