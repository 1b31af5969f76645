import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { loadSharp } from './sharp.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { findMediaRecord, productMediaOf } from './files.ts';
import { type MediaStorage, mediaStorage } from './storage.ts';
import type { StoredMedia } from '../shared/model.ts';

/**
 * Catalogue media files under `<id>/<filename>` of the media storage (`DATA_DIR/media` by default). Uploads
 * and the demo seed's images have a record (`tables.ts`); files without one (images of stores seeded before
 * the seed made records) are still found and served. A file never changes once written (a new
 * image gets a new id).
 */

export const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MEDIA_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif']);

/** A media item ready to attach to a product. */
export type ResolvedMedia = StoredMedia;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stored image without a record (the seed's), with its dimensions read from the image itself. */
export async function findMediaFile(storage: MediaStorage, id: string): Promise<ResolvedMedia | undefined> {
  if (!MEDIA_ID.test(id)) return undefined;
  const keys = await storage.list(`${id}/`);
  const key = keys.find((k) => IMAGE_EXTENSIONS.has(extname(k).toLowerCase()) && !k.includes('/thumb-'));
  const stream = key ? await storage.get(key) : undefined;
  if (!key || !stream) return undefined;
  const filename = key.slice(id.length + 1);
  const sharp = await loadSharp();
  const meta = await sharp(await readAll(stream)).metadata();
  return {
    id,
    filename,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    mediaType: 'image',
    format: meta.format === 'jpeg' ? 'jpg' : (meta.format ?? extname(filename).slice(1)),
  };
}

/** `aisle:image://v1/<id>/<filename>#…` (the SDK's image URI) or our own `/media/<id>/<filename>` URL. */
const OWN_MEDIA = /^(?:aisle:(?:image|video):\/\/v1\/|(?:https?:\/\/[^/]+)?\/media\/)([0-9a-f-]{36})\//;

/** A media item we store, by id: an uploaded file (images and videos; never a secure file) or a seed image. */
async function ownMedia(
  ctx: AppContext,
  db: Db,
  id: string,
  field: string,
): Promise<ResolvedMedia | undefined> {
  const record = await findMediaRecord(db, id);
  if (record) return productMediaOf(db, record, field);
  return findMediaFile(mediaStorage(ctx), id);
}

/**
 * A media reference of an "add media" call: a media id or URL of a file we store, or an external http(s)
 * image URL (kept as a link; its size is unknown, so 0).
 */
export async function resolveMedia(
  ctx: AppContext,
  ref: { mediaId?: string | undefined; url?: string | undefined },
  /** The reference's path in the request (`media[0]`); '' when its fields are at the top. */
  field: string,
): Promise<ResolvedMedia> {
  const ownId = ref.mediaId ?? (ref.url ? OWN_MEDIA.exec(ref.url)?.[1] : undefined);
  if (ownId !== undefined) {
    const key = ref.mediaId !== undefined ? 'mediaId' : 'url';
    const sub = field ? `${field}.${key}` : key;
    const found = await ownMedia(ctx, ctx.db, ownId.toLowerCase(), sub);
    if (!found) throw notFound('MEDIA_NOT_FOUND', `No media ${ownId}`, { field, mediaId: ownId });
    return found;
  }
  const url = new URL(ref.url!);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw notFound('MEDIA_NOT_FOUND', `No media at ${ref.url}`, { field });
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const filename = last.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200) || 'image';
  return {
    id: randomUUID(),
    filename,
    width: 0,
    height: 0,
    mediaType: 'image',
    format: extname(filename).slice(1).toLowerCase(),
    url: url.toString(),
  };
}
