// Checkout settings, orders settings and tips as the SDK returns them (wire/merchant-settings.md and
// docs/CHECKOUT.md "Checkout settings, orders settings and tips"): dates as Date, images as
// `aisle:image://` URIs, money and tip values as decimal strings, revisions as int64 strings.
import type { WireImage } from '../core/image.ts';
import type { OrderApprovalStrategy } from './order-types.ts';

// ---- Checkout settings (singleton)

export type LogoSize = 'SMALL' | 'MEDIUM' | 'LARGE';
export type HeaderAlignment = 'SIDE' | 'CENTER';

/** A policy shown at checkout; `content` is plain text. Shoppers receive only the visible ones. */
export interface CheckoutPolicy {
  visible?: boolean;
  content?: string;
}

export interface CustomCheckoutPolicy extends CheckoutPolicy {
  title?: string;
}

export interface CheckoutPolicies {
  termsAndConditions?: CheckoutPolicy;
  privacyPolicy?: CheckoutPolicy;
  returnPolicy?: CheckoutPolicy;
  digitalItemPolicy?: CheckoutPolicy;
  contactUs?: CheckoutPolicy;
  customPolicy?: CustomCheckoutPolicy;
}

export interface CheckoutCheckbox {
  visible?: boolean;
  checkedByDefault?: boolean;
}

export interface CheckoutFields {
  subscriptionCheckbox?: CheckoutCheckbox;
  policyAgreementCheckbox?: CheckoutCheckbox;
}

export interface CheckoutLogo {
  /** `aisle:image://v1/<id>/<filename>#…` for an uploaded image, the URL of an external one. */
  image?: string;
  size?: LogoSize;
}

/** Colours are hex (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`). */
export interface CheckoutHeader {
  text?: string;
  textColor?: string;
  backgroundColor?: string;
  logo?: CheckoutLogo;
  alignment?: HeaderAlignment;
}

export interface CheckoutMainSection {
  backgroundColor?: string;
  textColor?: string;
  buttonColor?: string;
  buttonTextColor?: string;
}

export interface CheckoutFooter {
  backgroundColor?: string;
  textColor?: string;
  text?: string;
}

export interface CheckoutGlobalStyle {
  backgroundColor?: string;
  textColor?: string;
  accentColor?: string;
  /** A CSS font-family list, e.g. `Inter, sans-serif`. */
  fontFamily?: string;
}

export interface CheckoutBrand {
  header?: CheckoutHeader;
  mainSection?: CheckoutMainSection;
  footer?: CheckoutFooter;
  global?: CheckoutGlobalStyle;
}

export interface BillingFieldSetting {
  visible?: boolean;
  /** Only with `visible`. */
  required?: boolean;
}

/** Which billing details the checkout asks for, beyond name, e-mail and address. */
export interface CheckoutBillingFields {
  phone?: BillingFieldSetting;
  company?: BillingFieldSetting;
  addressLine2?: BillingFieldSetting;
  vatId?: BillingFieldSetting;
}

/**
 * Admins read every field; shoppers (visitor, member, no token) read `checkoutPolicies` (visible ones),
 * `checkoutFields`, `giftCardRedeemEnabled`, `checkoutBrand` and `checkoutBillingFields`.
 */
export interface CheckoutSettings {
  checkoutPolicies?: CheckoutPolicies;
  checkoutFields?: CheckoutFields;
  giftCardRedeemEnabled?: boolean;
  /** Merchant-initiated transactions on saved payment methods. */
  mitEnabled?: boolean;
  /** Authorize at checkout, capture later. */
  delayCaptureEnabled?: boolean;
  /** With delayed capture: capture before the authorization expires. */
  captureBeforeExpiryEnabled?: boolean;
  checkoutBrand?: CheckoutBrand;
  checkoutBillingFields?: CheckoutBillingFields;
  /** `"0"` until first written. */
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
}

/** A logo to set: an image URI or URL (as read, or our media URL), or a wire image `{id}` / `{url}`. */
export type CheckoutLogoInput = Omit<CheckoutLogo, 'image'> & { image?: string | WireImage };

/** What a write sends: the settings as read (without their dates), with a logo given as in `CheckoutLogoInput`. */
export type CheckoutSettingsUpdate = Omit<
  CheckoutSettings,
  'checkoutBrand' | 'createdDate' | 'updatedDate'
> & {
  checkoutBrand?: Omit<CheckoutBrand, 'header'> & {
    header?: Omit<CheckoutHeader, 'logo'> & { logo?: CheckoutLogoInput };
  };
};

/** Field masks name dotted paths, e.g. `checkoutPolicies.returnPolicy` or `checkoutBrand.header.logo.image`. */
export interface SettingsUpdateOptions {
  fieldMask?: string | readonly string[];
}

// ---- Orders settings (singleton, admin)

export type InventoryUpdateTrigger = 'ON_ORDER_PAID' | 'ON_ORDER_PLACED';

export interface OrdersSettings {
  inventoryUpdateTrigger?: InventoryUpdateTrigger;
  createInvoice?: boolean;
  orderApprovalStrategy?: OrderApprovalStrategy;
  /** Absent until first written. */
  createdDate?: Date;
  updatedDate?: Date;
}

export interface OrdersSettingsUpdate {
  inventoryUpdateTrigger?: InventoryUpdateTrigger;
  createInvoice?: boolean;
  orderApprovalStrategy?: OrderApprovalStrategy;
}

// ---- Tips

export type TipSettingsType = 'PERCENTAGE' | 'AMOUNT';
export type TipType = TipSettingsType | 'CUSTOM';

/** A preset (`PERCENTAGE` / `AMOUNT`, as the settings offer) or a `CUSTOM` amount; `"0"` is no tip. */
export interface TipChoice {
  tipType: TipType;
  /** Decimal string in answers; a number is accepted in requests. */
  value: string | number;
}

export interface TipSettings {
  id: string;
  title?: string;
  enabled?: boolean;
  /** Used when a preview or checkout names no settings. */
  isDefault?: boolean;
  tipType?: TipSettingsType;
  /** Preset percentages or amounts, decimal strings. */
  choices?: string[];
  /** Preselected for buyers who have not chosen. */
  defaultChoice?: string;
  allowCustomAmount?: boolean;
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
}

export interface TipSettingsInput {
  tipType: TipSettingsType;
  choices: Array<string | number>;
  title?: string | null;
  enabled?: boolean;
  /** Default: true for the first settings. */
  isDefault?: boolean;
  defaultChoice?: string | number | null;
  allowCustomAmount?: boolean;
}

export interface TipSettingsUpdate extends Partial<TipSettingsInput> {
  revision?: string;
}

export interface TipLineItemInfo {
  lineItemId?: string;
  catalogReference?: Record<string, unknown>;
  name?: string;
  /** Unit price, decimal string. */
  price: string;
  quantity: number;
}

export interface TipDistribution {
  id?: string;
  staff?: { id?: string; name?: string; staffMemberId?: string };
  amount?: string;
  lineItemInfo?: TipLineItemInfo[];
  transaction?: { id?: string; date?: Date };
  orderId?: string;
  createdDate?: Date;
  source?: 'POS' | 'WEB' | 'DASHBOARD';
}

/** Amounts are decimal strings in the store currency. */
export interface Tip {
  id?: string;
  amount?: string;
  lineItemSubtotal?: string;
  undistributedAmount?: string;
  distributions?: TipDistribution[];
}

export interface PreviewTipRequest {
  lineItemInfo: TipLineItemInfo[];
  /** None: the settings' default choice. */
  tipChoice?: TipChoice;
  /** None: the default settings. */
  tipSettingsId?: string;
  draftOrderId?: string;
}
