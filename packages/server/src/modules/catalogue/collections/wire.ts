import type { CollectionRow } from './tables.ts';
import { linksOf, type WireOptions } from '../shared/wire.ts';
import { wireMedia } from '../media/wire.ts';

export function collectionToWire(row: CollectionRow, opts: Pick<WireOptions, 'baseUrl' | 'media'>) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    visible: row.visible,
    numberOfProducts: row.productCount,
    media: wireMedia(linksOf(opts), row.media),
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

export type WireCollection = ReturnType<typeof collectionToWire>;
