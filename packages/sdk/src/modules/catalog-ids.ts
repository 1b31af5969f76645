/**
 * The store catalogue's ids in a cart line's `catalogReference`. Their own module, so that an app naming them
 * does not bundle the cart module with them.
 */

/** `catalogReference.appId` of the store catalogue. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
/** The variant id of a product without managed variants (`catalogReference.options.variantId`). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';
