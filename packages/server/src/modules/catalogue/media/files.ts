import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { type Db, firstRow } from '../../../platform/db.ts';
import { invalid, notFound } from '../../../platform/errors.ts';
import { DOWNLOAD_LINK_MINUTES, type MediaLinks, mediaLinks, mediaSigner, signLink } from './signing.ts';
import { mediaFiles } from './tables.ts';
import type { FocalPoint, MediaKind, StoredMedia } from '../shared/model.ts';
import { imageObject, mediaLink } from './wire.ts';
import { variantMediaObject } from '../variants/wire.ts';
import { UUID } from '../../../platform/uuid.ts';
import { presentFields } from '../../../platform/entity-kit/index.ts';

/**
 * Uploaded media files: upload (validated from the bytes, thumbnails made with sharp), records, focal points,
 * deletion, signed links, and serving `/media/<id>/<filename>` through the media storage.
 */

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export { UUID };
export const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export const key = (id: string, filename: string) => `${id}/${filename}`;
export const thumbnailKey = (id: string, size: number, format: 'webp' | 'avif' = 'webp') =>
  `${id}/thumb-${size}.${format}`;
export const mediaNotFound = (id: string) => notFound('MEDIA_NOT_FOUND', `No media file ${id}`, { id });

export const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

// ---- records

export async function findMediaRecord(db: Db, id: string): Promise<MediaFileRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return firstRow(db, mediaFiles, eq(mediaFiles.id, id));
}

/**
 * The file a digital product delivers (docs/CATALOGUE.md): an uploaded secure file, share-locked until the
 * writing transaction ends so that it cannot be deleted meanwhile. 400 on `field` otherwise.
 */
export async function checkSecureFile(tx: Db, id: string, field: string): Promise<void> {
  const [row] = UUID.test(id)
    ? await tx
        .select({ private: mediaFiles.private })
        .from(mediaFiles)
        .where(eq(mediaFiles.id, id))
        .for('share')
    : [];
  if (!row) throw invalid(field, 'is not an uploaded media file', 'VALIDATION', { fileId: id });
  if (!row.private)
    throw invalid(
      field,
      'is not a secure file: upload it with a fileType (SECURE_DOCUMENT, SECURE_ARCHIVE, …)',
      'VALIDATION',
      { fileId: id },
    );
}

async function posterOf(db: Db, row: MediaFileRow): Promise<MediaFileRow | undefined> {
  return row.posterId ? findMediaRecord(db, row.posterId) : undefined;
}

const focalOf = (row: MediaFileRow): FocalPoint | undefined =>
  row.focalX !== null && row.focalY !== null ? { x: row.focalX, y: row.focalY } : undefined;

/** The copy of an uploaded image or video that products and collections keep in their media lists. */
export function storedMediaOf(row: MediaFileRow, poster?: MediaFileRow): StoredMedia {
  const focalPoint = focalOf(row);
  const posterFocal = poster ? focalOf(poster) : undefined;
  return {
    id: row.id,
    filename: row.filename,
    width: row.width,
    height: row.height,
    mediaType: row.mediaType === 'video' ? 'video' : 'image',
    format: row.format,
    ...(focalPoint ? { focalPoint } : {}),
    ...(row.thumbnails.length ? { thumbnails: row.thumbnails } : {}),
    ...(poster
      ? {
          poster: {
            id: poster.id,
            filename: poster.filename,
            width: poster.width,
            height: poster.height,
            format: poster.format,
            ...(posterFocal ? { focalPoint: posterFocal } : {}),
          },
        }
      : {}),
  };
}

/** A stored file as a product media item (the `mediaId` of "add media"); 400 for what products cannot show. */
export async function productMediaOf(db: Db, row: MediaFileRow, field: string): Promise<StoredMedia> {
  if (row.private)
    throw invalid(
      field,
      'is a secure file: secure files are served only through download links',
      'VALIDATION',
      {
        mediaId: row.id,
      },
    );
  if (row.mediaType !== 'image' && row.mediaType !== 'video')
    throw invalid(
      field,
      `is ${article(row.mediaType)} file; product media are images and videos`,
      'VALIDATION',
      {
        mediaId: row.id,
      },
    );
  return storedMediaOf(row, await posterOf(db, row));
}

/** Links of one file's wire object: public links, or short download links for a secure file. */
async function linksFor(ctx: AppContext, row: MediaFileRow): Promise<MediaLinks> {
  const signer = await mediaSigner(ctx);
  if (!row.private) return mediaLinks(ctx);
  const expires = Math.floor(ctx.clock().getTime() / 1000) + DOWNLOAD_LINK_MINUTES * 60;
  return { baseUrl: ctx.config.publicUrl, sign: (id) => signLink(signer, 'download', id, expires) };
}

/** The file descriptor of the media API. */
export function fileToWire(links: MediaLinks, row: MediaFileRow, poster?: MediaFileRow) {
  const stored = storedMediaOf(row, poster);
  const link = mediaLink(links, row);
  const focalPoint = focalOf(row);
  const visual = variantMediaObject(links, stored);
  return {
    id: row.id,
    displayName: row.filename,
    url: link.url,
    ...presentFields(link, ['urlExpirationDate']),
    mediaType: row.mediaType,
    mimeType: row.mimeType,
    sizeInBytes: String(row.sizeInBytes),
    private: row.private,
    ...presentFields(row, ['fileType']),
    folder: row.folder,
    width: row.width,
    height: row.height,
    ...(row.durationMs !== null ? { durationInMilliseconds: row.durationMs } : {}),
    ...(focalPoint ? { focalPoint } : {}),
    ...(row.mediaType === 'image'
      ? {
          image: imageObject(links, stored),
          thumbnails: row.thumbnails.map((t) => ({
            size: t.size,
            ...mediaLink(links, row, t.size),
            width: t.width,
            height: t.height,
            format: 'webp',
          })),
        }
      : {}),
    ...(row.mediaType === 'video' && 'video' in visual ? { video: visual.video } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

export type WireFile = ReturnType<typeof fileToWire>;

export async function describeMediaFile(ctx: AppContext, row: MediaFileRow): Promise<WireFile> {
  return fileToWire(await linksFor(ctx, row), row, await posterOf(ctx.db, row));
}

export async function getMediaFile(ctx: AppContext, id: string): Promise<WireFile> {
  const row = await findMediaRecord(ctx.db, id);
  if (!row) throw mediaNotFound(id);
  return describeMediaFile(ctx, row);
}

export interface MediaFileQuery {
  mediaType?: string | undefined;
  folder?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest first, offset paging. */
export async function listMediaFiles(ctx: AppContext, query: MediaFileQuery) {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const where = and(
    query.mediaType ? eq(mediaFiles.mediaType, query.mediaType as MediaKind) : undefined,
    query.folder !== undefined ? eq(mediaFiles.folder, query.folder.replace(/^\/+|\/+$/g, '')) : undefined,
  );
  const found = await ctx.db
    .select()
    .from(mediaFiles)
    .where(where)
    .orderBy(desc(mediaFiles.createdDate), desc(mediaFiles.id))
    .limit(limit + 1)
    .offset(offset);
  const page = found.slice(0, limit);
  const posterIds = page.map((r) => r.posterId).filter((p): p is string => p !== null);
  const posters = posterIds.length
    ? await ctx.db.select().from(mediaFiles).where(inArray(mediaFiles.id, posterIds))
    : [];
  const publicLinks = mediaLinks(ctx);
  const files = [];
  for (const row of page) {
    const links = row.private ? await linksFor(ctx, row) : publicLinks;
    files.push(
      fileToWire(
        links,
        row,
        posters.find((p) => p.id === row.posterId),
      ),
    );
  }
  return { files, metadata: { count: files.length, offset, hasNext: found.length > limit } };
}

export async function downloadUrl(
  ctx: AppContext,
  id: string,
  minutes = DOWNLOAD_LINK_MINUTES,
): Promise<{ url: string; urlExpirationDate: string }> {
  const row = await findMediaRecord(ctx.db, id);
  if (!row) throw mediaNotFound(id);
  const signer = await mediaSigner(ctx);
  const expires = Math.floor(ctx.clock().getTime() / 1000) + Math.round(minutes * 60);
  const links: MediaLinks = {
    baseUrl: ctx.config.publicUrl,
    sign: (fileId) => signLink(signer, 'download', fileId, expires),
  };
  const link = mediaLink(links, row);
  return { url: link.url, urlExpirationDate: link.urlExpirationDate! };
}
