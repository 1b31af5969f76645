import type { Media } from '@aisle/sdk';
import type { ListColumn } from './list-table.tsx';

/** The smallest picture of a product's or collection's main media (a 150 px thumbnail when the server made one). */
export function thumbnailUrl(entity: { media?: Media | undefined }): string | undefined {
  const main = entity.media?.mainMedia ?? entity.media?.items?.[0];
  return main?.thumbnail?.url ?? main?.image?.url;
}

/** The list column of a product's or collection's picture. */
export function pictureColumn<T extends { media?: Media | undefined }>(): ListColumn<T> {
  return {
    label: 'Picture',
    hiddenLabel: true,
    cell: (row) => {
      const url = thumbnailUrl(row);
      return url ? (
        <img className="thumb" src={url} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="thumb" />
      );
    },
  };
}
