import type { MediaLinks } from '../media/signing.ts';
import type { StoredMedia } from '../shared/model.ts';
import { imageObject, mediaLink, posterImage, type WireImage, type WireVideo } from '../media/wire.ts';
import { costAndProfit, dimensions, perUnit, priceData, type WireOptions } from '../shared/wire.ts';
import type { ProductRow } from '../products/tables.ts';
import type { VariantRow } from './tables.ts';
import type { InventoryRow, StockRow } from '../inventory/tables.ts';

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
