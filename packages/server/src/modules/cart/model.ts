import type { WireImage } from '@aisle/sdk';
import type { AddressInput } from '../../platform/schema.ts';
import type { PaymentOption } from '../pricing/snapshot.ts';

/**
 * What a cart row keeps. Catalogue lines keep only the reference, the quantity and what the shopper chose;
 * name, image, price, weight and stock are read from the catalogue every time the cart is read. Custom line
 * items (admins only) keep what the caller gave, price included.
 */

export interface StoredCatalogReference {
  catalogItemId: string;
  appId: string;
  options?: Record<string, unknown>;
}

/** The image of a line as kept: the wire image without its link's expiry and focal point. */
export type StoredImage = Pick<WireImage, 'id' | 'url' | 'height' | 'width' | 'altText' | 'filename'>;

export interface TranslatableText {
  original: string;
  translated?: string;
}

export interface StoredDescriptionLine {
  name: TranslatableText;
  plainText?: TranslatableText;
  colorInfo?: { original: string; translated?: string; code?: string };
  lineType?: 'PLAIN_TEXT' | 'COLOR';
}

/** Fields given with a line that the cart carries through unchanged. */
export interface CarriedFields {
  selectedMembership?: { id: string; appId: string };
  taxableAddress?: { addressType: 'BUSINESS' | 'BILLING' | 'SHIPPING' };
  extendedFields?: Record<string, unknown>;
  subscriptionOptionInfo?: Record<string, unknown>;
  serviceProperties?: { scheduledDate?: string; endDate?: string; numberOfParticipants?: number };
  paymentOption?: PaymentOption;
}

export type { PaymentOption };

export type ItemTypePreset = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';

/** Admin-set overrides of a catalogue line (`catalogOverrideFields`). Money as decimal strings. */
export interface CatalogOverrides {
  productName?: TranslatableText;
  price?: string;
  fullPrice?: string;
  depositAmount?: string;
  descriptionLines?: StoredDescriptionLine[];
  physicalProperties?: { weight?: number; sku?: string; shippable?: boolean };
  image?: StoredImage;
  paymentOption?: { value: PaymentOption };
  savePaymentMethod?: boolean;
  inventoryAppId?: string;
}

export interface StoredCatalogLine extends CarriedFields {
  kind: 'catalog';
  id: string;
  quantity: number;
  /** As the caller sent it. */
  catalogReference: StoredCatalogReference;
  /** The store catalogue's product and variant the reference resolved to when added. */
  productId: string;
  variantId: string;
  /** Custom text fields as chosen (`title → text`). */
  customTextFields?: Record<string, string>;
  /** Equal keys are one line: adding the same item again adds to its quantity. */
  mergeKey: string;
  /** Name and image when added: shown if the product is gone since. */
  lastKnown: { name: string; image?: StoredImage };
  catalogOverrideFields?: CatalogOverrides;
  addedDate: string;
}

export interface StoredCustomLine extends CarriedFields {
  kind: 'custom';
  id: string;
  quantity: number;
  productName: TranslatableText;
  price: string;
  fullPrice?: string;
  depositAmount?: string;
  priceDescription?: TranslatableText;
  descriptionLines?: StoredDescriptionLine[];
  media?: StoredImage;
  url?: { relativePath?: string; url?: string };
  itemType: { preset?: ItemTypePreset; custom?: string };
  quantityAvailable?: number;
  physicalProperties?: { weight?: number; sku?: string; shippable?: boolean };
  catalogReference?: StoredCatalogReference;
  taxGroupId?: string;
  policies?: { title?: string; content?: string }[];
  membersOnly?: boolean;
  fixedQuantity?: boolean;
  priceUndetermined?: boolean;
  savePaymentMethod?: boolean;
  rootCatalogItemId?: string;
  addedDate: string;
}

export type StoredLine = StoredCatalogLine | StoredCustomLine;

export type StoredAddress = AddressInput;

/** The writable `cartInfo` of wire/cart-and-checkout.md §3, as last written. */
export interface CartInfo {
  buyerNote?: string;
  buyerInfo?: { contactId?: string; email?: string };
  contactInfo?: {
    address?: StoredAddress;
    contactDetails?: {
      firstName?: string;
      lastName?: string;
      phone?: string;
      company?: string;
      vatId?: { id?: string; type?: 'CPF' | 'CNPJ' };
    };
  };
  selectedShippingOption?: { carrierId?: string; code?: string };
  overrideCheckoutUrl?: string;
  businessLocationId?: string;
  extendedFields?: { namespaces?: Record<string, unknown> };
  buyerLanguage?: string;
}

export interface StoredCoupon {
  id: string;
  code: string;
  name: string;
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
}

export type StoredMerchantDiscount = ({ amount: string } | { percentage: string }) & {
  lineItemIds?: string[];
};
