import { allocate, compareDecimals, decimalFromNumber, isDecimal, percentOf } from '../../platform/money.ts';
import type { Currency } from './currency.ts';
import { least, type PricedLine, remaining } from './lines.ts';
import type {
  CouponDefinition,
  CouponSnapshot,
  DiscountRuleScope,
  DiscountRuleSnapshot,
  DiscountRuleTrigger,
  DiscountRuleValue,
  MerchantDiscountSnapshot,
  TranslatableText,
} from './snapshot.ts';
import type { ApplicationError } from './totals.ts';

/** A discount as computed, before it becomes a wire `appliedDiscount`. */
export interface Applied {
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  lineItemIds: string[];
  amount: bigint;
  coupon?: { id: string; code: string; name: string };
  merchantDiscount?: { percentage?: number };
  discountRule?: { id: string; name: TranslatableText };
}

export function instant(iso: string, what: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`${what}: not an instant: "${iso}"`);
  return ms;
}

function checkPercentage(percentage: string): string {
  if (!isDecimal(percentage) || percentage.startsWith('-'))
    throw new RangeError(`not a percentage: "${percentage}"`);
  return percentage;
}

/** Percentage off each line's remaining amount, rounded per line; never more than what is left. */
export function percentageOff(lines: PricedLine[], percentage: string): bigint[] {
  checkPercentage(percentage);
  return lines.map((line) => {
    const left = remaining(line);
    return least(percentOf(left, percentage), left);
  });
}

/** An amount off the lines together, capped at what is left and split by largest remainder over what is left. */
export function amountOff(lines: PricedLine[], amount: bigint): bigint[] {
  if (amount < 0n) throw new RangeError('a discount amount must not be negative');
  const weights = lines.map(remaining);
  const available = weights.reduce((a, b) => a + b, 0n);
  return allocate(least(amount, available), weights);
}

function commit(lines: PricedLine[], shares: bigint[]): bigint {
  let total = 0n;
  lines.forEach((line, index) => {
    const share = shares[index] ?? 0n;
    line.discount += share;
    total += share;
  });
  return total;
}

// ---- Automatic discount rules ----

export type RuleStatus = 'LIVE' | 'PENDING' | 'EXPIRED';

/** PENDING before `start`, EXPIRED from `end` on, LIVE in between. */
export function ruleStatus(rule: DiscountRuleSnapshot, now: number): RuleStatus {
  const { start, end } = rule.activeTimeInfo ?? {};
  if (start !== undefined && now < instant(start, `discount rule ${rule.id} start`)) return 'PENDING';
  if (end !== undefined && now >= instant(end, `discount rule ${rule.id} end`)) return 'EXPIRED';
  return 'LIVE';
}

/** Any scope matches (none = every line). Custom filters are evaluated by their app, never here: no match. */
export function scopeMatches(scopes: DiscountRuleScope[] | undefined, line: PricedLine): boolean {
  if (!scopes || scopes.length === 0) return true;
  const ref = line.item.catalogReference;
  return scopes.some((scope) => {
    if (scope.type !== 'CATALOG_ITEM' || !scope.catalogItemFilter || !ref) return false;
    const { catalogAppId, catalogItemIds } = scope.catalogItemFilter;
    if (ref.appId !== catalogAppId) return false;
    return !catalogItemIds || catalogItemIds.length === 0 || catalogItemIds.includes(ref.catalogItemId);
  });
}

function inRange(compare: (bound: string) => -1 | 0 | 1, from: string | undefined, to: string | undefined) {
  return (from === undefined || compare(from) >= 0) && (to === undefined || compare(to) <= 0);
}

/** Ranges are inclusive at both ends; amounts are after product discounts, before any cart discount. */
export function triggerHolds(trigger: DiscountRuleTrigger, lines: PricedLine[], currency: Currency): boolean {
  switch (trigger.triggerType) {
    case 'AND':
      return trigger.and.triggers.every((t) => triggerHolds(t, lines, currency));
    case 'OR':
      return trigger.or.triggers.some((t) => triggerHolds(t, lines, currency));
    case 'SUBTOTAL_RANGE': {
      const { scopes, from, to } = trigger.subtotalRange;
      const subtotal = lines.filter((l) => scopeMatches(scopes, l)).reduce((a, l) => a + l.lineItemPrice, 0n);
      const text = currency.text(subtotal);
      return inRange((bound) => compareDecimals(text, bound), from, to);
    }
    case 'ITEM_QUANTITY_RANGE': {
      const { scopes, from, to } = trigger.itemQuantityRange;
      const quantity = lines.filter((l) => scopeMatches(scopes, l)).reduce((a, l) => a + l.quantity, 0n);
      return inRange(
        (bound) => compareDecimals(quantity.toString(), bound),
        from === undefined ? undefined : decimalFromNumber(from),
        to === undefined ? undefined : decimalFromNumber(to),
      );
    }
    default:
      // CUSTOM and CUSTOMER_ELIGIBILITY are decided by other apps; the engine never assumes they hold.
      return false;
  }
}

function ruleValueOff(value: DiscountRuleValue, targets: PricedLine[], currency: Currency): bigint[] {
  switch (value.discountType) {
    case 'PERCENTAGE':
      return percentageOff(targets, decimalFromNumber(value.percentage));
    case 'FIXED_AMOUNT': {
      // Per unit, as a catalogue discount would be.
      const perUnit = currency.parse(value.fixedAmount);
      if (perUnit < 0n) throw new RangeError('a discount amount must not be negative');
      return targets.map((line) => {
        return least(perUnit * line.quantity, remaining(line));
      });
    }
    case 'FIXED_PRICE': {
      // Each unit sold at the fixed price; never raises a price.
      const unit = currency.parse(value.fixedPrice);
      if (unit < 0n) throw new RangeError('a fixed price must not be negative');
      return targets.map((line) => {
        const off = remaining(line) - unit * line.quantity;
        return off > 0n ? off : 0n;
      });
    }
  }
}

/** Every active, LIVE, triggered rule in snapshot order, each on what the earlier ones left. */
export function applyDiscountRules(
  rules: DiscountRuleSnapshot[],
  lines: PricedLine[],
  now: number,
  currency: Currency,
): Applied[] {
  const live = rules.filter((r) => r.active && ruleStatus(r, now) === 'LIVE');
  // Triggers are all evaluated first, on the amounts after product discounts: their order does not matter.
  const triggered = live.filter((r) => triggerHolds(r.trigger, lines, currency));
  const applied: Applied[] = [];
  for (const rule of triggered) {
    let amount = 0n;
    const ids = new Set<string>();
    for (const value of rule.discounts.values) {
      const targets = lines.filter((l) => scopeMatches(value.specificItemsInfo?.scopes, l));
      const shares = ruleValueOff(value, targets, currency);
      amount += commit(targets, shares);
      targets.forEach((line, index) => {
        if ((shares[index] ?? 0n) > 0n) ids.add(line.item.id);
      });
    }
    if (amount > 0n) {
      applied.push({
        discountType: 'SPECIFIC_ITEMS',
        lineItemIds: lines.filter((l) => ids.has(l.item.id)).map((l) => l.item.id),
        amount,
        discountRule: { id: rule.id, name: { original: rule.name, translated: rule.name } },
      });
    }
  }
  return applied;
}

// ---- Coupons ----

export type CouponErrorCode =
  | 'ERROR_COUPON_DOES_NOT_EXIST'
  | 'ERROR_COUPON_IS_NOT_ACTIVE'
  | 'ERROR_COUPON_HAS_EXPIRED'
  | 'ERROR_COUPON_USAGE_EXCEEDED'
  | 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'
  | 'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS'
  | 'ERROR_COUPON_MINIMUM_SUBTOTAL_NOT_REACHED';

function couponError(
  code: CouponErrorCode,
  description: string,
  data: Record<string, unknown>,
): ApplicationError {
  return { code, description, data };
}

function inCouponScope(definition: CouponDefinition, line: PricedLine): boolean {
  const { scope } = definition;
  switch (scope.type) {
    case 'ALL_ITEMS':
      return true;
    case 'SPECIFIC_PRODUCTS':
      return line.item.productId !== undefined && scope.productIds.includes(line.item.productId);
    case 'SPECIFIC_COLLECTIONS':
      return (line.item.collectionIds ?? []).some((id) => scope.collectionIds.includes(id));
  }
}

/**
 * Checks in this order: exists, enabled and started, not expired, total usage, usage by this customer, lines
 * in scope, minimum subtotal (of all lines, after product discounts and before any cart discount).
 */
export function checkCoupon(
  coupon: CouponSnapshot,
  lines: PricedLine[],
  now: number,
  currency: Currency,
): { error: ApplicationError } | { definition: CouponDefinition; inScope: PricedLine[] } {
  const { code, definition } = coupon;
  const data = { couponCode: code };
  if (!definition || definition.code.toLowerCase() !== code.toLowerCase()) {
    return { error: couponError('ERROR_COUPON_DOES_NOT_EXIST', `Coupon "${code}" does not exist.`, data) };
  }
  if (!definition.active) {
    return { error: couponError('ERROR_COUPON_IS_NOT_ACTIVE', `Coupon "${code}" is not active.`, data) };
  }
  if (
    definition.startsAt !== undefined &&
    now < instant(definition.startsAt, `coupon ${definition.id} start`)
  ) {
    return { error: couponError('ERROR_COUPON_IS_NOT_ACTIVE', `Coupon "${code}" is not active yet.`, data) };
  }
  if (
    definition.expiresAt !== undefined &&
    now >= instant(definition.expiresAt, `coupon ${definition.id} end`)
  ) {
    return { error: couponError('ERROR_COUPON_HAS_EXPIRED', `Coupon "${code}" has expired.`, data) };
  }
  if (definition.usageLimit !== undefined && definition.timesUsed >= definition.usageLimit) {
    return {
      error: couponError(
        'ERROR_COUPON_USAGE_EXCEEDED',
        `Coupon "${code}" has reached its usage limit.`,
        data,
      ),
    };
  }
  if (definition.limitPerCustomer !== undefined && coupon.customerUsageCount >= definition.limitPerCustomer) {
    return {
      error: couponError(
        'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
        `Coupon "${code}" was already used the maximum number of times.`,
        { ...data, limitPerCustomer: definition.limitPerCustomer },
      ),
    };
  }
  const inScope = lines.filter((line) => inCouponScope(definition, line));
  if (inScope.length === 0) {
    return {
      error: couponError(
        'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS',
        `Coupon "${code}" does not apply to these items.`,
        data,
      ),
    };
  }
  if (definition.minimumSubtotal !== undefined) {
    const minimum = currency.parse(definition.minimumSubtotal);
    const subtotal = lines.reduce((a, l) => a + l.lineItemPrice, 0n);
    if (subtotal < minimum) {
      return {
        error: couponError(
          'ERROR_COUPON_MINIMUM_SUBTOTAL_NOT_REACHED',
          `Coupon "${code}" needs a subtotal of at least ${currency.mcp(minimum).formattedAmount}.`,
          { ...data, minimumSubtotal: currency.text(minimum) },
        ),
      };
    }
  }
  return { definition, inScope };
}

/**
 * Applies a valid coupon's item discount to the lines in scope. Free shipping is applied later, to the selected
 * shipping option: the result then has `freeShipping` and an amount of 0 to be filled in.
 */
export function applyCoupon(
  definition: CouponDefinition,
  inScope: PricedLine[],
  currency: Currency,
): { applied: Applied; freeShipping: boolean } {
  const coupon = { id: definition.id, code: definition.code, name: definition.name };
  const { discount } = definition;
  if (discount.type === 'FREE_SHIPPING') {
    return { applied: { discountType: 'SHIPPING', lineItemIds: [], amount: 0n, coupon }, freeShipping: true };
  }
  const shares =
    discount.type === 'PERCENTAGE'
      ? percentageOff(inScope, discount.percentage)
      : amountOff(inScope, currency.parse(discount.amount));
  const amount = commit(inScope, shares);
  return {
    applied: {
      discountType: definition.scope.type === 'ALL_ITEMS' ? 'GLOBAL' : 'SPECIFIC_ITEMS',
      lineItemIds: inScope.map((l) => l.item.id),
      amount,
      coupon,
    },
    freeShipping: false,
  };
}

// ---- Merchant discounts ----

/** In snapshot order, each on what the earlier discounts left; lines not in the cart are ignored. */
export function applyMerchantDiscounts(
  discounts: MerchantDiscountSnapshot[],
  lines: PricedLine[],
  currency: Currency,
): Applied[] {
  const applied: Applied[] = [];
  for (const discount of discounts) {
    const specific = discount.lineItemIds !== undefined && discount.lineItemIds.length > 0;
    const targets = specific ? lines.filter((l) => discount.lineItemIds?.includes(l.item.id)) : lines;
    if (targets.length === 0) continue;
    const shares =
      'percentage' in discount
        ? percentageOff(targets, discount.percentage)
        : amountOff(targets, currency.parse(discount.amount));
    const amount = commit(targets, shares);
    applied.push({
      discountType: specific ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      lineItemIds: targets.map((l) => l.item.id),
      amount,
      merchantDiscount: 'percentage' in discount ? { percentage: Number(discount.percentage) } : {},
    });
  }
  return applied;
}
