export {
  ApiKeyStrategy,
  type ApiKeyStrategyOptions,
  type AuthStrategy,
  StaticTokenStrategy,
} from './core/auth.ts';
export type { StaticTokenStrategyOptions } from './core/auth.ts';
export {
  type Address,
  addressFromWire,
  addressToWire,
  type StreetAddress,
  type WireAddress,
} from './core/address.ts';
export { base64UrlDecode, base64UrlEncode, base64UrlEncodeBytes } from './core/base64url.ts';
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
  type ConversionSpec,
  convertFromWire,
  convertToWire,
  mergeConversions,
  prefixConversion,
} from './core/convert.ts';
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
export {
  defined,
  type EntityCalls,
  type EntitySpec,
  entityCalls,
  joinFieldMask,
  type ResourceCalls,
  type ResourceSpec,
  resourceCalls,
} from './core/entity.ts';
export { createFinder, type FindSpec } from './core/find.ts';
export {
  getImageUrl,
  IMAGE_URI_PREFIX,
  type ImageUriParts,
  imageFromWire,
  imageToWire,
  parseImageUri,
  type WireImage,
} from './core/image.ts';
export { pageUrlFromWire, pageUrlToWire, type WirePageUrl } from './core/page-url.ts';
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
  type PagingMode,
  QueryBuilder,
  type QueryRunner,
  type QueryState,
  type Scalar,
} from './core/query.ts';
export type { Filter, SortOrder, Sorting, WireQuery } from './core/wire-query.ts';
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
export type * from './modules/cart-types.ts';
export type * from './modules/catalogue-types.ts';
export { MEASUREMENT_UNITS } from './modules/catalogue-types.ts';
export type * from './modules/common-types.ts';
export { COUPON_CONVERSION, COUPONS_PATH, type CouponsModule, coupons } from './modules/coupons.ts';
export type * from './modules/discount-rule-types.ts';
export {
  DISCOUNT_RULE_CONVERSION,
  DISCOUNT_RULES_PATH,
  type DiscountRulePreview,
  type DiscountRulePreviewRequest,
  type DiscountRulesModule,
  discountRules,
} from './modules/discount-rules.ts';
export {
  ABANDONED_CHECKOUT_CONVERSION,
  ABANDONED_CHECKOUTS_PATH,
  type AbandonedCart,
  type AbandonedCheckout,
  type AbandonedCheckoutActivity,
  type AbandonedCheckoutActivityType,
  type AbandonedCheckoutAnalytics,
  type AbandonedCheckoutAnalyticsOptions,
  type AbandonedCheckoutFigures,
  type AbandonedCheckoutLine,
  type AbandonedCheckoutsModule,
  type AbandonedCheckoutStatus,
  abandonedCheckouts,
  type RecoverySettings,
} from './modules/abandoned-checkouts.ts';
export {
  BACK_IN_STOCK_CONVERSION,
  BACK_IN_STOCK_PATH,
  type BackInStockItemDetails,
  type BackInStockRequest,
  type BackInStockRequestInput,
  type BackInStockRequestsModule,
  type BackInStockStatus,
  backInStockRequests,
} from './modules/back-in-stock-requests.ts';
export { DEFAULT_VARIANT_ID, STORES_APP_ID } from './modules/catalog-ids.ts';
export {
  CART_CONVERSION,
  CURRENT_CART_PATH,
  type CurrentCartModule,
  currentCart,
  ESTIMATE_TOTALS_CONVERSION,
  toCart,
} from './modules/current-cart.ts';
export {
  DELIVERY_REGIONS_PATH,
  type DeliveryRegionsModule,
  deliveryRegions,
} from './modules/delivery-regions.ts';
export type * from './modules/settings-types.ts';
export {
  SHIPPING_OPTION_CONVERSION,
  SHIPPING_OPTIONS_PATH,
  type ShippingOptionsModule,
  shippingOptions,
} from './modules/shipping-options.ts';
export {
  STORE_SETTINGS_CONVERSION,
  STORE_SETTINGS_PATH,
  type StoreSettingsModule,
  storeSettings,
} from './modules/store-settings.ts';
export { TAX_GROUPS_PATH, type TaxGroupsModule, taxGroups } from './modules/tax-groups.ts';
export { TAX_RATES_PATH, type TaxRatesModule, taxRates } from './modules/tax-rates.ts';
export { TAX_REGIONS_PATH, type TaxRegionsModule, taxRegions } from './modules/tax-regions.ts';
export { BRANDS_PATH, type BrandsModule, brands } from './modules/brands.ts';
export {
  CATALOG_VERSION_PATH,
  type CatalogVersionModule,
  catalogVersion,
} from './modules/catalog-version.ts';
export {
  COLLECTION_TRANSFORM,
  COLLECTIONS_WRITER_PATH,
  type CollectionImageInput,
  type CollectionsModule,
  collections,
} from './modules/collections.ts';
export {
  CUSTOMIZATION_CONVERSION,
  CUSTOMIZATIONS_PATH,
  type CustomizationsModule,
  customizations,
} from './modules/customizations.ts';
export { INFO_SECTIONS_PATH, type InfoSectionsModule, infoSections } from './modules/info-sections.ts';
export {
  INVENTORY_ITEM_TRANSFORM,
  INVENTORY_READER_PATH,
  INVENTORY_WRITER_PATH,
  type InventoryChangeOptions,
  type InventoryModule,
  inventory,
} from './modules/inventory.ts';
export {
  type ByFilterOptions,
  INVENTORY_ITEMS_PATH,
  type InventoryItemsModule,
  type InventoryItemUpdateOptions,
  type InventoryJob,
  inventoryItems,
  type VariantAndLocation,
} from './modules/inventory-items.ts';
export type * from './modules/merchandising-types.ts';
export {
  type BulkProductsResult,
  type GetProductOptions,
  PRODUCT_TRANSFORM,
  PRODUCTS_READER_PATH,
  PRODUCTS_WRITER_PATH,
  type ProductsModule,
  products,
  type QueryProductsOptions,
  STORE_VARIANT_CONVERSION,
  VARIANT_TRANSFORM,
} from './modules/products.ts';
export { RIBBONS_PATH, type RibbonsModule, ribbons } from './modules/ribbons.ts';
export {
  type BulkCreateOptions,
  type BulkUpdateOptions,
  CATALOGUE_V3_PATH,
  type CountOptions,
  type V3Calls,
  type V3EntitySpec,
  v3Calls,
  v3Resource,
} from './modules/v3-entities.ts';
export {
  AUTHENTICATION_PATH,
  type AuthenticationModule,
  authentication,
  type LoginRequest,
  type LogoutUrlOptions,
  type RegisterRequest,
  type SignOnRequest,
  type SignOnResponse,
  type ValidateEmailResponse,
  type VerifyFactorRequest,
} from './modules/authentication.ts';
export type * from './modules/identity-types.ts';
export {
  customValueFromWire,
  identityFromWire,
  stateMachineFromWire,
  toIdentity,
  toStateMachine,
} from './modules/identity-types.ts';
export {
  CURRENT_MEMBER_FACTORS_PATH,
  CURRENT_MEMBER_PATH,
  type MembersModule,
  members,
  PASSKEYS_PATH,
  type TotpEnrolment,
  UPDATE_CURRENT_MEMBER_PATH,
} from './modules/members.ts';
export {
  type ListSiteMembersOptions,
  SITE_MEMBERS_PATH,
  type SiteMember,
  type SiteMemberAddress,
  type SiteMemberContact,
  type SiteMemberFieldset,
  type SiteMemberImage,
  type SiteMemberInput,
  type SiteMemberOptions,
  type SiteMemberPage,
  type SiteMemberProfile,
  type SiteMemberStatus,
  type SiteMembersModule,
  siteMembers,
} from './modules/site-members.ts';
export {
  RECOVERY_PATH,
  type RecoverRequest,
  type RecoveryModule,
  type RecoveryRedirect,
  recovery,
  type SendActivationEmailRequest,
  type SendRecoveryEmailRequest,
} from './modules/recovery.ts';
export { REDIRECT_SESSION_PATH, type RedirectsModule, redirects } from './modules/redirects.ts';
export {
  type StartVerificationRequest,
  VERIFICATION_PATH,
  type VerificationModule,
  type VerifyDuringAuthenticationRequest,
  verification,
} from './modules/verification.ts';
export {
  type BrowserDocument,
  type BrowserEnv,
  type BrowserMessageEvent,
  type BrowserWindow,
  globalBrowserEnv,
  type HiddenFrame,
} from './oauth/browser.ts';
export {
  DIRECT_LOGIN_TIMEOUT_MS,
  IDENTITY_ERROR_CODES,
  LoginErrorCode,
  LoginState,
  PREWARM_INTERVAL_MS,
  PREWARM_STORAGE_KEY,
  TOKEN_PATH,
  TokenRole,
} from './oauth/constants.ts';
export { leadingZeroBits } from './oauth/captcha.ts';
export {
  type CaptchaRequirement,
  type CaptchaVariant,
  captchaRequirement,
  type LoginResult,
  loginResultFromState,
} from './oauth/login-states.ts';
export {
  CODE_VERIFIER_DEFAULT_LENGTH,
  CODE_VERIFIER_MAX_LENGTH,
  CODE_VERIFIER_MIN_LENGTH,
  createCodeChallenge,
  createCodeVerifier,
  createOAuthData,
  createState,
  type OAuthData,
  type OAuthDataOptions,
} from './oauth/pkce.ts';
export {
  type AuthCallback,
  type AuthUrlOptions,
  type CaptchaTokens,
  type LoginParams,
  OAuthStrategy,
  type OAuthStrategyOptions,
  type RegisterParams,
  type VerificationParams,
} from './oauth/strategy.ts';
export {
  type AccessToken,
  type CookieAttributes,
  type CookieTokenStorageOptions,
  cookieTokenStorage,
  DEFAULT_TOKENS_COOKIE,
  emptyTokens,
  isTokenExpired,
  isTokens,
  type KeyValueStorage,
  type LocalStorageTokenStorageOptions,
  localStorageTokenStorage,
  memoryTokenStorage,
  type RefreshToken,
  readTokensCookie,
  serializeTokensCookie,
  type Tokens,
  type TokenStorage,
} from './oauth/tokens.ts';
export type * from './modules/checkout-types.ts';
export {
  CHECKOUT_CONVERSION,
  CHECKOUTS_PATH,
  type CheckoutModule,
  checkout,
  REDIRECT_SESSION_HEADER,
  SANDBOX_PAYMENTS_PATH,
  type SandboxPaymentsModule,
  sandboxPayments,
  toCheckout,
} from './modules/checkout.ts';
export type * from './modules/order-types.ts';
export {
  BULK_ORDERS_PATH,
  FULFILLMENTS_PATH,
  ORDER_CONVERSION,
  ORDERS_PATH,
  type OrdersModule,
  orders,
  toOrder,
} from './modules/orders.ts';
export {
  BULK_MARK_AS_PAID_PATH,
  ORDER_TRANSACTIONS_TRANSFORM,
  PAYMENTS_COLLECTOR_PATH,
  type PaymentsCollectorModule,
  paymentsCollector,
} from './modules/payments-collector.ts';
export type * from './modules/checkout-settings-types.ts';
export {
  CHECKOUT_SETTINGS_CONVERSION,
  CHECKOUT_SETTINGS_PATH,
  type CheckoutSettingsModule,
  checkoutSettings,
} from './modules/checkout-settings.ts';
export {
  ORDERS_SETTINGS_CONVERSION,
  ORDERS_SETTINGS_PATH,
  type OrdersSettingsModule,
  ordersSettings,
} from './modules/orders-settings.ts';
export { TIP_CONVERSION, TIP_SETTINGS_PATH, TIPS_PATH, type TipsModule, tips } from './modules/tips.ts';
export {
  type DownloadUrl,
  type FocalPoint,
  type ListFilesOptions,
  MEDIA_FILE_CONVERSION,
  MEDIA_FILES_CONVERSION,
  MEDIA_FILES_PATH,
  type MediaFile,
  type MediaFileImage,
  type MediaFilesPage,
  type MediaFileThumbnail,
  type MediaFileVideo,
  type MediaModule,
  media,
  type SecureFileType,
  type UploadBody,
  type UploadFileOptions,
} from './modules/media.ts';
export {
  type CatalogueCsvModule,
  type CsvExportOptions,
  type CsvImportError,
  type CsvImportOptions,
  type CsvImportProduct,
  type CsvImportResult,
  catalogueCsv,
  PRODUCTS_EXPORT_PATH,
  PRODUCTS_IMPORT_PATH,
} from './modules/catalogue-csv.ts';
export {
  type ListDeliveriesOptions,
  type Webhook,
  WEBHOOK_CONVERSION,
  WEBHOOK_DELIVERY_CONVERSION,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEventTypeGroup,
  type WebhookInput,
  WEBHOOKS_PATH,
  type WebhooksModule,
  type WebhookUpdate,
  webhooks,
} from './modules/webhooks.ts';
export {
  DEV_MAILBOX_PATH,
  type DevMailboxList,
  type DevMailboxModule,
  type DevMessage,
  devMailbox,
} from './modules/dev-mailbox.ts';
export {
  type VerifyWebhookOptions,
  type VerifyWebhookResult,
  verifyWebhook,
} from './core/webhook-signature.ts';
export {
  API_KEYS_PATH,
  type ApiKey,
  AUDIT_LOG_PATH,
  type AuditChange,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  STAFF_PATH,
  type StaffAccountsModule,
  type StaffMember,
  type StaffPermission,
  type StaffRole,
  type StaffSession,
  type StaffSignIn,
  type StaffStatus,
  type StaffTotpEnrolment,
  staffAccounts,
} from './modules/staff.ts';
export {
  type Customer,
  type CustomerOrder,
  type CustomerPage,
  type CustomerProfile,
  type CustomerQuery,
  CUSTOMERS_PATH,
  type CustomersModule,
  customers,
  MEMBERS_ADMIN_PATH,
  type MemberStatusName,
  type Money,
  POLICIES_PATH,
  type SignUpPolicies,
} from './modules/customers.ts';
export type * from './modules/checkout-template-types.ts';
export {
  CHECKOUT_TEMPLATES_PATH,
  type CheckoutTemplatesModule,
  checkoutTemplates,
} from './modules/checkout-templates.ts';
export {
  SUBSCRIPTION_CONTRACT_CONVERSION,
  SUBSCRIPTION_CONTRACTS_PATH,
  type SubscriptionCharge,
  type SubscriptionContract,
  type SubscriptionContractStatus,
  type SubscriptionContractsModule,
  type SubscriptionFrequency,
  type SubscriptionSettings,
  subscriptionContracts,
} from './modules/subscription-contracts.ts';
export type * from './modules/shippo-configuration-types.ts';
export {
  LABEL_CARRIER_ID,
  SHIPPO_CONFIGURATION_CONVERSION,
  SHIPPO_CONFIGURATIONS_PATH,
  type ShippoConfigurationsModule,
  shippoConfigurations,
} from './modules/shippo-configurations.ts';
