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

/**
 * A shape as it travels in JSON, before the SDK converts it: dates as ISO-8601 strings. The server describes
 * its wire answers with it from the SDK's types, so the two cannot drift apart.
 */
export type OnTheWire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? OnTheWire<U>[]
    : T extends object
      ? { [K in keyof T]: OnTheWire<T[K]> }
      : T;

/** Comma-joined dotted paths, or a list of them. */
export type FieldMask = string | readonly string[];

export type WeightUnit = 'KG' | 'LB';
