import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { Collection } from './catalogue-types.ts';

/** Date paths of a collection, relative to the collection. */
export const COLLECTION_TRANSFORM: TransformSpec = { dates: ['lastUpdated'] };

const one = prefixTransform('collection', COLLECTION_TRANSFORM);

/** Catalogue reads for v2 collections (no service prefix on any host). */
export const collections = (http: Http) => ({
  getCollection: (id: string): Promise<Collection> =>
    http
      .request<{ collection: Collection }>({
        method: 'GET',
        path: '/v2/collections/{id}',
        data: { id },
        transform: one,
      })
      .then((response) => response.collection),

  getCollectionBySlug: (slug: string): Promise<Collection> =>
    http
      .request<{ collection: Collection }>({
        method: 'GET',
        path: '/v2/collections/slug/{slug}',
        data: { slug },
        transform: one,
      })
      .then((response) => response.collection),

  /** Offset-paged query; `.find()` sends GET* `/v2/collections/query` (POST fallback, same path). */
  queryCollections: (): QueryBuilder<Collection> =>
    new QueryBuilder<Collection>(
      createFinder<Collection>(http, {
        path: '/v2/collections/query',
        itemsKey: 'collections',
        metadataKey: 'metadata',
        transform: prefixTransform('collections', COLLECTION_TRANSFORM),
      }),
      'offset',
    ),
});

export type CollectionsModule = ReturnType<typeof collections>;
