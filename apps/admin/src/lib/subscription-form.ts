import type { SubscriptionDetails, SubscriptionFrequency, SubscriptionOption } from '@aisle/sdk';

/**
 * The product page's "Subscriptions" form ↔ the product's `subscriptionDetails` (docs/SUBSCRIPTIONS.md). Each
 * plan is a row of fields `plan-<field>-<i>`; a row without a title is left out (the blank row adds a plan), a row
 * marked `plan-remove-<i>` is dropped. No plans and no membership: the product is no longer sold by subscription.
 */

export const FREQUENCIES: ReadonlyArray<readonly [SubscriptionFrequency, string]> = [
  ['DAY', 'days'],
  ['WEEK', 'weeks'],
  ['MONTH', 'months'],
  ['YEAR', 'years'],
];

export const DISCOUNTS = [
  ['NONE', 'No discount'],
  ['PERCENT', 'Percent off'],
  ['AMOUNT', 'Amount off'],
] as const;

export type SubscriptionFormResult =
  | { value: SubscriptionDetails | null }
  | { fields: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const isFrequency = (v: string): v is SubscriptionFrequency => FREQUENCIES.some(([f]) => f === v);

/** A whole number ≥ 1, or undefined when blank; a message in `fields` otherwise. */
function count(form: FormData, name: string, fields: Record<string, string>): number | undefined {
  const raw = text(form, name);
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) fields[name] = 'Enter a whole number of 1 or more.';
  return n;
}

function planOf(form: FormData, i: number, fields: Record<string, string>): SubscriptionOption | undefined {
  const title = text(form, `plan-title-${i}`);
  if (!title || form.get(`plan-remove-${i}`)) return undefined;
  const frequency = text(form, `plan-frequency-${i}`);
  const interval = count(form, `plan-interval-${i}`, fields);
  const cycles = count(form, `plan-cycles-${i}`, fields);
  const trial = count(form, `plan-trial-${i}`, fields);
  const trialFrequency = text(form, `plan-trial-frequency-${i}`);
  const discountType = text(form, `plan-discount-type-${i}`);
  const discountRaw = text(form, `plan-discount-${i}`);
  const discount = Number(discountRaw);
  if (discountType !== 'NONE' && discountRaw && !(Number.isFinite(discount) && discount >= 0))
    fields[`plan-discount-${i}`] = 'Enter an amount or percentage of 0 or more.';
  if (discountType === 'PERCENT' && discount > 100)
    fields[`plan-discount-${i}`] = 'A discount is at most 100 %.';
  const id = text(form, `plan-id-${i}`);
  return {
    ...(id ? { id } : {}),
    title,
    frequency: isFrequency(frequency) ? frequency : 'MONTH',
    interval: interval ?? 1,
    ...(cycles ? { autoRenewal: false, billingCycles: cycles } : { autoRenewal: true }),
    ...(trial
      ? {
          freeTrialPeriod: {
            frequency: isFrequency(trialFrequency) ? trialFrequency : 'MONTH',
            interval: trial,
          },
        }
      : {}),
    ...(discountType !== 'NONE' && discountRaw && discount > 0
      ? { discount: { type: discountType === 'AMOUNT' ? 'AMOUNT' : 'PERCENT', value: discount } }
      : {}),
  };
}

export function readSubscriptionForm(form: FormData): SubscriptionFormResult {
  const fields: Record<string, string> = {};
  const rows = Number(form.get('plan-rows') ?? 0);
  const subscriptions: SubscriptionOption[] = [];
  for (let i = 0; i < rows; i++) {
    const plan = planOf(form, i, fields);
    if (plan) subscriptions.push(plan);
  }
  const membership = form.get('membership') === 'on';
  const productIds = form.getAll('membership-product').map(String);
  const collectionIds = form.getAll('membership-collection').map(String);
  if (membership && subscriptions.length === 0)
    fields['plan-title-0'] = 'A membership plan needs a plan to be bought with: give it a title.';
  if (membership && !productIds.length && !collectionIds.length)
    fields.membership = 'Choose the products or collections the membership pays for.';
  if (form.get('allow-one-time') !== 'on' && subscriptions.length === 0)
    fields['allow-one-time'] = 'A product sold by subscription only needs a plan.';
  if (Object.keys(fields).length) return { fields };
  if (subscriptions.length === 0) return { value: null };
  return {
    value: {
      subscriptions,
      allowOneTimePurchases: form.get('allow-one-time') === 'on',
      enableCustomerCancellation: form.get('customer-cancellation') === 'on',
      ...(membership ? { membership: { productIds, collectionIds } } : {}),
    },
  };
}
