import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { formatMoney, fromCents, moneyToNumber, toCents } from '../../platform/money.ts';
import { type MediaLinks, unsignedLinks } from './media-signing.ts';
import type { Dimensions, FocalPoint, StoredMedia, StoredOption } from './model.ts';
import { type collections, type inventoryItems, products, type productVariants } from './tables.ts';

/** Rows → v1 catalogue wire objects (wire/catalogue.md §1, §4): prices become JSON numbers here, and only here. */

export type ProductRow = Omit<typeof products.$inferSelect, 'search'>;
/** Every column of `products` but the search vector: what product reads select. */
export const { search: _search, ...productColumns } = getTableColumns(products);
const productColumnList = Object.entries(productColumns);
/** `productColumns` as a select list, qualified (`"products"."id", …`): for statements written in SQL. */
export const productSelectList: SQL = sql.raw(
  productColumnList.map(([, column]) => `"products"."${column.name}"`).join(', '),
);
/** A row of `productSelectList` as the driver returns it (`preparedRows`) → `ProductRow`, as drizzle maps it. */
export function productFromRow(raw: Record<string, unknown>): ProductRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of productColumnList) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ProductRow;
}
export type VariantRow = typeof productVariants.$inferSelect;
export type InventoryRow = typeof inventoryItems.$inferSelect;
/** What a product read needs of a variant's inventory item. */
export type StockRow = Pick<InventoryRow, 'trackQuantity' | 'quantity' | 'inStock'>;
export type CollectionRow = typeof collections.$inferSelect;

export interface WireOptions {
  /** Absolute base of media and page URLs, e.g. the server's public URL. */
  baseUrl: string;
  currency: string;
  /** Locale of formatted amounts (the store's; `en-US` when absent). */
  locale?: string;
  /** Adds cost and profit data (admin callers only). */
  merchant: boolean;
  /** Signs media URLs; unsigned (`unsignedLinks(baseUrl)`) when absent. */
  media?: MediaLinks;
}

/** Image object (wire/README §3). */
export interface WireImage {
  id: string;
  url: string;
  width: number;
  height: number;
  format?: string;
  altText?: string;
  filename: string;
  urlExpirationDate?: string;
  focalPoint?: FocalPoint;
}

/** A file of a product media video (one per resolution; uploads are not transcoded, so one). */
export interface WireVideoFile {
  url: string;
  width: number;
  height: number;
  format: string;
  urlExpirationDate?: string;
}

export interface WireMediaItem {
  id: string;
  title?: string;
  mediaType: 'image' | 'video';
  image?: WireImage;
  video?: { files: WireVideoFile[]; stillFrameMediaId?: string };
  /** The smallest thumbnail of an uploaded image, the poster of a video. */
  thumbnail?: { url: string; width: number; height: number; format?: string; urlExpirationDate?: string };
}

export interface WireMedia {
  mainMedia?: WireMediaItem;
  items: WireMediaItem[];
}

/** Store variant video (wire/catalogue.md §2). */
export interface WireVideo {
  id: string;
  filename: string;
  urlExpirationDate?: string;
  resolutions: Array<{
    url: string;
    height: number;
    width: number;
    format: string;
    urlExpirationDate?: string;
    poster?: WireImage;
  }>;
  posters: WireImage[];
}

const linksOf = (opts: Pick<WireOptions, 'baseUrl' | 'media'>): MediaLinks =>
  opts.media ?? unsignedLinks(opts.baseUrl);

/**
 * The URL of a media file: an external image's own URL, else our `/media/<id>/<filename>`, signed (with its
 * `urlExpirationDate`) when a signer is loaded; `size` picks a thumbnail of an uploaded image.
 */
export function mediaLink(
  links: MediaLinks,
  media: Pick<StoredMedia, 'id' | 'filename' | 'url'>,
  size?: number,
): { url: string; urlExpirationDate?: string } {
  if (media.url) return { url: media.url };
  const base = `${links.baseUrl}/media/${media.id}/${encodeURIComponent(media.filename)}`;
  const signed = links.sign(media.id);
  const query = [size !== undefined ? `size=${size}` : '', signed?.query ?? ''].filter(Boolean).join('&');
  return {
    url: query ? `${base}?${query}` : base,
    ...(signed ? { urlExpirationDate: signed.expiresAt } : {}),
  };
}

/** Unsigned URL of a stored media file (served as long as the file is public). */
export function mediaUrl(baseUrl: string, media: Pick<StoredMedia, 'id' | 'filename' | 'url'>): string {
  return mediaLink(unsignedLinks(baseUrl), media).url;
}

type ImageSource = Pick<StoredMedia, 'id' | 'filename' | 'width' | 'height' | 'format' | 'url'> &
  Partial<Pick<StoredMedia, 'altText' | 'focalPoint'>>;

export function imageObject(links: MediaLinks, media: ImageSource): WireImage {
  const link = mediaLink(links, media);
  return {
    id: media.id,
    url: link.url,
    width: media.width,
    height: media.height,
    ...(media.format ? { format: media.format } : {}),
    ...(media.altText ? { altText: media.altText } : {}),
    filename: media.filename,
    ...(link.urlExpirationDate ? { urlExpirationDate: link.urlExpirationDate } : {}),
    ...(media.focalPoint ? { focalPoint: media.focalPoint } : {}),
  };
}

const posterImage = (links: MediaLinks, media: StoredMedia): WireImage | undefined =>
  media.poster ? imageObject(links, media.poster) : undefined;

export function mediaItem(links: MediaLinks, media: StoredMedia): WireMediaItem {
  const head = { id: media.id, ...(media.title ? { title: media.title } : {}) };
  if (media.mediaType === 'video') {
    const file = mediaLink(links, media);
    const poster = posterImage(links, media);
    return {
      ...head,
      mediaType: 'video',
      video: {
        files: [{ ...file, width: media.width, height: media.height, format: media.format }],
        ...(media.poster ? { stillFrameMediaId: media.poster.id } : {}),
      },
      ...(poster
        ? {
            thumbnail: {
              url: poster.url,
              width: poster.width,
              height: poster.height,
              ...(poster.format ? { format: poster.format } : {}),
              ...(poster.urlExpirationDate ? { urlExpirationDate: poster.urlExpirationDate } : {}),
            },
          }
        : {}),
    };
  }
  const smallest = media.thumbnails?.[0];
  return {
    ...head,
    mediaType: 'image',
    image: imageObject(links, media),
    ...(smallest
      ? {
          thumbnail: {
            ...mediaLink(links, media, smallest.size),
            width: smallest.width,
            height: smallest.height,
            format: 'webp',
          },
        }
      : {}),
  };
}

export function wireMedia(links: MediaLinks, list: StoredMedia[]): WireMedia {
  const items = list.map((m) => mediaItem(links, m));
  return items[0] ? { mainMedia: items[0], items } : { items };
}

/** A store variant's `media`: `{image}` or `{video}` (wire/catalogue.md §2). */
export function variantMediaObject(
  links: MediaLinks,
  media: StoredMedia,
): { image: WireImage } | { video: WireVideo } {
  if (media.mediaType !== 'video') {
    const { format: _format, ...image } = imageObject(links, media);
    return { image };
  }
  const file = mediaLink(links, media);
  const poster = posterImage(links, media);
  return {
    video: {
      id: media.id,
      filename: media.filename,
      ...(file.urlExpirationDate ? { urlExpirationDate: file.urlExpirationDate } : {}),
      resolutions: [
        {
          ...file,
          height: media.height,
          width: media.width,
          format: media.format,
          ...(poster ? { poster } : {}),
        },
      ],
      posters: poster ? [poster] : [],
    },
  };
}

type Money = Pick<WireOptions, 'currency' | 'locale'>;

function priceData(price: string, discounted: string, perUnit: string | undefined, money: Money) {
  const { currency, locale } = money;
  return {
    currency,
    price: moneyToNumber(price),
    discountedPrice: moneyToNumber(discounted),
    ...(perUnit !== undefined ? { pricePerUnit: moneyToNumber(perUnit) } : {}),
    formatted: {
      price: formatMoney(price, currency, locale),
      discountedPrice: formatMoney(discounted, currency, locale),
      ...(perUnit !== undefined ? { pricePerUnit: formatMoney(perUnit, currency, locale) } : {}),
    },
  };
}

function costAndProfit(discounted: string, cost: string | null, money: Money) {
  const { currency, locale } = money;
  const itemCost = cost ?? '0.00';
  const profitCents = toCents(discounted) - toCents(itemCost);
  const profit = fromCents(profitCents);
  const priceCents = toCents(discounted);
  // A ratio (0.35 = 35 %), four decimals; 0 for a free item.
  const margin = priceCents === 0n ? 0 : Number((profitCents * 10000n) / priceCents) / 10000;
  return {
    itemCost: moneyToNumber(itemCost),
    formattedItemCost: formatMoney(itemCost, currency, locale),
    profit: moneyToNumber(profit),
    formattedProfit: formatMoney(profit, currency, locale),
    profitMargin: margin,
  };
}

/** Price per base unit, e.g. per 100 g of a 250 g pack: a display value derived from float quantities. */
function perUnit(row: ProductRow, discounted: string): string | undefined {
  const total = row.ppuTotalQuantity;
  const base = row.ppuBaseQuantity;
  if (!total || !base) return undefined;
  return fromCents(BigInt(Math.round((Number(toCents(discounted)) * base) / total)));
}

const range = (min: number | string | null, max: number | string | null) =>
  min === null || max === null ? undefined : { minValue: Number(min), maxValue: Number(max) };

const dimensions = (d: Dimensions | undefined) => (d && Object.keys(d).length ? d : undefined);

export function optionsToWire(list: StoredOption[], media: StoredMedia[], links: MediaLinks) {
  const byId = new Map(media.map((m) => [m.id, m]));
  return list.map((option) => ({
    optionType: option.optionType,
    name: option.name,
    choices: option.choices.map((choice) => ({
      value: choice.value,
      description: choice.description,
      inStock: choice.inStock,
      visible: choice.visible,
      media: wireMedia(
        links,
        choice.mediaIds.map((id) => byId.get(id)).filter((m): m is StoredMedia => m !== undefined),
      ),
    })),
  }));
}

export function variantToWire(
  row: ProductRow,
  variant: VariantRow,
  inventory: StockRow | undefined,
  opts: WireOptions,
) {
  const prices = priceData(
    variant.price,
    variant.discountedPrice,
    perUnit(row, variant.discountedPrice),
    opts,
  );
  const track = inventory?.trackQuantity ?? false;
  return {
    id: variant.id,
    choices: variant.choices,
    variant: {
      priceData: prices,
      convertedPriceData: prices,
      ...(opts.merchant
        ? { costAndProfitData: costAndProfit(variant.discountedPrice, variant.cost, opts) }
        : {}),
      ...(variant.weight !== null ? { weight: variant.weight } : {}),
      ...(variant.sku !== null ? { sku: variant.sku } : {}),
      visible: variant.visible,
      ...(dimensions(variant.data.productDimensions)
        ? { productDimensions: variant.data.productDimensions }
        : {}),
      ...(dimensions(variant.data.packageDimensions)
        ? { packageDimensions: variant.data.packageDimensions }
        : {}),
    },
    stock: {
      trackQuantity: track,
      ...(track && inventory?.quantity !== null && inventory?.quantity !== undefined
        ? { quantity: inventory.quantity }
        : {}),
      inStock: inventory?.inStock ?? true,
    },
  };
}

export type WireVariant = ReturnType<typeof variantToWire>;

export function productToWire(
  row: ProductRow,
  opts: WireOptions,
  variants?: Array<{ variant: VariantRow; inventory: StockRow | undefined }>,
) {
  const data = row.data;
  const media = data.media ?? [];
  const prices = priceData(row.price, row.discountedPrice, perUnit(row, row.discountedPrice), opts);
  const ppu =
    row.ppuTotalQuantity && row.ppuBaseQuantity && row.ppuTotalUnit && row.ppuBaseUnit
      ? {
          totalQuantity: row.ppuTotalQuantity,
          totalMeasurementUnit: row.ppuTotalUnit,
          baseQuantity: row.ppuBaseQuantity,
          baseMeasurementUnit: row.ppuBaseUnit,
        }
      : undefined;
  const weightRange = range(row.weightMin, row.weightMax);
  const costRange = range(row.costMin, row.costMax);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    visible: row.visible,
    productType: row.productType,
    description: row.description,
    ...(row.sku !== null ? { sku: row.sku } : {}),
    ...(row.weight !== null ? { weight: row.weight } : {}),
    ...(weightRange ? { weightRange } : {}),
    stock: {
      trackInventory: row.trackInventory,
      ...(row.trackInventory && row.quantity !== null ? { quantity: row.quantity } : {}),
      inStock: row.inStock,
      inventoryStatus: row.inventoryStatus,
    },
    price: prices,
    priceData: prices,
    convertedPriceData: prices,
    priceRange: { minValue: moneyToNumber(row.priceMin), maxValue: moneyToNumber(row.priceMax) },
    ...(opts.merchant ? { costAndProfitData: costAndProfit(row.discountedPrice, row.cost, opts) } : {}),
    ...(opts.merchant && costRange ? { costRange } : {}),
    ...(opts.merchant && data.digitalFile ? { digitalFile: { fileId: data.digitalFile.fileId } } : {}),
    ...(ppu ? { pricePerUnitData: ppu } : {}),
    discount: { type: row.discountType, value: moneyToNumber(row.discountValue) },
    ...(dimensions(data.productDimensions) ? { productDimensions: data.productDimensions } : {}),
    ...(dimensions(data.packageDimensions) ? { packageDimensions: data.packageDimensions } : {}),
    additionalInfoSections: data.additionalInfoSections ?? [],
    ribbons: row.ribbon ? [{ text: row.ribbon }] : [],
    ...(row.ribbon !== null ? { ribbon: row.ribbon } : {}),
    ...(row.brand !== null ? { brand: row.brand } : {}),
    media: wireMedia(linksOf(opts), media),
    customTextFields: data.customTextFields ?? [],
    manageVariants: row.manageVariants,
    productOptions: optionsToWire(data.productOptions ?? [], media, linksOf(opts)),
    productPageUrl: { base: `${opts.baseUrl}/`, path: `/product-page/${row.slug}` },
    numericId: row.numericId.toString(),
    // One v1 inventory item per product, identified by the product id.
    inventoryItemId: row.id,
    collectionIds: row.collectionIds,
    ...(variants ? { variants: variants.map((v) => variantToWire(row, v.variant, v.inventory, opts)) } : {}),
    lastUpdated: row.lastUpdated.toISOString(),
    createdDate: row.createdDate.toISOString(),
    seoData: data.seoData ?? { tags: [], settings: { preventAutoRedirect: false, keywords: [] } },
  };
}

export type WireProduct = ReturnType<typeof productToWire>;

export function collectionToWire(row: CollectionRow, opts: Pick<WireOptions, 'baseUrl' | 'media'>) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    visible: row.visible,
    numberOfProducts: row.productCount,
    media: wireMedia(linksOf(opts), row.media),
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

export type WireCollection = ReturnType<typeof collectionToWire>;

export interface StoreVariantSource {
  product: Pick<ProductRow, 'id' | 'name' | 'manageVariants' | 'collectionIds' | 'data'>;
  variant: VariantRow;
  inventory: InventoryRow | null | undefined;
}

/** The media a variant shows: its choices' media first (in option order), else the product's main media. */
export function variantMedia(
  product: StoreVariantSource['product'],
  choices: Record<string, string>,
): StoredMedia | undefined {
  const media = product.data.media ?? [];
  for (const option of product.data.productOptions ?? []) {
    const choice = option.choices.find((c) => c.description === choices[option.name]);
    const found = choice?.mediaIds.map((id) => media.find((m) => m.id === id)).find((m) => m !== undefined);
    if (found) return found;
  }
  return media[0];
}

/** A store variant (wire/catalogue.md §2): one purchasable variant with its product's context. */
export function storeVariantToWire({ product, variant, inventory }: StoreVariantSource, links: MediaLinks) {
  const track = inventory?.trackQuantity ?? false;
  const media = variantMedia(product, variant.choices);
  return {
    id: `${product.id}-${variant.id}`,
    variantId: variant.id,
    productId: product.id,
    variantName: Object.values(variant.choices).join(' / '),
    productName: product.name,
    managedVariant: product.manageVariants,
    ...(variant.sku !== null ? { sku: variant.sku } : {}),
    stock: {
      trackQuantity: track,
      ...(track && inventory?.quantity !== null && inventory?.quantity !== undefined
        ? { quantity: inventory.quantity }
        : {}),
      inStock: inventory?.inStock ?? true,
    },
    choices: variant.choices,
    collectionIds: product.collectionIds,
    preorderInfo: {
      enabled: inventory?.preorderEnabled ?? false,
      ...(inventory?.preorderMessage ? { message: inventory.preorderMessage } : {}),
      ...(inventory?.preorderLimit !== null && inventory?.preorderLimit !== undefined
        ? { limit: inventory.preorderLimit }
        : {}),
    },
    ...(media ? { media: variantMediaObject(links, media) } : {}),
  };
}

export type WireStoreVariant = ReturnType<typeof storeVariantToWire>;
