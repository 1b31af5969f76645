import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { loadSharp } from './sharp.ts';
import type { AppContext } from '../../../platform/context.ts';
import { runTransaction } from '../../../platform/db.ts';
import { type FieldViolation, invalid, ValidationFailure } from '../../../platform/errors.ts';
import { type Detected, extensionOf, kindOfExtension, sniff, videoInfo } from './detect.ts';
import { mediaStorage } from './storage.ts';
import { mediaFiles } from './tables.ts';
import {
  MEDIA_KINDS,
  type MediaKind,
  SECURE_FILE_TYPES,
  type SecureFileType,
  type StoredThumbnail,
} from '../shared/model.ts';
import { article, FILENAME, key, type MediaFileRow, thumbnailKey } from './files.ts';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Thumbnail boxes (px): each thumbnail fits inside size×size, as WebP and (where sharp encodes it) AVIF. */
export const THUMBNAIL_SIZES = [150, 400, 800] as const;
const MAX_PIXELS = 50_000_000;
const MAX_DIMENSION = 16_384;
const POSTER_WIDTH = 640;
/** Names the thumbnails use inside an item's folder; an upload never gets one. */
const THUMBNAIL_NAME = /^thumb-\d+\.(webp|avif)$/i;

/** Image formats we keep (browsers show them all), by sharp's format name. */
const IMAGE_FORMATS: Record<string, { format: string; mimeType: string }> = {
  jpeg: { format: 'jpg', mimeType: 'image/jpeg' },
  png: { format: 'png', mimeType: 'image/png' },
  webp: { format: 'webp', mimeType: 'image/webp' },
  gif: { format: 'gif', mimeType: 'image/gif' },
  avif: { format: 'avif', mimeType: 'image/avif' },
};
const IMAGE_FORMAT_NAMES = 'JPEG, PNG, WebP, GIF or AVIF';

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
  thumbnails: Array<StoredThumbnail & { bytes: Buffer; avifBytes?: Buffer }>;
}

/**
 * Decodes an image for real (header and every pixel) and makes its thumbnails; 400 naming `field` if it is none.
 * `avif: false` makes WebP thumbnails only.
 */
async function processImage(bytes: Buffer, field: string, { avif = true } = {}): Promise<ImageData> {
  const notImage = (why: string) => invalid(field, `is not a valid image: ${why}`, 'FORMAT');
  const sharp = await loadSharp();
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
        const resized = decoded.clone().resize(size, size, { fit: 'inside', withoutEnlargement: true });
        const [{ data, info }, avifBytes] = await Promise.all([
          resized.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
          // AVIF is 15–40 % smaller than WebP on photographs at the same look (effort 3 of 9 keeps an upload's
          // three sizes quick); a libvips built without an AV1 encoder gives WebP only.
          avif
            ? resized
                .clone()
                .avif({ quality: 50, effort: 3 })
                .toBuffer()
                .catch(() => undefined)
            : undefined,
        ]);
        // Kept only when it is smaller: small flat pictures are sometimes smaller as WebP.
        const smaller = avifBytes && avifBytes.length < data.length ? avifBytes : undefined;
        return {
          size,
          width: info.width,
          height: info.height,
          bytes: data,
          ...(smaller ? { avif: true, avifBytes: smaller } : {}),
        };
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
  const sharp = await loadSharp();
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
      thumbnails: image.thumbnails.map(({ size, width, height, avif }) => ({
        size,
        width,
        height,
        ...(avif ? { avif } : {}),
      })),
    },
    objects: image.thumbnails.flatMap((t) => [
      { key: thumbnailKey(id, t.size), bytes: t.bytes },
      ...(t.avifBytes ? [{ key: thumbnailKey(id, t.size, 'avif'), bytes: t.avifBytes }] : []),
    ]),
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
  return persist(ctx, main, poster);
}

/** Writes a file's objects (thumbnails, the file) to the media storage, then its record (and its poster's). */
async function persist(ctx: AppContext, main: PendingFile, poster?: PendingFile): Promise<MediaFileRow> {
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

/**
 * Generated pictures (the demo's), drawn and processed, by media id, for the next seed of another database in
 * this process (every test server seeds the same demo); forgotten five minutes after the last use.
 */
const generated = new Map<string, Promise<{ bytes: Buffer; image: ImageData }>>();
let forget: NodeJS.Timeout | undefined;

/**
 * A picture made by the server itself (the demo seed's), stored as an upload is — WebP thumbnails (flat
 * drawings get no AVIF copies) and a media record, in the media storage — under a given id. When the record
 * exists it is returned and nothing is drawn, so seeding again reuses the files.
 */

export async function storeGeneratedImage(
  ctx: AppContext,
  id: string,
  filename: string,
  draw: () => Promise<Buffer>,
  folder = 'demo',
): Promise<MediaFileRow> {
  const [existing] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  if (existing) return existing;
  // Drawn and processed once per process: every test server seeds the same demo pictures.
  let drawn = generated.get(id);
  if (!drawn) {
    drawn = draw().then(async (bytes) => ({
      bytes,
      image: await processImage(bytes, 'file', { avif: false }),
    }));
    generated.set(id, drawn);
    drawn.catch(() => generated.delete(id));
  }
  clearTimeout(forget);
  forget = setTimeout(() => generated.clear(), 5 * 60_000).unref();
  const { bytes, image } = await drawn;
  const file = imageFile(id, filename, bytes, image, { isPrivate: false, folder });
  file.objects.push({ key: key(id, file.row.filename), bytes });
  return persist(ctx, file);
}
