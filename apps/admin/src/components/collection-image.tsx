import type { Collection, CollectionImageInput, MediaFile } from '@aisle/sdk';
import { useState } from 'react';
import { adminError, type ShownError } from '../lib/errors.ts';
import { requireClient } from '../sdk.ts';
import { DropZone } from './drop-zone.tsx';
import { ErrorNotice, Field } from './form.ts';
import { RemoveButton } from './remove-button.tsx';
import { useTask } from './use-task.ts';
import { TaskOutcome } from './outcome.tsx';

const LIBRARY_PAGE = 24;

/**
 * A collection's image: upload one (drop or pick a file) or choose one already uploaded (the media library,
 * newest first), describe it (alt text), remove it. Each change is one SDK call; the page reads the collection
 * again after it.
 */
export function CollectionImage({ collection }: { collection: Collection }) {
  const { busy, error, done, run, setError } = useTask();
  const current = collection.media?.mainMedia;
  const image = current?.image;
  const [library, setLibrary] = useState<
    { files: MediaFile[]; hasNext: boolean; next: number } | undefined
  >();
  const [libraryError, setLibraryError] = useState<ShownError | undefined>();
  const client = () => requireClient();
  /** The current image again (for its description): by media id when we store it, else by its link. */
  const again = (altText: string): CollectionImageInput =>
    current?.id && image?.url?.includes(`/media/${current.id}/`)
      ? { mediaId: current.id, altText }
      : { url: image?.url ?? '', altText };

  const upload = (file: File) =>
    run(
      'upload',
      async () => {
        const stored = await client().media.uploadFile(file, { folder: 'collections' });
        await client().collections.setCollectionImage(collection.id, { mediaId: stored.id });
      },
      `“${file.name}” is the collection’s image now.`,
    );

  async function openLibrary(offset: number) {
    setLibraryError(undefined);
    try {
      const page = await client().media.listFiles({ mediaType: 'image', limit: LIBRARY_PAGE, offset });
      setLibrary({
        files: [...(offset > 0 ? (library?.files ?? []) : []), ...page.files.filter((f) => !f.private)],
        hasNext: page.metadata.hasNext,
        next: offset + page.files.length,
      });
    } catch (e) {
      setLibraryError(adminError(e));
    }
  }

  const choose = (file: MediaFile) =>
    run(
      'choose',
      async () => {
        await client().collections.setCollectionImage(collection.id, { mediaId: file.id });
        setLibrary(undefined);
      },
      `“${file.displayName}” is the collection’s image now.`,
    );

  return (
    <section className="stack" aria-labelledby="image-title">
      <h2 id="image-title">Image</h2>
      <p className="muted small">
        Shown on the collection’s page in the store and where collections are listed.
      </p>
      <TaskOutcome busy={busy} done={done} error={error} />
      {image?.url ? (
        <div className="collection-image">
          <div className="media-card">
            <div className="media-frame">
              <img src={current?.thumbnail?.url ?? image.url} alt={image.altText ?? ''} />
            </div>
          </div>
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              const altText = String(new FormData(e.currentTarget).get('altText') ?? '').trim();
              void run(
                'alt',
                () => client().collections.setCollectionImage(collection.id, again(altText)),
                altText ? 'The image’s description was saved.' : 'The image has no description now.',
              );
            }}
          >
            <Field
              key={image.altText ?? ''}
              label="Description of the image (alt text)"
              name="altText"
              maxLength={250}
              defaultValue={image.altText ?? ''}
              hint="What it shows, for shoppers who cannot see it."
            />
            <div className="actions">
              <button type="submit" className="button button-secondary" disabled={busy !== undefined}>
                Save description
              </button>
              <RemoveButton
                busy={busy}
                onRemove={() =>
                  void run(
                    'remove',
                    () => client().collections.removeCollectionImage(collection.id),
                    'The image was removed.',
                  )
                }
              >
                Remove the image
              </RemoveButton>
            </div>
          </form>
        </div>
      ) : (
        <p className="muted">No image yet.</p>
      )}
      <DropZone
        text={image?.url ? 'Drop a picture here to replace it, or' : 'Drop a picture here, or'}
        button="Upload a picture"
        onFiles={(files) => void upload(files[0]!)}
        onNoImage={() => setError({ message: 'Drop an image file (JPEG, PNG, WebP or GIF).' })}
      />
      {library === undefined ? (
        <div>
          <button type="button" className="button button-secondary" onClick={() => void openLibrary(0)}>
            Choose an uploaded picture
          </button>
        </div>
      ) : (
        <div className="stack">
          <h3 id="library-title">Uploaded pictures</h3>
          {library.files.length === 0 ? (
            <p className="muted">No pictures uploaded yet.</p>
          ) : (
            <ul className="media-grid media-library" aria-labelledby="library-title">
              {library.files.map((file) => (
                <li key={file.id} className="media-card stack">
                  <div className="media-frame">
                    <img src={file.thumbnails?.find((t) => t.size === 150)?.url ?? file.url} alt="" />
                  </div>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== undefined}
                    onClick={() => void choose(file)}
                  >
                    Use {file.displayName}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="actions">
            {library.hasNext && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void openLibrary(library.next)}
              >
                More pictures
              </button>
            )}
            <button type="button" className="button button-secondary" onClick={() => setLibrary(undefined)}>
              Close the uploaded pictures
            </button>
          </div>
        </div>
      )}
      <ErrorNotice error={libraryError} />
    </section>
  );
}
