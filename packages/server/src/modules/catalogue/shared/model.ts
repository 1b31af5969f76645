import type {
  Dimensions,
  DimensionUnit,
  MeasurementUnit,
  OptionType,
  SeoTag as WireSeoTag,
  WireImage,
} from '@aisle/sdk';
import type { SubscriptionDetails, SubscriptionDetailsInput } from '../products/subscriptions.ts';
/** Shapes kept in the catalogue's jsonb columns and taken by its write service. Money is a decimal string. */

export type ProductType = 'physical' | 'digital';
export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';
export type DiscountType = 'NONE' | 'AMOUNT' | 'PERCENT';
/** The wire's own types, from the SDK. */
export type { Dimensions, DimensionUnit, OptionType };
export { MEASUREMENT_UNITS, type MeasurementUnit } from '@aisle/sdk';

/** SPEC §3 media type (without `unspecified`): what an uploaded file is, detected from its bytes. */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'zip'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** SPEC §3 file type of secure files (digital products), one per media kind. */
export const SECURE_FILE_TYPES = {
  SECURE_PICTURE: 'image',
  SECURE_VIDEO: 'video',
  SECURE_DOCUMENT: 'document',
  SECURE_MUSIC: 'audio',
  SECURE_ARCHIVE: 'zip',
} as const satisfies Record<string, MediaKind>;
export type SecureFileType = keyof typeof SECURE_FILE_TYPES;

/** A WebP thumbnail of an uploaded image: fits inside `size`×`size` (never enlarged). */
export interface StoredThumbnail {
  size: number;
  width: number;
  height: number;
  /** An AVIF copy beside the WebP one (served to browsers whose `Accept` names `image/avif`). */
  avif?: boolean;
}

/** Percent of the image's width and height (0–100) that crops must keep in view. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** The poster of a video: an image media file of its own. */
export interface StoredPoster {
  id: string;
  filename: string;
  width: number;
  height: number;
  format: string;
  focalPoint?: FocalPoint;
}

/**
 * A stored media file (served at `/media/{id}/{filename}`); the (signed) URL is built at read time. Uploaded
 * files copy their record's fields here; a focal-point change is written through to every copy.
 */
export interface StoredMedia {
  id: string;
  filename: string;
  width: number;
  height: number;
  /** Products and collections show images and videos. */
  mediaType: 'image' | 'video';
  /** e.g. `jpg`, `png`, `webp`, `mp4` */
  format: string;
  title?: string;
  altText?: string;
  /** An external image added by URL (not served by us); width and height are then unknown (0). */
  url?: string;
  focalPoint?: FocalPoint;
  /** Uploaded images: thumbnails served with `?size=<size>`. */
  thumbnails?: StoredThumbnail[];
  /** Videos: the poster image. */
  poster?: StoredPoster;
}

export interface StoredChoice {
  /** Colour options: a CSS colour (`#1f3a5f`); drop-downs: the same as `description`. */
  value: string;
  /** The name variants use in their `choices`. */
  description: string;
  visible: boolean;
  /** Derived from the variants by the write service. */
  inStock: boolean;
  /** Ids of product media shown for this choice. */
  mediaIds: string[];
}

export interface StoredOption {
  optionType: OptionType;
  name: string;
  choices: StoredChoice[];
}

/** A stored SEO tag: the wire's, with its type always set. */
export type SeoTag = WireSeoTag & { type: string };

export interface SeoData {
  tags?: SeoTag[];
  settings?: { preventAutoRedirect?: boolean; keywords?: Array<{ term: string; isMain: boolean }> };
}

/**
 * Aisle extension: the secure media file (an upload with `private: true` and a `fileType`) a digital product
 * delivers. Merchant-only, like cost; placement copies it to the order's DIGITAL lines (docs/CATALOGUE.md).
 */
export interface DigitalFileRef {
  fileId: string;
}

export interface VariantData {
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

/** A product's content as stored and as written alike: media, info sections, text fields, SEO, dimensions. */
export interface ProductContent extends VariantData {
  media?: StoredMedia[];
  additionalInfoSections?: Array<{ title: string; description: string }>;
  customTextFields?: Array<{ title: string; maxLength: number; mandatory: boolean }>;
  seoData?: SeoData;
}

/** The wire fields of a product that no filter or sort reads. */
export interface ProductData extends ProductContent {
  productOptions?: StoredOption[];
  digitalFile?: DigitalFileRef;
  subscriptionDetails?: SubscriptionDetails;
}

export interface StockInput {
  trackQuantity: boolean;
  /** With tracking: the count (0 = out of stock). */
  quantity?: number;
  /** Without tracking: the flag (default true). */
  inStock?: boolean;
}

export interface VariantInput extends VariantData {
  /** Option name → choice description; every option of the product exactly once. */
  choices: Record<string, string>;
  /** Defaults to the product's price, cost, weight. */
  price?: string;
  cost?: string;
  weight?: number;
  sku?: string;
  visible?: boolean;
  stock?: StockInput;
}

export interface OptionInput {
  optionType?: OptionType;
  name: string;
  choices: Array<{ value: string; description?: string; visible?: boolean; mediaIds?: string[] }>;
}

export interface ProductInput extends ProductContent {
  name: string;
  /** Derived from the name when absent (made unique with a suffix). */
  slug?: string;
  /** HTML text. */
  description?: string;
  sku?: string;
  productType?: ProductType;
  visible?: boolean;
  price: string;
  cost?: string;
  weight?: number;
  discount?: { type: DiscountType; value: string };
  pricePerUnitData?: {
    totalQuantity: number;
    totalMeasurementUnit: MeasurementUnit;
    baseQuantity: number;
    baseMeasurementUnit: MeasurementUnit;
  };
  /** Brand and ribbon by name; created when new. */
  brand?: string;
  ribbon?: string;
  productOptions?: OptionInput[];
  /** With options: one entry per combination that exists (`manageVariants`). Without: ignored. */
  variants?: VariantInput[];
  /** Stock of the default variant (products without managed variants). */
  stock?: StockInput;
  collectionIds?: string[];
  /** Digital products only: a secure media file of the media module. */
  digitalFile?: DigitalFileRef;
  subscriptionDetails?: SubscriptionDetailsInput;
}

export interface CollectionInput {
  name: string;
  slug?: string;
  description?: string;
  visible?: boolean;
  media?: StoredMedia[];
}

/** Partial product update: absent fields stay; `null` brand or ribbon removes it. */
export interface ProductPatch {
  name?: string;
  slug?: string;
  description?: string;
  sku?: string | null;
  productType?: ProductType;
  visible?: boolean;
  price?: string;
  cost?: string | null;
  weight?: number | null;
  discount?: { type: DiscountType; value: string };
  pricePerUnitData?: ProductInput['pricePerUnitData'] | null;
  brand?: string | null;
  ribbon?: string | null;
  /** Replaces the options: variants of choice combinations that remain keep their ids, prices and stock. */
  productOptions?: OptionInput[];
  additionalInfoSections?: Array<{ title: string; description: string }>;
  customTextFields?: Array<{ title: string; maxLength: number; mandatory: boolean }>;
  seoData?: SeoData;
  productDimensions?: Dimensions | null;
  packageDimensions?: Dimensions | null;
  /** `null` removes it. */
  digitalFile?: DigitalFileRef | null;
  /** `null` removes them. */
  subscriptionDetails?: SubscriptionDetailsInput | null;
}

/** One entry of an "update variants" call: targets by ids or by (partial) choices. */
export interface VariantPatch {
  variantIds?: string[];
  choices?: Record<string, string>;
  price?: string;
  cost?: string;
  weight?: number;
  sku?: string;
  visible?: boolean;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

export type CollectionPatch = Partial<Pick<CollectionInput, 'name' | 'slug' | 'description' | 'visible'>>;

// ---- v3 merchandising entities

export type CustomizationType = 'PRODUCT_OPTION' | 'MODIFIER';
export type CustomizationRenderType = 'FREE_TEXT' | 'TEXT_CHOICES' | 'SWATCH_CHOICES';
export type ChoiceType = 'CHOICE_TEXT' | 'ONE_COLOR' | 'MULTIPLE_COLORS' | 'IMAGE';

export interface StoredFreeTextInput {
  minCharCount: number;
  maxCharCount: number;
  /** Decimal string. */
  defaultAddedPrice?: string;
  title?: string;
  key: string;
}

/** An image as kept: the wire image without its link's expiry and focal point. */
export type StoredImageRef = Pick<WireImage, 'id' | 'url' | 'width' | 'height' | 'altText' | 'filename'>;

export interface StoredCustomizationChoice {
  id: string;
  key: string;
  name: string;
  choiceType: ChoiceType;
  /** ONE_COLOR: `#rrggbb`. */
  colorCode?: string;
  /** MULTIPLE_COLORS: two or more colours. */
  multipleColors?: { colorCodes: string[] };
  /** IMAGE swatches (and optionally any swatch). */
  displayImage?: StoredImageRef;
  defaultAddedPrice?: string;
  primaryChoiceIds?: string[];
}

/** A rich-content document (`{nodes, metadata, documentStyle}`), kept as given. */
export interface RichContent {
  nodes: unknown[];
  metadata?: Record<string, unknown>;
  documentStyle?: Record<string, unknown>;
}
