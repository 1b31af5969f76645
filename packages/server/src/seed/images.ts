import { createHash } from 'node:crypto';
import { loadSharp } from '../modules/catalogue/media/sharp.ts';
import type { StoredMedia } from '../modules/catalogue/shared/model.ts';
import { storedMediaOf } from '../modules/catalogue/media/files.ts';
import { storeGeneratedImage } from '../modules/catalogue/media/upload.ts';
import type { AppContext } from '../platform/context.ts';

/** Seed images drawn locally: an SVG (gradient, product-ish shape, initials) rendered to JPEG by sharp. */

export type Shape =
  | 'shirt'
  | 'sweater'
  | 'trousers'
  | 'shoe'
  | 'lamp'
  | 'mug'
  | 'pan'
  | 'tent'
  | 'bottle'
  | 'bag'
  | 'cap'
  | 'book';

const SHAPES: Record<Shape, string> = {
  shirt:
    '<path d="M250 300 L330 240 L470 240 L550 300 L510 360 L480 340 L480 560 L320 560 L320 340 L290 360 Z"/>',
  sweater:
    '<path d="M240 300 L330 240 L470 240 L560 300 L600 530 L545 540 L480 370 L480 560 L320 560 L320 370 L255 540 L200 530 Z"/>',
  trousers: '<path d="M310 230 L490 230 L520 570 L440 570 L400 330 L360 570 L280 570 Z"/>',
  shoe: '<path d="M210 480 L230 350 Q250 320 290 340 L380 400 Q420 420 480 425 L560 435 Q615 445 615 495 L615 520 L210 520 Z"/><rect x="200" y="525" width="425" height="28" rx="12"/>',
  lamp: '<path d="M320 240 L480 240 L545 400 L255 400 Z"/><rect x="388" y="400" width="24" height="140"/><ellipse cx="400" cy="550" rx="110" ry="22"/>',
  mug: '<rect x="280" y="290" width="200" height="260" rx="26"/><path d="M480 340 Q570 340 570 420 Q570 500 480 500" fill="none" stroke-width="34" stroke="currentColor"/>',
  pan: '<ellipse cx="360" cy="420" rx="170" ry="120"/><rect x="520" y="400" width="170" height="40" rx="18"/>',
  tent: '<path d="M190 550 L400 230 L610 550 Z"/><path d="M400 330 L340 550 L460 550 Z" fill-opacity="0.55" fill="#000"/>',
  bottle:
    '<rect x="355" y="210" width="90" height="50" rx="10"/><rect x="320" y="255" width="160" height="310" rx="50"/>',
  bag: '<rect x="250" y="330" width="300" height="240" rx="30"/><path d="M320 330 Q320 240 400 240 Q480 240 480 330" fill="none" stroke-width="28" stroke="currentColor"/>',
  cap: '<path d="M250 440 Q250 270 400 270 Q550 270 550 440 Z"/><path d="M520 430 L640 455 Q650 470 630 475 L520 470 Z"/>',
  book: '<rect x="270" y="230" width="260" height="340" rx="14"/><rect x="270" y="230" width="34" height="340" fill-opacity="0.35" fill="#000"/>',
};

export interface ImageSpec {
  shape: Shape;
  /** Background hue, 0-360. */
  hue: number;
  /** Up to three letters drawn under the shape. */
  initials: string;
  /** Shape colour (a variant's colour); white by default. */
  fill?: string;
}

const IMAGE_SIZE = 800;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function productSvg(spec: ImageSpec, size = IMAGE_SIZE): string {
  const fill = spec.fill ?? '#ffffff';
  const h = Math.round(spec.hue) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},62%,66%)"/><stop offset="1" stop-color="hsl(${(h + 38) % 360},68%,38%)"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
<circle cx="400" cy="395" r="235" fill="#ffffff" fill-opacity="0.16"/>
<g fill="${escapeXml(fill)}" stroke="${escapeXml(fill)}" color="${escapeXml(fill)}" stroke-width="0" fill-opacity="0.94">${SHAPES[spec.shape]}</g>
<text x="400" y="712" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="64" font-weight="700" letter-spacing="6" fill="#ffffff" fill-opacity="0.9" text-anchor="middle">${escapeXml(spec.initials.slice(0, 3))}</text>
</svg>`;
}

export async function renderImage(spec: ImageSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(productSvg(spec)))
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A stable UUID for a seed key, so re-seeding reuses the files already on disk. */
export function seedId(key: string): string {
  const hex = createHash('sha1').update(`aisle-seed:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * Renders (unless stored already) and stores one image with a media record and thumbnails, as an upload
 * would be: the admin's focal point, the media library and the storefront's thumbnails work on it. Returns
 * the media item a product or collection keeps.
 */
export async function seedImage(
  ctx: AppContext,
  key: string,
  spec: ImageSpec,
  meta: { filename: string; title?: string; altText?: string },
): Promise<StoredMedia> {
  const row = await storeGeneratedImage(ctx, seedId(key), meta.filename, () => renderImage(spec));
  return {
    ...storedMediaOf(row),
    ...(meta.title ? { title: meta.title } : {}),
    ...(meta.altText ? { altText: meta.altText } : {}),
  };
}

/** The demo store's logo: a shopping bag on a rounded square (256 px PNG, transparent corners). */
export function logoSvg(size = 256): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
<rect width="256" height="256" rx="56" fill="url(#g)"/>
<path d="M92 104 Q92 60 128 60 Q164 60 164 104" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round"/>
<rect x="64" y="96" width="128" height="108" rx="18" fill="#ffffff" fill-opacity="0.95"/>
<text x="128" y="178" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="64" font-weight="700" fill="#4f46e5" text-anchor="middle">A</text>
</svg>`;
}

/** Renders (unless stored already) and stores the demo store's logo; returns its media id. */
export async function seedLogo(ctx: AppContext): Promise<string> {
  const row = await storeGeneratedImage(ctx, seedId('store-logo'), 'aisle-demo-store-logo.png', async () => {
    const sharp = await loadSharp();
    return sharp(Buffer.from(logoSvg())).png().toBuffer();
  });
  return row.id;
}

/** Runs `fn` over `items` with at most `limit` in flight (sharp renders on libuv's thread pool). */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
