import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { notFound } from '../../platform/errors.ts';
import type { StoredMedia } from './model.ts';

/**
 * Catalogue media files under `DATA_DIR/media/<id>/<filename>`. A file never changes once written (a new
 * image gets a new id), so it is served with a year-long immutable cache.
 */

export const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MEDIA_FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

export const mediaDir = (dataDir: string) => join(dataDir, 'media');

function mediaPath(dataDir: string, id: string, filename: string): string | undefined {
  if (!MEDIA_ID.test(id) || !MEDIA_FILENAME.test(filename) || filename.includes('..')) return undefined;
  return join(mediaDir(dataDir), id, filename);
}

/** Writes a media file (unless one is there already) and returns whether it wrote. */
export async function saveMediaFile(
  dataDir: string,
  id: string,
  filename: string,
  bytes: Buffer | (() => Promise<Buffer>),
): Promise<boolean> {
  const path = mediaPath(dataDir, id, filename);
  if (!path) throw new Error(`invalid media name ${id}/${filename}`);
  try {
    await stat(path);
    return false;
  } catch {
    await mkdir(join(mediaDir(dataDir), id), { recursive: true });
    await writeFile(path, typeof bytes === 'function' ? await bytes() : bytes);
    return true;
  }
}

export interface MediaFile {
  stream: ReadStream;
  size: number;
  contentType: string;
}

export async function openMediaFile(
  dataDir: string,
  id: string,
  filename: string,
): Promise<MediaFile | undefined> {
  const path = mediaPath(dataDir, id, filename);
  const contentType = TYPES[extname(filename).toLowerCase()];
  if (!path || !contentType) return undefined;
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    return { stream: createReadStream(path), size: info.size, contentType };
  } catch {
    return undefined;
  }
}

/** A media item ready to attach to a product. */
export type ResolvedMedia = StoredMedia;

/** The stored file of a media id, with its dimensions read from the image itself. */
export async function findMediaFile(dataDir: string, id: string): Promise<ResolvedMedia | undefined> {
  if (!MEDIA_ID.test(id)) return undefined;
  let names: string[];
  try {
    names = await readdir(join(mediaDir(dataDir), id));
  } catch {
    return undefined;
  }
  const filename = names.find((n) => MEDIA_FILENAME.test(n) && TYPES[extname(n).toLowerCase()]);
  if (!filename) return undefined;
  const meta = await sharp(join(mediaDir(dataDir), id, filename)).metadata();
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
const OWN_MEDIA = /^(?:aisle:image:\/\/v1\/|(?:https?:\/\/[^/]+)?\/media\/)([0-9a-f-]{36})\//;

/**
 * A media reference of an "add media" call: a media id or URL of a file we store, or an external http(s)
 * image URL (kept as a link; its size is unknown, so 0).
 */
export async function resolveMedia(
  dataDir: string,
  ref: { mediaId?: string | undefined; url?: string | undefined },
  field: string,
): Promise<ResolvedMedia> {
  const ownId = ref.mediaId ?? (ref.url ? OWN_MEDIA.exec(ref.url)?.[1] : undefined);
  if (ownId !== undefined) {
    const found = await findMediaFile(dataDir, ownId);
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
