export {
  ApiKeyStrategy,
  type ApiKeyStrategyOptions,
  type AuthStrategy,
  StaticTokenStrategy,
} from './core/auth.ts';
export type { StaticTokenStrategyOptions } from './core/auth.ts';
export { base64UrlDecode, base64UrlEncode } from './core/base64url.ts';
export {
  type AisleClient,
  type BoundModules,
  type ClientOptions,
  createClient,
  type ModuleFactory,
  type ModuleMap,
} from './core/client.ts';
export {
  CONSISTENT_HEADER,
  DEFAULT_PAGE_SIZE,
  GET_QUERY_LIMIT,
  REQUEST_ID_HEADER,
} from './core/constants.ts';
export {
  type EncodedRequest,
  type EncodeInput,
  encodeRequest,
  type HttpMethod,
} from './core/encode-request.ts';
export {
  AisleApplicationError,
  AisleError,
  type AisleErrorInit,
  AisleSystemError,
  AisleValidationError,
  type ApplicationErrorDetails,
  createRequestId,
  type ErrorDetails,
  type ErrorKind,
  type ErrorResponse,
  errorFromResponse,
  type FieldViolation,
  formatViolations,
  systemError,
  VIOLATED_RULES,
  type ViolatedRule,
} from './core/errors.ts';
export { createFinder, type FindSpec } from './core/find.ts';
export {
  type CursorMetadata,
  type Cursors,
  createPage,
  type OffsetMetadata,
  type Page,
  type PageInit,
  readMetadata,
} from './core/paging.ts';
export { fillPath } from './core/path.ts';
export {
  combineFilters,
  type Filter,
  type PagingMode,
  QueryBuilder,
  type QueryRunner,
  type QueryState,
  type Scalar,
  type SortOrder,
  type Sorting,
  type WireQuery,
} from './core/query.ts';
export { flattenQuery, toComplexQueryString, toQueryString } from './core/query-string.ts';
export {
  renameKeysFromWire,
  renameKeysToWire,
  renamePathFromWire,
  renamePathToWire,
  renameQueryToWire,
  WIRE_NAMES,
} from './core/renames.ts';
export {
  applyTransform,
  prefixTransform,
  serializeDates,
  toDate,
  toFloat,
  type TransformSpec,
} from './core/transform.ts';
export {
  createHttp,
  type FetchFn,
  type Http,
  type RequestOptions,
  type TransportOptions,
} from './core/transport.ts';
export type * from './modules/catalogue-types.ts';
export { COLLECTION_TRANSFORM, type CollectionsModule, collections } from './modules/collections.ts';
export {
  type GetProductOptions,
  PRODUCT_TRANSFORM,
  type ProductsModule,
  products,
} from './modules/products.ts';
