import { type Static, Type } from '@sinclair/typebox';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, invalid } from '../../../platform/errors.ts';
import type { StoredMedia } from '../shared/model.ts';
import { resolveMedia } from './resolve.ts';
import { mediaLinks } from './signing.ts';
import { imageObject, type WireImage } from './wire.ts';
import { UUID } from '../../../platform/uuid.ts';

/**
 * A settings image (the checkout's logo, the store's logo): a wire image object naming an uploaded file or an
 * external image, stored as a media item and sent back as a wire image with a signed URL.
 */

const Opt = Type.Optional;
const Str = (maxLength: number) => Type.String({ maxLength });

/**
 * An image reference (wire image object): the `id` of an uploaded media file, or a `url` (our own media URL,
 * or an external http(s) image kept as a link). Dimensions, file name and expiry are filled by the server.
 */
export const ImageInput = Type.Object({
  id: Opt(Str(100)),
  url: Opt(Str(2000)),
  altText: Opt(Str(200)),
  focalPoint: Opt(
    Type.Object({
      x: Type.Number({ minimum: 0, maximum: 100 }),
      y: Type.Number({ minimum: 0, maximum: 100 }),
    }),
  ),
  width: Opt(Type.Number()),
  height: Opt(Type.Number()),
  filename: Opt(Str(300)),
  urlExpirationDate: Opt(Str(64)),
});
export type ImageInput = Static<typeof ImageInput>;

/**
 * An image reference → the media item to store: an uploaded image (by id or our URL) or an external URL; the
 * current one when it is sent back as read. 400 naming `field` (or its `.id` / `.url`) otherwise.
 */
export async function resolveImageRef(
  ctx: AppContext,
  image: ImageInput,
  current: StoredMedia | undefined,
  field: string,
): Promise<StoredMedia> {
  let base: StoredMedia;
  if (image.id !== undefined && current && image.id === current.id) {
    base = current; // sent back as read
  } else {
    if (image.id === undefined && image.url === undefined)
      throw invalid(field, 'needs the id of an uploaded image or a url', 'REQUIRED_ONE_OF_FIELD');
    if (image.id !== undefined && !UUID.test(image.id))
      throw invalid(`${field}.id`, 'must be the id of an uploaded media file', 'FORMAT');
    if (image.id === undefined && !URL.canParse(image.url!))
      throw invalid(`${field}.url`, 'must be an absolute URL', 'FORMAT');
    try {
      base = await resolveMedia(
        ctx,
        image.id !== undefined ? { mediaId: image.id } : { url: image.url },
        field,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'MEDIA_NOT_FOUND')
        throw invalid(
          image.id !== undefined ? `${field}.id` : `${field}.url`,
          'names no stored media file (upload it first, or give an http(s) image URL)',
        );
      throw error;
    }
  }
  if (base.mediaType !== 'image') throw invalid(field, 'must be an image');
  const {
    altText: _alt,
    focalPoint: _focal,
    thumbnails: _thumbs,
    poster: _poster,
    title: _title,
    ...kept
  } = base;
  const altText = image.altText ?? base.altText;
  const focalPoint = image.focalPoint ?? base.focalPoint;
  return { ...kept, ...(altText ? { altText } : {}), ...(focalPoint ? { focalPoint } : {}) };
}

/** An uploaded image with its id and signed URL; an external one by its URL only (no id of ours to show). */
export function imageRefToWire(ctx: AppContext, image: StoredMedia): WireImage | Omit<WireImage, 'id'> {
  const wire = imageObject(mediaLinks(ctx), image);
  if (!image.url) return wire;
  const { id: _id, ...external } = wire;
  return external;
}
