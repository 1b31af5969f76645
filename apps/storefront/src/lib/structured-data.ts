import type { Product } from '@aisle/sdk';
import type { SiteBrand } from './meta.ts';
import { minorDigits } from './money.ts';

/** schema.org JSON-LD for the store's pages (read by search engines from the server's HTML). */

export const organization = (origin: string, site: SiteBrand) => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: site.name,
  url: `${origin}/`,
  logo: new URL(site.logo?.url2x ?? site.logo?.url ?? '/favicon.svg', origin).href,
});

export const breadcrumbs = (origin: string, trail: Array<{ name: string; path: string }>) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((crumb, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: crumb.name,
    item: new URL(crumb.path, origin).href,
  })),
});

const AVAILABILITY = {
  in: 'https://schema.org/InStock',
  out: 'https://schema.org/OutOfStock',
} as const;

/** A price as schema.org wants it: a decimal string with the currency's minor digits. */
function amount(value: number | undefined, currency: string): string | undefined {
  if (value === undefined) return undefined;
  return value.toFixed(minorDigits(currency));
}

/** The product with one offer per visible variant (price, currency, availability, SKU, chosen-variant URL). */
export function productData(origin: string, product: Product, path: string) {
  const currency = product.priceData?.currency ?? 'USD';
  const url = new URL(path, origin).href;
  const image = (product.media?.items ?? [])
    .map((item) => item.image?.url)
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u, origin).href);
  const options = product.productOptions ?? [];
  const variants = (product.variants ?? []).filter((v) => v.variant?.visible !== false);
  const offers =
    options.length > 0 && variants.length > 0
      ? variants.map((variant) => {
          const search = new URLSearchParams(
            Object.entries(variant.choices ?? {}).filter((entry): entry is [string, string] => !!entry[1]),
          ).toString();
          return {
            '@type': 'Offer',
            url: search ? `${url}?${search}` : url,
            price: amount(
              variant.variant?.priceData?.discountedPrice ?? variant.variant?.priceData?.price,
              currency,
            ),
            priceCurrency: currency,
            availability: variant.stock?.inStock === false ? AVAILABILITY.out : AVAILABILITY.in,
            ...(variant.variant?.sku ? { sku: variant.variant.sku } : {}),
            itemCondition: 'https://schema.org/NewCondition',
          };
        })
      : [
          {
            '@type': 'Offer',
            url,
            price: amount(product.priceData?.discountedPrice ?? product.priceData?.price, currency),
            priceCurrency: currency,
            availability: product.stock?.inStock === false ? AVAILABILITY.out : AVAILABILITY.in,
            itemCondition: 'https://schema.org/NewCondition',
          },
        ];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    ...(image.length ? { image } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers,
  };
}
