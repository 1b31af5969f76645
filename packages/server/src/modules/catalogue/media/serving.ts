import type { Readable } from 'node:stream';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, invalid, notFound } from '../../../platform/errors.ts';
import { extensionOf } from './detect.ts';
import { type LinkPurpose, verifyLink } from './signing.ts';
import { type ByteRange, isMediaKey, mediaStorage } from './storage.ts';
import { FILENAME, findMediaRecord, key, thumbnailKey, UUID } from './files.ts';

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
  /** The `Accept` header: a thumbnail is AVIF for a browser that takes it. */
  accept?: string | undefined;
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
  /** `Vary` of the answer: thumbnails with an AVIF copy depend on `Accept`. */
  vary?: string;
}

/** Does an `Accept` header take AVIF (named, and not with `q=0`)? */
export function acceptsAvif(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    return type?.trim() === 'image/avif' && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
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
  let vary: string | undefined;
  if (request.size !== undefined) {
    const thumbnails = record?.thumbnails ?? [];
    const thumbnail = thumbnails.find((t) => t.size === request.size);
    if (thumbnail) {
      const avif = thumbnail.avif === true && acceptsAvif(request.accept);
      objectKey = thumbnailKey(id.toLowerCase(), thumbnail.size, avif ? 'avif' : 'webp');
      contentType = avif ? 'image/avif' : 'image/webp';
      if (thumbnail.avif) vary = 'Accept';
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
    ...(vary ? { vary } : {}),
  };
}
