import { Type } from '@sinclair/typebox';
import { literals } from '../../../platform/schema.ts';
import { MEDIA_KINDS, SECURE_FILE_TYPES } from '../shared/model.ts';
import { FocalPoint, Image, Opt, Str } from '../shared/schemas.ts';
import { VideoObject } from '../variants/schemas.ts';

/** Schemas of the media API (`/site-media/v1/files`) and the media file route. */

const MediaKindSchema = literals(MEDIA_KINDS);
const SecureFileTypeSchema = literals(
  Object.keys(SECURE_FILE_TYPES) as Array<keyof typeof SECURE_FILE_TYPES>,
);
const Expiry = Str({ description: 'When the signed `url` stops working (ISO date)' });

export const MediaFileParams = Type.Object({ id: Str({ maxLength: 100 }) });
export const MediaPathParams = Type.Object({
  id: Str({ maxLength: 36 }),
  filename: Str({ maxLength: 200 }),
});
export const MediaFileQuery = Type.Object({
  size: Opt(Type.Integer({ minimum: 1, maximum: 10_000, description: 'A thumbnail: 150, 400 or 800' })),
  expires: Opt(Str({ maxLength: 20, description: 'Expiry of the signed link (unix seconds)' })),
  sig: Opt(Str({ maxLength: 100, description: 'Signature of the link' })),
  download: Opt(Type.Boolean({ description: 'Serve as an attachment' })),
});

export const File = Type.Object({
  id: Str(),
  displayName: Str({ description: 'The stored file name (last segment of its URL)' }),
  url: Str({ description: 'Signed URL: 7 to 8 days for public files, 15 minutes for secure files' }),
  urlExpirationDate: Opt(Expiry),
  mediaType: MediaKindSchema,
  mimeType: Str({ description: 'Detected from the bytes' }),
  sizeInBytes: Str({ description: 'int64 as a string' }),
  private: Type.Boolean({ description: 'A secure file: served only through signed download links' }),
  fileType: Opt(SecureFileTypeSchema),
  folder: Str(),
  width: Type.Integer(),
  height: Type.Integer(),
  durationInMilliseconds: Opt(Type.Integer()),
  focalPoint: Opt(FocalPoint),
  image: Opt(Image),
  thumbnails: Opt(
    Type.Array(
      Type.Object({
        size: Type.Integer({ description: 'Box the thumbnail fits in (px)' }),
        url: Str(),
        urlExpirationDate: Opt(Expiry),
        width: Type.Integer(),
        height: Type.Integer(),
        format: Str(),
      }),
    ),
  ),
  video: Opt(VideoObject),
  createdDate: Str(),
  updatedDate: Str(),
});

export const FileResponse = Type.Object({ file: File });
export const FilesResponse = Type.Object({
  files: Type.Array(File),
  metadata: Type.Object({ count: Type.Integer(), offset: Type.Integer(), hasNext: Type.Boolean() }),
});
export const ListFilesQuery = Type.Object({
  mediaType: Opt(MediaKindSchema),
  folder: Opt(Str({ maxLength: 200 })),
  limit: Opt(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 50' })),
  offset: Opt(Type.Integer({ minimum: 0 })),
});

export const UpdateFileRequest = Type.Object({
  id: Opt(Str({ maxLength: 100 })),
  file: Type.Object({
    id: Opt(Str({ maxLength: 100 })),
    focalPoint: Type.Union([FocalPoint, Type.Null()], {
      description: 'Percent of width and height (0–100); null clears it',
    }),
  }),
});

export const DownloadUrlRequest = Type.Object({
  id: Opt(Str({ maxLength: 100 })),
  expirationInMinutes: Opt(Type.Integer({ minimum: 1, maximum: 1440, description: 'Default 15' })),
});
export const DownloadUrlResponse = Type.Object({ downloadUrl: Str(), urlExpirationDate: Str() });

export const UploadResponse = FileResponse;
