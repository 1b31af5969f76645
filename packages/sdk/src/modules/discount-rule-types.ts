import type { SettingsEntity } from './settings-types.ts';

/** Discount rules (automatic discounts): wire/merchant-settings.md "Discount rules". */

export type DiscountRuleStatus = 'LIVE' | 'EXPIRED' | 'PENDING';

/** CATALOG_ITEM: products of a catalogue app (`catalogItemIds` = product ids; none = all its items). */
export interface DiscountRuleScope {
  id?: string;
  type: 'CATALOG_ITEM' | 'CUSTOM_FILTER';
  catalogItemFilter?: { catalogAppId: string; catalogItemIds?: string[] };
  /** The store's catalogue app with `params.collectionIds` selects products of those collections. */
  customFilter?: { appId: string; params?: Record<string, unknown> };
}

export type DiscountRuleTrigger =
  | { triggerType: 'AND'; and: { triggers: DiscountRuleTrigger[] } }
  | { triggerType: 'OR'; or: { triggers: DiscountRuleTrigger[] } }
  | {
      triggerType: 'SUBTOTAL_RANGE';
      subtotalRange: { scopes?: DiscountRuleScope[]; from?: string; to?: string };
    }
  | {
      triggerType: 'ITEM_QUANTITY_RANGE';
      itemQuantityRange: { scopes?: DiscountRuleScope[]; from?: number; to?: number };
    }
  | { triggerType: 'CUSTOM'; customTrigger: { id: string; appId: string } }
  | { triggerType: 'CUSTOMER_ELIGIBILITY'; customerEligibility: CustomerEligibility };

/** Who may get a rule: any signed-in member, or only the members named. */
export interface CustomerEligibility {
  eligibilityType: 'MEMBERS' | 'SPECIFIC_MEMBERS';
  memberIds?: string[];
}

export type DiscountRuleValue = (
  | { discountType: 'PERCENTAGE'; percentage: number }
  | { discountType: 'FIXED_AMOUNT'; fixedAmount: string }
  | { discountType: 'FIXED_PRICE'; fixedPrice: string }
  | { discountType: 'QUANTITY_BASED'; quantityBased: { configurations: QuantityConfiguration[] } }
) & {
  /** SPECIFIC_ITEMS (the scopes; none = every line), ALL_ITEMS, or LOWEST_PRICED_ITEM (one unit of the cheapest line in scope). */
  targetType?: 'SPECIFIC_ITEMS' | 'ALL_ITEMS' | 'LOWEST_PRICED_ITEM';
  specificItemsInfo?: { scopes: DiscountRuleScope[] };
};

/** `quantity` units of the targets together for `price` (a decimal string): "3 for 10.00". */
export interface QuantityConfiguration {
  quantity: number;
  price: string;
}

export interface DiscountRuleTags {
  privateTags?: { tagIds: string[] };
  publicTags?: { tagIds: string[] };
}

export interface DiscountRule extends SettingsEntity {
  name?: string;
  active?: boolean;
  /** Derived when read: PENDING before `start`, EXPIRED from `end` on, LIVE in between. */
  status?: DiscountRuleStatus;
  /** Placed orders the rule discounted. */
  usageCount?: number;
  activeTimeInfo?: { start?: Date; end?: Date };
  tags?: DiscountRuleTags;
  trigger?: DiscountRuleTrigger;
  discounts?: { values: DiscountRuleValue[] };
}

export interface DiscountRuleInput {
  name: string;
  active?: boolean;
  activeTimeInfo?: { start?: Date | string; end?: Date | string };
  tags?: DiscountRuleTags;
  trigger: DiscountRuleTrigger;
  discounts: { values: DiscountRuleValue[] };
}

export type DiscountRuleUpdate = Partial<DiscountRuleInput> & { revision?: string };
