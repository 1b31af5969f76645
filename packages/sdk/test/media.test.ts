import type { TestServer } from '@aisle/server/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleError,
  AisleValidationError,
  createClient,
  type MediaFile,
  media,
  products,
} from '../src/index.ts';
import { adminClient, serverForFile } from './test-server.ts';

let server: TestServer;

const admin = () => adminClient(server, { media, products });

/** A real picture drawn by sharp: a gradient with a disc. */
function png(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="25%" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

serverForFile((s) => (server = s));

describe('SDK media module against the real server', () => {
  let uploaded: MediaFile;

  it('uploads a File as multipart: thumbnails, signed URLs, dates as Date', async () => {
    const bytes = await png(640, 480);
    const file = new File([new Uint8Array(bytes)], 'Red Shirt.png', { type: 'image/png' });
    uploaded = await admin().media.uploadFile(file, { folder: 'shirts' });
    expect(uploaded).toMatchObject({
      displayName: 'Red-Shirt.png',
      mediaType: 'image',
      mimeType: 'image/png',
      sizeInBytes: String(bytes.length),
      private: false,
      folder: 'shirts',
      width: 640,
      height: 480,
    });
    expect(uploaded.createdDate).toBeInstanceOf(Date);
    expect(uploaded.urlExpirationDate).toBeInstanceOf(Date);
    expect(uploaded.image?.urlExpirationDate).toBeInstanceOf(Date);
    expect(uploaded.thumbnails?.map((t) => t.size)).toEqual([150, 400, 800]);
    expect(uploaded.thumbnails?.[0]?.urlExpirationDate).toBeInstanceOf(Date);
    // The signed URL serves the very bytes uploaded.
    const served = await fetch(uploaded.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('uploads raw bytes under the given name, as a secure file with a download link', async () => {
    const bytes = await png(120, 90);
    const sdk = admin();
    const secure = await sdk.media.uploadFile(new Uint8Array(bytes), {
      filename: 'manual.png',
      fileType: 'SECURE_PICTURE',
    });
    expect(secure).toMatchObject({ displayName: 'manual.png', private: true, fileType: 'SECURE_PICTURE' });
    const link = await sdk.media.generateDownloadUrl(secure.id, { expirationInMinutes: 5 });
    expect(link.urlExpirationDate).toBeInstanceOf(Date);
    expect(link.urlExpirationDate.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const served = await fetch(link.downloadUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('lists, reads, sets the focal point and deletes', async () => {
    const sdk = admin();
    const page = await sdk.media.listFiles({ folder: 'shirts' });
    expect(page.files.map((f) => f.id)).toEqual([uploaded.id]);
    expect(page.metadata).toEqual({ count: 1, offset: 0, hasNext: false });
    expect(page.files[0]?.createdDate).toBeInstanceOf(Date);

    const read = await sdk.media.getFile(uploaded.id);
    expect(read.id).toBe(uploaded.id);
    const focused = await sdk.media.setFocalPoint(uploaded.id, { x: 30, y: 70 });
    expect(focused.focalPoint).toEqual({ x: 30, y: 70 });
    expect((await sdk.media.setFocalPoint(uploaded.id, null)).focalPoint).toBeUndefined();

    await sdk.media.deleteFile(uploaded.id);
    const gone = await sdk.media.getFile(uploaded.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(AisleApplicationError);
    expect((gone as AisleApplicationError).status).toBe(404);
  });

  it('reports a refused upload as the wire error, naming the part', async () => {
    const text = new Blob(['not a picture at all'], { type: 'image/png' });
    const error = await admin()
      .media.uploadFile(text, { filename: 'fake.png', mediaType: 'image' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleValidationError);
    expect((error as AisleValidationError).status).toBe(400);
    expect((error as AisleValidationError).fieldViolations.map((v) => v.field)).toContain('file');
    expect((error as AisleValidationError).requestId).toBeTruthy();
  });

  it('needs admin credentials', async () => {
    const visitor = createClient({ modules: { media }, baseUrl: server.url });
    const error = await visitor.media
      .uploadFile(new Uint8Array(await png(10, 10)), { filename: 'a.png' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleError);
    expect((error as AisleError).status).toBe(401);
    expect(await admin().media.listFiles({ folder: 'nobody' })).toMatchObject({ files: [] });
  });
});
