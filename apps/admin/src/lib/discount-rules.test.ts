import type { DiscountRuleTrigger, DiscountRuleValue, FieldViolation } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_APP_ID,
  type ConditionDraft,
  conditionDraft,
  type DiscountDraft,
  discountDraft,
  explainViolation,
  isConditionDraft,
  isDiscountsDraft,
  itemsDraft,
  messageUnder,
  namedCondition,
  namedIds,
  newDiscount,
  noItems,
  readCondition,
  readDiscount,
  ruleFieldOf,
  ruleSentence,
} from './discount-rules.ts';

const products = (...ids: string[]) => ({
  type: 'CATALOG_ITEM' as const,
  catalogItemFilter: { catalogAppId: CATALOG_APP_ID, catalogItemIds: ids },
});
const collections = (...ids: string[]) => ({
  type: 'CUSTOM_FILTER' as const,
  customFilter: { appId: CATALOG_APP_ID, params: { collectionIds: ids } },
});
const otherApp = {
  type: 'CUSTOM_FILTER' as const,
  customFilter: { appId: 'sale-app', params: { tag: 'x' } },
};

/** A trigger through the builder's draft and back, with the problems found. */
function roundTrip(trigger: DiscountRuleTrigger) {
  const problems: Record<string, string> = {};
  const back = readCondition(conditionDraft(trigger), 'trigger', problems);
  return { back, problems };
}

describe('conditions: every trigger through the builder and back', () => {
  it.each<[string, DiscountRuleTrigger]>([
    ['a subtotal range', { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50.00', to: '100.00' } }],
    [
      'an item count of chosen products and collections',
      {
        triggerType: 'ITEM_QUANTITY_RANGE',
        itemQuantityRange: { scopes: [products('p1', 'p2'), collections('c1')], from: 3 },
      },
    ],
    [
      'signed-in shoppers',
      { triggerType: 'CUSTOMER_ELIGIBILITY', customerEligibility: { eligibilityType: 'MEMBERS' } },
    ],
    [
      'chosen customers',
      {
        triggerType: 'CUSTOMER_ELIGIBILITY',
        customerEligibility: { eligibilityType: 'SPECIFIC_MEMBERS', memberIds: ['m1', 'm2'] },
      },
    ],
    ['an app’s condition', { triggerType: 'CUSTOM', customTrigger: { appId: 'loyalty', id: 'gold' } }],
    [
      'AND holding an OR',
      {
        triggerType: 'AND',
        and: {
          triggers: [
            { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { to: '20.00' } },
            {
              triggerType: 'OR',
              or: {
                triggers: [
                  {
                    triggerType: 'CUSTOMER_ELIGIBILITY',
                    customerEligibility: { eligibilityType: 'MEMBERS' },
                  },
                  { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 0, to: 2 } },
                ],
              },
            },
          ],
        },
      },
    ],
    ['every cart', { triggerType: 'SUBTOTAL_RANGE', subtotalRange: {} }],
  ])('%s', (_, trigger) => {
    expect(roundTrip(trigger)).toEqual({ back: trigger, problems: {} });
  });

  it('keeps scopes it cannot edit (another app’s filter) and says them', () => {
    const trigger: DiscountRuleTrigger = {
      triggerType: 'SUBTOTAL_RANGE',
      subtotalRange: { scopes: [products('p1'), otherApp], from: '10.00' },
    };
    expect(itemsDraft(trigger.subtotalRange.scopes)).toEqual({
      products: [{ id: 'p1' }],
      collections: [],
      kept: [otherApp],
    });
    expect(roundTrip(trigger).back).toEqual(trigger);
  });

  it('normalises amounts and puts each problem under its wire path', () => {
    const draft: ConditionDraft = {
      type: 'OR',
      conditions: [
        { type: 'SUBTOTAL_RANGE', from: '49,5', to: 'lots', items: noItems() },
        { type: 'ITEM_QUANTITY_RANGE', from: '', to: '', items: noItems() },
        { type: 'SPECIFIC_MEMBERS', members: [] },
        { type: 'AND', conditions: [] },
      ],
    };
    const problems: Record<string, string> = {};
    const trigger = readCondition(draft, 'trigger', problems);
    expect(trigger.triggerType === 'OR' && trigger.or.triggers[0]).toEqual({
      triggerType: 'SUBTOTAL_RANGE',
      subtotalRange: { from: '49.50' },
    });
    expect(problems).toEqual({
      'trigger.or.triggers[0].subtotalRange.to': 'Enter an amount such as 19.99 (at most two decimals).',
      'trigger.or.triggers[1].itemQuantityRange.from': 'Enter the lowest, the highest, or both.',
      'trigger.or.triggers[2].customerEligibility.memberIds': 'Choose at least one customer.',
      'trigger.or.triggers[3].and.triggers': 'Add at least one condition.',
    });
  });
});

describe('discounts: every kind and target through the editor and back', () => {
  it.each<[string, DiscountRuleValue]>([
    [
      'a percentage off every item',
      { discountType: 'PERCENTAGE', percentage: 12.5, targetType: 'ALL_ITEMS' },
    ],
    [
      'an amount off chosen products',
      {
        discountType: 'FIXED_AMOUNT',
        fixedAmount: '5.00',
        targetType: 'SPECIFIC_ITEMS',
        specificItemsInfo: { scopes: [products('p1')] },
      },
    ],
    [
      'a set price for the cheapest item of a collection',
      {
        discountType: 'FIXED_PRICE',
        fixedPrice: '1.00',
        targetType: 'LOWEST_PRICED_ITEM',
        specificItemsInfo: { scopes: [collections('c1')] },
      },
    ],
    [
      'bundle prices',
      {
        discountType: 'QUANTITY_BASED',
        quantityBased: {
          configurations: [
            { quantity: 3, price: '10.00' },
            { quantity: 2, price: '7.00' },
          ],
        },
        targetType: 'ALL_ITEMS',
      },
    ],
    [
      'the cheapest item of all',
      { discountType: 'PERCENTAGE', percentage: 100, targetType: 'LOWEST_PRICED_ITEM' },
    ],
  ])('%s', (_, value) => {
    const problems: Record<string, string> = {};
    expect(readDiscount(discountDraft(value), 'discounts.values[0]', problems)).toEqual(value);
    expect(problems).toEqual({});
  });

  it('reads a value without a target and scopes as every item', () => {
    expect(discountDraft({ discountType: 'PERCENTAGE', percentage: 10 }).target).toBe('ALL_ITEMS');
  });

  it('refuses bad values under their wire paths', () => {
    const bad = (change: Partial<DiscountDraft>) => {
      const problems: Record<string, string> = {};
      readDiscount({ ...newDiscount(), ...change }, 'discounts.values[1]', problems);
      return problems;
    };
    expect(bad({ percentage: '0' })).toEqual({
      'discounts.values[1].percentage': 'Enter a percentage above 0 and up to 100, such as 10 or 12.5.',
    });
    expect(bad({ percentage: '100.5' })).toHaveProperty(['discounts.values[1].percentage']);
    expect(bad({ percentage: '10 %' })).toEqual({});
    expect(bad({ type: 'FIXED_AMOUNT', amount: '' })).toEqual({
      'discounts.values[1].fixedAmount': 'Enter an amount.',
    });
    expect(bad({ type: 'QUANTITY_BASED', bundles: [{ quantity: '0', price: '3' }] })).toEqual({
      'discounts.values[1].quantityBased.configurations[0].quantity': 'Enter 1 or more.',
    });
    expect(bad({ type: 'QUANTITY_BASED', bundles: [] })).toEqual({
      'discounts.values[1].quantityBased.configurations': 'Add at least one bundle.',
    });
    expect(bad({ percentage: '5', target: 'SPECIFIC_ITEMS' })).toEqual({
      'discounts.values[1].specificItemsInfo.scopes':
        'Choose at least one product or collection, or “Every item”.',
    });
  });
});

describe('the server’s violations in the merchant’s words', () => {
  it('by the path’s last field', () => {
    const v = (description: string, violatedRule: FieldViolation['violatedRule'] = 'VALIDATION') => ({
      field: 'x',
      description,
      violatedRule,
    });
    expect(explainViolation('trigger.subtotalRange.to', v('must not be less than from'))).toBe(
      'The highest amount is below the lowest: make it the same or higher.',
    );
    expect(
      explainViolation('trigger.and.triggers[0].itemQuantityRange.to', v('must not be less than from')),
    ).toBe('The highest number of items is below the lowest: make it the same or higher.');
    expect(explainViolation('trigger.subtotalRange.from', v('must match pattern', 'FORMAT'))).toBe(
      'Enter an amount such as 50.00.',
    );
    expect(explainViolation('discounts.values[0].percentage', v('must be <= 100', 'MAX'))).toMatch(
      /percentage/,
    );
    expect(explainViolation('trigger.customerEligibility.memberIds', v('must name', 'MIN_SIZE'))).toBe(
      'Choose at least one customer.',
    );
    expect(explainViolation('end', v('must be after start'))).toBe('Choose an end after the start.');
    expect(explainViolation('name', v('is odd'))).toBeUndefined();
  });

  it('maps the wire paths to the form’s fields', () => {
    expect(ruleFieldOf('discountRule.trigger.or.triggers[1].subtotalRange.to')).toBe(
      'trigger.or.triggers[1].subtotalRange.to',
    );
    expect(ruleFieldOf('discountRule.activeTimeInfo.end')).toBe('end');
    expect(ruleFieldOf('discountRule.activeTimeInfo.start')).toBe('start');
    expect(
      messageUnder(
        { 'discounts.values[0].specificItemsInfo.scopes[0].catalogItemFilter': 'm' },
        'discounts.values[0].specificItemsInfo',
      ),
    ).toBe('m');
    expect(messageUnder({ 'trigger.and.triggersX': 'm' }, 'trigger.and.triggers')).toBeUndefined();
  });
});

describe('what a rule does, in a sentence', () => {
  const sentence = (
    trigger: DiscountRuleTrigger,
    values: DiscountRuleValue[],
    names: Record<string, string> = {},
  ) =>
    ruleSentence(
      namedCondition(conditionDraft(trigger), names),
      {
        values: values.map(discountDraft).map((v) => ({
          ...v,
          items: {
            ...v.items,
            products: v.items.products.map((p) => ({ ...p, name: names[p.id] })),
            collections: v.items.collections.map((c) => ({ ...c, name: names[c.id] })),
          },
        })),
      },
      'USD',
    );

  it.each<[DiscountRuleTrigger, DiscountRuleValue[], string]>([
    [
      { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50' } },
      [{ discountType: 'PERCENTAGE', percentage: 10 }],
      '10 % off every item when the subtotal is $50.00 or more.',
    ],
    [
      { triggerType: 'SUBTOTAL_RANGE', subtotalRange: {} },
      [
        {
          discountType: 'FIXED_AMOUNT',
          fixedAmount: '5',
          targetType: 'SPECIFIC_ITEMS',
          specificItemsInfo: { scopes: [products('p1')] },
        },
      ],
      '$5.00 off each of Oak Chair on every cart.',
    ],
    [
      {
        triggerType: 'AND',
        and: {
          triggers: [
            {
              triggerType: 'ITEM_QUANTITY_RANGE',
              itemQuantityRange: { from: 3, to: 5, scopes: [collections('c1')] },
            },
            {
              triggerType: 'OR',
              or: {
                triggers: [
                  {
                    triggerType: 'CUSTOMER_ELIGIBILITY',
                    customerEligibility: { eligibilityType: 'MEMBERS' },
                  },
                  { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { to: '20' } },
                ],
              },
            },
          ],
        },
      },
      [{ discountType: 'FIXED_PRICE', fixedPrice: '1', targetType: 'LOWEST_PRICED_ITEM' }],
      'The cheapest item at $1.00 when the cart holds between 3 and 5 items of the Mugs collection and (the shopper is signed in or the subtotal is at most $20.00).',
    ],
    [
      {
        triggerType: 'CUSTOMER_ELIGIBILITY',
        customerEligibility: { eligibilityType: 'SPECIFIC_MEMBERS', memberIds: ['m1', 'm2'] },
      },
      [
        {
          discountType: 'QUANTITY_BASED',
          quantityBased: { configurations: [{ quantity: 3, price: '10' }] },
          specificItemsInfo: { scopes: [products('p1', 'p2', 'p3', 'p4')] },
        },
      ],
      '3 for $10.00 on 4 chosen products when the shopper is one of 2 chosen customers.',
    ],
  ])('%#', (trigger, values, expected) => {
    expect(sentence(trigger, values, { p1: 'Oak Chair', c1: 'Mugs' })).toBe(expected);
  });
});

describe('drafts posted by the editors', () => {
  it('are recognised, and their ids listed for their names', () => {
    const draft = conditionDraft({
      triggerType: 'OR',
      or: {
        triggers: [
          {
            triggerType: 'ITEM_QUANTITY_RANGE',
            itemQuantityRange: { from: 1, scopes: [products('p1'), collections('c1')] },
          },
          {
            triggerType: 'CUSTOMER_ELIGIBILITY',
            customerEligibility: { eligibilityType: 'SPECIFIC_MEMBERS', memberIds: ['m1'] },
          },
        ],
      },
    });
    expect(isConditionDraft(JSON.parse(JSON.stringify(draft)))).toBe(true);
    expect(isConditionDraft({ type: 'SUBTOTAL_RANGE', from: 1 })).toBe(false);
    expect(isDiscountsDraft({ values: [newDiscount()] })).toBe(true);
    expect(isDiscountsDraft({ values: [{ type: 'PERCENTAGE' }] })).toBe(false);
    const ids = namedIds(draft, {
      values: [
        discountDraft({
          discountType: 'PERCENTAGE',
          percentage: 1,
          specificItemsInfo: { scopes: [products('p2')] },
        }),
      ],
    });
    expect(ids).toEqual({
      products: new Set(['p1', 'p2']),
      collections: new Set(['c1']),
      members: new Set(['m1']),
    });
  });
});
