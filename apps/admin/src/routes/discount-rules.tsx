import type { DiscountRule, DiscountRuleInput, DiscountRuleTrigger, DiscountRuleValue } from '@aisle/sdk';
import { conditionField } from '../components/condition-field.tsx';
import { discountsField } from '../components/discount-field.tsx';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { RulePreview } from '../components/rule-preview.tsx';
import { localInputValue } from '../lib/coupon-form.ts';
import {
  activeDatesText,
  conditionDraft,
  describeRule,
  discountsDraft,
  explainViolation,
  ruleFieldOf,
  statusOf,
} from '../lib/discount-rules.ts';
import { type FieldSpec, type FieldValues, nameField, optionsOf } from '../lib/fields.ts';
import { dateTime, plural } from '../lib/format.ts';
import { PAGE_SIZE } from '../lib/list.ts';
import { localDateTime, text } from '../lib/values.ts';
import type { AdminClient } from '../sdk.ts';
import { linkColumn } from '../components/spec-columns.tsx';
import { StatusBadge } from '../../../storefront/src/components/status-badge.tsx';

// Automatic discounts (discount rules): list, new and edit pages from the entity kit; the condition and the
// discounts are custom fields of their own (components/condition-field.tsx, discount-field.tsx), and the
// list and edit pages carry the “what would this cart get” preview.

const FIELDS: FieldSpec[] = [
  nameField(200, 'Shoppers see it beside the discount in their cart, such as “Spend $50, save 10 %”.'),
  {
    name: 'active',
    label: 'Active',
    kind: 'toggle',
    hint: 'Switched off, it never applies, whatever its dates.',
  },
  {
    name: 'trigger',
    label: 'When it applies',
    kind: 'custom',
    custom: conditionField,
    explain: explainViolation,
  },
  {
    name: 'discounts',
    label: 'What shoppers get',
    kind: 'custom',
    custom: discountsField,
    explain: explainViolation,
    hint: 'Applied before a coupon; each discount on what the earlier ones left.',
  },
  {
    name: 'dates',
    label: 'Active dates',
    kind: 'group',
    hint: 'Optional, in your time zone. Before its start it is pending; from its end on, expired.',
    fields: [
      { name: 'start', label: 'Starts', kind: 'datetime', explain: explainViolation },
      { name: 'end', label: 'Ends', kind: 'datetime', explain: explainViolation },
    ],
  },
];

const STATUS = optionsOf({
  '': 'Any',
  LIVE: 'Live',
  PENDING: 'Pending',
  EXPIRED: 'Expired',
  OFF: 'Switched off',
});

/** The rule a read form stands for (every field, so an edit sends them all with the revision read). */
function ruleOf(values: FieldValues): DiscountRuleInput {
  const start = text(values.start);
  const end = text(values.end);
  return {
    name: text(values.name),
    active: values.active === true,
    activeTimeInfo: {
      ...(start ? { start: localDateTime(start) } : {}),
      ...(end ? { end: localDateTime(end) } : {}),
    },
    trigger: values.trigger as DiscountRuleTrigger,
    discounts: values.discounts as { values: DiscountRuleValue[] },
  };
}

/** The store's currency for the list's sentences, read with the list. */
let listCurrency: string | undefined;

function query(client: AdminClient, values: Record<string, string>) {
  const rules = () => client.discountRules.queryDiscountRules();
  const now = new Date();
  let q = rules().descending('createdDate').limit(PAGE_SIZE).cursorPaged();
  if (values.q) q = q.contains('name', values.q);
  switch (values.status) {
    case 'OFF':
      return q.eq('active', false);
    case 'PENDING':
      return q.eq('active', true).gt('activeTimeInfo.start', now);
    case 'EXPIRED':
      return q.eq('active', true).le('activeTimeInfo.end', now);
    case 'LIVE':
      return q
        .eq('active', true)
        .and(
          rules().or(rules().exists('activeTimeInfo.start', false), rules().le('activeTimeInfo.start', now)),
          rules().or(rules().exists('activeTimeInfo.end', false), rules().gt('activeTimeInfo.end', now)),
        );
    default:
      return q;
  }
}

const usesText = (n: number | undefined) => plural(n ?? 0, 'order');

export const discountRuleSpec: EntitySpec<DiscountRule> = {
  path: 'discount-rules',
  title: 'Automatic discounts',
  columns: [
    linkColumn('Name', 'discount-rules', (row) => row.name, { wrap: false }),
    {
      label: 'Status',
      cell: (row) => <StatusBadge status={statusOf(row)} testId="rule-status" />,
    },
    {
      label: 'What it does',
      className: 'wrap',
      cell: (row) => <span data-testid="rule-sentence">{describeRule(row, listCurrency)}</span>,
    },
    {
      label: 'Used',
      className: 'num',
      cell: (row) => <span data-testid="rule-uses">{usesText(row.usageCount)}</span>,
    },
    { label: 'Active dates', cell: (row) => activeDatesText(row, dateTime) },
  ],
  filters: [
    { name: 'q', label: 'Search by name' },
    { name: 'status', label: 'Status', options: STATUS },
  ],
  fields: FIELDS,
  defaults: {
    active: true,
    trigger: { type: 'SUBTOTAL_RANGE', from: '', to: '', items: { products: [], collections: [], kept: [] } },
    discounts: discountsDraft(undefined),
  },
  async list(client, { values, cursor }) {
    const [page, settings] = await Promise.all([
      (cursor ? query(client, values).skipTo(cursor) : query(client, values)).find(),
      client.storeSettings.getStoreSettings(),
    ]);
    listCurrency = settings.currency;
    return page;
  },
  get: (client, id) => client.discountRules.getDiscountRule(id),
  id: (row) => row.id,
  name: (row) => row.name ?? 'Automatic discount',
  values: (row) => ({
    name: row.name ?? '',
    active: row.active !== false,
    start: localInputValue(row.activeTimeInfo?.start),
    end: localInputValue(row.activeTimeInfo?.end),
    trigger: conditionDraft(row.trigger),
    discounts: discountsDraft(row),
  }),
  create: (client, values) => client.discountRules.createDiscountRule(ruleOf(values)),
  update: (client, row, values) =>
    client.discountRules.updateDiscountRule(
      row.id,
      { ...ruleOf(values), revision: row.revision },
      { fieldMask: ['name', 'active', 'activeTimeInfo', 'trigger', 'discounts'] },
    ),
  remove: (client, id) => client.discountRules.deleteDiscountRule(id),
  deleteNote: 'Carts stop getting it at once; orders already placed keep their discount.',
  fieldOf: ruleFieldOf,
  extra: (row) => <RulePreview rule={row} />,
  listExtra: () => <RulePreview />,
};
