import type {
  DiscountRule,
  DiscountRuleScope,
  DiscountRuleTrigger,
  DiscountRuleValue,
  FieldViolation,
} from '@aisle/sdk';
import { type FieldSpec, readField } from './fields.ts';
import { money, plural } from './format.ts';

/**
 * Discount rules as a merchant edits them: the trigger and the discounts as drafts of what was typed (the
 * condition builder and the discount editor keep them), read back into the wire shapes with merchant-worded
 * problems under the inputs' names — which are the wire paths (`trigger.and.triggers[1].subtotalRange.to`,
 * `discounts.values[0].percentage`), so the server's violation of a path stands next to the same input — and
 * the sentence saying what a rule does. Pure: no React, no SDK calls (unit-tested in discount-rules.test.ts).
 */

/** The store's catalogue app: its items are products; its custom filter with `collectionIds`, collections. */
export const CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** A product, collection or customer picked by id; its name once known. */
export type Picked = { id: string; name?: string };

/**
 * Items a range counts or a discount goes to: picked products and collections (none: every item), and the
 * scopes set through the API the admin cannot edit (another app's filter), kept as they are.
 */
export type ItemsDraft = { products: Picked[]; collections: Picked[]; kept: DiscountRuleScope[] };

export type RangeType = 'SUBTOTAL_RANGE' | 'ITEM_QUANTITY_RANGE';

/** One condition of the builder. `ALWAYS` is a subtotal range without limits: it holds for every cart. */
export type ConditionDraft =
  | { type: 'ALWAYS' }
  | { type: 'AND' | 'OR'; conditions: ConditionDraft[] }
  | { type: RangeType; from: string; to: string; items: ItemsDraft }
  | { type: 'MEMBERS' }
  | { type: 'SPECIFIC_MEMBERS'; members: Picked[] }
  | { type: 'CUSTOM'; appId: string; id: string };

export type ConditionType = ConditionDraft['type'];

export type TargetType = 'ALL_ITEMS' | 'SPECIFIC_ITEMS' | 'LOWEST_PRICED_ITEM';
export type DiscountKind = DiscountRuleValue['discountType'];
export type BundleDraft = { quantity: string; price: string };

/** One discount of a rule, with the value of each kind kept while the merchant switches between them. */
export type DiscountDraft = {
  type: DiscountKind;
  percentage: string;
  amount: string;
  price: string;
  bundles: BundleDraft[];
  target: TargetType;
  items: ItemsDraft;
};

export type DiscountsDraft = { values: DiscountDraft[] };

export const noItems = (): ItemsDraft => ({ products: [], collections: [], kept: [] });

/** A fresh condition of a type (switching a condition's type starts it anew). */
export function newCondition(type: ConditionType): ConditionDraft {
  switch (type) {
    case 'AND':
    case 'OR':
      return { type, conditions: [{ type: 'SUBTOTAL_RANGE', from: '', to: '', items: noItems() }] };
    case 'SUBTOTAL_RANGE':
    case 'ITEM_QUANTITY_RANGE':
      return { type, from: '', to: '', items: noItems() };
    case 'SPECIFIC_MEMBERS':
      return { type, members: [] };
    case 'CUSTOM':
      return { type, appId: '', id: '' };
    default:
      return { type };
  }
}

export const newDiscount = (): DiscountDraft => ({
  type: 'PERCENTAGE',
  percentage: '',
  amount: '',
  price: '',
  bundles: [{ quantity: '', price: '' }],
  target: 'ALL_ITEMS',
  items: noItems(),
});

// ---- From the wire ----

const idsOf = (ids: readonly string[] | undefined): Picked[] => (ids ?? []).map((id) => ({ id }));

export function itemsDraft(scopes: readonly DiscountRuleScope[] | undefined): ItemsDraft {
  const items = noItems();
  for (const scope of scopes ?? []) {
    const filter = scope.catalogItemFilter;
    const custom = scope.customFilter;
    const collectionIds = custom?.params?.collectionIds;
    if (
      scope.type === 'CATALOG_ITEM' &&
      filter?.catalogAppId === CATALOG_APP_ID &&
      filter.catalogItemIds?.length
    )
      items.products.push(...idsOf(filter.catalogItemIds));
    else if (
      scope.type === 'CUSTOM_FILTER' &&
      custom?.appId === CATALOG_APP_ID &&
      Object.keys(custom.params ?? {}).length === 1 &&
      Array.isArray(collectionIds) &&
      collectionIds.every((id) => typeof id === 'string')
    )
      items.collections.push(...idsOf(collectionIds as string[]));
    else items.kept.push(scope);
  }
  return items;
}

export function conditionDraft(trigger: DiscountRuleTrigger | undefined): ConditionDraft {
  if (!trigger) return { type: 'ALWAYS' };
  switch (trigger.triggerType) {
    case 'AND':
      return { type: 'AND', conditions: trigger.and.triggers.map(conditionDraft) };
    case 'OR':
      return { type: 'OR', conditions: trigger.or.triggers.map(conditionDraft) };
    case 'SUBTOTAL_RANGE': {
      const { from, to, scopes } = trigger.subtotalRange;
      if (from === undefined && to === undefined && !scopes?.length) return { type: 'ALWAYS' };
      return { type: 'SUBTOTAL_RANGE', from: from ?? '', to: to ?? '', items: itemsDraft(scopes) };
    }
    case 'ITEM_QUANTITY_RANGE': {
      const { from, to, scopes } = trigger.itemQuantityRange;
      const text = (n: number | undefined) => (n === undefined ? '' : String(n));
      return { type: 'ITEM_QUANTITY_RANGE', from: text(from), to: text(to), items: itemsDraft(scopes) };
    }
    case 'CUSTOMER_ELIGIBILITY': {
      const { eligibilityType, memberIds } = trigger.customerEligibility;
      return eligibilityType === 'MEMBERS'
        ? { type: 'MEMBERS' }
        : { type: 'SPECIFIC_MEMBERS', members: idsOf(memberIds) };
    }
    case 'CUSTOM':
      return { type: 'CUSTOM', appId: trigger.customTrigger.appId, id: trigger.customTrigger.id };
  }
}

export function discountDraft(value: DiscountRuleValue): DiscountDraft {
  const draft = newDiscount();
  const items = itemsDraft(value.specificItemsInfo?.scopes);
  const some = items.products.length + items.collections.length + items.kept.length > 0;
  // No target and no scopes applies to every line, as ALL_ITEMS does.
  const target = value.targetType ?? (some ? 'SPECIFIC_ITEMS' : 'ALL_ITEMS');
  const base = { ...draft, type: value.discountType, target, items };
  switch (value.discountType) {
    case 'PERCENTAGE':
      return { ...base, percentage: String(value.percentage) };
    case 'FIXED_AMOUNT':
      return { ...base, amount: value.fixedAmount };
    case 'FIXED_PRICE':
      return { ...base, price: value.fixedPrice };
    case 'QUANTITY_BASED':
      return {
        ...base,
        bundles: value.quantityBased.configurations.map((c) => ({
          quantity: String(c.quantity),
          price: c.price,
        })),
      };
  }
}

export const discountsDraft = (rule: DiscountRule | undefined): DiscountsDraft => ({
  values: rule?.discounts?.values.length ? rule.discounts.values.map(discountDraft) : [newDiscount()],
});

// ---- Back to the wire, checked ----

const MONEY: FieldSpec = { name: 'amount', label: 'Amount', kind: 'money' };
const COUNT: FieldSpec = { name: 'count', label: 'Count', kind: 'integer', min: 0, max: 1_000_000 };
const BUNDLE_SIZE: FieldSpec = { name: 'quantity', label: 'Items', kind: 'integer', min: 1, max: 1000 };
const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;

/** A typed value read by the kit's rules; its problem put under `input`. */
function typed(spec: FieldSpec, text: string, input: string, problems: Record<string, string>) {
  const read = readField(spec, text);
  if ('problem' in read) {
    problems[input] = read.problem;
    return undefined;
  }
  return read.value ?? undefined;
}

export function scopesOf(items: ItemsDraft): DiscountRuleScope[] {
  const products = items.products.map((p) => p.id);
  const collectionIds = items.collections.map((c) => c.id);
  return [
    ...(products.length
      ? [
          {
            type: 'CATALOG_ITEM' as const,
            catalogItemFilter: { catalogAppId: CATALOG_APP_ID, catalogItemIds: products },
          },
        ]
      : []),
    ...(collectionIds.length
      ? [
          {
            type: 'CUSTOM_FILTER' as const,
            customFilter: { appId: CATALOG_APP_ID, params: { collectionIds } },
          },
        ]
      : []),
    ...items.kept,
  ];
}

const FIELD_OF = { AND: 'and', OR: 'or' } as const;

/** The trigger a condition draft stands for; problems under `<path>.<wire path>`. */
export function readCondition(
  draft: ConditionDraft,
  path: string,
  problems: Record<string, string>,
): DiscountRuleTrigger {
  switch (draft.type) {
    case 'ALWAYS':
      return { triggerType: 'SUBTOTAL_RANGE', subtotalRange: {} };
    case 'AND':
    case 'OR': {
      const at = `${path}.${FIELD_OF[draft.type]}.triggers`;
      if (draft.conditions.length === 0) problems[at] = 'Add at least one condition.';
      const triggers = draft.conditions.map((c, i) => readCondition(c, `${at}[${i}]`, problems));
      return draft.type === 'AND'
        ? { triggerType: 'AND', and: { triggers } }
        : { triggerType: 'OR', or: { triggers } };
    }
    case 'SUBTOTAL_RANGE':
    case 'ITEM_QUANTITY_RANGE': {
      const field = draft.type === 'SUBTOTAL_RANGE' ? 'subtotalRange' : 'itemQuantityRange';
      const at = `${path}.${field}`;
      const spec = draft.type === 'SUBTOTAL_RANGE' ? MONEY : COUNT;
      const from = typed(spec, draft.from, `${at}.from`, problems);
      const to = typed(spec, draft.to, `${at}.to`, problems);
      if (!draft.from.trim() && !draft.to.trim())
        problems[`${at}.from`] = 'Enter the lowest, the highest, or both.';
      const scopes = scopesOf(draft.items);
      const range = {
        ...(scopes.length ? { scopes } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
      };
      return draft.type === 'SUBTOTAL_RANGE'
        ? { triggerType: 'SUBTOTAL_RANGE', subtotalRange: range as { from?: string; to?: string } }
        : { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: range as { from?: number; to?: number } };
    }
    case 'MEMBERS':
      return { triggerType: 'CUSTOMER_ELIGIBILITY', customerEligibility: { eligibilityType: 'MEMBERS' } };
    case 'SPECIFIC_MEMBERS':
      if (draft.members.length === 0)
        problems[`${path}.customerEligibility.memberIds`] = 'Choose at least one customer.';
      return {
        triggerType: 'CUSTOMER_ELIGIBILITY',
        customerEligibility: {
          eligibilityType: 'SPECIFIC_MEMBERS',
          memberIds: draft.members.map((m) => m.id),
        },
      };
    case 'CUSTOM':
      return { triggerType: 'CUSTOM', customTrigger: { appId: draft.appId, id: draft.id } };
  }
}

/** The discount value a draft stands for; problems under `<path>.<wire path>`. */
export function readDiscount(
  draft: DiscountDraft,
  path: string,
  problems: Record<string, string>,
): DiscountRuleValue {
  /** A required amount as the wire's decimal string (empty when refused, the problem under `input`). */
  const amount = (text: string, input: string) =>
    String(typed({ ...MONEY, required: true }, text, input, problems) ?? '');
  let value: DiscountRuleValue;
  switch (draft.type) {
    case 'PERCENTAGE': {
      const text = draft.percentage.trim().replace(/\s*%$/, '');
      const n = Number(text.replace(',', '.'));
      if (!PERCENT.test(text) || !(n > 0 && n <= 100))
        problems[`${path}.percentage`] = 'Enter a percentage above 0 and up to 100, such as 10 or 12.5.';
      value = { discountType: 'PERCENTAGE', percentage: n };
      break;
    }
    case 'FIXED_AMOUNT':
      value = { discountType: 'FIXED_AMOUNT', fixedAmount: amount(draft.amount, `${path}.fixedAmount`) };
      break;
    case 'FIXED_PRICE':
      value = { discountType: 'FIXED_PRICE', fixedPrice: amount(draft.price, `${path}.fixedPrice`) };
      break;
    case 'QUANTITY_BASED': {
      const at = `${path}.quantityBased.configurations`;
      if (draft.bundles.length === 0) problems[at] = 'Add at least one bundle.';
      const configurations = draft.bundles.map((b, i) => ({
        quantity: Number(
          typed({ ...BUNDLE_SIZE, required: true }, b.quantity, `${at}[${i}].quantity`, problems) ?? 0,
        ),
        price: amount(b.price, `${at}[${i}].price`),
      }));
      value = { discountType: 'QUANTITY_BASED', quantityBased: { configurations } };
      break;
    }
  }
  const scopes = draft.target === 'ALL_ITEMS' ? [] : scopesOf(draft.items);
  if (draft.target === 'SPECIFIC_ITEMS' && scopes.length === 0)
    problems[`${path}.specificItemsInfo.scopes`] =
      'Choose at least one product or collection, or “Every item”.';
  return { ...value, targetType: draft.target, ...(scopes.length ? { specificItemsInfo: { scopes } } : {}) };
}

export function readDiscounts(draft: DiscountsDraft, path: string, problems: Record<string, string>) {
  if (draft.values.length === 0) problems[`${path}.values`] = 'Add a discount.';
  return { values: draft.values.map((v, i) => readDiscount(v, `${path}.values[${i}]`, problems)) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isItems = (value: unknown): value is ItemsDraft =>
  isObject(value) &&
  Array.isArray(value.products) &&
  Array.isArray(value.collections) &&
  Array.isArray(value.kept);

export function isConditionDraft(value: unknown): value is ConditionDraft {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'ALWAYS':
    case 'MEMBERS':
      return true;
    case 'AND':
    case 'OR':
      return Array.isArray(value.conditions) && value.conditions.every(isConditionDraft);
    case 'SUBTOTAL_RANGE':
    case 'ITEM_QUANTITY_RANGE':
      return typeof value.from === 'string' && typeof value.to === 'string' && isItems(value.items);
    case 'SPECIFIC_MEMBERS':
      return Array.isArray(value.members);
    case 'CUSTOM':
      return typeof value.appId === 'string' && typeof value.id === 'string';
    default:
      return false;
  }
}

export const isDiscountsDraft = (value: unknown): value is DiscountsDraft =>
  isObject(value) &&
  Array.isArray(value.values) &&
  value.values.every(
    (v) => isObject(v) && typeof v.type === 'string' && Array.isArray(v.bundles) && isItems(v.items),
  );

// ---- The server's violations in the merchant's words ----

/** The first message at or under a path (`…scopes`, `…scopes[0].catalogItemFilter`). */
export function messageUnder(errors: Record<string, string>, path: string): string | undefined {
  const key = Object.keys(errors).find(
    (k) => k === path || k.startsWith(`${path}[`) || k.startsWith(`${path}.`),
  );
  return key === undefined ? undefined : errors[key];
}

/**
 * What a violation of an input of the trigger, the discounts or the dates means to a merchant, by the path's
 * last field (undefined: the kit's own wording).
 */
export function explainViolation(input: string, violation: FieldViolation): string | undefined {
  const field =
    input
      .split('.')
      .pop()
      ?.replace(/\[\d+\]$/, '') ?? '';
  const range = input.includes('subtotalRange') ? 'amount' : 'number of items';
  switch (field) {
    case 'to':
      return violation.violatedRule === 'VALIDATION' || /less than/.test(violation.description)
        ? `The highest ${range} is below the lowest: make it the same or higher.`
        : range === 'amount'
          ? 'Enter an amount such as 100.00.'
          : 'Enter a whole number of items.';
    case 'from':
      return range === 'amount' ? 'Enter an amount such as 50.00.' : 'Enter a whole number of items.';
    case 'percentage':
      return 'Enter a percentage above 0 and up to 100, such as 10 or 12.5.';
    case 'fixedAmount':
    case 'fixedPrice':
    case 'price':
      return 'Enter an amount such as 9.99.';
    case 'quantity':
      return 'Enter a number of items from 1 to 1,000.';
    case 'configurations':
      return 'Add between one and ten bundles.';
    case 'memberIds':
      return 'Choose at least one customer.';
    case 'scopes':
    case 'catalogItemFilter':
    case 'customFilter':
      return 'Choose at least one product or collection.';
    case 'triggers':
      return 'Add between one and twenty conditions.';
    case 'end':
      return 'Choose an end after the start.';
    case 'start':
      return 'Choose a start before the end.';
    default:
      return undefined;
  }
}

/** The form field a server violation's path belongs to: the wire path under the rule (dates: start, end). */
export function ruleFieldOf(path: string): string {
  const field = path.replace(/^discountRule\./, '');
  if (field.startsWith('activeTimeInfo')) return field.endsWith('start') ? 'start' : 'end';
  return field;
}

// ---- What a rule does, in a sentence ----

/** Money for the sentence: as typed while it is not an amount yet. */
function amountText(amount: string, currency: string | undefined): string {
  const text = amount.trim();
  if (!/^\d+([.,]\d+)?$/.test(text)) return text || '…';
  return currency ? money(text.replace(',', '.'), currency) : text;
}

function list(parts: string[], word: 'and' | 'or'): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} ${word} ${parts.at(-1)}`;
}

/** `Oak Chair or the Mugs collection`; counts when names are not known or too many. */
export function itemsText(items: ItemsDraft): string {
  const { products, collections, kept } = items;
  const named = products.every((p) => p.name) && collections.every((c) => c.name);
  const parts =
    named && products.length + collections.length <= 3
      ? [...products.map((p) => p.name ?? ''), ...collections.map((c) => `the ${c.name} collection`)]
      : [
          ...(products.length ? [plural(products.length, 'chosen product', 'chosen products')] : []),
          ...(collections.length
            ? [plural(collections.length, 'chosen collection', 'chosen collections')]
            : []),
        ];
  if (kept.length)
    parts.push(plural(kept.length, 'selection set through the API', 'selections set through the API'));
  return list(parts, 'or');
}

export const hasItems = (items: ItemsDraft) =>
  items.products.length + items.collections.length + items.kept.length > 0;

function rangeText(from: string, to: string, show: (s: string) => string): string {
  if (from.trim() && to.trim()) return `between ${show(from)} and ${show(to)}`;
  if (to.trim()) return `at most ${show(to)}`;
  return `${show(from)} or more`;
}

/** `the subtotal is 50.00 or more`, `the cart holds between 3 and 5 items of Oak Chair`. */
export function conditionText(draft: ConditionDraft, currency?: string, nested = false): string {
  switch (draft.type) {
    case 'ALWAYS':
      return 'every cart';
    case 'AND':
    case 'OR': {
      const parts = draft.conditions.map((c) => conditionText(c, currency, true));
      if (parts.length === 0) return 'no condition yet';
      const text = list(parts, draft.type === 'AND' ? 'and' : 'or');
      return nested && parts.length > 1 ? `(${text})` : text;
    }
    case 'SUBTOTAL_RANGE': {
      const of = hasItems(draft.items) ? ` of ${itemsText(draft.items)}` : '';
      return `the subtotal${of} is ${rangeText(draft.from, draft.to, (s) => amountText(s, currency))}`;
    }
    case 'ITEM_QUANTITY_RANGE': {
      const of = hasItems(draft.items) ? ` of ${itemsText(draft.items)}` : '';
      const count = rangeText(draft.from, draft.to, (s) => s.trim() || '…');
      const one = !draft.to.trim() ? draft.from.trim() === '1' : draft.to.trim() === '1';
      return `the cart holds ${count} ${one ? 'item' : 'items'}${of}`;
    }
    case 'MEMBERS':
      return 'the shopper is signed in';
    case 'SPECIFIC_MEMBERS':
      return `the shopper is ${draft.members.length === 1 ? 'the chosen customer' : `one of ${draft.members.length} chosen customers`}`;
    case 'CUSTOM':
      return `the app condition “${draft.id}” holds`;
  }
}

/** `10 % off every item`, `3 for $10.00 on Oak Chair`, `the cheapest item at $5.00`. */
export function discountText(draft: DiscountDraft, currency?: string): string {
  const among = hasItems(draft.items) ? ` of ${itemsText(draft.items)}` : '';
  const target =
    draft.target === 'ALL_ITEMS'
      ? 'every item'
      : draft.target === 'LOWEST_PRICED_ITEM'
        ? `the cheapest item${among}`
        : hasItems(draft.items)
          ? itemsText(draft.items)
          : 'the chosen items';
  switch (draft.type) {
    case 'PERCENTAGE':
      return `${draft.percentage.trim() || '…'} % off ${target}`;
    case 'FIXED_AMOUNT':
      return `${amountText(draft.amount, currency)} off ${draft.target === 'LOWEST_PRICED_ITEM' ? target : `each of ${target}`}`;
    case 'FIXED_PRICE':
      return `${target} at ${amountText(draft.price, currency)}${draft.target === 'LOWEST_PRICED_ITEM' ? '' : ' each'}`;
    case 'QUANTITY_BASED': {
      const deals = draft.bundles.map(
        (b) => `${b.quantity.trim() || '…'} for ${amountText(b.price, currency)}`,
      );
      return `${list(deals, 'or')} on ${target}`;
    }
  }
}

/** What a rule does: `10 % off every item when the subtotal is $50.00 or more.` */
export function ruleSentence(
  condition: ConditionDraft,
  discounts: DiscountsDraft,
  currency?: string,
): string {
  const what = list(
    discounts.values.map((v) => discountText(v, currency)),
    'and',
  );
  const when = condition.type === 'ALWAYS' ? ' on every cart' : ` when ${conditionText(condition, currency)}`;
  const sentence = `${what}${when}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

export const describeRule = (rule: DiscountRule, currency?: string): string =>
  ruleSentence(conditionDraft(rule.trigger), discountsDraft(rule), currency);

// ---- Status and dates ----

/** `Live`, `Pending`, `Expired`, or `Off` for a rule switched off; with the badge's tone. */
export function statusOf(rule: DiscountRule): { text: string; tone: 'ok' | 'warn' | 'bad' | 'info' } {
  if (rule.active === false) return { text: 'Off', tone: 'warn' };
  switch (rule.status) {
    case 'PENDING':
      return { text: 'Pending', tone: 'info' };
    case 'EXPIRED':
      return { text: 'Expired', tone: 'bad' };
    default:
      return { text: 'Live', tone: 'ok' };
  }
}

/** `Always`, `From May 1, 2026, 9:30 AM`, `Until …`, `… – …`, in the browser's time zone. */
export function activeDatesText(rule: DiscountRule, format: (date: Date) => string): string {
  const start = rule.activeTimeInfo?.start;
  const end = rule.activeTimeInfo?.end;
  if (start && end) return `${format(start)} – ${format(end)}`;
  if (start) return `From ${format(start)}`;
  if (end) return `Until ${format(end)}`;
  return 'Always';
}

/** Ids of every product, collection and customer a rule names (to look their names up). */
export function namedIds(condition: ConditionDraft | undefined, discounts: DiscountsDraft | undefined) {
  const found = { products: new Set<string>(), collections: new Set<string>(), members: new Set<string>() };
  const items = (i: ItemsDraft) => {
    for (const p of i.products) found.products.add(p.id);
    for (const c of i.collections) found.collections.add(c.id);
  };
  const walk = (c: ConditionDraft) => {
    if (c.type === 'AND' || c.type === 'OR') c.conditions.forEach(walk);
    else if (c.type === 'SUBTOTAL_RANGE' || c.type === 'ITEM_QUANTITY_RANGE') items(c.items);
    else if (c.type === 'SPECIFIC_MEMBERS') for (const m of c.members) found.members.add(m.id);
  };
  if (condition) walk(condition);
  for (const v of discounts?.values ?? []) items(v.items);
  return found;
}

// ---- Names looked up later ----

type NameMap = Readonly<Record<string, string>>;
const named = (picked: Picked[], names: NameMap): Picked[] =>
  picked.map((p) => (p.name || !names[p.id] ? p : { ...p, name: names[p.id] }));
const namedItems = (items: ItemsDraft, names: NameMap): ItemsDraft => ({
  ...items,
  products: named(items.products, names),
  collections: named(items.collections, names),
});

/** The condition with the names looked up (by id: products, collections and customers never share one). */
export function namedCondition(draft: ConditionDraft, names: NameMap): ConditionDraft {
  switch (draft.type) {
    case 'AND':
    case 'OR':
      return { ...draft, conditions: draft.conditions.map((c) => namedCondition(c, names)) };
    case 'SUBTOTAL_RANGE':
    case 'ITEM_QUANTITY_RANGE':
      return { ...draft, items: namedItems(draft.items, names) };
    case 'SPECIFIC_MEMBERS':
      return { ...draft, members: named(draft.members, names) };
    default:
      return draft;
  }
}

export const namedDiscounts = (draft: DiscountsDraft, names: NameMap): DiscountsDraft => ({
  values: draft.values.map((v) => ({ ...v, items: namedItems(v.items, names) })),
});
