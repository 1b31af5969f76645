import multipart from '@fastify/multipart';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, invalid } from '../../../platform/errors.ts';
import { deleteMediaFile, setFocalPoint } from './edits.ts';
import { describeMediaFile, downloadUrl, getMediaFile, listMediaFiles } from './files.ts';
import { MAX_UPLOAD_BYTES, uploadMedia, type UploadRequest } from './upload.ts';
import { openMedia } from './serving.ts';
import {
  DownloadUrlRequest,
  DownloadUrlResponse,
  FileResponse,
  FilesResponse,
  ListFilesQuery,
  MediaFileParams,
  MediaFileQuery,
  MediaPathParams,
  UpdateFileRequest,
  UploadResponse,
} from './schemas.ts';
import { mediaSigner } from './signing.ts';
import { samePath } from '../shared/route-support.ts';
import { Empty } from '../shared/schemas.ts';
import { admin, open, routeOptions } from '../../../platform/routing.ts';

const route = routeOptions(['media']);
const PREFIX = '/site-media/v1/files';
const MB = 1024 * 1024;

/** What the multipart reader throws, as our errors: an oversized part is 413 naming the part. */
function uploadError(error: unknown, part: string | undefined): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(
      413,
      'FILE_TOO_LARGE',
      `"${part ?? 'file'}" is larger than the upload limit of ${MAX_UPLOAD_BYTES / MB} MB`,
      { field: part ?? 'file', maxSizeInBytes: String(MAX_UPLOAD_BYTES) },
    );
  if (code === 'FST_FILES_LIMIT')
    return invalid('poster', 'is the only other file part allowed besides "file"', 'FIELD_NOT_ALLOWED');
  return error;
}

/**
 * The media API (admin): upload (multipart), list, read, set the focal point, delete, make download links;
 * and the public file route `/media/<id>/<filename>` that checks signed links.
 */
export async function mediaRoutes(app: App, ctx: AppContext): Promise<void> {
  // Media URLs are signed synchronously on reads: have the secret before the first request.
  await mediaSigner(ctx);

  await app.register(async (instance) => {
    const scoped = instance as unknown as App;
    await scoped.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 20, fieldSize: 1024, parts: 24 },
      throwFileSizeLimit: true,
    });
    scoped.post(
      `${PREFIX}/upload`,
      route(admin, 'Upload a media file (multipart/form-data)', {
        description: [
          "Parts: `file` (required, at most 25 MB); `poster` (a video's poster image; a placeholder is made",
          'otherwise); text parts `mediaType` (image|video|audio|document|zip, checked against the bytes),',
          '`folder`, `private` (true: a secure file), `fileType` (SECURE_PICTURE|SECURE_VIDEO|SECURE_DOCUMENT|',
          "SECURE_MUSIC|SECURE_ARCHIVE, implies private), `width`/`height` (a video's size when its container",
          'does not say). Images are decoded and get WebP thumbnails of 150, 400 and 800 px (and AVIF copies, served by `Accept`).',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse },
      }),
      async (request) => {
        if (!request.isMultipart())
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the upload as multipart/form-data with the file in the part named "file"',
          );
        const upload: UploadRequest = { fields: {} };
        let current: string | undefined;
        try {
          for await (const part of request.parts()) {
            current = part.fieldname;
            if (part.type === 'file') {
              const bytes = await part.toBuffer();
              if (part.fieldname === 'file' || part.fieldname === 'poster')
                upload[part.fieldname] = { filename: part.filename, bytes };
            } else if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
          }
        } catch (error) {
          throw uploadError(error, current);
        }
        const row = await uploadMedia(ctx, upload);
        return { file: await describeMediaFile(ctx, row) };
      },
    );
  });

  app.get(
    PREFIX,
    route(admin, 'List media files, newest first', {
      querystring: ListFilesQuery,
      response: { 200: FilesResponse },
    }),
    async (request) => listMediaFiles(ctx, request.query),
  );
  app.get(
    `${PREFIX}/:id`,
    route(admin, 'A media file', { params: MediaFileParams, response: { 200: FileResponse } }),
    async (request) => ({ file: await getMediaFile(ctx, request.params.id) }),
  );
  app.patch(
    `${PREFIX}/:id`,
    route(admin, "Set a media file's focal point (written through to product and collection media)", {
      params: MediaFileParams,
      body: UpdateFileRequest,
      response: { 200: FileResponse },
    }),
    async (request) => {
      samePath(request.params.id, request.body.file.id ?? request.body.id, 'file.id');
      const row = await setFocalPoint(ctx, request.params.id, request.body.file.focalPoint);
      return { file: await describeMediaFile(ctx, row) };
    },
  );
  app.delete(
    `${PREFIX}/:id`,
    route(admin, 'Delete a media file that no product or collection shows', {
      params: MediaFileParams,
      response: { 200: Empty },
    }),
    async (request) => {
      await deleteMediaFile(ctx, request.params.id);
      return {};
    },
  );
  app.post(
    `${PREFIX}/:id/download-url`,
    route(admin, 'A short-lived signed download link (the only way to a secure file)', {
      params: MediaFileParams,
      body: DownloadUrlRequest,
      response: { 200: DownloadUrlResponse },
    }),
    async (request) => {
      samePath(request.params.id, request.body.id, 'id');
      const link = await downloadUrl(ctx, request.params.id, request.body.expirationInMinutes);
      return { downloadUrl: link.url, urlExpirationDate: link.urlExpirationDate };
    },
  );

  app.get(
    '/media/:id/:filename',
    route(open, 'A media file (signed links: `expires` + `sig`; `size` picks a thumbnail)', {
      params: MediaPathParams,
      querystring: MediaFileQuery,
    }),
    async (request, reply) => {
      const file = await openMedia(ctx, request.params.id, request.params.filename, {
        ...request.query,
        range: request.headers.range,
        accept: request.headers.accept,
      });
      if (file.contentRange) reply.code(206).header('content-range', file.contentRange);
      if (file.vary) {
        // Beside what is there already (CORS varies by Origin).
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, ${file.vary}` : file.vary);
      }
      return reply
        .type(file.contentType)
        .header('content-length', file.length)
        .header('accept-ranges', 'bytes')
        .header('cache-control', file.cacheControl)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}
