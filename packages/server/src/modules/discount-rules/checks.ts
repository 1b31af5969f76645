import { compareDecimals } from '../../platform/money.ts';
import type { FieldViolation } from '../../platform/errors.ts';
import { violation, presentFields } from '../../platform/entity-kit/index.ts';
import type { DiscountRuleScope, DiscountRuleTrigger, DiscountRuleValue } from '../pricing/snapshot.ts';

/**
 * What a schema cannot say about a rule: each trigger and discount kind carries its own field, ranges run
 * from low to high, windows start before they end. Violations name the field under `discountRule.`; the
 * returned trigger and values keep only the fields of their kind, so a stored rule is unambiguous.
 */

type RawTrigger = Record<string, unknown> & { triggerType: DiscountRuleTrigger['triggerType'] };
type RawValue = Record<string, unknown> & { discountType: DiscountRuleValue['discountType'] };

const FIELD_OF_TRIGGER = {
  AND: 'and',
  OR: 'or',
  SUBTOTAL_RANGE: 'subtotalRange',
  ITEM_QUANTITY_RANGE: 'itemQuantityRange',
  CUSTOM: 'customTrigger',
  CUSTOMER_ELIGIBILITY: 'customerEligibility',
} as const;

const FIELD_OF_VALUE = {
  PERCENTAGE: 'percentage',
  FIXED_AMOUNT: 'fixedAmount',
  FIXED_PRICE: 'fixedPrice',
  QUANTITY_BASED: 'quantityBased',
} as const;

function required(kind: string, field: string, path: string): FieldViolation {
  return violation(`${path}.${field}`, `is required for ${kind}`, 'REQUIRED_FIELD');
}

function checkScopes(scopes: DiscountRuleScope[] | undefined, path: string, out: FieldViolation[]): void {
  (scopes ?? []).forEach((scope, i) => {
    const field = scope.type === 'CATALOG_ITEM' ? 'catalogItemFilter' : 'customFilter';
    if (!scope[field]) out.push(required(scope.type, field, `${path}.scopes[${i}]`));
  });
}

function ordered(from: string | number | undefined, to: string | number | undefined): boolean {
  if (from === undefined || to === undefined) return true;
  return compareDecimals(String(from), String(to)) <= 0;
}

export function checkTrigger(raw: RawTrigger, path: string, out: FieldViolation[]): DiscountRuleTrigger {
  const field = FIELD_OF_TRIGGER[raw.triggerType];
  const body = raw[field] as Record<string, unknown> | undefined;
  if (!body) {
    out.push(required(raw.triggerType, field, path));
    return raw as DiscountRuleTrigger;
  }
  const at = `${path}.${field}`;
  if (raw.triggerType === 'AND' || raw.triggerType === 'OR') {
    const triggers = (body.triggers as RawTrigger[]).map((t, i) =>
      checkTrigger(t, `${at}.triggers[${i}]`, out),
    );
    return { triggerType: raw.triggerType, [field]: { triggers } } as DiscountRuleTrigger;
  }
  if (raw.triggerType === 'SUBTOTAL_RANGE' || raw.triggerType === 'ITEM_QUANTITY_RANGE') {
    const range = body as { from?: string | number; to?: string | number; scopes?: DiscountRuleScope[] };
    if (!ordered(range.from, range.to)) out.push(violation(`${at}.to`, 'must not be less than from'));
    checkScopes(range.scopes, at, out);
  }
  if (raw.triggerType === 'CUSTOMER_ELIGIBILITY') {
    const eligibility = body as { eligibilityType: string; memberIds?: string[] };
    if (eligibility.eligibilityType === 'SPECIFIC_MEMBERS' && !eligibility.memberIds?.length)
      out.push(violation(`${at}.memberIds`, 'must name at least one member', 'MIN_SIZE'));
  }
  return { triggerType: raw.triggerType, [field]: body } as DiscountRuleTrigger;
}

export function checkValue(raw: RawValue, path: string, out: FieldViolation[]): DiscountRuleValue {
  const field = FIELD_OF_VALUE[raw.discountType];
  if (raw[field] === undefined) out.push(required(raw.discountType, field, path));
  const scopes = (raw.specificItemsInfo as { scopes?: DiscountRuleScope[] } | undefined)?.scopes;
  checkScopes(scopes, `${path}.specificItemsInfo`, out);
  return {
    discountType: raw.discountType,
    [field]: raw[field],
    ...presentFields(raw, ['targetType', 'specificItemsInfo']),
  } as DiscountRuleValue;
}

export function checkWindow(
  window: { start?: string | undefined; end?: string | undefined } | undefined,
  path: string,
  out: FieldViolation[],
): void {
  if (window?.start && window.end && Date.parse(window.start) >= Date.parse(window.end))
    out.push(violation(`${path}.end`, 'must be after start'));
}
