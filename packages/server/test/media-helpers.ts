import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from '../src/testing.ts';

export interface UploadedFile {
  id: string;
  url: string;
  thumbnails?: Array<{ url: string }>;
}

/**
 * Uploads a file through the media API as the admin: its bytes (or text), name, media type, and the media
 * API's `fileType` (e.g. `SECURE_DOCUMENT`) when given. The wire file.
 */
export async function uploadFile(
  server: TestServer,
  file: { content: Uint8Array | string; filename: string; type?: string; fileType?: string },
): Promise<UploadedFile> {
  const form = new FormData();
  if (file.fileType) form.append('fileType', file.fileType);
  const content = typeof file.content === 'string' ? file.content : new Uint8Array(file.content);
  form.append('file', new Blob([content], file.type ? { type: file.type } : {}), file.filename);
  const res = await fetch(`${server.url}/site-media/v1/files/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: server.adminKey },
  });
  const body = (await res.json()) as { file: UploadedFile };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.file;
}

/** Uploads a small drawn PNG (120×40) through the media API as the admin; its id and signed URL. */
export async function uploadPng(server: TestServer, name: string): Promise<UploadedFile> {
  const bytes = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1f3a5f' } })
    .png()
    .toBuffer();
  return uploadFile(server, { content: bytes, filename: name, type: 'image/png' });
}

/**
 * Media references (`{ id }` of the media library, or `{ url }`) a setting refuses, as `it.each` rows: the case,
 * the reference, the field a reference at `at` is refused on (`<at>.id`, `<at>.url` or `<at>` itself) and the rule.
 */
export function badMediaReferences(at: string): Array<[string, Record<string, unknown>, string, string]> {
  return [
    ['an unknown media id', { id: '00000000-0000-4000-8000-000000000000' }, `${at}.id`, 'VALIDATION'],
    ['an id that is not a media id', { id: 'logo' }, `${at}.id`, 'FORMAT'],
    ['a relative URL', { url: 'logo.png' }, `${at}.url`, 'FORMAT'],
    ['neither id nor url', { altText: 'x' }, at, 'REQUIRED_ONE_OF_FIELD'],
  ];
}
