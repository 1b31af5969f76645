// Shapes shared by several services (wire/merchant-settings.md, wire/catalogue.md).

/** A failed item of a bulk call. */
export interface BulkItemError {
  code?: string;
  description?: string;
  data?: Record<string, unknown>;
}

export interface BulkItemMetadata {
  id?: string;
  originalIndex?: number;
  success?: boolean;
  error?: BulkItemError;
}

export interface BulkActionMetadata {
  totalSuccesses?: number;
  totalFailures?: number;
  undetailedFailures?: number;
}

/** `{results [{itemMetadata, item}], bulkActionMetadata}`; `item` only when the entity was asked for. */
export interface BulkResult<T> {
  results: { itemMetadata: BulkItemMetadata; item?: T }[];
  bulkActionMetadata: BulkActionMetadata;
}

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
