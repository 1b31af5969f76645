import { allocate, compareDecimals, decimalFromNumber, isDecimal, percentOf } from '../../platform/money.ts';
import type { Currency } from './currency.ts';
import { customTriggerHolds } from './custom-triggers.ts';
import { least, type PricedLine, remaining } from './lines.ts';
import type {
  CouponDefinition,
  CouponSnapshot,
  DiscountRuleScope,
  DiscountRuleSnapshot,
  DiscountRuleTrigger,
  DiscountRuleValue,
  MerchantDiscountSnapshot,
  QuantityConfiguration,
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

/** The store's catalogue app: its items are products, and its custom filter selects collections. */
export const CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/**
 * Any scope matches (none = every line). CATALOG_ITEM: the line's catalogue app and, if given, item ids
 * (product ids). CUSTOM_FILTER of the catalogue app with `params.collectionIds`: a line of a product in one of
 * those collections. Other custom filters are their app's to judge: they match nothing here.
 */
export function scopeMatches(scopes: DiscountRuleScope[] | undefined, line: PricedLine): boolean {
  if (!scopes || scopes.length === 0) return true;
  const ref = line.item.catalogReference;
  return scopes.some((scope) => {
    if (scope.type === 'CUSTOM_FILTER') return inCollections(scope.customFilter, line);
    if (scope.type !== 'CATALOG_ITEM' || !scope.catalogItemFilter || !ref) return false;
    const { catalogAppId, catalogItemIds } = scope.catalogItemFilter;
    if (ref.appId !== catalogAppId) return false;
    return !catalogItemIds || catalogItemIds.length === 0 || catalogItemIds.includes(ref.catalogItemId);
  });
}

function inCollections(filter: DiscountRuleScope['customFilter'], line: PricedLine): boolean {
  if (!filter || filter.appId !== CATALOG_APP_ID) return false;
  const wanted = (filter.params as { collectionIds?: unknown } | undefined)?.collectionIds;
  if (!Array.isArray(wanted)) return false;
  return (line.item.collectionIds ?? []).some((id) => wanted.includes(id));
}

/** Who is pricing: the shopper, for eligibility triggers. */
export interface RuleContext {
  customer?: { memberId?: string } | undefined;
}

function inRange(compare: (bound: string) => -1 | 0 | 1, from: string | undefined, to: string | undefined) {
  return (from === undefined || compare(from) >= 0) && (to === undefined || compare(to) <= 0);
}

/** Ranges are inclusive at both ends; amounts are after product discounts, before any cart discount. */
export function triggerHolds(
  trigger: DiscountRuleTrigger,
  lines: PricedLine[],
  currency: Currency,
  context: RuleContext = {},
): boolean {
  switch (trigger.triggerType) {
    case 'AND':
      return trigger.and.triggers.every((t) => triggerHolds(t, lines, currency, context));
    case 'OR':
      return trigger.or.triggers.some((t) => triggerHolds(t, lines, currency, context));
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
    case 'CUSTOMER_ELIGIBILITY': {
      const memberId = context.customer?.memberId;
      if (!memberId) return false;
      const { eligibilityType, memberIds } = trigger.customerEligibility;
      return eligibilityType === 'MEMBERS' || (memberIds ?? []).includes(memberId);
    }
    case 'CUSTOM': {
      const { appId, id } = trigger.customTrigger;
      return customTriggerHolds(appId, id, { lines, customer: context.customer, currency });
    }
    default:
      return false;
  }
}

/**
 * QUANTITY_BASED ("3 for 10.00"): the targets' units, dearest first, are bundled by the configurations,
 * largest first, as often as they fit; a bundle costs the configuration's price when that is less than its
 * units' amounts, and the saving is split over the bundle's lines by largest remainder.
 */
function quantityOff(
  configurations: QuantityConfiguration[],
  targets: PricedLine[],
  currency: Currency,
): bigint[] {
  const units = targets
    .flatMap((line, index) => {
      const each = line.quantity > 0n ? remaining(line) / line.quantity : 0n;
      return Array.from({ length: Number(line.quantity) }, () => ({ index, each }));
    })
    .sort((a, b) => (a.each === b.each ? a.index - b.index : a.each > b.each ? -1 : 1));
  const shares = targets.map(() => 0n);
  const sizes = [...configurations].sort((a, b) => b.quantity - a.quantity);
  let next = 0;
  for (const { quantity, price } of sizes) {
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new RangeError('a bundle quantity must be at least 1');
    const bundlePrice = currency.parse(price);
    if (bundlePrice < 0n) throw new RangeError('a bundle price must not be negative');
    while (units.length - next >= quantity) {
      const bundle = units.slice(next, next + quantity);
      next += quantity;
      const worth = bundle.reduce((sum, u) => sum + u.each, 0n);
      if (worth <= bundlePrice) continue;
      allocate(
        worth - bundlePrice,
        bundle.map((u) => u.each),
      ).forEach((share, i) => {
        shares[bundle[i]!.index]! += share;
      });
    }
  }
  return shares.map((share, i) => least(share, remaining(targets[i]!)));
}

/** The value off one unit of a line (LOWEST_PRICED_ITEM). */
function oneUnitOff(value: DiscountRuleValue, line: PricedLine, currency: Currency): bigint {
  const unit = line.quantity > 0n ? remaining(line) / line.quantity : 0n;
  const single: PricedLine = { ...line, quantity: 1n, lineItemPrice: unit, discount: 0n };
  return least(ruleValueOff(value, [single], currency)[0] ?? 0n, remaining(line));
}

/** The lines a value applies to: every line, those in its scopes, or the cheapest of those. */
function targetsOf(value: DiscountRuleValue, lines: PricedLine[]): PricedLine[] {
  if (value.targetType === 'ALL_ITEMS') return lines;
  const inScope = lines.filter((l) => scopeMatches(value.specificItemsInfo?.scopes, l));
  if (value.targetType !== 'LOWEST_PRICED_ITEM') return inScope;
  const cheapest = inScope.reduce<PricedLine | undefined>(
    (low, line) => (low === undefined || line.unitPrice < low.unitPrice ? line : low),
    undefined,
  );
  return cheapest ? [cheapest] : [];
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
    case 'QUANTITY_BASED':
      return quantityOff(value.quantityBased.configurations, targets, currency);
  }
}

/** Every active, LIVE, triggered rule in snapshot order, each on what the earlier ones left. */
export function applyDiscountRules(
  rules: DiscountRuleSnapshot[],
  lines: PricedLine[],
  now: number,
  currency: Currency,
  context: RuleContext = {},
): Applied[] {
  const live = rules.filter((r) => r.active && ruleStatus(r, now) === 'LIVE');
  // Triggers are all evaluated first, on the amounts after product discounts: their order does not matter.
  const triggered = live.filter((r) => triggerHolds(r.trigger, lines, currency, context));
  const applied: Applied[] = [];
  for (const rule of triggered) {
    let amount = 0n;
    const ids = new Set<string>();
    for (const value of rule.discounts.values) {
      const targets = targetsOf(value, lines);
      const shares =
        value.targetType === 'LOWEST_PRICED_ITEM'
          ? targets.map((line) => oneUnitOff(value, line, currency))
          : ruleValueOff(value, targets, currency);
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
