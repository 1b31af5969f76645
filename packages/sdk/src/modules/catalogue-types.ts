// Catalogue entities as the SDK returns them (wire/catalogue.md): dates as Date, floats as numbers.

export type ProductType = 'physical' | 'digital';
export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
export type ProductDiscountType = 'NONE' | 'AMOUNT' | 'PERCENT';
export type DimensionUnit = 'MM' | 'CM' | 'M' | 'IN' | 'FT' | 'YD';
export type MediaType = 'image' | 'video' | 'audio' | 'document' | 'zip';
export type OptionType = 'drop_down' | 'color';
export type MeasurementUnit =
  | 'ML'
  | 'CL'
  | 'L'
  | 'CBM'
  | 'MG'
  | 'G'
  | 'KG'
  | 'MM'
  | 'CM'
  | 'M'
  | 'SQM'
  | 'OZ'
  | 'LB'
  | 'FLOZ'
  | 'PT'
  | 'QT'
  | 'GAL'
  | 'IN'
  | 'FT'
  | 'YD'
  | 'SQFT';

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

/** Store variant, as the client shows it: image and video as `aisle:image://` / video URIs. */
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
