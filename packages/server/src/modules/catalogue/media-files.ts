import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { AppContext } from '../../platform/context.ts';
import { type Db, runTransaction } from '../../platform/db.ts';
import {
  AppError,
  conflict,
  type FieldViolation,
  invalid,
  notFound,
  ValidationFailure,
} from '../../platform/errors.ts';
import type { EventInput } from '../../platform/events.ts';
import { type Detected, extensionOf, kindOfExtension, sniff, videoInfo } from './media-detect.ts';
import {
  DOWNLOAD_LINK_MINUTES,
  type LinkPurpose,
  type MediaLinks,
  mediaLinks,
  mediaSigner,
  signLink,
  verifyLink,
} from './media-signing.ts';
import { type ByteRange, isMediaKey, mediaStorage } from './media-storage.ts';
import { mediaFiles } from './media-tables.ts';
import {
  type FocalPoint,
  MEDIA_KINDS,
  type MediaKind,
  SECURE_FILE_TYPES,
  type SecureFileType,
  type StoredMedia,
  type StoredThumbnail,
} from './model.ts';
import { collections, products } from './tables.ts';
import { imageObject, mediaLink, variantMediaObject } from './wire.ts';

/**
 * Uploaded media files: upload (validated from the bytes, thumbnails made with sharp), records, focal points,
 * deletion, signed links, and serving `/media/<id>/<filename>` through the media storage.
 */

export type MediaFileRow = typeof mediaFiles.$inferSelect;

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Thumbnail boxes (px): each thumbnail fits inside size×size, as WebP. */
export const THUMBNAIL_SIZES = [150, 400, 800] as const;
const MAX_PIXELS = 50_000_000;
const MAX_DIMENSION = 16_384;
const POSTER_WIDTH = 640;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** Names the thumbnails use inside an item's folder; an upload never gets one. */
const THUMBNAIL_NAME = /^thumb-\d+\.webp$/i;

/** Image formats we keep (browsers show them all), by sharp's format name. */
const IMAGE_FORMATS: Record<string, { format: string; mimeType: string }> = {
  jpeg: { format: 'jpg', mimeType: 'image/jpeg' },
  png: { format: 'png', mimeType: 'image/png' },
  webp: { format: 'webp', mimeType: 'image/webp' },
  gif: { format: 'gif', mimeType: 'image/gif' },
  avif: { format: 'avif', mimeType: 'image/avif' },
};
const IMAGE_FORMAT_NAMES = 'JPEG, PNG, WebP, GIF or AVIF';

const key = (id: string, filename: string) => `${id}/${filename}`;
const thumbnailKey = (id: string, size: number) => `${id}/thumb-${size}.webp`;
const mediaNotFound = (id: string) => notFound('MEDIA_NOT_FOUND', `No media file ${id}`, { id });

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** A file name safe in URLs and storage keys: `Red shirt (1).PNG` → `Red-shirt-1-.PNG`; adds the extension. */
export function safeFilename(name: string, format: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  if (!extensionOf(clean)) clean = `${clean.replace(/[.-]+$/, '') || 'file'}.${format}`;
  if (clean.length > 200) {
    const ext = extensionOf(clean).slice(0, 20);
    clean = `${clean.slice(0, 199 - ext.length)}.${ext}`;
  }
  if (THUMBNAIL_NAME.test(clean)) clean = `file-${clean}`;
  return FILENAME.test(clean) ? clean : `file.${format}`;
}

// ---- upload

export interface UploadedPart {
  filename: string;
  bytes: Buffer;
}

export interface UploadRequest {
  /** The part named `file`. */
  file?: UploadedPart | undefined;
  /** A video's poster image (part `poster`). */
  poster?: UploadedPart | undefined;
  /** Text parts: `mediaType`, `folder`, `private`, `fileType`, `width`, `height` (others are ignored). */
  fields: Record<string, string>;
}

interface ImageData {
  detected: Detected;
  width: number;
  height: number;
  thumbnails: Array<StoredThumbnail & { bytes: Buffer }>;
}

/** Decodes an image for real (header and every pixel) and makes its thumbnails; 400 naming `field` if it is none. */
async function processImage(bytes: Buffer, field: string): Promise<ImageData> {
  const notImage = (why: string) => invalid(field, `is not a valid image: ${why}`, 'FORMAT');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notImage(`its bytes are not a ${IMAGE_FORMAT_NAMES} picture`);
  }
  const name: string = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : (meta.format ?? '');
  const known = IMAGE_FORMATS[name];
  if (!known)
    throw invalid(
      field,
      `is ${article(String(name).toUpperCase())} image; allowed are ${IMAGE_FORMAT_NAMES}`,
      'FORMAT',
      {
        format: name,
      },
    );
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_PIXELS)
    throw invalid(
      field,
      `is ${width}×${height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels`,
      'MAX_SIZE',
      {
        maxPixels: MAX_PIXELS,
      },
    );
  let thumbnails: ImageData['thumbnails'];
  try {
    const decoded = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    thumbnails = await Promise.all(
      THUMBNAIL_SIZES.map(async (size) => {
        const { data, info } = await decoded
          .clone()
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { size, width: info.width, height: info.height, bytes: data };
      }),
    );
  } catch {
    throw notImage('it could not be decoded (damaged or truncated)');
  }
  return { detected: { kind: 'image', ...known }, width, height, thumbnails };
}

/** A poster for a video without one: dark frame, play sign, the video's aspect ratio. */
async function placeholderPoster(width: number, height: number): Promise<Buffer> {
  const h = width > 0 && height > 0 ? Math.round((POSTER_WIDTH * height) / width) : 360;
  const ph = Math.min(Math.max(h, 120), 1280);
  const r = Math.round(Math.min(POSTER_WIDTH, ph) / 6);
  const cx = POSTER_WIDTH / 2;
  const cy = ph / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${ph}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b2f3a"/><stop offset="1" stop-color="#12141a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.18"/>
<path d="M${cx - r * 0.35} ${cy - r * 0.5} L${cx + r * 0.55} ${cy} L${cx - r * 0.35} ${cy + r * 0.5} Z" fill="#ffffff" fill-opacity="0.9"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

interface Options {
  kind?: MediaKind;
  isPrivate: boolean;
  fileType?: SecureFileType;
  folder: string;
  width?: number;
  height?: number;
}

function readOptions(fields: Record<string, string>, violations: FieldViolation[]): Options {
  const value = (name: string) => {
    const v = fields[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const bad = (field: string, description: string, rule: FieldViolation['violatedRule'], data = {}) =>
    violations.push({ field, description, violatedRule: rule, data });
  const mediaType = value('mediaType');
  if (mediaType !== undefined && !(MEDIA_KINDS as readonly string[]).includes(mediaType))
    bad('mediaType', `must be one of ${MEDIA_KINDS.join(', ')}`, 'INVALID_ENUM_VALUE', { value: mediaType });
  const fileType = value('fileType');
  if (fileType !== undefined && !(fileType in SECURE_FILE_TYPES))
    bad('fileType', `must be one of ${Object.keys(SECURE_FILE_TYPES).join(', ')}`, 'INVALID_ENUM_VALUE', {
      value: fileType,
    });
  const flag = value('private');
  if (flag !== undefined && flag !== 'true' && flag !== 'false')
    bad('private', 'must be true or false', 'FORMAT', { value: flag });
  if (flag === 'false' && fileType !== undefined)
    bad('private', 'must be true for a secure file (fileType is set)', 'VALIDATION');
  const folder = (value('folder') ?? '').replace(/^\/+|\/+$/g, '');
  if (folder.length > 200) bad('folder', 'must be at most 200 characters', 'MAX_LENGTH');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
  else if (/[\u0000-\u001f\u007f]/.test(folder))
    bad('folder', 'must not contain control characters', 'FORMAT');
  const size = (name: string) => {
    const v = value(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > MAX_DIMENSION)
      bad(name, `must be a whole number of pixels from 1 to ${MAX_DIMENSION}`, 'FORMAT', { value: v });
    return n;
  };
  const width = size('width');
  const height = size('height');
  const kind = mediaType as MediaKind | undefined;
  return {
    ...(kind ? { kind } : {}),
    isPrivate: flag === 'true' || fileType !== undefined,
    ...(fileType ? { fileType: fileType as SecureFileType } : {}),
    folder,
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
  };
}

const SECURE_TYPE_OF: Record<MediaKind, SecureFileType> = {
  image: 'SECURE_PICTURE',
  video: 'SECURE_VIDEO',
  document: 'SECURE_DOCUMENT',
  audio: 'SECURE_MUSIC',
  zip: 'SECURE_ARCHIVE',
};

interface PendingFile {
  row: typeof mediaFiles.$inferInsert & { id: string };
  objects: Array<{ key: string; bytes: Buffer }>;
}

function imageFile(
  id: string,
  filename: string,
  bytes: Buffer,
  image: ImageData,
  opts: { isPrivate: boolean; folder: string },
): PendingFile {
  return {
    row: {
      id,
      filename: safeFilename(filename, image.detected.format),
      mimeType: image.detected.mimeType,
      format: image.detected.format,
      sizeInBytes: bytes.length,
      width: image.width,
      height: image.height,
      mediaType: 'image',
      private: opts.isPrivate,
      fileType: opts.isPrivate ? 'SECURE_PICTURE' : null,
      folder: opts.folder,
      thumbnails: image.thumbnails.map(({ size, width, height }) => ({ size, width, height })),
    },
    objects: image.thumbnails.map((t) => ({ key: thumbnailKey(id, t.size), bytes: t.bytes })),
  };
}

/**
 * Validates and stores an upload: the kind comes from the bytes (a `.png` that is text is refused, naming
 * `file`); images are decoded and get WebP thumbnails; videos are kept as they are, with their size read from
 * the container and a poster (the `poster` part, or a generated placeholder).
 */
export async function uploadMedia(ctx: AppContext, request: UploadRequest): Promise<MediaFileRow> {
  const violations: FieldViolation[] = [];
  const opts = readOptions(request.fields, violations);
  const file = request.file;
  if (!file)
    violations.push({
      field: 'file',
      description: 'is required: send the file as the multipart part named "file"',
      violatedRule: 'REQUIRED_FIELD',
      data: {},
    });
  else if (file.bytes.length === 0)
    violations.push({ field: 'file', description: 'is empty', violatedRule: 'MIN_SIZE', data: {} });
  if (violations.length || !file) throw new ValidationFailure(violations);

  const claimed = opts.kind ?? kindOfExtension(file.filename);
  const sniffed = sniff(file.bytes, file.filename);
  let image: ImageData | undefined;
  let detected: Detected;
  if (claimed === 'image' || sniffed?.kind === 'image') {
    image = await processImage(file.bytes, 'file');
    detected = image.detected;
  } else if (!sniffed) {
    throw invalid(
      'file',
      claimed
        ? `is not a valid ${claimed} file: its bytes are none of the accepted ${claimed} formats`
        : 'is not a supported file: images, videos (MP4, MOV, WebM), audio, PDF and office documents, archives',
      'FORMAT',
    );
  } else detected = sniffed;
  if (claimed && claimed !== detected.kind)
    throw invalid(
      'file',
      `is ${article(detected.kind)} file (${detected.format}), not ${article(claimed)}`,
      'FORMAT',
      {
        detected: detected.kind,
      },
    );
  if (opts.fileType && SECURE_FILE_TYPES[opts.fileType] !== detected.kind)
    throw invalid(
      'fileType',
      `is for ${SECURE_FILE_TYPES[opts.fileType]} files; the file is ${article(detected.kind)}`,
    );
  if (request.poster && detected.kind !== 'video')
    throw invalid('poster', 'is only for videos', 'FIELD_NOT_ALLOWED');

  const id = randomUUID();
  const shared = { isPrivate: opts.isPrivate, folder: opts.folder };
  let main: PendingFile;
  let poster: PendingFile | undefined;
  if (image) {
    main = imageFile(id, file.filename, file.bytes, image, shared);
  } else {
    const info = detected.kind === 'video' ? videoInfo(file.bytes, detected.format) : undefined;
    let width = opts.width ?? info?.width ?? 0;
    let height = opts.height ?? info?.height ?? 0;
    if (detected.kind === 'video') {
      const posterId = randomUUID();
      const posterPart = request.poster ?? {
        filename: `${safeFilename(file.filename, detected.format).replace(/\.[^.]*$/, '')}-poster.jpg`,
        bytes: await placeholderPoster(width, height),
      };
      const posterImage = await processImage(posterPart.bytes, 'poster');
      poster = imageFile(posterId, posterPart.filename, posterPart.bytes, posterImage, shared);
      poster.objects.push({ key: key(posterId, poster.row.filename), bytes: posterPart.bytes });
      // Without a size from the container or the request, the poster's shape is the best guess.
      if (!width || !height) {
        width = posterImage.width;
        height = posterImage.height;
      }
    }
    main = {
      row: {
        id,
        filename: safeFilename(file.filename, detected.format),
        mimeType: detected.mimeType,
        format: detected.format,
        sizeInBytes: file.bytes.length,
        width,
        height,
        ...(info?.durationMs !== undefined ? { durationMs: info.durationMs } : {}),
        mediaType: detected.kind,
        private: opts.isPrivate,
        fileType: opts.isPrivate ? (opts.fileType ?? SECURE_TYPE_OF[detected.kind]) : null,
        folder: opts.folder,
        ...(poster ? { posterId: poster.row.id } : {}),
      },
      objects: [],
    };
  }
  main.objects.push({ key: key(id, main.row.filename), bytes: file.bytes });

  const storage = mediaStorage(ctx);
  const objects = [...(poster?.objects ?? []), ...main.objects];
  try {
    for (const object of objects) await storage.put(object.key, object.bytes);
    return await runTransaction(ctx.db, ctx.log, async (tx) => {
      if (poster) await tx.insert(mediaFiles).values(poster.row);
      const [row] = await tx.insert(mediaFiles).values(main.row).returning();
      return row!;
    });
  } catch (error) {
    await Promise.all(objects.map((o) => storage.delete(o.key).catch(() => undefined)));
    throw error;
  }
}

// ---- records

export async function findMediaRecord(db: Db, id: string): Promise<MediaFileRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  return row;
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
    ...(link.urlExpirationDate ? { urlExpirationDate: link.urlExpirationDate } : {}),
    mediaType: row.mediaType,
    mimeType: row.mimeType,
    sizeInBytes: String(row.sizeInBytes),
    private: row.private,
    ...(row.fileType ? { fileType: row.fileType } : {}),
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
      events.push({
        entity: 'product',
        entityId: product.id,
        type: 'updated',
        payload: { productId: product.id, changedFields: ['media'] },
      });
    }
    for (const collection of shelves) {
      await tx
        .update(collections)
        .set({ media: withFocalPoint(collection.media, id, focalPoint), lastUpdated: sql`now()` })
        .where(eq(collections.id, collection.id));
      events.push({
        entity: 'collection',
        entityId: collection.id,
        type: 'updated',
        payload: { collectionId: collection.id, changedFields: ['media'] },
      });
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

// ---- serving

const LEGACY_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export interface MediaRequest {
  size?: number | undefined;
  expires?: string | undefined;
  sig?: string | undefined;
  download?: boolean | undefined;
  /** The `Range` header. */
  range?: string | undefined;
}

export interface OpenedMedia {
  body: Readable;
  /** Bytes sent. */
  length: number;
  /** `Content-Range` of a partial answer (206). */
  contentRange?: string;
  contentType: string;
  cacheControl: string;
  disposition: string;
}

const forbidden = (code: string, description: string, data: Record<string, unknown> = {}) =>
  new AppError(403, code, description, data);

function parseRange(header: string | undefined, size: number): ByteRange | undefined | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(size - Number(m[2]), 0);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * A media file for `GET /media/<id>/<filename>`. A signed link (`expires` + `sig`) must be valid and unexpired
 * (403 otherwise); a secure file is served only through a download link; a public file may also be fetched
 * unsigned (what `getImageUrl` of an image URI builds). `size` picks a thumbnail of an uploaded image.
 */
export async function openMedia(
  ctx: AppContext,
  id: string,
  filename: string,
  request: MediaRequest,
): Promise<OpenedMedia> {
  const missing = () => notFound('MEDIA_NOT_FOUND', 'No such media file', { id });
  if (!UUID.test(id) || !FILENAME.test(filename) || filename.includes('..')) throw missing();
  const record = await findMediaRecord(ctx.db, id.toLowerCase());
  if (record && record.filename !== filename) throw missing();
  const storage = mediaStorage(ctx);
  let contentType: string;
  if (record) contentType = record.mimeType;
  else {
    // A file without a record: the seed's images, public by nature.
    const type = LEGACY_TYPES[extensionOf(filename)];
    if (!type || !isMediaKey(key(id, filename)) || !(await storage.stat(key(id, filename)))) throw missing();
    contentType = type;
  }

  const nowSeconds = Math.floor(ctx.clock().getTime() / 1000);
  const signed = request.expires !== undefined || request.sig !== undefined;
  let cacheControl = 'public, max-age=31536000, immutable';
  if (signed) {
    const expires = /^\d{1,12}$/.test(request.expires ?? '') ? Number(request.expires) : Number.NaN;
    const purposes: LinkPurpose[] = record?.private ? ['download'] : ['public', 'download'];
    if (
      Number.isNaN(expires) ||
      !request.sig ||
      !(await verifyLink(ctx, purposes, id.toLowerCase(), expires, request.sig))
    )
      throw forbidden('MEDIA_LINK_INVALID', 'The signature of this media link is not valid', { id });
    if (expires <= nowSeconds)
      throw forbidden('MEDIA_LINK_EXPIRED', 'This media link has expired; ask for a new one', {
        id,
        urlExpirationDate: new Date(expires * 1000).toISOString(),
      });
    cacheControl = `public, max-age=${Math.min(expires - nowSeconds, 31_536_000)}, immutable`;
  } else if (record?.private) {
    throw forbidden(
      'MEDIA_LINK_REQUIRED',
      'A secure file is served only through a signed download link (POST /site-media/v1/files/{id}/download-url)',
      { id },
    );
  }
  if (record?.private) cacheControl = 'private, no-store';

  let objectKey = key(id.toLowerCase(), filename);
  if (request.size !== undefined) {
    const thumbnails = record?.thumbnails ?? [];
    const thumbnail = thumbnails.find((t) => t.size === request.size);
    if (thumbnail) {
      objectKey = thumbnailKey(id.toLowerCase(), thumbnail.size);
      contentType = 'image/webp';
    } else if (thumbnails.length || (record && record.mediaType !== 'image'))
      throw invalid(
        'size',
        thumbnails.length
          ? `must be one of ${thumbnails.map((t) => t.size).join(', ')}`
          : 'is only for images with thumbnails',
        'INVALID_ENUM_VALUE',
      );
    // A seed image has no thumbnails: the original serves every size.
  }
  const info = await storage.stat(objectKey);
  if (!info) throw missing();
  const range = parseRange(request.range, info.size);
  if (range === 'unsatisfiable')
    throw new AppError(
      416,
      'RANGE_NOT_SATISFIABLE',
      `The file has ${info.size} bytes`,
      { size: info.size },
      {
        'content-range': `bytes */${info.size}`,
      },
    );
  // Always a bounded read: the response ends with its last byte, not after an extra end-of-file read.
  const body = await storage.get(
    objectKey,
    range ?? (info.size > 0 ? { start: 0, end: info.size - 1 } : undefined),
  );
  if (!body) throw missing();
  const attachment =
    record?.private ||
    request.download === true ||
    record?.mediaType === 'zip' ||
    record?.mediaType === 'document';
  return {
    body,
    length: range ? range.end - range.start + 1 : info.size,
    ...(range ? { contentRange: `bytes ${range.start}-${range.end}/${info.size}` } : {}),
    contentType,
    cacheControl,
    disposition: `${attachment ? 'attachment' : 'inline'}; filename="${filename}"`,
  };
}
