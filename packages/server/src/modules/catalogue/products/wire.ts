import { subscriptionDetailsToWire } from './subscriptions.ts';
import { getTableColumns, type SQL } from 'drizzle-orm';
import { rawColumns } from '../../../platform/db.ts';
import { moneyToNumber } from '../../../platform/money.ts';
import type { MediaLinks } from '../media/signing.ts';
import type { StoredMedia, StoredOption } from '../shared/model.ts';
import { type ProductRow, products } from './tables.ts';
import { wireMedia } from '../media/wire.ts';
import { costAndProfit, dimensions, linksOf, perUnit, priceData, type WireOptions } from '../shared/wire.ts';
import type { VariantRow } from '../variants/tables.ts';
import type { StockRow } from '../inventory/tables.ts';
import { variantToWire } from '../variants/wire.ts';

/** Every column of `products` but the search vector: what product reads select. */
export const {
  search: _search,
  optionChoices: _optionChoices,
  ...productColumns
} = getTableColumns(products);
const productRaw = rawColumns<ProductRow>(productColumns);
/** `productColumns` as a select list, qualified (`"products"."id", …`): for statements written in SQL. */
export const productSelectList: SQL = productRaw.selectList('"products"');
/** A row of `productSelectList` as the driver returns it (`preparedRows`) → `ProductRow`, as drizzle maps it. */
export const productFromRow = productRaw.fromRow;

const range = (min: number | string | null, max: number | string | null) =>
  min === null || max === null ? undefined : { minValue: Number(min), maxValue: Number(max) };

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
    ...(data.subscriptionDetails
      ? { subscriptionDetails: subscriptionDetailsToWire(data.subscriptionDetails) }
      : {}),
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
