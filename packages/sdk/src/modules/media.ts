import { REQUEST_ID_HEADER } from '../core/constants.ts';
import { type AisleError, errorFromResponse, systemError } from '../core/errors.ts';
import { applyTransform, type TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { MediaType } from './catalogue-types.ts';

/**
 * The media API (admin clients): upload files as multipart/form-data, list, read, set the focal point,
 * delete, and make short-lived download links of secure files (`/site-media/v1/files`, docs/CATALOGUE.md).
 * Isomorphic: `FormData` and `Blob` are the platform's own in browsers and in Node 20+.
 */

export const MEDIA_FILES_PATH = '/site-media/v1/files';

/** `private` files are served only through `generateDownloadUrl`; the type says which media kind they hold. */
export type SecureFileType =
  | 'SECURE_PICTURE'
  | 'SECURE_VIDEO'
  | 'SECURE_DOCUMENT'
  | 'SECURE_MUSIC'
  | 'SECURE_ARCHIVE';

export interface FocalPoint {
  /** Percent of the width (0–100). */
  x: number;
  /** Percent of the height (0–100). */
  y: number;
}

export interface MediaFileImage {
  id: string;
  url: string;
  width: number;
  height: number;
  format?: string;
  altText?: string;
  filename: string;
  urlExpirationDate?: Date;
  focalPoint?: FocalPoint;
}

export interface MediaFileThumbnail {
  /** The box the thumbnail fits in: 150, 400 or 800 px. */
  size: number;
  url: string;
  urlExpirationDate?: Date;
  width: number;
  height: number;
  format: string;
}

export interface MediaFileVideo {
  id: string;
  filename: string;
  urlExpirationDate?: Date;
  resolutions: Array<{
    url: string;
    width: number;
    height: number;
    format: string;
    urlExpirationDate?: Date;
    poster?: MediaFileImage;
  }>;
  posters?: MediaFileImage[];
}

/** A stored media file. `url` is signed: 7 to 8 days for public files, 15 minutes for secure ones. */
export interface MediaFile {
  id: string;
  /** The stored file name (the last segment of its URL). */
  displayName: string;
  url: string;
  urlExpirationDate?: Date;
  mediaType: MediaType;
  /** Detected from the bytes. */
  mimeType: string;
  /** int64 as a string. */
  sizeInBytes: string;
  private: boolean;
  fileType?: SecureFileType;
  folder: string;
  width: number;
  height: number;
  durationInMilliseconds?: number;
  focalPoint?: FocalPoint;
  /** Uploaded images: the image object products and collections show. */
  image?: MediaFileImage;
  /** Uploaded images: WebP thumbnails of 150, 400 and 800 px. */
  thumbnails?: MediaFileThumbnail[];
  video?: MediaFileVideo;
  createdDate: Date;
  updatedDate: Date;
}

/** The bytes of an upload: a `File` (keeps its name), a `Blob`, or raw bytes. */
export type UploadBody = Blob | ArrayBuffer | Uint8Array;

export interface UploadFileOptions {
  /** The file name to store; default: the `File`'s own name, else `file`. */
  filename?: string;
  /** Checked against the bytes (the server detects the kind itself when absent). */
  mediaType?: MediaType;
  folder?: string;
  /** A secure file (served only through signed download links). */
  private?: boolean;
  /** Implies `private`. */
  fileType?: SecureFileType;
  /** A video's size, when its container does not say. */
  width?: number;
  height?: number;
  /** A video's poster image (a placeholder is made otherwise). */
  poster?: UploadBody;
  posterFilename?: string;
  signal?: AbortSignal;
}

export interface ListFilesOptions {
  mediaType?: MediaType;
  folder?: string;
  /** 1 to 100; default 50. */
  limit?: number;
  offset?: number;
}

export interface MediaFilesPage {
  files: MediaFile[];
  metadata: { count: number; offset: number; hasNext: boolean };
}

export interface DownloadUrl {
  downloadUrl: string;
  urlExpirationDate: Date;
}

const IMAGE_DATES = ['urlExpirationDate'];
const fileDates = (prefix: string): string[] =>
  [
    'createdDate',
    'updatedDate',
    'urlExpirationDate',
    'image.urlExpirationDate',
    'thumbnails.urlExpirationDate',
    'video.urlExpirationDate',
    'video.resolutions.urlExpirationDate',
    ...IMAGE_DATES.map((d) => `video.resolutions.poster.${d}`),
    ...IMAGE_DATES.map((d) => `video.posters.${d}`),
  ].map((path) => `${prefix}${path}`);

/** Dates of a `{file}` response. */
export const MEDIA_FILE_CONVERSION: TransformSpec = { dates: fileDates('file.') };
/** Dates of a `{files}` page. */
export const MEDIA_FILES_CONVERSION: TransformSpec = { dates: fileDates('files.') };

const toBlob = (body: UploadBody): Blob =>
  body instanceof Blob ? body : new Blob([body instanceof Uint8Array ? new Uint8Array(body) : body]);

const nameOf = (body: UploadBody, given: string | undefined, fallback: string): string =>
  given ?? (typeof File !== 'undefined' && body instanceof File && body.name ? body.name : fallback);

/**
 * A call with a body or a response that is not JSON, through the client's authenticated fetch: a 200 is
 * handed to `read`, anything else becomes the same `AisleError` a JSON call would throw.
 */
export async function rawCall<T>(
  http: Http,
  path: string,
  init: RequestInit,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  let response: Response;
  try {
    response = await http.fetchWithAuth(path, init);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw systemError(undefined, cause);
  }
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (response.status !== 200) {
    const text = await response.text().catch(() => '');
    let body: unknown = text || undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    const error: AisleError = errorFromResponse({
      status: response.status,
      statusText: response.statusText,
      body,
      requestId,
    });
    throw error;
  }
  try {
    return await read(response);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw systemError(requestId, cause);
  }
}

export const media = (http: Http) => {
  const filePath = (id: string) => `${MEDIA_FILES_PATH}/${encodeURIComponent(id)}`;
  const one = async (call: Promise<{ file: MediaFile }>) => (await call).file;
  return {
    /**
     * Uploads one file (multipart/form-data, at most 25 MB). Images are decoded and get thumbnails; the
     * stored file is returned with its signed URL.
     */
    uploadFile: async (file: UploadBody, options: UploadFileOptions = {}): Promise<MediaFile> => {
      const form = new FormData();
      const fields: Record<string, string | number | boolean | undefined> = {
        mediaType: options.mediaType,
        folder: options.folder,
        private: options.private,
        fileType: options.fileType,
        width: options.width,
        height: options.height,
      };
      for (const [name, value] of Object.entries(fields))
        if (value !== undefined) form.append(name, String(value));
      form.append('file', toBlob(file), nameOf(file, options.filename, 'file'));
      if (options.poster)
        form.append(
          'poster',
          toBlob(options.poster),
          nameOf(options.poster, options.posterFilename, 'poster'),
        );
      return rawCall(
        http,
        `${MEDIA_FILES_PATH}/upload`,
        {
          method: 'POST',
          body: form,
          headers: { Accept: 'application/json' },
          ...(options.signal ? { signal: options.signal } : {}),
        },
        async (response) =>
          (applyTransform(await response.json(), MEDIA_FILE_CONVERSION) as { file: MediaFile }).file,
      );
    },
    /** Newest first. */
    listFiles: (options: ListFilesOptions = {}): Promise<MediaFilesPage> =>
      http.request<MediaFilesPage>({
        method: 'GET',
        path: MEDIA_FILES_PATH,
        data: options,
        transform: MEDIA_FILES_CONVERSION,
      }),
    getFile: (fileId: string): Promise<MediaFile> =>
      one(http.request({ method: 'GET', path: filePath(fileId), transform: MEDIA_FILE_CONVERSION })),
    /** Written through to the products and collections that show the file; `null` clears it. */
    setFocalPoint: (fileId: string, focalPoint: FocalPoint | null): Promise<MediaFile> =>
      one(
        http.request({
          method: 'PATCH',
          path: filePath(fileId),
          data: { file: { focalPoint } },
          transform: MEDIA_FILE_CONVERSION,
        }),
      ),
    /** Only a file no product or collection shows. */
    deleteFile: async (fileId: string): Promise<void> => {
      await http.request({ method: 'DELETE', path: filePath(fileId) });
    },
    /** A signed link to the file (the only way to a secure file), 1 to 1440 minutes; default 15. */
    generateDownloadUrl: (
      fileId: string,
      options: { expirationInMinutes?: number } = {},
    ): Promise<DownloadUrl> =>
      http.request<DownloadUrl>({
        method: 'POST',
        path: `${filePath(fileId)}/download-url`,
        data: options,
        transform: { dates: ['urlExpirationDate'] },
      }),
  };
};

export type MediaModule = ReturnType<typeof media>;
