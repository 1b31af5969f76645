import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMedia } from '../src/modules/catalogue/media/copy.ts';
import { S3Storage } from '../src/modules/catalogue/media/s3-storage.ts';
import { LocalDiskStorage } from '../src/modules/catalogue/media/storage.ts';
import type { MediaS3Config } from '../src/platform/media-s3-config.ts';
import { createServer, type Server } from '../src/server.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { uploadFile } from './media-helpers.ts';
import S3rver from './s3rver.ts';

/**
 * Media in S3-compatible object storage, against a real S3-API server (s3rver) started here: uploads,
 * thumbnails, byte ranges and deletion through the API, a second server on the same database and bucket
 * serving the first one's upload, and copying a store's media between disk and bucket.
 */

let s3: S3rver;
let dir: string;
let bucket: MediaS3Config;
let server: TestServer;
let twin: Server;
let twinUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aisle-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 'bucket'),
    configureBuckets: [{ name: 'aisle-media' }],
  });
  const { port } = await s3.run();
  bucket = {
    bucket: 'aisle-media',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'shop-a/',
  };
  server = await startTestServer({ config: { mediaS3: bucket, dataDir: join(dir, 'data') } });
  // Another server machine: same database, same bucket, a data folder of its own.
  twin = await createServer({ ...server.ctx.config, dataDir: join(dir, 'twin') }, server.database);
  await twin.app.listen({ port: 0, host: '127.0.0.1' });
  twinUrl = `http://127.0.0.1:${(twin.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await twin?.close();
  await server?.stop();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

const upload = (bytes: Buffer, filename: string) =>
  uploadFile(server, { content: bytes, filename, type: 'image/png' });

const objects = async () => {
  const keys: string[] = [];
  for await (const key of new S3Storage(bucket).keys()) keys.push(key);
  return keys;
};

describe('media in an S3 bucket', () => {
  it('stores uploads and thumbnails in the bucket under the prefix and serves them, ranges too', async () => {
    const original = await png(640, 480);
    const file = await upload(original, 'red.png');
    const keys = await objects();
    expect(keys.filter((k) => k.startsWith(`${file.id}/`)).length).toBeGreaterThan(1);

    const whole = await fetch(file.url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    const part = await fetch(file.url, { headers: { range: 'bytes=0-15' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(0, 16))).toBe(true);

    for (const thumbnail of file.thumbnails ?? []) expect((await fetch(thumbnail.url)).status).toBe(200);
  });

  it("a second server on the same database and bucket serves the first one's upload", async () => {
    const file = await upload(await png(300, 200), 'shared.png');
    const path = new URL(file.url);
    const res = await fetch(`${twinUrl}${path.pathname}${path.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('deleting a file removes its objects from the bucket', async () => {
    const file = await upload(await png(120, 80), 'gone.png');
    expect((await objects()).some((k) => k.startsWith(`${file.id}/`))).toBe(true);
    const res = await server.call('DELETE', `/site-media/v1/files/${file.id}`, { token: server.adminKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await objects()).some((k) => k.startsWith(`${file.id}/`))).toBe(false);
    expect((await fetch(file.url)).status).toBe(404);
  });
});

describe('copying media between storages', () => {
  it('copies every object from disk to a bucket and back, skipping what is already there', async () => {
    const disk = new LocalDiskStorage(join(dir, 'copy-source'));
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    await disk.put(`${ids[0]}/original.png`, Buffer.from('first'));
    await disk.put(`${ids[0]}/w200.webp`, Buffer.from('first thumbnail'));
    await disk.put(`${ids[1]}/original.pdf`, Buffer.from('second'));
    const target = new S3Storage({ ...bucket, prefix: 'copy-test/' });

    expect(await copyMedia(disk, target)).toEqual({ copied: 3, skipped: 0 });
    expect(await target.list(`${ids[0]}/`)).toEqual([`${ids[0]}/original.png`, `${ids[0]}/w200.webp`]);
    const stream = await target.get(`${ids[1]}/original.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('second');
    expect(await copyMedia(disk, target)).toEqual({ copied: 0, skipped: 3 });

    const back = new LocalDiskStorage(join(dir, 'copy-back'));
    expect(await copyMedia(target, back)).toEqual({ copied: 3, skipped: 0 });
    expect((await back.stat(`${ids[0]}/w200.webp`))?.size).toBe('first thumbnail'.length);
  });
});
