/** What a template says about the hosted checkout page (wire `customization`). */
export interface TemplateCustomization {
  webClient?: { disabledContinueShoppingButton?: boolean; disabledPolicyAgreementCheckbox?: boolean };
  lockedGiftCard?: boolean;
  lockedCoupon?: boolean;
  disabledManualPayment?: boolean;
}

export const TEMPLATE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
