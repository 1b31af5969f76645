import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { box } from '../src/modules/catalogue/media/mp4-boxes.ts';
import { serverForFile } from './file-server.ts';

const W = '/stores/v1';
const R = '/stores-reader/v1';
const FILES = '/site-media/v1/files';
const DAY = 86_400_000;
const MB = 1024 * 1024;

interface WireImage {
  id: string;
  url: string;
  width: number;
  height: number;
  filename: string;
  urlExpirationDate?: string;
  focalPoint?: { x: number; y: number };
}
interface WireFile {
  id: string;
  displayName: string;
  url: string;
  urlExpirationDate: string;
  mediaType: string;
  mimeType: string;
  sizeInBytes: string;
  private: boolean;
  fileType?: string;
  width: number;
  height: number;
  durationInMilliseconds?: number;
  focalPoint?: { x: number; y: number };
  image?: WireImage;
  thumbnails?: Array<{ size: number; url: string; width: number; height: number; format: string }>;
  video?: {
    id: string;
    filename: string;
    urlExpirationDate: string;
    resolutions: Array<{ url: string; width: number; height: number; format: string; poster: WireImage }>;
    posters: WireImage[];
  };
}
type Body = Record<string, unknown>;

const { server, ok } = serverForFile({ dataDirName: 'media' });
const admin = () => server().adminKey;
afterEach(() => {
  server().ctx.clock = () => new Date();
});

/** A real picture: a gradient with a disc, drawn by sharp. */
function png(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#33c"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A picture with colour and edges, like a product photograph (AVIF beats WebP on it at every size). */
function photo(width: number, height: number): Promise<Buffer> {
  const circles = Array.from(
    { length: 60 },
    (_, i) =>
      `<circle cx="${(i * 97) % width}" cy="${(i * 53) % height}" r="${20 + ((i * 7) % 60)}" fill="hsl(${i * 37},70%,55%)" fill-opacity="0.6"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><radialGradient id="g"><stop offset="0" stop-color="#e9c46a"/><stop offset="0.5" stop-color="#2a9d8f"/><stop offset="1" stop-color="#264653"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An MP4 with real headers (ftyp, moov/mvhd, trak/tkhd) and a few bytes of "media data". */
function mp4(width: number, height: number, seconds: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x10000, 40);
  tkhd.writeUInt32BE(0x10000, 56);
  tkhd.writeUInt32BE(0x40000000, 72);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd))),
    box('mdat', randomBytes(4096)),
  ]);
}

interface Part {
  name: string;
  bytes: Buffer;
  filename: string;
  type?: string;
}

async function upload(
  file: Part | undefined,
  fields: Record<string, string> = {},
  options: { token?: string | null; poster?: Part } = {},
): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const part of [file, options.poster])
    if (part)
      form.append(
        part.name,
        new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      );
  const token = options.token === undefined ? admin() : options.token;
  const res = await fetch(`${server().url}${FILES}/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: token } : {},
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function uploaded(file: Part, fields: Record<string, string> = {}, poster?: Part): Promise<WireFile> {
  const res = await upload(file, fields, poster ? { poster } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.file as WireFile;
}

const violations = (body: Body) =>
  (
    body as {
      details: { validationError: { fieldViolations: Array<{ field: string; description: string }> } };
    }
  ).details.validationError.fieldViolations;
const appCode = (body: Body) =>
  (body as { details: { applicationError: { code: string } } }).details.applicationError.code;

/** GET a media URL (absolute) and read the error code of a refusal. */
/** A product in these colours (its option Color), made through the admin API. */
async function productInColors(name: string, price: number, colors: string[]): Promise<{ id: string }> {
  const made = await ok('POST', `${W}/products`, {
    product: {
      name,
      priceData: { price },
      productOptions: [{ name: 'Color', choices: colors.map((value) => ({ value })) }],
    },
  });
  return made.product as { id: string };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  let code: string | undefined;
  if (res.headers.get('content-type')?.startsWith('application/json')) {
    const body = JSON.parse(bytes.toString('utf8')) as { details: { applicationError?: { code: string } } };
    code = body.details.applicationError?.code;
  }
  return { status: res.status, headers: res.headers, bytes, code };
}

function withQuery(url: string, change: (q: URLSearchParams) => void): string {
  const u = new URL(url);
  change(u.searchParams);
  return u.toString();
}

describe('upload', () => {
  it('decodes a PNG, keeps it, and serves WebP thumbnails of 150, 400 and 800 px by size', async () => {
    const bytes = await png(1200, 900);
    const file = await uploaded(
      { name: 'file', bytes, filename: 'Red Shirt (front).png' },
      { folder: '/shirts/' },
    );
    expect(file).toMatchObject({
      displayName: 'Red-Shirt-front-.png',
      mediaType: 'image',
      mimeType: 'image/png',
      sizeInBytes: String(bytes.length),
      private: false,
      width: 1200,
      height: 900,
      folder: 'shirts',
      image: { id: file.id, width: 1200, height: 900, filename: 'Red-Shirt-front-.png' },
    });
    expect(file.thumbnails!.map((t) => [t.size, t.width, t.height, t.format])).toEqual(
      [
        [150, 150, 113],
        [400, 400, 300],
        [800, 800, 600],
      ].map((t) => [...t, 'webp']),
    );
    for (const thumbnail of file.thumbnails!) {
      expect(thumbnail.url).toContain(`size=${thumbnail.size}`);
      const res = await get(thumbnail.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(res.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', thumbnail.width, thumbnail.height]);
    }
    const original = await get(file.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.bytes.equals(bytes)).toBe(true);

    const badSize = await server().call(
      'GET',
      withQuery(file.url, (q) => q.set('size', '999')).slice(server().url.length),
    );
    expect(violations(badSize.body)).toEqual([
      expect.objectContaining({ field: 'size', description: 'must be one of 150, 400, 800' }),
    ]);
    const listed = await ok('GET', `${FILES}?folder=shirts`);
    expect((listed.files as WireFile[]).map((f) => f.id)).toEqual([file.id]);
    expect((await ok('GET', `${FILES}/${file.id}`)).file).toMatchObject({ id: file.id, width: 1200 });
  });

  it('serves AVIF copies of the thumbnails to browsers that take them (Accept), WebP to the others', async () => {
    const bytes = await photo(1200, 900);
    const file = await uploaded({ name: 'file', bytes, filename: 'balloons.png' });
    const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    for (const thumbnail of file.thumbnails!) {
      const webp = await get(thumbnail.url, { accept: 'image/webp,*/*' });
      const avif = await get(thumbnail.url, { accept: chrome });
      expect(avif.status).toBe(200);
      expect(avif.headers.get('content-type')).toBe('image/avif');
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect(avif.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(webp.headers.get('vary')).toMatch(/\bAccept\b/);
      const meta = await sharp(avif.bytes).metadata();
      expect([meta.format, meta.compression, meta.width, meta.height]).toEqual([
        'heif',
        'av1',
        thumbnail.width,
        thumbnail.height,
      ]);
      expect(avif.bytes.length).toBeLessThan(webp.bytes.length);
    }
    // Refused with q=0, or not named: WebP. The wire lists the thumbnails as before.
    const [first] = file.thumbnails!;
    for (const accept of ['image/avif;q=0,image/webp', 'image/webp,*/*', '*/*'])
      expect((await get(first!.url, { accept })).headers.get('content-type')).toBe('image/webp');
    expect(file.thumbnails!.map((t) => t.format)).toEqual(['webp', 'webp', 'webp']);
    // The original is no thumbnail: it does not vary.
    expect((await get(file.url, { accept: chrome })).headers.get('vary') ?? '').not.toMatch(/\bAccept\b/);
  });

  it('refuses a text file named .png with 400 naming `file`, and other bad parts by name', async () => {
    const text = await upload({
      name: 'file',
      bytes: Buffer.from('hello, not a picture\n'),
      filename: 'photo.png',
    });
    expect(text.status).toBe(400);
    expect(violations(text.body)).toEqual([
      expect.objectContaining({
        field: 'file',
        description: expect.stringContaining('is not a valid image'),
      }),
    ]);
    const truncated = (await png(400, 300)).subarray(0, 300);
    const broken = await upload({ name: 'file', bytes: truncated, filename: 'broken.png' });
    expect(broken.status).toBe(400);
    expect(violations(broken.body)[0]!.field).toBe('file');
    const svg = await upload({
      name: 'file',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      filename: 'logo.svg',
    });
    expect(violations(svg.body)[0]).toMatchObject({
      field: 'file',
      description: expect.stringContaining('SVG'),
    });
    const claimed = await upload(
      { name: 'file', bytes: await png(20, 20), filename: 'x.png' },
      { mediaType: 'document' },
    );
    expect(violations(claimed.body)[0]).toMatchObject({
      field: 'file',
      description: expect.stringContaining('not a document'),
    });
    const unknown = await upload({ name: 'file', bytes: randomBytes(100), filename: 'blob.bin' });
    expect(violations(unknown.body)[0]!.field).toBe('file');

    const none = await upload(undefined, { mediaType: 'image' });
    expect(violations(none.body)).toEqual([
      expect.objectContaining({ field: 'file', violatedRule: 'REQUIRED_FIELD' }),
    ]);
    const fields = await upload(
      { name: 'file', bytes: await png(20, 20), filename: 'x.png' },
      { mediaType: 'picture', fileType: 'SECRET', private: 'maybe' },
    );
    expect(violations(fields.body).map((v) => v.field)).toEqual(['fileType', 'mediaType', 'private']);
    const json = await server().call('POST', `${FILES}/upload`, { body: { file: 'x' }, token: admin() });
    expect(json.status).toBe(415);
  });

  it('refuses a file over 25 MB with 413 FILE_TOO_LARGE', async () => {
    const res = await upload({ name: 'file', bytes: Buffer.alloc(25 * MB + 1, 1), filename: 'huge.png' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      details: { applicationError: { code: 'FILE_TOO_LARGE', data: { field: 'file' } } },
    });
  });

  it('lets only admins upload and manage files (401 otherwise)', async () => {
    const file = { name: 'file', bytes: await png(20, 20), filename: 'x.png' };
    expect((await upload(file, {}, { token: null })).status).toBe(401);
    expect((await upload(file, {}, { token: 'not-a-key' })).status).toBe(401);
    for (const [method, path] of [
      ['GET', FILES],
      ['GET', `${FILES}/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`],
      ['PATCH', `${FILES}/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`],
      ['DELETE', `${FILES}/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`],
      ['POST', `${FILES}/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f/download-url`],
    ] as const)
      expect(
        (
          await server().call(method, path, {
            body: method === 'GET' || method === 'DELETE' ? undefined : {},
          })
        ).status,
        `${method} ${path}`,
      ).toBe(401);
  });
});

describe('signed links', () => {
  it('serve with a valid signature; a tampered or expired one is 403', async () => {
    const file = await uploaded({ name: 'file', bytes: await png(300, 200), filename: 'signed.png' });
    const other = await uploaded({ name: 'file', bytes: await png(30, 20), filename: 'other.png' });
    // Public links end on a UTC midnight 7 to 8 days ahead: one URL per day, cacheable.
    const expiry = new Date(file.urlExpirationDate).getTime();
    expect(expiry % DAY).toBe(0);
    expect(expiry - Date.now()).toBeGreaterThan(7 * DAY - 1000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(8 * DAY);
    expect(new URL(file.url).searchParams.get('expires')).toBe(String(expiry / 1000));
    const good = await get(file.url);
    expect(good.status).toBe(200);
    expect(good.headers.get('cache-control')).toMatch(/^public, max-age=\d+, immutable$/);
    const head = await fetch(file.url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(good.bytes.length)]);

    const sig = new URL(file.url).searchParams.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    for (const url of [
      withQuery(file.url, (q) => q.set('sig', flipped)),
      withQuery(file.url, (q) => q.set('expires', String(Number(q.get('expires')) + DAY / 1000))),
      withQuery(file.url, (q) => q.delete('sig')),
      withQuery(file.url, (q) => q.set('sig', new URL(other.url).searchParams.get('sig')!)),
    ]) {
      const res = await get(url);
      expect([res.status, res.code], url).toEqual([403, 'MEDIA_LINK_INVALID']);
    }
    server().ctx.clock = () => new Date(expiry + 1000);
    const late = await get(file.url);
    expect([late.status, late.code]).toEqual([403, 'MEDIA_LINK_EXPIRED']);
    // A public file may also be fetched unsigned (what the SDK's getImageUrl builds from an image URI).
    expect((await get(file.url.split('?')[0]!)).status).toBe(200);
  });

  it('serve a secure file only through a short-lived download link', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const file = await uploaded(
      { name: 'file', bytes: pdf, filename: 'manual.pdf' },
      { fileType: 'SECURE_DOCUMENT' },
    );
    expect(file).toMatchObject({
      mediaType: 'document',
      mimeType: 'application/pdf',
      private: true,
      fileType: 'SECURE_DOCUMENT',
    });
    // Even the admin's descriptor carries a 15-minute link only.
    expect(new Date(file.urlExpirationDate).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const bare = `${server().url}/media/${file.id}/manual.pdf`;
    const unsigned = await get(bare);
    expect([unsigned.status, unsigned.code]).toEqual([403, 'MEDIA_LINK_REQUIRED']);
    // A public image's (day-long) signature does not open it, nor does one of another id.
    const image = await uploaded({ name: 'file', bytes: await png(30, 20), filename: 'p.png' });
    const borrowed = `${bare}?${new URL(image.url).search.slice(1)}`;
    expect((await get(borrowed)).status).toBe(403);

    const anonymous = await server().call('POST', `${FILES}/${file.id}/download-url`, { body: {} });
    expect(anonymous.status).toBe(401);
    const link = await ok('POST', `${FILES}/${file.id}/download-url`, { expirationInMinutes: 15 });
    const expires = new Date(link.urlExpirationDate as string).getTime();
    expect(expires - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const download = await get(link.downloadUrl as string);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(pdf)).toBe(true);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="manual.pdf"');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    server().ctx.clock = () => new Date(Date.now() + 16 * 60_000);
    const late = await get(link.downloadUrl as string);
    expect([late.status, late.code]).toEqual([403, 'MEDIA_LINK_EXPIRED']);
    server().ctx.clock = () => new Date();

    // A secure picture: its thumbnails are as closed as the original.
    const secret = await uploaded(
      { name: 'file', bytes: await png(500, 500), filename: 's.png' },
      { private: 'true' },
    );
    expect(secret.fileType).toBe('SECURE_PICTURE');
    expect((await get(`${server().url}/media/${secret.id}/s.png?size=150`)).status).toBe(403);
    expect((await get(secret.thumbnails![0]!.url)).status).toBe(200);
    const wrongType = await upload(
      { name: 'file', bytes: await png(20, 20), filename: 'x.png' },
      { fileType: 'SECURE_MUSIC' },
    );
    expect(violations(wrongType.body)[0]!.field).toBe('fileType');

    // Secure files never become product media (their links would be public for days).
    const product = (
      await ok('POST', `${W}/products`, { product: { name: 'Manual', priceData: { price: 5 } } })
    ).product as { id: string };
    const refused = await server().call('POST', `${W}/products/${product.id}/media`, {
      body: { media: [{ mediaId: file.id }] },
      token: admin(),
    });
    expect(refused.status).toBe(400);
    expect(violations(refused.body)[0]!.field).toBe('media[0].mediaId');
  });
});

describe('media in the catalogue', () => {
  it('adds an uploaded image to a product by id: signed image objects with urlExpirationDate and focal point', async () => {
    const file = await uploaded({ name: 'file', bytes: await png(1000, 1000), filename: 'mug.png' });
    const product = await productInColors('Uploaded Mug', 12, ['Blue', 'Red']);
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [{ mediaId: file.id, choice: { option: 'Color', choice: 'Blue' } }],
    });
    const read = async () =>
      (await ok('GET', `${R}/products/${product.id}`, undefined, null)).product as {
        media: { mainMedia: { id: string; mediaType: string; image: WireImage; thumbnail: { url: string } } };
        productOptions: Array<{ choices: Array<{ media: { items: Array<{ image: WireImage }> } }> }>;
      };
    let got = await read();
    const main = got.media.mainMedia;
    expect(main).toMatchObject({
      id: file.id,
      mediaType: 'image',
      image: { id: file.id, width: 1000, height: 1000, filename: 'mug.png', format: 'png' },
    });
    expect(main.image.url).toMatch(/\/media\/[\w-]+\/mug\.png\?expires=\d+&sig=[\w-]+$/);
    expect(new Date(main.image.urlExpirationDate!).getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 1000);
    expect((await get(main.image.url)).status).toBe(200);
    expect(main.thumbnail.url).toContain('size=150');
    expect((await get(main.thumbnail.url)).headers.get('content-type')).toBe('image/webp');
    expect(got.productOptions[0]!.choices[0]!.media.items[0]!.image.urlExpirationDate).toBe(
      main.image.urlExpirationDate,
    );
    // By its URL too (the SDK's image URI).
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [{ url: `aisle:image://v1/${file.id}/mug.png#originWidth=1000&originHeight=1000` }],
    });

    const patched = await ok('PATCH', `${FILES}/${file.id}`, { file: { focalPoint: { x: 30, y: 70.5 } } });
    expect((patched.file as WireFile).focalPoint).toEqual({ x: 30, y: 70.5 });
    got = await read();
    expect(got.media.mainMedia.image.focalPoint).toEqual({ x: 30, y: 70.5 });
    expect(got.productOptions[0]!.choices[0]!.media.items[0]!.image.focalPoint).toEqual({ x: 30, y: 70.5 });
    const outOfRange = await server().call('PATCH', `${FILES}/${file.id}`, {
      body: { file: { focalPoint: { x: 130, y: 0 } } },
      token: admin(),
    });
    expect(violations(outOfRange.body)[0]!.field).toBe('file.focalPoint.x');

    const inUse = await server().call('DELETE', `${FILES}/${file.id}`, { token: admin() });
    expect([inUse.status, appCode(inUse.body)]).toEqual([409, 'MEDIA_IN_USE']);
    await ok('POST', `${W}/products/${product.id}/media/delete`, { mediaIds: [file.id] });
    await ok('DELETE', `${FILES}/${file.id}`);
    expect((await server().call('GET', `${FILES}/${file.id}`, { token: admin() })).status).toBe(404);
    expect((await get(main.image.url)).status).toBe(404);
  });

  it('keeps a video as is with its size, a poster, and shows it in a store variant', async () => {
    const video = mp4(1920, 1080, 5);
    const poster = await png(640, 360);
    const file = await uploaded(
      { name: 'file', bytes: video, filename: 'demo.mp4' },
      {},
      {
        name: 'poster',
        bytes: poster,
        filename: 'demo-still.png',
      },
    );
    expect(file).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      width: 1920,
      height: 1080,
      durationInMilliseconds: 5000,
      video: {
        id: file.id,
        filename: 'demo.mp4',
        resolutions: [{ width: 1920, height: 1080, format: 'mp4', poster: { width: 640, height: 360 } }],
      },
    });
    const stored = await get(file.url);
    expect([stored.status, stored.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(stored.bytes.equals(video)).toBe(true);
    const part = await get(file.url, { range: 'bytes=0-99' });
    expect([part.status, part.bytes.length, part.headers.get('content-range')]).toEqual([
      206,
      100,
      `bytes 0-99/${video.length}`,
    ]);
    const posterImage = file.video!.posters[0]!;
    expect((await get(posterImage.url)).bytes.equals(poster)).toBe(true);

    // Without a poster part, a placeholder in the video's shape.
    const plain = await uploaded({ name: 'file', bytes: mp4(1080, 1920, 2), filename: 'tall.mp4' });
    expect(plain.video!.posters[0]).toMatchObject({ width: 640, height: 1138 });
    expect((await get(plain.video!.posters[0]!.url)).headers.get('content-type')).toBe('image/jpeg');

    const image = await uploaded({ name: 'file', bytes: await png(400, 400), filename: 'red.png' });
    const product = await productInColors('Video Lamp', 40, ['Red', 'Blue']);
    await ok('POST', `${W}/products/${product.id}/media`, {
      media: [
        { mediaId: file.id, choice: { option: 'Color', choice: 'Blue' } },
        { mediaId: image.id, choice: { option: 'Color', choice: 'Red' } },
      ],
    });
    const read = (await ok('GET', `${R}/products/${product.id}`, undefined, null)).product as {
      media: { mainMedia: Body };
    };
    expect(read.media.mainMedia).toMatchObject({
      id: file.id,
      mediaType: 'video',
      video: { files: [{ width: 1920, height: 1080, format: 'mp4' }], stillFrameMediaId: posterImage.id },
      thumbnail: { width: 640, height: 360 },
    });

    const page = await ok(
      'POST',
      `${R}/variants/query`,
      { query: { filter: { productId: product.id } } },
      null,
    );
    const variants = page.variants as Array<{ id: string; choices: Record<string, string>; media: Body }>;
    const blue = variants.find((v) => v.choices.Color === 'Blue')!;
    const red = variants.find((v) => v.choices.Color === 'Red')!;
    const got = (await ok('GET', `${R}/variants/${blue.id}`, undefined, null)).variant as {
      media: { video: NonNullable<WireFile['video']> & { urlExpirationDate: string } };
    };
    const v = got.media.video;
    expect(v).toMatchObject({ id: file.id, filename: 'demo.mp4' });
    expect(new Date(v.urlExpirationDate).getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 1000);
    expect(v.resolutions).toEqual([
      {
        url: expect.stringMatching(/\/demo\.mp4\?expires=\d+&sig=/),
        width: 1920,
        height: 1080,
        format: 'mp4',
        urlExpirationDate: v.urlExpirationDate,
        poster: expect.objectContaining({
          id: posterImage.id,
          width: 640,
          height: 360,
          urlExpirationDate: v.urlExpirationDate,
        }),
      },
    ]);
    expect(v.posters).toEqual([v.resolutions[0]!.poster]);
    expect((await get(v.resolutions[0]!.url)).status).toBe(200);
    expect(red.media).toMatchObject({
      image: { id: image.id, width: 400, urlExpirationDate: v.urlExpirationDate },
    });
    expect(red.media).not.toHaveProperty('video');
  });
});
