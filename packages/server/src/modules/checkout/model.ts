import type { CheckoutCustomField, CheckoutCustomSettings, ContactDetails } from '@aisle/sdk';
import type { StoredAddress } from '../cart/model.ts';

/**
 * What a checkout row keeps in `info` besides its lines, coupon and merchant discounts (wire/cart-and-checkout.md
 * §4–5): the buyer's and merchant's choices as last written. Totals, shipping options and violations are never
 * stored; they are priced from the catalogue and the pricing engine at every read.
 */

export type { ContactDetails };

export interface Contact {
  address?: StoredAddress;
  contactDetails?: ContactDetails;
}

/** Who created the checkout (wire `createdBy`). */
export type CreatedBy = { memberId: string } | { visitorId: string } | { userId: string } | { appId: string };

export interface CheckoutInfo {
  billingInfo?: Contact;
  shippingInfo?: {
    shippingDestination?: Contact;
    selectedCarrierServiceOption?: { code?: string; carrierId?: string };
  };
  buyerNote?: string;
  buyerInfo?: { contactId?: string; email?: string };
  buyerLanguage?: string;
  customFields?: CheckoutCustomField[];
  membershipOptions?: {
    selectedMemberships?: { memberships?: Array<{ id: string; appId: string; lineItemIds?: string[] }> };
  };
  customSettings?: CheckoutCustomSettings;
  /** Aisle: the checkout template this checkout was started from. */
  checkoutTemplateId?: string;
  customContentReference?: { appId?: string; componentId?: string };
  externalReference?: { appId?: string; resourceId?: string };
  extendedFields?: { namespaces?: Record<string, unknown> };
  businessLocationId?: string;
  taxExemptGroupId?: string;
  overrideCheckoutUrl?: string;
  createdBy?: CreatedBy;
  /**
   * Redirect sessions (`ecomCheckout`) presented by a hosted checkout page, each bound to the first caller
   * (`v:<visitorId>` / `m:<memberId>`) that presented it: see docs/CHECKOUT.md "Who sees what".
   */
  redirectGrants?: Record<string, string>;
}
