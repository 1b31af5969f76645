import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { HttpMethod } from '../core/encode-request.ts';
import type { Http } from '../core/transport.ts';
import type { Collection, CollectionInput, CollectionUpdate } from './catalogue-types.ts';

/** v1 collection writes (custom-host alias: `/_api/catalog-server/v1/collections`). */
export const COLLECTIONS_WRITER_PATH = '/stores/v1/collections';

/** Date paths of a collection, relative to the collection. */
export const COLLECTION_TRANSFORM: TransformSpec = { dates: ['lastUpdated'] };

const one = prefixTransform('collection', COLLECTION_TRANSFORM);

/** A call answered `{collection}`: the collection, its dates as `Date`s. */
const collectionCall = (
  http: Http,
  method: HttpMethod,
  path: string,
  data: Record<string, unknown>,
): Promise<Collection> =>
  http
    .request<{ collection: Collection }>({ method, path, data, transform: one })
    .then((response) => response.collection);

/** Reads of v2 collections (no service prefix on any host) for everyone; v1 writes for admin clients. */
export const collections = (http: Http) => ({
  getCollection: (id: string): Promise<Collection> =>
    collectionCall(http, 'GET', '/v2/collections/{id}', { id }),

  getCollectionBySlug: (slug: string): Promise<Collection> =>
    collectionCall(http, 'GET', '/v2/collections/slug/{slug}', { slug }),

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
    collectionCall(http, 'POST', COLLECTIONS_WRITER_PATH, { collection }),

  /** Changes only the fields sent. */
  updateCollection: (collectionId: string, collection: CollectionUpdate): Promise<Collection> =>
    collectionCall(http, 'PATCH', `${COLLECTIONS_WRITER_PATH}/{collection.id}`, {
      collection: { ...collection, id: collectionId },
    }),

  /** The products stay. */
  deleteCollection: async (collectionId: string): Promise<void> => {
    await http.request<unknown>({
      method: 'DELETE',
      path: `${COLLECTIONS_WRITER_PATH}/{id}`,
      data: { id: collectionId },
    });
  },

  addProductsToCollection: (collectionId: string, productIds: readonly string[]): Promise<void> =>
    action(http, collectionId, '/productIds', { productIds: [...productIds] }),

  removeProductsFromCollection: (collectionId: string, productIds: readonly string[]): Promise<void> =>
    action(http, collectionId, '/productIds/delete', { productIds: [...productIds] }),

  /**
   * The merchant's order of the collection's products (Aisle): the listed products first, in this order, the
   * others after them in their present order. Shoppers read it as a product query filtered by the collection
   * and sorted by `collectionPosition`.
   */
  reorderCollectionProducts: (collectionId: string, productIds: readonly string[]): Promise<void> =>
    action(http, collectionId, '/productIds/reorder', { productIds: [...productIds] }),

  /** Sets the collection's image (Aisle): an uploaded image (`media.uploadFile`'s id) or an image URL. */
  setCollectionImage: (collectionId: string, image: CollectionImageInput): Promise<void> =>
    action(http, collectionId, '/image', { ...image }),

  removeCollectionImage: (collectionId: string): Promise<void> =>
    action(http, collectionId, '/image/delete', {}),
});

/** A collection image: `mediaId` or `url`, and what it shows (alt text). */
export type CollectionImageInput = ({ mediaId: string } | { url: string }) & { altText?: string };

/** `POST /stores/v1/collections/{id}<suffix>` with the collection's id, answered `{}`. */
async function action(http: Http, id: string, suffix: string, data: Record<string, unknown>): Promise<void> {
  await http.request<unknown>({
    method: 'POST',
    path: `${COLLECTIONS_WRITER_PATH}/{id}${suffix}`,
    data: { id, ...data },
  });
}

export type CollectionsModule = ReturnType<typeof collections>;
