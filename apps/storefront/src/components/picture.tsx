import type { MediaImage, Product } from '@aisle/sdk';
import type { CSSProperties } from 'react';

/**
 * The media service's thumbnails: the largest side fits this many pixels (`&size=`). The server answers the same
 * URL with AVIF to a browser that takes it (`Accept`), WebP otherwise.
 */
const THUMBNAILS = [150, 400, 800];

/** Our own media (`/media/<id>/<file>`, signed or not): it has thumbnails. */
const isOwnMedia = (url: string) => /^(https?:\/\/[^/]+)?\/media\/[^/]+\/[^/?]+/.test(url);

const withSize = (url: string, size: number) => `${url}${url.includes('?') ? '&' : '?'}size=${size}`;

/** `srcset` from the thumbnails no wider than the original, each with its real width. */
export function srcSetOf(image: MediaImage): string | undefined {
  const { url, width, height } = image;
  if (!url || !isOwnMedia(url) || !width || !height) return undefined;
  const entries = THUMBNAILS.map((size) => {
    const scale = Math.min(1, size / Math.max(width, height));
    return { size, w: Math.round(width * scale) };
  }).filter((entry, i, all) => i === 0 || entry.w > (all[i - 1]?.w ?? 0));
  return entries.map(({ size, w }) => `${withSize(url, size)} ${w}w`).join(', ');
}

/** The picture's focal point (percent), where the service gives one: crops keep it in view. */
function focalStyle(image: MediaImage): CSSProperties | undefined {
  const focal: unknown = (image as { focalPoint?: unknown }).focalPoint;
  if (typeof focal !== 'object' || focal === null) return undefined;
  const { x, y } = focal as { x?: unknown; y?: unknown };
  return typeof x === 'number' && typeof y === 'number' ? { objectPosition: `${x}% ${y}%` } : undefined;
}

/**
 * A catalogue image: responsive thumbnails (`srcset`/`sizes`), its size always set (no layout shift), the
 * first one of a page eager with high priority, the others lazy.
 */
export function Picture({
  image,
  alt,
  sizes,
  priority = false,
  width,
  height,
  className,
}: {
  image: MediaImage;
  alt: string;
  /** How wide it shows, for the browser's choice (`(min-width: 900px) 25vw, 50vw`). */
  sizes: string;
  /** The page's main image (LCP): eager, `fetchpriority=high`. */
  priority?: boolean;
  /** Box size when the image's own is unknown. */
  width?: number;
  height?: number;
  className?: string;
}) {
  const srcSet = srcSetOf(image);
  return (
    <img
      src={srcSet && image.url ? withSize(image.url, 400) : image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={image.width || width || 800}
      height={image.height || height || 800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      style={focalStyle(image)}
      className={className}
    />
  );
}

/** A product's picture, or an empty box without one, with the product's ribbon over it. */
export function ProductPicture({
  product,
  image,
  sizes,
  priority,
}: {
  product: Product;
  image: MediaImage | undefined;
  sizes: string;
  priority: boolean;
}) {
  return (
    <>
      {image?.url ? (
        <Picture image={image} alt={image.altText || product.name || ''} sizes={sizes} priority={priority} />
      ) : (
        <div className="image-placeholder" aria-hidden="true" />
      )}
      {product.ribbon && <span className="ribbon">{product.ribbon}</span>}
    </>
  );
}
