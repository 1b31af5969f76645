import type { CustomLineItemInput, LineItemInput } from './cart-types.ts';

/** Checkout templates (wire/merchant-settings.md "Checkout templates"). */

export type CheckoutTemplateStatus = 'ACTIVE' | 'INACTIVE';

/** What the hosted checkout page does for checkouts started from the template. */
export interface CheckoutTemplateCustomization {
  webClient?: { disabledContinueShoppingButton?: boolean; disabledPolicyAgreementCheckbox?: boolean };
  /** Gift cards are not supported by Aisle: there is never a gift card field to lock. */
  lockedGiftCard?: boolean;
  /** The template's coupon stays: the shopper can neither remove it nor apply another. */
  lockedCoupon?: boolean;
  /** The shopper pays by card (placing the order with manual payment is refused). */
  disabledManualPayment?: boolean;
}

export interface CheckoutTemplateInput {
  status?: CheckoutTemplateStatus;
  customization?: CheckoutTemplateCustomization;
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
  couponCode?: string | null;
  customContentReference?: { appId?: string; componentId?: string };
  externalReference?: { appId?: string; resourceId?: string };
}

export interface CheckoutTemplate extends CheckoutTemplateInput {
  id: string;
  status: CheckoutTemplateStatus;
  customization: CheckoutTemplateCustomization;
  lineItems: LineItemInput[];
  customLineItems: CustomLineItemInput[];
  /** Int64 string: send it back on updates. */
  revision: string;
}

export type CheckoutTemplateUpdate = CheckoutTemplateInput & { revision?: string };

/** A new checkout started from a template: `checkoutUrl` opens it on the hosted checkout page. */
export interface CheckoutFromTemplate {
  checkoutId: string;
  checkoutUrl: string;
  purchaseFlowId: string;
}
