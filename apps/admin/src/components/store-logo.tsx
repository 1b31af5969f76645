import { getImageUrl, parseImageUri, type StoreSettings } from '@aisle/sdk';
import { requireClient } from '../sdk.ts';
import { DropZone } from './drop-zone.tsx';
import { RemoveButton } from './remove-button.tsx';
import { useTask } from './use-task.ts';
import { TaskOutcome } from './outcome.tsx';

/**
 * The store's logo on the store settings page: upload one (drop or pick a picture), see it, remove it. Each
 * change is one SDK call (only the logo is written); the page reads the settings again after it.
 */
export function StoreLogo({ settings }: { settings: StoreSettings }) {
  const { busy, error, done, run, setError } = useTask();
  const client = () => requireClient();
  const logo = settings.logo;
  const size = logo ? parseImageUri(logo) : undefined;

  const upload = (file: File) =>
    run(
      'upload',
      async () => {
        const stored = await client().media.uploadFile(file, { folder: 'store' });
        await client().storeSettings.updateStoreSettings(
          { logo: { id: stored.id } },
          { fieldMask: ['logo'] },
        );
      },
      `“${file.name}” is the store’s logo now.`,
    );

  return (
    <section className="stack" aria-labelledby="logo-title">
      <h2 id="logo-title">Logo</h2>
      <p className="muted small">Shown beside the store’s name at the top of every page of the store.</p>
      <TaskOutcome busy={busy} done={done} error={error} />
      {logo ? (
        <div className="collection-image">
          <div className="media-card">
            <div className="media-frame">
              <img
                src={getImageUrl(logo)}
                alt={`Logo of ${settings.storeName ?? 'the store'}`}
                {...(size?.width && size.height ? { width: size.width, height: size.height } : {})}
              />
            </div>
          </div>
          <div className="actions">
            <RemoveButton
              busy={busy}
              onRemove={() =>
                void run(
                  'remove',
                  () => client().storeSettings.updateStoreSettings({ logo: null }, { fieldMask: ['logo'] }),
                  'The logo was removed. The store shows its name alone.',
                )
              }
            >
              Remove the logo
            </RemoveButton>
          </div>
        </div>
      ) : (
        <p className="muted">No logo yet: the store shows its name alone.</p>
      )}
      <DropZone
        text={logo ? 'Drop a picture here to replace the logo, or' : 'Drop a picture here, or'}
        button="Upload a logo"
        onFiles={(files) => void upload(files[0]!)}
        onNoImage={() => setError({ message: 'Drop an image file (JPEG, PNG, WebP or GIF).' })}
      />
    </section>
  );
}
