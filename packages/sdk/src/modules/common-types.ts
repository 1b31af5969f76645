// Shapes shared by several services (wire/merchant-settings.md, wire/catalogue.md).

export type {
  BulkActionMetadata,
  BulkItemError,
  BulkItemMetadata,
  BulkResult,
} from '../core/bulk-types.ts';

/** Multi-currency price: decimal strings and display strings. */
export interface MultiCurrencyPrice {
  amount?: string;
  convertedAmount?: string;
  formattedAmount?: string;
  formattedConvertedAmount?: string;
}

/** A text and its translation. */
export interface TranslatableString {
  original?: string;
  translated?: string;
}

export interface ExtendedFields {
  namespaces?: Record<string, Record<string, unknown>>;
}

/** Comma-joined dotted paths, or a list of them. */
export type FieldMask = string | readonly string[];

export type WeightUnit = 'KG' | 'LB';
