import type { MediaFileImage, OnTheWire } from '@aisle/sdk';
import { type MediaLinks, unsignedLinks } from './signing.ts';
import type { StoredMedia } from '../shared/model.ts';
import { presentFields } from '../../../platform/entity-kit/index.ts';

/** Image object (wire/README §3). */
export type WireImage = OnTheWire<MediaFileImage>;

/** A file of a product media video (one per resolution; uploads are not transcoded, so one). */
export interface WireVideoFile {
  url: string;
  width: number;
  height: number;
  format: string;
  urlExpirationDate?: string;
}

export interface WireMediaItem {
  id: string;
  title?: string;
  mediaType: 'image' | 'video';
  image?: WireImage;
  video?: { files: WireVideoFile[]; stillFrameMediaId?: string };
  /** The smallest thumbnail of an uploaded image, the poster of a video. */
  thumbnail?: { url: string; width: number; height: number; format?: string; urlExpirationDate?: string };
}

export interface WireMedia {
  mainMedia?: WireMediaItem;
  items: WireMediaItem[];
}

/** Store variant video (wire/catalogue.md §2). */
export interface WireVideo {
  id: string;
  filename: string;
  urlExpirationDate?: string;
  resolutions: Array<{
    url: string;
    height: number;
    width: number;
    format: string;
    urlExpirationDate?: string;
    poster?: WireImage;
  }>;
  posters: WireImage[];
}

/**
 * The URL of a media file: an external image's own URL, else our `/media/<id>/<filename>`, signed (with its
 * `urlExpirationDate`) when a signer is loaded; `size` picks a thumbnail of an uploaded image.
 */
export function mediaLink(
  links: MediaLinks,
  media: Pick<StoredMedia, 'id' | 'filename' | 'url'>,
  size?: number,
): { url: string; urlExpirationDate?: string } {
  if (media.url) return { url: media.url };
  const base = `${links.baseUrl}/media/${media.id}/${encodeURIComponent(media.filename)}`;
  const signed = links.sign(media.id);
  const query = [size !== undefined ? `size=${size}` : '', signed?.query ?? ''].filter(Boolean).join('&');
  return {
    url: query ? `${base}?${query}` : base,
    ...(signed ? { urlExpirationDate: signed.expiresAt } : {}),
  };
}

/** Unsigned URL of a stored media file (served as long as the file is public). */
export function mediaUrl(baseUrl: string, media: Pick<StoredMedia, 'id' | 'filename' | 'url'>): string {
  return mediaLink(unsignedLinks(baseUrl), media).url;
}

type ImageSource = Pick<StoredMedia, 'id' | 'filename' | 'width' | 'height' | 'format' | 'url'> &
  Partial<Pick<StoredMedia, 'altText' | 'focalPoint'>>;

export function imageObject(links: MediaLinks, media: ImageSource): WireImage {
  const link = mediaLink(links, media);
  return {
    id: media.id,
    url: link.url,
    width: media.width,
    height: media.height,
    ...presentFields(media, ['format', 'altText']),
    filename: media.filename,
    ...presentFields(link, ['urlExpirationDate']),
    ...presentFields(media, ['focalPoint']),
  };
}

export function mediaItem(links: MediaLinks, media: StoredMedia): WireMediaItem {
  const head = { id: media.id, ...(media.title ? { title: media.title } : {}) };
  if (media.mediaType === 'video') {
    const file = mediaLink(links, media);
    const poster = posterImage(links, media);
    return {
      ...head,
      mediaType: 'video',
      video: {
        files: [{ ...file, width: media.width, height: media.height, format: media.format }],
        ...(media.poster ? { stillFrameMediaId: media.poster.id } : {}),
      },
      ...(poster
        ? {
            thumbnail: {
              url: poster.url,
              width: poster.width,
              height: poster.height,
              ...presentFields(poster, ['format', 'urlExpirationDate']),
            },
          }
        : {}),
    };
  }
  const smallest = media.thumbnails?.[0];
  return {
    ...head,
    mediaType: 'image',
    image: imageObject(links, media),
    ...(smallest
      ? {
          thumbnail: {
            ...mediaLink(links, media, smallest.size),
            width: smallest.width,
            height: smallest.height,
            format: 'webp',
          },
        }
      : {}),
  };
}

export function wireMedia(links: MediaLinks, list: StoredMedia[]): WireMedia {
  const items = list.map((m) => mediaItem(links, m));
  return items[0] ? { mainMedia: items[0], items } : { items };
}

export const posterImage = (links: MediaLinks, media: StoredMedia): WireImage | undefined =>
  media.poster ? imageObject(links, media.poster) : undefined;
