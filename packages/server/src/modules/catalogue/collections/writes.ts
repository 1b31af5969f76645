import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../platform/context.ts';
import { type Db, rows } from '../../../platform/db.ts';
import { invalid, notFound, ValidationFailure } from '../../../platform/errors.ts';
import type { CollectionInput, CollectionPatch, StoredMedia } from '../shared/model.ts';
import { type CollectionRow, collections, productCollections } from './tables.ts';
import { products } from '../products/tables.ts';
import {
  changedOwnColumns,
  checkIds,
  lockProducts,
  newOwnColumns,
  required,
  uniqueSlug,
  UUID,
} from '../shared/write-support.ts';

/**
 * Collection writes. Membership lives in `product_collections`; `products.collection_ids` and
 * `collections.product_count` are kept in step with it in the same transaction. The collection is locked
 * first, then its products in id order (the catalogue's lock order, see `lockProduct`).
 */

const summary = (row: Pick<CollectionRow, 'id' | 'name' | 'slug' | 'visible'>) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  visible: row.visible,
});

export async function createCollection(
  ctx: AppContext,
  input: CollectionInput,
): Promise<{ id: string; slug: string }> {
  if (!input.name?.trim()) throw new ValidationFailure([required('collection.name')]);
  return uniqueSlug('COLLECTION_SLUG_ALREADY_EXISTS', () =>
    ctx.events.transaction(async (tx) => {
      const own = await newOwnColumns(tx, collections, input, 'COLLECTION_SLUG_ALREADY_EXISTS');
      const [row] = await tx
        .insert(collections)
        .values({ ...own, media: input.media ?? [] })
        .returning();
      await ctx.events.record(tx, {
        entity: 'collection',
        entityId: row!.id,
        type: 'created',
        payload: { collection: summary(row!) },
      });
      return { id: row!.id, slug: own.slug };
    }),
  );
}

async function lockCollection(tx: Db, collectionId: string): Promise<CollectionRow> {
  const missing = () =>
    notFound('COLLECTION_NOT_FOUND', `Collection ${collectionId} was not found`, { collectionId });
  if (!UUID.test(collectionId)) throw missing();
  const [found] = await tx.select().from(collections).where(eq(collections.id, collectionId)).for('update');
  if (!found) throw missing();
  return found;
}

export async function updateCollection(
  ctx: AppContext,
  collectionId: string,
  patch: CollectionPatch,
): Promise<void> {
  if (patch.name !== undefined && !patch.name.trim())
    throw new ValidationFailure([required('collection.name')]);
  await uniqueSlug('COLLECTION_SLUG_ALREADY_EXISTS', () =>
    ctx.events.transaction(async (tx) => {
      const row = await lockCollection(tx, collectionId);
      const set = await changedOwnColumns(tx, collections, row, patch, 'COLLECTION_SLUG_ALREADY_EXISTS');
      await collectionUpdated(ctx, tx, collectionId, set, {
        collection: summary({ ...row, ...set }),
        changedFields: Object.keys(patch).filter((k) => patch[k as keyof CollectionPatch] !== undefined),
      });
    }),
  );
}

/** Writes `set` to the collection, `lastUpdated` now, and records its `updated` event with `payload`. */
async function collectionUpdated(
  ctx: AppContext,
  tx: Db,
  collectionId: string,
  set: PgUpdateSetSource<typeof collections>,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(collections)
    .set({ ...set, lastUpdated: sql`now()` })
    .where(eq(collections.id, collectionId));
  await ctx.events.record(tx, { entity: 'collection', entityId: collectionId, type: 'updated', payload });
}

/** Deletes a collection; its products stay, without it in their `collectionIds`. */
export async function deleteCollection(ctx: AppContext, collectionId: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const row = await lockCollection(tx, collectionId);
    await lockProducts(tx, sql`${products.collectionIds} @> array[${collectionId}::uuid]`);
    await tx
      .update(products)
      .set({ collectionIds: sql`array_remove(${products.collectionIds}, ${collectionId}::uuid)` })
      .where(sql`${products.collectionIds} @> array[${collectionId}::uuid]`);
    await tx.delete(collections).where(eq(collections.id, collectionId));
    await ctx.events.record(tx, {
      entity: 'collection',
      entityId: collectionId,
      type: 'deleted',
      payload: { collection: summary(row) },
    });
  });
}

/** After membership rows changed: the products' `collectionIds`, the collection's count, and its event. */
async function membershipChanged(
  ctx: AppContext,
  tx: Db,
  collectionId: string,
  productIds: string[],
  change: 'added' | 'removed',
): Promise<void> {
  const added = change === 'added';
  await tx
    .update(products)
    .set({
      collectionIds: added
        ? sql`array_append(${products.collectionIds}, ${collectionId}::uuid)`
        : sql`array_remove(${products.collectionIds}, ${collectionId}::uuid)`,
    })
    .where(inArray(products.id, productIds));
  const productCount = added
    ? sql`${collections.productCount} + ${productIds.length}`
    : sql`${collections.productCount} - ${productIds.length}`;
  await collectionUpdated(
    ctx,
    tx,
    collectionId,
    { productCount },
    {
      collectionId,
      changedFields: ['productIds'],
      [added ? 'addedProductIds' : 'removedProductIds']: productIds,
    },
  );
}

/**
 * Changes a collection's members under the collection's lock, with the products named locked (so that none
 * is deleted before its membership row is in): `write` changes the rows and returns the ids it changed.
 */
async function changeMembership(
  ctx: AppContext,
  collectionId: string,
  productIds: string[],
  change: 'added' | 'removed',
  write: (tx: Db, ids: string[], found: string[]) => Promise<Array<{ productId: string }>>,
): Promise<string[]> {
  const ids = checkIds('productIds', productIds);
  return ctx.events.transaction(async (tx) => {
    await lockCollection(tx, collectionId);
    if (ids.length === 0) return [];
    const found = await lockProducts(tx, inArray(products.id, ids));
    const changedIds = (await write(tx, ids, found)).map((r) => r.productId);
    if (changedIds.length === 0) return [];
    await membershipChanged(ctx, tx, collectionId, changedIds, change);
    return changedIds;
  });
}

/** Adds products to a collection; ids already in it are skipped. Returns the ids added. */
export async function addProductsToCollection(
  ctx: AppContext,
  collectionId: string,
  productIds: string[],
): Promise<string[]> {
  return changeMembership(ctx, collectionId, productIds, 'added', async (tx, ids, found) => {
    if (found.length !== ids.length)
      throw notFound('PRODUCT_NOT_FOUND', 'Some products do not exist', {
        productIds: ids.filter((id) => !found.includes(id)),
      });
    return tx
      .insert(productCollections)
      .values(ids.map((productId) => ({ collectionId, productId })))
      .onConflictDoNothing()
      .returning({ productId: productCollections.productId });
  });
}

/** Removes products from a collection; ids not in it are skipped. Returns the ids removed. */
export async function removeProductsFromCollection(
  ctx: AppContext,
  collectionId: string,
  productIds: string[],
): Promise<string[]> {
  return changeMembership(ctx, collectionId, productIds, 'removed', (tx, ids) =>
    tx
      .delete(productCollections)
      .where(
        and(eq(productCollections.collectionId, collectionId), inArray(productCollections.productId, ids)),
      )
      .returning({ productId: productCollections.productId }),
  );
}

/**
 * Sets the collection's image (its only media item: `media.mainMedia`), or with `null` takes it away. Only
 * images: a collection's image is a picture on its page and in lists.
 */
export async function setCollectionImage(
  ctx: AppContext,
  collectionId: string,
  image: StoredMedia | null,
  field = 'mediaId',
): Promise<void> {
  if (image && image.mediaType !== 'image')
    throw invalid(field, `is a ${image.mediaType}; a collection's image must be a picture`, 'VALIDATION', {
      mediaId: image.id,
    });
  await ctx.events.transaction(async (tx) => {
    await lockCollection(tx, collectionId);
    await collectionUpdated(
      ctx,
      tx,
      collectionId,
      { media: image ? [image] : [] },
      { collectionId, changedFields: ['media'], mediaId: image?.id ?? null },
    );
  });
}

/**
 * The merchant's order of a collection's products: the listed products first, in the order listed, then the
 * others in their present order; the collection's positions become 1…n. Every listed id must be in the
 * collection (400 naming `productIds[i]` otherwise, nothing written).
 */
export async function reorderCollectionProducts(
  ctx: AppContext,
  collectionId: string,
  productIds: string[],
): Promise<void> {
  const ids = checkIds('productIds', productIds);
  const repeated = productIds.findIndex((id, i) => productIds.indexOf(id) !== i);
  if (repeated >= 0)
    throw invalid(`productIds[${repeated}]`, 'is listed twice', 'VALIDATION', { id: productIds[repeated] });
  await ctx.events.transaction(async (tx) => {
    await lockCollection(tx, collectionId);
    if (ids.length === 0) return;
    const members = await tx
      .select({ productId: productCollections.productId })
      .from(productCollections)
      .where(
        and(eq(productCollections.collectionId, collectionId), inArray(productCollections.productId, ids)),
      );
    const inIt = new Set(members.map((m) => m.productId));
    const outside = productIds.findIndex((id) => !inIt.has(id.toLowerCase()));
    if (outside >= 0)
      throw invalid(`productIds[${outside}]`, 'is not a product of this collection', 'VALIDATION', {
        id: productIds[outside],
      });
    const listed = `{${ids.join(',')}}`;
    await rows(
      tx,
      sql`update ${productCollections} pc set position = o.n
        from (select product_id, row_number() over (
            order by array_position(${listed}::uuid[], product_id) nulls last, position, product_id) as n
          from ${productCollections} where collection_id = ${collectionId}::uuid) o
        where pc.collection_id = ${collectionId}::uuid and pc.product_id = o.product_id and pc.position <> o.n`,
    );
    await collectionUpdated(
      ctx,
      tx,
      collectionId,
      {},
      {
        collectionId,
        changedFields: ['productOrder'],
        productIds: ids,
      },
    );
  });
}
