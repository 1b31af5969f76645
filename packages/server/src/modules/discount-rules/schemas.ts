import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { patchSchema } from '../../platform/entity-kit/index.ts';
import { literals } from '../../platform/schema.ts';

/** Request schemas of discount rules (wire/merchant-settings.md "Discount rules"). */

const Opt = Type.Optional;
const Str = (max: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });
const Decimal = Type.String({
  pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
  description: 'A non-negative decimal string, e.g. "25.00"',
});
const Ids = Type.Array(Str(100, { minLength: 1 }), { maxItems: 500 });

export const Scope = Type.Object({
  id: Opt(Str(100)),
  type: literals(['CATALOG_ITEM', 'CUSTOM_FILTER'] as const),
  catalogItemFilter: Opt(Type.Object({ catalogAppId: Str(100, { minLength: 1 }), catalogItemIds: Opt(Ids) })),
  customFilter: Opt(
    Type.Object({
      appId: Str(100, { minLength: 1 }),
      params: Opt(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
});
const Scopes = Type.Array(Scope, { maxItems: 50 });

/** One trigger; AND and OR hold others (nesting is limited by the request's depth limit). */
export const Trigger: TSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      triggerType: literals([
        'AND',
        'OR',
        'SUBTOTAL_RANGE',
        'ITEM_QUANTITY_RANGE',
        'CUSTOM',
        'CUSTOMER_ELIGIBILITY',
      ] as const),
      and: Opt(Type.Object({ triggers: Type.Array(Self, { minItems: 1, maxItems: 20 }) })),
      or: Opt(Type.Object({ triggers: Type.Array(Self, { minItems: 1, maxItems: 20 }) })),
      subtotalRange: Opt(Type.Object({ scopes: Opt(Scopes), from: Opt(Decimal), to: Opt(Decimal) })),
      itemQuantityRange: Opt(
        Type.Object({
          scopes: Opt(Scopes),
          from: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          to: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        }),
      ),
      customTrigger: Opt(Type.Object({ id: Str(100, { minLength: 1 }), appId: Str(100, { minLength: 1 }) })),
      customerEligibility: Opt(
        Type.Object({
          eligibilityType: literals(['MEMBERS', 'SPECIFIC_MEMBERS'] as const),
          memberIds: Opt(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 })),
        }),
      ),
    }),
  { $id: 'DiscountRuleTrigger' },
);

export const Value = Type.Object({
  discountType: literals(['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE', 'QUANTITY_BASED'] as const),
  percentage: Opt(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
  fixedAmount: Opt(Decimal),
  fixedPrice: Opt(Decimal),
  quantityBased: Opt(
    Type.Object({
      configurations: Type.Array(
        Type.Object({ quantity: Type.Integer({ minimum: 1, maximum: 1000 }), price: Decimal }),
        { minItems: 1, maxItems: 10 },
      ),
    }),
  ),
  targetType: Opt(literals(['SPECIFIC_ITEMS', 'ALL_ITEMS', 'LOWEST_PRICED_ITEM'] as const)),
  specificItemsInfo: Opt(Type.Object({ scopes: Scopes })),
});

const TagIds = Type.Object({ tagIds: Type.Array(Str(100), { maxItems: 100 }) });
const RuleFields = {
  name: Str(200, { minLength: 1 }),
  active: Type.Boolean(),
  activeTimeInfo: Type.Object({
    start: Opt(Type.String({ format: 'date-time' })),
    end: Opt(Type.String({ format: 'date-time' })),
  }),
  tags: Type.Object({ privateTags: Opt(TagIds), publicTags: Opt(TagIds) }),
  trigger: Trigger,
  discounts: Type.Object({ values: Type.Array(Value, { minItems: 1, maxItems: 10 }) }),
};
export const DiscountRuleCreate = Type.Object({
  name: RuleFields.name,
  active: Opt(RuleFields.active),
  activeTimeInfo: Opt(RuleFields.activeTimeInfo),
  tags: Opt(RuleFields.tags),
  trigger: RuleFields.trigger,
  discounts: RuleFields.discounts,
});
export const DiscountRulePatch = patchSchema(RuleFields);
export type DiscountRuleCreate = Static<typeof DiscountRuleCreate>;
export type DiscountRulePatch = Static<typeof DiscountRulePatch>;
