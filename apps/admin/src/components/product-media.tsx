import type { MediaItem, Product } from '@aisle/sdk';
import { useState } from 'react';
import { DropZone } from './drop-zone.tsx';
import { useDragOrder } from './drag-order.ts';
import { MoveButtons } from './move-buttons.tsx';
import { RemoveButton } from './remove-button.tsx';
import { requireClient } from '../sdk.ts';
import { Field } from './form.ts';
import { useTask } from './use-task.ts';
import { TaskOutcome } from './outcome.tsx';

/** Each option's choices: `{option, choice, label}` (choice is what the wire names, its description). */
function choicesOf(product: Product) {
  return (product.productOptions ?? []).flatMap((o) =>
    (o.choices ?? []).map((c) => ({
      option: o.name ?? '',
      choice: c.description ?? c.value ?? '',
      label: `${o.name}: ${c.description ?? c.value}`,
      mediaIds: new Set((c.media?.items ?? []).map((m) => m.id)),
    })),
  );
}

const isStored = (item: MediaItem) => item.image?.url?.includes(`/media/${item.id}/`) ?? false;

/**
 * The product's pictures: upload by drag and drop or the file picker, reorder (drag a picture onto another,
 * or the Move buttons), describe each (alt text), pick the focal point (a click on a stored picture; the one
 * stored is shown), show a picture for a choice, remove one or all. Calls the SDK from the page and
 * reads the product again; a removal hides the picture at once and brings it back if the server refuses.
 */
export function ProductMedia({ product }: { product: Product }) {
  const { busy, error, done, run, setError } = useTask();
  /** Choice checkboxes as ticked, ahead of the server's answer. */
  const [shownFor, setShownFor] = useState<Record<string, boolean>>({});
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [focal, setFocal] = useState<Record<string, { x: number; y: number }>>({});
  /** Ids in the order the merchant last chose, until the product read again has it. */
  const [order, setOrder] = useState<string[] | undefined>();
  const stored = (product.media?.items ?? []).filter((m) => m.id && !hidden.has(m.id));
  const items = order ? [...stored].sort((a, b) => order.indexOf(a.id!) - order.indexOf(b.id!)) : stored;
  const storedOrder = stored.map((m) => m.id).join();
  const [seenOrder, setSeenOrder] = useState(storedOrder);
  if (seenOrder !== storedOrder) {
    setSeenOrder(storedOrder);
    setOrder(undefined);
  }
  const choices = choicesOf(product);
  const client = () => requireClient();

  const upload = (files: File[]) =>
    run(
      'upload',
      async () => {
        for (const file of files) {
          const stored = await client().media.uploadFile(file, { folder: 'products' });
          await client().products.addProductMedia(product.id, [{ mediaId: stored.id }]);
        }
      },
      files.length === 1 ? `“${files[0]!.name}” was added.` : `${files.length} pictures were added.`,
    );

  const remove = (item: MediaItem) => {
    const id = item.id!;
    setHidden((s) => new Set(s).add(id));
    return run(
      'remove',
      () => client().products.removeProductMedia(product.id, [id]),
      'The picture was removed.',
      () =>
        setHidden((s) => {
          const copy = new Set(s);
          copy.delete(id);
          return copy;
        }),
    );
  };

  /** The new order at once (shown ahead of the server's answer), ids, alt text and choices kept. */
  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    const ids = next.map((m) => m.id!);
    setOrder(ids);
    return run(
      'reorder',
      () => client().products.reorderProductMedia(product.id, ids),
      `Picture ${from + 1} is now picture ${to + 1}.`,
      () => setOrder(undefined),
    );
  };

  const { dragged, itemProps } = useDragOrder((from, to) => void reorder(from, to));

  const saveAltText = (item: MediaItem, n: number, altText: string) =>
    run(
      'alt',
      () => client().products.updateProductMedia(product.id, [{ mediaId: item.id!, altText }]),
      altText.trim() ? `The description of picture ${n} was saved.` : `Picture ${n} has no description now.`,
    );

  const toggleChoice = (item: MediaItem, c: (typeof choices)[number], on: boolean) => {
    const key = `${item.id}|${c.label}`;
    setShownFor((m) => ({ ...m, [key]: on }));
    return run(
      'choice',
      () =>
        on
          ? client().products.addProductMediaToChoices(product.id, [
              { option: c.option, choice: c.choice, mediaIds: [item.id!] },
            ])
          : client().products.removeProductMediaFromChoices(product.id, [
              { option: c.option, choice: c.choice, mediaIds: [item.id!] },
            ]),
      on ? `The picture is shown for ${c.label}.` : `The picture is no longer shown for ${c.label}.`,
      () => setShownFor((m) => ({ ...m, [key]: !on })),
    );
  };

  const setFocalPoint = (item: MediaItem, x: number, y: number) => {
    const point = { x: Math.round(x), y: Math.round(y) };
    const before = focal[item.id!];
    setFocal((f) => ({ ...f, [item.id!]: point }));
    return run(
      'focal',
      () => client().media.setFocalPoint(item.id!, point),
      `Focal point set at ${point.x} %, ${point.y} %.`,
      () =>
        setFocal((f) => {
          const copy = { ...f };
          if (before) copy[item.id!] = before;
          else delete copy[item.id!];
          return copy;
        }),
    );
  };

  return (
    <div className="stack">
      <DropZone
        multiple
        text="Drop pictures here, or"
        button="Choose pictures"
        onFiles={(files) => void upload(files)}
        onNoImage={() => setError({ message: 'Drop image files (JPEG, PNG, WebP or GIF).' })}
      />
      <TaskOutcome busy={busy} done={done} error={error} />
      {items.length === 0 ? (
        <p className="muted">No pictures yet.</p>
      ) : (
        <ul className="media-grid" aria-label="Pictures">
          {items.map((item, i) => {
            const point = focal[item.id!] ?? item.image?.focalPoint;
            const storedFile = isStored(item);
            const n = i + 1;
            return (
              <li
                key={item.id}
                className={`media-card stack${dragged === i ? ' media-dragged' : ''}`}
                data-testid="media-item"
                draggable={busy === undefined}
                {...itemProps(i)}
              >
                <div className="media-frame">
                  {storedFile ? (
                    <button
                      type="button"
                      className="media-pick"
                      aria-label={`Picture ${n}: set the focal point where you click`}
                      onClick={(e) => {
                        const box = e.currentTarget.getBoundingClientRect();
                        if (box.width === 0) return;
                        void setFocalPoint(
                          item,
                          ((e.clientX - box.left) / box.width) * 100,
                          ((e.clientY - box.top) / box.height) * 100,
                        );
                      }}
                    >
                      <img src={item.thumbnail?.url ?? item.image?.url} alt={item.image?.altText ?? ''} />
                    </button>
                  ) : (
                    <img src={item.thumbnail?.url ?? item.image?.url} alt={item.image?.altText ?? ''} />
                  )}
                  {point && (
                    <span className="focal-dot" style={{ left: `${point.x}%`, top: `${point.y}%` }} />
                  )}
                </div>
                <p className="small muted">
                  Picture {n}
                  {i === 0 ? ' (main)' : ''}
                  {point ? ` · focal point ${point.x} %, ${point.y} %` : ''}
                </p>
                <form
                  className="stack"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const value = new FormData(e.currentTarget).get('altText');
                    void saveAltText(item, n, String(value ?? ''));
                  }}
                >
                  <Field
                    key={item.image?.altText ?? ''}
                    label={`Description of picture ${n} (alt text)`}
                    name="altText"
                    maxLength={250}
                    defaultValue={item.image?.altText ?? ''}
                    hint="What it shows, for shoppers who cannot see it."
                  />
                  <button type="submit" className="button button-secondary" disabled={busy !== undefined}>
                    Save description<span className="visually-hidden"> of picture {n}</span>
                  </button>
                </form>
                {choices.length > 0 && (
                  <fieldset className="stack">
                    <legend className="small">Picture {n} shown for</legend>
                    {choices.map((c) => (
                      <label key={c.label} className="check small">
                        <input
                          type="checkbox"
                          checked={shownFor[`${item.id}|${c.label}`] ?? c.mediaIds.has(item.id)}
                          disabled={busy !== undefined}
                          onChange={(e) => void toggleChoice(item, c, e.target.checked)}
                        />
                        {c.label}
                      </label>
                    ))}
                  </fieldset>
                )}
                <div className="actions">
                  <MoveButtons
                    index={i}
                    count={items.length}
                    disabled={busy !== undefined}
                    label={(way) => `Move picture ${n} ${way === 'up' ? 'earlier' : 'later'}`}
                    onMove={(to) => void reorder(i, to)}
                  />
                  <RemoveButton busy={busy} onRemove={() => void remove(item)}>
                    Remove picture {n}
                  </RemoveButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {items.length > 1 && (
        <RemoveAll
          disabled={busy !== undefined}
          onConfirm={() =>
            void run(
              'all',
              () => client().products.removeAllProductMedia(product.id),
              'All pictures were removed.',
            )
          }
        />
      )}
    </div>
  );
}

function RemoveAll({ onConfirm, disabled }: { onConfirm: () => void; disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button
        type="button"
        className="button button-secondary danger"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        Remove all pictures
      </button>
    );
  return (
    <div className="confirm alert alert-error">
      <p>Remove every picture of this product (from its choices too)? The files stay in the media library.</p>
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          // biome-ignore lint/a11y/noAutofocus: the confirmation takes focus, as the other confirmations do
          autoFocus
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          Yes, remove them all
        </button>
        <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
          Keep them
        </button>
      </div>
    </div>
  );
}
