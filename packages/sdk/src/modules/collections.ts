import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { Collection, CollectionInput, CollectionUpdate } from './catalogue-types.ts';

/** v1 collection writes (custom-host alias: `/_api/catalog-server/v1/collections`). */
export const COLLECTIONS_WRITER_PATH = '/stores/v1/collections';

/** Date paths of a collection, relative to the collection. */
export const COLLECTION_TRANSFORM: TransformSpec = { dates: ['lastUpdated'] };

const one = prefixTransform('collection', COLLECTION_TRANSFORM);

const collectionOf = (response: { collection: Collection }): Collection => response.collection;

/** Reads of v2 collections (no service prefix on any host) for everyone; v1 writes for admin clients. */
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

  // ---- Writes (admin)

  createCollection: (collection: CollectionInput): Promise<Collection> =>
    http
      .request<{ collection: Collection }>({
        method: 'POST',
        path: COLLECTIONS_WRITER_PATH,
        data: { collection },
        transform: one,
      })
      .then(collectionOf),

  /** Changes only the fields sent. */
  updateCollection: (collectionId: string, collection: CollectionUpdate): Promise<Collection> =>
    http
      .request<{ collection: Collection }>({
        method: 'PATCH',
        path: `${COLLECTIONS_WRITER_PATH}/{collection.id}`,
        data: { collection: { ...collection, id: collectionId } },
        transform: one,
      })
      .then(collectionOf),

  /** The products stay. */
  deleteCollection: async (collectionId: string): Promise<void> => {
    await http.request<unknown>({
      method: 'DELETE',
      path: `${COLLECTIONS_WRITER_PATH}/{id}`,
      data: { id: collectionId },
    });
  },

  addProductsToCollection: async (collectionId: string, productIds: readonly string[]): Promise<void> => {
    await http.request<unknown>({
      method: 'POST',
      path: `${COLLECTIONS_WRITER_PATH}/{id}/productIds`,
      data: { id: collectionId, productIds: [...productIds] },
    });
  },

  removeProductsFromCollection: async (
    collectionId: string,
    productIds: readonly string[],
  ): Promise<void> => {
    await http.request<unknown>({
      method: 'POST',
      path: `${COLLECTIONS_WRITER_PATH}/{id}/productIds/delete`,
      data: { id: collectionId, productIds: [...productIds] },
    });
  },
});

export type CollectionsModule = ReturnType<typeof collections>;
