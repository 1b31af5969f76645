import type { Collection, Product } from '@aisle/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminError, type ShownError } from '../lib/errors.ts';
import { requireClient } from '../sdk.ts';
import { ProductFinder } from './product-finder.tsx';
import { useDragOrder } from './drag-order.ts';
import { MoveButtons } from './move-buttons.tsx';
import { TaskOutcome } from './outcome.tsx';

const SHOWN = 50;

/**
 * A collection's products in the merchant's order (the store's "Featured" sort): the first 50, each with
 * **Move up** / **Move down** (or dragged onto another) and a button to take it out, and a picker that finds
 * products by name to put in (they go last). Changes show at once and are taken back if the server refuses;
 * a move sends the shown order (`reorderCollectionProducts`: the rest keep theirs after it).
 */
export function CollectionProducts({ collection }: { collection: Collection }) {
  const [members, setMembers] = useState<Product[] | undefined>();
  const [more, setMore] = useState(false);
  const [error, setError] = useState<ShownError | undefined>();
  const [done, setDone] = useState<string | undefined>();
  /** After a move by keyboard: the button to give focus back to (the moved product's). */
  const refocus = useRef<string | undefined>(undefined);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!refocus.current) return;
    const [id, way] = refocus.current.split('|');
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(`[data-product="${id}"]`);
    const again = [...(buttons ?? [])];
    (again.find((b) => b.dataset.way === way) ?? again[0])?.focus();
    refocus.current = undefined;
  });

  const load = useCallback(async () => {
    try {
      const page = await requireClient()
        .products.queryProducts()
        .hasSome('collectionIds', [collection.id])
        .ascending('collectionPosition')
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
    // A product put in goes last (shown when the whole collection is).
    setMembers(add ? (more ? before : [...before, product]) : before.filter((p) => p.id !== product.id));
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

  async function move(from: number, to: number, way?: 'up' | 'down') {
    const before = members ?? [];
    if (from === to || to < 0 || to >= before.length) return;
    const next = [...before];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setMembers(next);
    if (way) refocus.current = `${moved!.id}|${way}`;
    setError(undefined);
    setDone(undefined);
    try {
      await requireClient().collections.reorderCollectionProducts(
        collection.id,
        next.map((p) => p.id),
      );
      setDone(`“${moved!.name}” is now number ${to + 1} of the collection.`);
    } catch (e) {
      setMembers(before);
      setError(adminError(e));
    }
  }

  const { dragged, itemProps } = useDragOrder((from, to) => void move(from, to));
  const inIt = new Set((members ?? []).map((p) => p.id));
  return (
    <section className="stack" aria-labelledby="members-title">
      <h2 id="members-title">Products in this collection</h2>
      <p className="muted small">
        In this order on the collection’s page in the store (“Featured”). Move a product with its buttons or
        drag it onto another; new products go last.
      </p>
      <TaskOutcome done={done} error={error} />
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
        <ol
          ref={list}
          className="pick-list order-list"
          aria-label="Products in the collection, in their order"
          data-testid="collection-members"
        >
          {members.map((p, i) => (
            <li
              key={p.id}
              draggable
              className={dragged === i ? 'media-dragged' : undefined}
              {...itemProps(i)}
            >
              <span>
                <span className="muted small">{i + 1}.</span> {p.name}
              </span>
              <span className="actions">
                <MoveButtons
                  index={i}
                  count={members.length}
                  itemId={p.id}
                  label={(way) => (
                    <>
                      {way === 'up' ? 'Move up' : 'Move down'}
                      <span className="visually-hidden"> {p.name}</span>
                    </>
                  )}
                  onMove={(to, way) => void move(i, to, way)}
                />
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void change(p, false)}
                >
                  Take out<span className="visually-hidden"> {p.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {more && (
        <p className="muted small">
          The first {SHOWN} in your order are shown; moving one of them keeps the others after them. Filter
          the products list by this collection for all.
        </p>
      )}
    </section>
  );
}
