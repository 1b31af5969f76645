import type { SubscriptionFrequency } from './cart-types.ts';
// Catalogue entities as the SDK returns them (wire/catalogue.md): dates as Date, floats as numbers.

export type ProductType = 'physical' | 'digital';
export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
export type ProductDiscountType = 'NONE' | 'AMOUNT' | 'PERCENT';
export type DimensionUnit = 'MM' | 'CM' | 'M' | 'IN' | 'FT' | 'YD';
export type MediaType = 'image' | 'video' | 'audio' | 'document' | 'zip';
export type OptionType = 'drop_down' | 'color';
/** The wire's measurement units (a price per unit's total and base), in the reference's order. */
export const MEASUREMENT_UNITS = [
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

export interface NumericRange {
  minValue?: number;
  maxValue?: number;
}

export interface ProductStock {
  trackInventory?: boolean;
  quantity?: number;
  inStock?: boolean;
  inventoryStatus?: InventoryStatus;
}

export interface FormattedPriceData {
  price?: string;
  discountedPrice?: string;
  pricePerUnit?: string;
}

/** v1 catalogue prices are floats, not decimal strings. */
export interface PriceData {
  currency?: string;
  price?: number;
  discountedPrice?: number;
  pricePerUnit?: number;
  formatted?: FormattedPriceData;
}

export interface CostAndProfitData {
  itemCost?: number;
  formattedItemCost?: string;
  profit?: number;
  formattedProfit?: string;
  profitMargin?: number;
}

export interface PricePerUnitData {
  totalQuantity?: number;
  totalMeasurementUnit?: MeasurementUnit;
  baseQuantity?: number;
  baseMeasurementUnit?: MeasurementUnit;
}

export interface ProductDiscount {
  type?: ProductDiscountType;
  value?: number;
}

/** Lengths are decimal strings on the wire. */
export interface Dimensions {
  length?: string;
  width?: string;
  height?: string;
  unit?: DimensionUnit;
}

export interface AdditionalInfoSection {
  title?: string;
  description?: string;
}

export interface MediaImage {
  url?: string;
  width?: number;
  height?: number;
  format?: string;
  altText?: string;
  /** Percent of the width and height that crops keep in view (stored files with one set). */
  focalPoint?: { x: number; y: number };
}

export interface MediaVideo {
  files?: MediaImage[];
  stillFrameMediaId?: string;
}

export interface MediaItem {
  id?: string;
  title?: string;
  mediaType?: MediaType;
  image?: MediaImage;
  video?: MediaVideo;
  thumbnail?: MediaImage;
}

export interface Media {
  mainMedia?: MediaItem;
  items?: MediaItem[];
}

export interface CustomTextField {
  title?: string;
  maxLength?: number;
  mandatory?: boolean;
}

export interface ProductChoice {
  value?: string;
  description?: string;
  media?: Media;
  inStock?: boolean;
  visible?: boolean;
}

export interface ProductOption {
  optionType?: OptionType;
  name?: string;
  choices?: ProductChoice[];
}

export interface ProductVariantData {
  priceData?: PriceData;
  convertedPriceData?: PriceData;
  costAndProfitData?: CostAndProfitData;
  weight?: number;
  sku?: string;
  visible?: boolean;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

export interface ProductVariant {
  id?: string;
  /** Option name → choice value. */
  choices?: Record<string, string>;
  variant?: ProductVariantData;
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean };
}

export interface SeoTag {
  type?: string;
  props?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  children?: string;
  custom?: boolean;
  disabled?: boolean;
}

export interface SeoData {
  tags?: SeoTag[];
  settings?: { preventAutoRedirect?: boolean; keywords?: unknown[] };
}

/** v1 catalogue product. */
export interface Product {
  id: string;
  name?: string;
  slug?: string;
  /** HTML text. */
  description?: string;
  sku?: string;
  ribbon?: string;
  brand?: string;
  visible?: boolean;
  manageVariants?: boolean;
  productType?: ProductType;
  weight?: number;
  weightRange?: NumericRange;
  priceRange?: NumericRange;
  costRange?: NumericRange;
  stock?: ProductStock;
  priceData?: PriceData;
  price?: PriceData;
  convertedPriceData?: PriceData;
  costAndProfitData?: CostAndProfitData;
  /** Aisle extension, merchant data (like cost): the secure media file a digital product delivers. */
  digitalFile?: { fileId: string };
  pricePerUnitData?: PricePerUnitData;
  discount?: ProductDiscount;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
  additionalInfoSections?: AdditionalInfoSection[];
  ribbons?: { text?: string }[];
  media?: Media;
  customTextFields?: CustomTextField[];
  productOptions?: ProductOption[];
  productPageUrl?: { base?: string; path?: string };
  /** int64 as a string. */
  numericId?: string;
  inventoryItemId?: string;
  collectionIds?: string[];
  variants?: ProductVariant[];
  lastUpdated?: Date;
  createdDate?: Date;
  seoData?: SeoData;
  /** Aisle extension: how the product is sold by subscription (docs/SUBSCRIPTIONS.md). */
  subscriptionDetails?: SubscriptionDetails;
}

/** One subscription option (plan) of a product. */
export interface SubscriptionOption {
  id?: string;
  title: string;
  description?: string;
  visible?: boolean;
  frequency: SubscriptionFrequency;
  /** Every `interval` of `frequency`; default 1. */
  interval?: number;
  /** Renews until cancelled; the default when `billingCycles` is absent. */
  autoRenewal?: boolean;
  /** Cycles before the contract ends (with `autoRenewal: false`). */
  billingCycles?: number;
  freeTrialPeriod?: { frequency: SubscriptionFrequency; interval?: number };
  /** Against the one-time price: an amount, or a percent for PERCENT. */
  discount?: { type: 'AMOUNT' | 'PERCENT' | 'NONE'; value?: number };
}

/** A product's subscription options; `membership` makes it a membership plan (payment option MEMBERSHIP). */
export interface SubscriptionDetails {
  subscriptions: SubscriptionOption[];
  /** false: sold by subscription only. Default true. */
  allowOneTimePurchases?: boolean;
  /** Members may cancel their contracts themselves. Default true. */
  enableCustomerCancellation?: boolean;
  /** The products and collections an active contract of the plan pays for. */
  membership?: { productIds?: string[]; collectionIds?: string[] };
}

/** Collection (v2 and v1 responses share the fields). */
export interface Collection {
  id: string;
  name?: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  numberOfProducts?: number;
  media?: Media;
  lastUpdated?: Date;
  /** Present where the server exposes the member list. */
  productIds?: string[];
}

/** Store variant, as the client shows it: the image as an `aisle:image://` URI. */
export interface StoreVariant {
  id: string;
  variantId?: string;
  productId?: string;
  variantName?: string;
  productName?: string;
  managedVariant?: boolean;
  sku?: string;
  stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean };
  choices?: Record<string, string>;
  collectionIds?: string[];
  preorderInfo?: PreorderInfo;
  /** `image`: an `aisle:image://v1/…` URI. */
  media?: { image?: string; video?: string };
}

export interface PreorderInfo {
  enabled?: boolean;
  message?: string;
  limit?: number;
}

/** Inventory item v1: one per product, variants inside. */
export interface ProductInventoryItem {
  id: string;
  externalId?: string;
  productId?: string;
  trackQuantity?: boolean;
  variants?: { variantId?: string; inStock?: boolean; quantity?: number; availableForPreorder?: boolean }[];
  lastUpdated?: Date;
  /** int64 as a string. */
  numericId?: string;
  preorderInfo?: PreorderInfo;
}

/** Inventory item v3: one per variant and location. */
export interface InventoryItem {
  id: string;
  /** int64 as a string. */
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
  variantId?: string;
  locationId?: string;
  productId?: string;
  inStock?: boolean;
  quantity?: number;
  trackQuantity?: boolean;
  availabilityStatus?: 'OUT_OF_STOCK' | 'IN_STOCK' | 'PREORDER';
  preorderInfo?: PreorderInfo & { counter?: number; quantity?: number };
  product?: {
    name?: string;
    directCategoryIds?: string[];
    variantName?: string;
    variantSku?: string;
    variantVisible?: boolean;
  };
  extendedFields?: { namespaces?: Record<string, Record<string, unknown>> };
}

export type CatalogVersion = 'V1_CATALOG' | 'V3_CATALOG' | 'STORES_NOT_INSTALLED';

// ---------------------------------------------------------------------------------------------------------
// Requests and other responses of the v1 catalogue (wire/catalogue.md §2, §3, §5)
// ---------------------------------------------------------------------------------------------------------

/** Dimensions as sent: lengths are decimal strings. */
export type DimensionsInput = Dimensions;

/** The writable fields of a v1 product; floats for prices, costs and weights. `null` clears a field. */
export interface ProductInput {
  name: string;
  /** Generated from the name when absent; unique. */
  slug?: string;
  /** HTML; sanitised by the server. */
  description?: string;
  sku?: string | null;
  visible?: boolean;
  productType?: ProductType;
  weight?: number | null;
  priceData?: { price?: number; currency?: string };
  costAndProfitData?: { itemCost?: number | null };
  /** Digital products: the secure media file (`fileType` upload) buyers download; `null` removes it. */
  digitalFile?: { fileId: string } | null;
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit: MeasurementUnit;
    baseQuantity: number;
    baseMeasurementUnit: MeasurementUnit;
  } | null;
  discount?: { type: ProductDiscountType; value?: number };
  productOptions?: {
    optionType?: OptionType;
    name: string;
    /** `value`: a CSS colour for colour options; `description`: the choice's name. */
    choices: { value: string; description?: string; visible?: boolean }[];
  }[];
  manageVariants?: boolean;
  additionalInfoSections?: { title: string; description: string }[];
  customTextFields?: { title: string; maxLength: number; mandatory?: boolean }[];
  ribbon?: string | null;
  brand?: string | null;
  seoData?: {
    tags?: SeoTag[];
    settings?: { preventAutoRedirect?: boolean; keywords?: { term: string; isMain: boolean }[] };
  };
  productDimensions?: DimensionsInput | null;
  packageDimensions?: DimensionsInput | null;
  /** Aisle extension: subscription options; `null` stops selling by subscription (contracts go on). */
  subscriptionDetails?: SubscriptionDetails | null;
}

/** Only the fields sent change. */
export type ProductUpdate = Partial<ProductInput>;

/** Variants to change, named by `variantIds` or (partial) `choices`. */
export interface VariantOverride {
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number;
  cost?: number;
  weight?: number;
  sku?: string;
  visible?: boolean;
  productDimensions?: DimensionsInput;
  packageDimensions?: DimensionsInput;
}

/** Media to add: a stored media id, or a URL (`https://…` or an `aisle:image://` URI); optionally to a choice. */
export interface ProductMediaInput {
  mediaId?: string;
  url?: string;
  choice?: { option: string; choice: string };
}

export interface ChoiceMediaAssignment {
  option: string;
  choice: string;
  mediaIds: string[];
}

export interface BulkProductsSet {
  price?: number;
  cost?: number;
  weight?: number;
  /** A ribbon name; empty removes it. */
  ribbon?: string;
  /** A brand name; empty removes it. */
  brand?: string;
}

/** By an amount, or by a percentage (`rate` 10 adds 10 %, -10 takes 10 % off). */
export interface PropertyAdjustment {
  amount?: number;
  percentage?: { rate: number; roundToInt?: boolean };
}

export interface BulkProductsAdjust {
  price?: PropertyAdjustment;
  cost?: PropertyAdjustment;
  weight?: PropertyAdjustment;
}

export interface SelectedVariant {
  id?: string;
  price?: PriceData;
  convertedPriceData?: PriceData;
  weight?: number;
  sku?: string;
  quantity?: number;
  inStock?: boolean;
  visible?: boolean;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

/** Choices available given the options chosen so far, and the variant once all are chosen. */
export interface ProductOptionsAvailability {
  selectedVariant?: SelectedVariant;
  media?: Media;
  productOptions?: ProductOption[];
  availableForPurchase?: boolean;
}

export interface QueryProductVariantsOptions {
  /** Option name → choice (value or description); partial choices match several variants. */
  choices?: Record<string, string>;
  variantIds?: string[];
  /** Default limit 100. */
  paging?: { limit?: number; offset?: number };
  /** Admin clients only. */
  includeMerchantSpecificData?: boolean;
}

export interface ProductVariantsResult {
  variants: ProductVariant[];
  metadata?: { items?: number; offset?: number };
  totalResults?: number;
}

export interface CollectionInput {
  name: string;
  slug?: string;
  description?: string;
  visible?: boolean;
}

export type CollectionUpdate = Partial<CollectionInput>;

export type InventoryChangeReason = 'ORDER' | 'MANUAL' | 'REVERT_INVENTORY_CHANGE';

/** Why a variant's stock moved, in its change history: the wire's reasons and the store's own. */
export type StockChangeReason =
  | InventoryChangeReason
  | 'ORDER_PLACED'
  | 'ORDER_PAID'
  | 'ORDER_CANCELED'
  | 'ORDER_REFUNDED'
  | 'ORDER_NOT_PAID'
  | 'CSV_IMPORT'
  | 'CREATED';

/** One change of a variant's tracked stock (`GET …/inventory-items/{id}/changes`). */
export interface InventoryChange {
  id: string;
  inventoryItemId: string;
  productId: string;
  variantId: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  /** Tracked quantity after the change; absent when the variant stopped being tracked. */
  quantityAfter?: number;
  reason: StockChangeReason;
  orderId?: string;
  /** The staff member or API key who made it; absent for shoppers' orders and the system. */
  actor?: { kind: 'staff' | 'key'; id: string; label: string };
  createdDate: Date;
}

/** A page of an item's changes, newest first; pass `cursors.next` to read older ones. */
export interface InventoryChangesPage {
  changes: InventoryChange[];
  pagingMetadata: { count: number; hasNext: boolean; cursors: { next: string | null } };
}

/** Inventory item v1 changes: tracking, per-variant stock, pre-order settings. */
export interface InventoryItemUpdate {
  trackQuantity?: boolean;
  /** `quantity` for tracked variants, `inStock` for untracked ones. */
  variants?: { variantId: string; inStock?: boolean; quantity?: number }[];
  preorderInfo?: { enabled?: boolean; message?: string | null; limit?: number | null };
}

/** One of `inventoryId`, `externalId`, `productId` names the item (v1: the product). */
interface InventoryTarget {
  inventoryId?: string;
  externalId?: string;
  productId?: string;
  /** Default: the product's default variant. */
  variantId?: string;
}

export interface DecrementData extends InventoryTarget {
  decrementBy: number;
  preorderRequest?: boolean;
}

export interface IncrementData extends InventoryTarget {
  incrementBy: number;
}

export interface GetInventoryVariantsOptions {
  externalId?: string;
  productId?: string;
  variantIds?: string[];
}

// ---------------------------------------------------------------------------------------------------------
// Inventory items v3 requests (wire/catalogue.md §6)
// ---------------------------------------------------------------------------------------------------------

/** Writable fields: `quantity` makes the item tracked, `inStock` untracked (send one). */
export interface InventoryItemInput {
  variantId?: string;
  /** Needed with the default variant id, which products without options share. */
  productId?: string;
  locationId?: string;
  inStock?: boolean;
  quantity?: number;
  preorderInfo?: { enabled?: boolean; message?: string | null; limit?: number | null };
  /** Send the one you read on update. */
  revision?: string;
}

export interface InventorySearchDetails {
  mode?: 'OR' | 'AND';
  expression?: string;
  fields?: string[];
  fuzzy?: boolean;
}

export interface InventoryAggregation {
  name?: string;
  fieldPath: string;
  type?: 'VALUE' | 'RANGE' | 'SCALAR';
  value?: { limit?: number; sortType?: 'COUNT' | 'VALUE'; sortDirection?: 'DESC' | 'ASC' };
  range?: { buckets: { from?: number; to?: number }[] };
  scalar?: { type: 'COUNT_DISTINCT' | 'MIN' | 'MAX' | 'SUM' | 'AVG' };
}

/** A query (`filter`, `sort`, `paging` | `cursorPaging`) plus a text search and aggregations. */
export interface InventorySearch {
  filter?: Record<string, unknown>;
  sort?: { fieldName: string; order?: 'ASC' | 'DESC' }[];
  paging?: { limit?: number; offset?: number };
  cursorPaging?: { limit?: number; cursor?: string };
  aggregations?: InventoryAggregation[];
  search?: InventorySearchDetails;
  timeZone?: string;
}

export interface InventoryAggregationResult {
  name?: string;
  type?: string;
  fieldPath?: string;
  values?: { results?: { value?: string; count?: number }[] };
  ranges?: { results?: { from?: number; to?: number; count?: number }[] };
  scalar?: { type?: string; value?: number | null };
}

export interface InventorySearchResult {
  inventoryItems: InventoryItem[];
  pagingMetadata?: {
    count?: number;
    offset?: number;
    total?: number;
    tooManyToCount?: boolean;
    cursors?: { next?: string | null; prev?: string | null };
    hasNext?: boolean;
  };
  aggregationData?: { results?: InventoryAggregationResult[] };
}

export interface InventoryStockChange {
  decrementBy?: number;
  incrementBy?: number;
  /** Decrements: take pre-order units past the stock. */
  preorderRequest?: boolean;
}

export interface InventoryStockOptions {
  /** Decrements: default true, a decrement past the stock fails instead of emptying it. */
  restrictInventory?: boolean;
  /** Default true. */
  returnEntity?: boolean;
  reason?: InventoryChangeReason;
}

/** `setQuantity`, `adjustQuantityBy` or `setInStock` (at most one), and/or `preorderInfo`. */
export interface InventorySetOrAdjust {
  setQuantity?: number;
  adjustQuantityBy?: number;
  setInStock?: boolean;
  preorderInfo?: InventoryItemInput['preorderInfo'];
}
