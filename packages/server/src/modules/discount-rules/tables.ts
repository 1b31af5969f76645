import { integer, jsonb, text } from 'drizzle-orm/pg-core';
import type { DiscountRuleTrigger, DiscountRuleValue } from '../pricing/snapshot.ts';
import { at, entityTable, flag } from '../../platform/columns.ts';

/** Automatic discounts (wire/merchant-settings.md "Discount rules"): trigger and values as the wire has them. */
export const discountRules = entityTable('discount_rules', {
  name: text('name').notNull(),
  active: flag('active', true),
  activeStart: at('active_start'),
  activeEnd: at('active_end'),
  trigger: jsonb('trigger').$type<DiscountRuleTrigger>().notNull(),
  discounts: jsonb('discounts').$type<{ values: DiscountRuleValue[] }>().notNull(),
  tags: jsonb('tags').$type<DiscountRuleTags>(),
  /** Orders placed with the rule applied: counted in the order's transaction. */
  usageCount: integer('usage_count').notNull().default(0),
});

export interface DiscountRuleTags {
  privateTags?: { tagIds: string[] };
  publicTags?: { tagIds: string[] };
}
