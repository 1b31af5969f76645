import { randomUUID } from 'node:crypto';
import type { FieldViolation } from '../../../platform/errors.ts';
import { fromCents, moneyFromNumber, percentOfCents, toCents } from '../../../platform/money.ts';
import { UUID } from '../../../platform/uuid.ts';

/**
 * Subscription options of a product (Aisle extension of the v1 product, named as the v3 catalogue's
 * `subscriptionDetails`; docs/SUBSCRIPTIONS.md): how often it is delivered and charged, for how many cycles
 * (or until cancelled), a free trial, and a discount against the one-time price. A cart line picks one with
 * `catalogReference.options.subscriptionOptionId`; the line then carries `subscriptionOptionInfo` and its
 * price is the discounted one. A plan may be a membership covering chosen products and collections.
 */

export type Frequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export const FREQUENCIES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;

export interface SubscriptionOption {
  id: string;
  title: string;
  description?: string;
  visible: boolean;
  frequency: Frequency;
  interval: number;
  /** true: renews until cancelled (no `billingCycles`). */
  autoRenewal: boolean;
  billingCycles?: number;
  freeTrialPeriod?: { frequency: Frequency; interval: number };
  /** Against the one-time price; `value` a decimal string (percent for PERCENT). */
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: string };
}

export interface SubscriptionDetails {
  subscriptions: SubscriptionOption[];
  /** false: the product is sold by subscription only. */
  allowOneTimePurchases: boolean;
  /** Members may cancel their contracts themselves. */
  enableCustomerCancellation: boolean;
  /** A membership plan: what an active contract of it pays for (payment option MEMBERSHIP). */
  membership?: { productIds: string[]; collectionIds: string[] };
}

/** As written on the v1 wire (numbers for money, as the rest of that wire). */
export interface SubscriptionDetailsInput {
  subscriptions: Array<{
    id?: string | undefined;
    title: string;
    description?: string | undefined;
    visible?: boolean | undefined;
    frequency: Frequency;
    interval?: number | undefined;
    autoRenewal?: boolean | undefined;
    billingCycles?: number | undefined;
    freeTrialPeriod?: { frequency: Frequency; interval?: number | undefined } | undefined;
    discount?: { type: 'AMOUNT' | 'PERCENT' | 'NONE'; value?: number | undefined } | undefined;
  }>;
  allowOneTimePurchases?: boolean | undefined;
  enableCustomerCancellation?: boolean | undefined;
  membership?: { productIds?: string[] | undefined; collectionIds?: string[] | undefined } | undefined;
}

/** Checks and normalises the written details; violations name `<field>.subscriptions[i].…`. */
export function subscriptionDetailsFrom(
  input: SubscriptionDetailsInput,
  violations: FieldViolation[],
  field = 'product.subscriptionDetails',
): SubscriptionDetails {
  const push = (at: string, description: string) =>
    violations.push({ field: at, description, violatedRule: 'VALIDATION', data: {} });
  const ids = new Set<string>();
  const subscriptions = input.subscriptions.map((s, i): SubscriptionOption => {
    const at = `${field}.subscriptions[${i}]`;
    const id = (s.id ?? randomUUID()).toLowerCase();
    if (!UUID.test(id)) push(`${at}.id`, 'must be a GUID (or left out to have one made)');
    if (ids.has(id)) push(`${at}.id`, 'is used by another subscription option of the product');
    ids.add(id);
    const autoRenewal = s.autoRenewal ?? s.billingCycles === undefined;
    if (autoRenewal && s.billingCycles !== undefined)
      push(`${at}.billingCycles`, 'is for plans that do not renew: set autoRenewal false, or leave it out');
    if (!autoRenewal && s.billingCycles === undefined)
      push(`${at}.billingCycles`, 'is required when the plan does not renew (autoRenewal false)');
    let discount: SubscriptionOption['discount'];
    if (s.discount && s.discount.type !== 'NONE' && s.discount.value) {
      const value = moneyFromNumber(s.discount.value);
      if (s.discount.type === 'PERCENT' && toCents(value) > 10_000n)
        push(`${at}.discount.value`, 'must be at most 100 percent');
      discount = { type: s.discount.type, value };
    }
    return {
      id,
      title: s.title.trim(),
      ...(s.description ? { description: s.description } : {}),
      visible: s.visible ?? true,
      frequency: s.frequency,
      interval: s.interval ?? 1,
      autoRenewal,
      ...(!autoRenewal && s.billingCycles !== undefined ? { billingCycles: s.billingCycles } : {}),
      ...(s.freeTrialPeriod
        ? {
            freeTrialPeriod: {
              frequency: s.freeTrialPeriod.frequency,
              interval: s.freeTrialPeriod.interval ?? 1,
            },
          }
        : {}),
      ...(discount ? { discount } : {}),
    };
  });
  const allowOneTimePurchases = input.allowOneTimePurchases ?? true;
  if (!allowOneTimePurchases && subscriptions.length === 0)
    push(`${field}.allowOneTimePurchases`, 'a product sold by subscription only needs a subscription option');
  const membership = input.membership
    ? {
        productIds: (input.membership.productIds ?? []).map((x) => x.toLowerCase()),
        collectionIds: (input.membership.collectionIds ?? []).map((x) => x.toLowerCase()),
      }
    : undefined;
  if (membership) {
    for (const [key, list] of Object.entries(membership))
      list.forEach((x, i) => {
        if (!UUID.test(x)) push(`${field}.membership.${key}[${i}]`, 'must be a GUID');
      });
    if (subscriptions.length === 0)
      push(`${field}.membership`, 'a membership plan needs a subscription option to be bought with');
  }
  return {
    subscriptions,
    allowOneTimePurchases,
    enableCustomerCancellation: input.enableCustomerCancellation ?? true,
    ...(membership ? { membership } : {}),
  };
}

/** The v1 wire shape (discount values as numbers). */
export function subscriptionDetailsToWire(details: SubscriptionDetails) {
  return {
    subscriptions: details.subscriptions.map((s) => ({
      ...s,
      ...(s.discount ? { discount: { type: s.discount.type, value: Number(s.discount.value) } } : {}),
    })),
    allowOneTimePurchases: details.allowOneTimePurchases,
    enableCustomerCancellation: details.enableCustomerCancellation,
    ...(details.membership ? { membership: details.membership } : {}),
  };
}

/** A line's `subscriptionOptionInfo` for the chosen option; `startDate` is the buyer's, when given. */
export function subscriptionOptionInfoOf(
  details: SubscriptionDetails,
  option: SubscriptionOption,
  startDate?: string,
) {
  return {
    subscriptionSettings: {
      frequency: option.frequency,
      interval: option.interval,
      autoRenewal: option.autoRenewal,
      ...(option.billingCycles !== undefined ? { billingCycles: option.billingCycles } : {}),
      enableCustomerCancellation: details.enableCustomerCancellation,
      ...(option.freeTrialPeriod ? { freeTrialPeriod: option.freeTrialPeriod } : {}),
      ...(startDate ? { startDate } : {}),
    },
    title: option.title,
    ...(option.description ? { description: option.description } : {}),
    subscriptionOptionId: option.id,
  };
}

/** The option's price from the one-time price (a decimal string with two decimals): never below zero. */
export function subscriptionPrice(price: string, option: SubscriptionOption): string {
  const cents = toCents(price);
  const d = option.discount;
  if (!d) return fromCents(cents);
  const off = d.type === 'PERCENT' ? percentOfCents(cents, d.value) : toCents(d.value);
  return fromCents(off >= cents ? 0n : cents - off);
}

/** The visible option `id` names, if any. */
export function findSubscriptionOption(
  details: SubscriptionDetails | undefined,
  id: unknown,
): SubscriptionOption | undefined {
  const option =
    typeof id === 'string' ? details?.subscriptions.find((s) => s.id === id.toLowerCase()) : undefined;
  return option?.visible ? option : undefined;
}
