import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { runTransaction } from '../../../platform/db.ts';
import { conflict, invalid } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { mediaStorage } from './storage.ts';
import { mediaFiles } from './tables.ts';
import type { FocalPoint, StoredMedia } from '../shared/model.ts';
import { collections } from '../collections/tables.ts';
import { products } from '../products/tables.ts';
import { type MediaFileRow, mediaNotFound, UUID } from './files.ts';

// ---- focal point, deletion

/** Products and collections whose media lists show this file (as an item or as a video's poster). */
function usedBy(column: SQL, id: string): SQL {
  return sql`(${column} @> ${JSON.stringify([{ id }])}::jsonb or ${column} @> ${JSON.stringify([{ poster: { id } }])}::jsonb)`;
}

function withFocalPoint(list: StoredMedia[], id: string, focalPoint: FocalPoint | null): StoredMedia[] {
  const set = <T extends { focalPoint?: FocalPoint }>(m: T): T => {
    const { focalPoint: _old, ...rest } = m;
    return (focalPoint ? { ...rest, focalPoint } : rest) as T;
  };
  return list.map((m) => {
    if (m.id === id) return set(m);
    if (m.poster?.id === id) return { ...m, poster: set(m.poster) };
    return m;
  });
}

/** The `updated` event of a product or collection whose media list changed. */
const mediaChanged = (entity: 'product' | 'collection', id: string): EventInput => ({
  entity,
  entityId: id,
  type: 'updated',
  payload: { [`${entity}Id`]: id, changedFields: ['media'] },
});

/**
 * Sets (or with `null` clears) a file's focal point, and writes it through to the copies in product and
 * collection media, so image objects everywhere carry it. Finding the copies scans the media lists: an
 * occasional admin write.
 */
export async function setFocalPoint(
  ctx: AppContext,
  id: string,
  focalPoint: FocalPoint | null,
): Promise<MediaFileRow> {
  if (focalPoint)
    for (const axis of ['x', 'y'] as const)
      if (!(focalPoint[axis] >= 0 && focalPoint[axis] <= 100))
        throw invalid(`file.focalPoint.${axis}`, 'must be a percentage from 0 to 100', 'VALIDATION');
  if (!UUID.test(id)) throw mediaNotFound(id);
  return ctx.events.transaction(async (tx) => {
    const [row] = await tx.select().from(mediaFiles).where(eq(mediaFiles.id, id)).for('update');
    if (!row) throw mediaNotFound(id);
    const [updated] = await tx
      .update(mediaFiles)
      .set({ focalX: focalPoint?.x ?? null, focalY: focalPoint?.y ?? null, updatedDate: sql`now()` })
      .where(eq(mediaFiles.id, id))
      .returning();
    const events: EventInput[] = [];
    // Collections before products, each in id order: the catalogue's lock order (see `lockProduct`).
    const shelves = await tx
      .select({ id: collections.id, media: collections.media })
      .from(collections)
      .where(usedBy(sql`${collections.media}`, id))
      .orderBy(asc(collections.id))
      .for('update');
    const users = await tx
      .select({ id: products.id, data: products.data })
      .from(products)
      .where(usedBy(sql`${products.data}->'media'`, id))
      .orderBy(asc(products.id))
      .for('update');
    for (const product of users) {
      const media = withFocalPoint(product.data.media ?? [], id, focalPoint);
      await tx
        .update(products)
        .set({ data: { ...product.data, media }, lastUpdated: sql`now()` })
        .where(eq(products.id, product.id));
      events.push(mediaChanged('product', product.id));
    }
    for (const collection of shelves) {
      await tx
        .update(collections)
        .set({ media: withFocalPoint(collection.media, id, focalPoint), lastUpdated: sql`now()` })
        .where(eq(collections.id, collection.id));
      events.push(mediaChanged('collection', collection.id));
    }
    await ctx.events.record(tx, events);
    return updated!;
  });
}

/**
 * Deletes a file, its thumbnails and (unless shown elsewhere) its generated or uploaded poster. A file that
 * products or collections show, or that a digital product delivers, is refused (409 MEDIA_IN_USE): remove it
 * from them first.
 */
export async function deleteMediaFile(ctx: AppContext, id: string): Promise<void> {
  if (!UUID.test(id)) throw mediaNotFound(id);
  const removed = await runTransaction(ctx.db, ctx.log, async (tx) => {
    const [row] = await tx.select().from(mediaFiles).where(eq(mediaFiles.id, id)).for('update');
    if (!row) throw mediaNotFound(id);
    const inUse = async (fileId: string) => {
      const productIds = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          or(
            usedBy(sql`${products.data}->'media'`, fileId),
            sql`${products.data}->'digitalFile'->>'fileId' = ${fileId}`,
          ),
        )
        .limit(10);
      const collectionIds = await tx
        .select({ id: collections.id })
        .from(collections)
        .where(usedBy(sql`${collections.media}`, fileId))
        .limit(10);
      return { productIds: productIds.map((p) => p.id), collectionIds: collectionIds.map((c) => c.id) };
    };
    const users = await inUse(id);
    if (users.productIds.length || users.collectionIds.length)
      throw conflict(
        'MEDIA_IN_USE',
        `Media file ${id} is shown by products or collections, or is a product's digital file`,
        users,
      );
    const ids = [id];
    if (row.posterId) {
      const posterUsers = await inUse(row.posterId);
      const [otherVideo] = await tx
        .select({ id: mediaFiles.id })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.posterId, row.posterId), sql`${mediaFiles.id} <> ${id}`))
        .limit(1);
      if (!posterUsers.productIds.length && !posterUsers.collectionIds.length && !otherVideo)
        ids.push(row.posterId);
    }
    await tx.delete(mediaFiles).where(inArray(mediaFiles.id, ids));
    return ids;
  });
  const storage = mediaStorage(ctx);
  for (const fileId of removed)
    for (const objectKey of await storage.list(`${fileId}/`)) await storage.delete(objectKey);
}
