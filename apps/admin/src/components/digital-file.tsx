import type { Product } from '@aisle/sdk';
import { requireClient } from '../sdk.ts';
import { RemoveButton } from './remove-button.tsx';
import { useTask } from './use-task.ts';
import { TaskOutcome } from './outcome.tsx';

/**
 * The file a digital product delivers: uploaded as a secure file (served to buyers only through short-lived
 * links), replaced or removed.
 */
export function DigitalFile({ product }: { product: Product }) {
  const { busy, error, done, run } = useTask();
  const current = product.digitalFile?.fileId;

  return (
    <div className="stack">
      <p data-testid="digital-file">
        {current ? `A file is attached (${current}).` : 'No file yet: buyers get nothing to download.'}
      </p>
      <div className="field">
        <label htmlFor="digital-file-input">{current ? 'Replace the file' : 'Upload the file'}</label>
        <input
          id="digital-file-input"
          type="file"
          disabled={busy !== undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void run(
              'upload',
              async () => {
                const client = requireClient();
                const stored = await client.media.uploadFile(file, {
                  fileType: 'SECURE_DOCUMENT',
                  folder: 'digital',
                });
                await client.products.updateProduct(product.id, { digitalFile: { fileId: stored.id } });
              },
              `“${file.name}” is the product’s file now.`,
            );
          }}
        />
      </div>
      {current && (
        <RemoveButton
          busy={busy}
          onRemove={() =>
            void run(
              'remove',
              () => requireClient().products.updateProduct(product.id, { digitalFile: null }),
              'The file was removed.',
            )
          }
        >
          Remove the file
        </RemoveButton>
      )}
      <TaskOutcome done={done} error={error} />
    </div>
  );
}
