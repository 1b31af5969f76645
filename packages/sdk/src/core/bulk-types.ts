// The wire's bulk answer (wire/merchant-settings.md), shared by every bulk call.

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
