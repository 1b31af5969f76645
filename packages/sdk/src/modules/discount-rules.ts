import type { ConversionSpec } from '../core/convert.ts';
import { declaredCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { AppliedDiscount, LineItemInput, PriceSummary } from './cart-types.ts';
import type { DiscountRule, DiscountRuleInput, DiscountRuleUpdate } from './discount-rule-types.ts';

export const DISCOUNT_RULES_PATH = '/ecom/v1/discount-rules';

/** Conversions of a discount rule, relative to it. */
export const DISCOUNT_RULE_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'activeTimeInfo.start', 'activeTimeInfo.end'],
};

/** A hypothetical cart for `previewDiscountRules`: catalogue lines as a shopper adds them. */
export interface DiscountRulePreviewRequest {
  lineItems: Array<Pick<LineItemInput, 'quantity' | 'catalogReference'>>;
  /** Price it as this signed-in member would see it (member-only rules); 404 MEMBER_NOT_FOUND if unknown. */
  memberId?: string;
}

/** What the store's live rules give that cart, priced by the real engine (no coupon, shipping or tax). */
export interface DiscountRulePreview {
  appliedDiscounts: AppliedDiscount[];
  priceSummary: PriceSummary;
}

/**
 * Automatic discounts the store applies to every cart whose trigger holds (admin). Past the store's limit
 * (1,000) a create is 400 MAX_DISCOUNT_RULES_REACHED; an update's `fieldMask` travels as the wire's `mask`;
 * `queryDiscountRules` is offset-paged (`POST /query`).
 */
export const discountRules = (http: Http) => {
  const { named } = declaredCalls<DiscountRule, DiscountRuleInput, DiscountRuleUpdate>()(
    http,
    ['DiscountRule', 'DiscountRules'],
    {
      path: DISCOUNT_RULES_PATH,
      queryMethod: 'POST',
      maskField: 'mask',
      conversion: DISCOUNT_RULE_CONVERSION,
      input: DISCOUNT_RULE_CONVERSION,
    },
  );
  return {
    ...named,
    /** "What would this cart get": each live rule the cart triggers, with its amount; nothing is written. */
    previewDiscountRules: (request: DiscountRulePreviewRequest): Promise<DiscountRulePreview> =>
      http
        .request<Partial<DiscountRulePreview>>({
          method: 'POST',
          path: `${DISCOUNT_RULES_PATH}/preview`,
          data: request,
        })
        .then((r) => ({ appliedDiscounts: r.appliedDiscounts ?? [], priceSummary: r.priceSummary ?? {} })),
  };
};

export type DiscountRulesModule = ReturnType<typeof discountRules>;
