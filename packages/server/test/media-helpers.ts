import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from '../src/testing.ts';

/** Uploads a small drawn PNG (120×40) through the media API as the admin; its id and signed URL. */
export async function uploadPng(server: TestServer, name: string): Promise<{ id: string; url: string }> {
  const bytes = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1f3a5f' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const res = await fetch(`${server.url}/site-media/v1/files/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: server.adminKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { file: { id: string; url: string } }).file;
}
