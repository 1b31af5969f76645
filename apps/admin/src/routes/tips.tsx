import type { TipSettings, TipSettingsInput } from '@aisle/sdk';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { type FieldValues, selectField } from '../lib/fields.ts';
import { revisionOf, rowsOf, text } from '../lib/values.ts';
import { linkColumn } from '../components/spec-columns.tsx';

// Tips: what the checkout offers shoppers to add (percentages of the order or fixed amounts), the choice
// preselected, custom amounts — tip settings of the entity kit. One entry is the default a checkout offers.

/** Presets one entry may have (the server's limit). */
export const MAX_TIP_CHOICES = 6;

const PERCENT = /^\d{1,12}([.,]\d{1,4})?$/;
const AMOUNT = /^\d{1,12}([.,]\d{1,2})?$/;

const asDecimal = (value: string) => value.replace(',', '.');
/** `"10.50"` → `"10.5"`, for comparing choices as the server does. */
const same = (value: string) => String(Number(asDecimal(value)));

const choiceText = (row: TipSettings, value: string) => (row.tipType === 'PERCENTAGE' ? `${value} %` : value);

/** The choices as read (text, so `10.50` is checked as typed). */
const choicesOf = (v: FieldValues) => rowsOf(v.choices).map((c) => text(c.value));

/** The entry's rules in the merchant's words, before the server is asked. */
export function checkTips(v: FieldValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const percent = text(v.tipType) === 'PERCENTAGE';
  const choices = choicesOf(v);
  if (choices.length > MAX_TIP_CHOICES)
    problems.choices = `Offer at most ${MAX_TIP_CHOICES} choices: remove ${choices.length - MAX_TIP_CHOICES}.`;
  choices.forEach((value, i) => {
    const field = `choices[${i}].value`;
    if (!(percent ? PERCENT : AMOUNT).test(value))
      problems[field] = percent
        ? 'Enter a percentage such as 15 or 12.5.'
        : 'Enter an amount such as 2 or 2.50 (at most two decimals).';
    else if (Number(asDecimal(value)) <= 0) problems[field] = 'Enter more than 0.';
    else if (percent && Number(asDecimal(value)) > 100)
      problems[field] = 'Enter a percentage of 100 or less.';
    else if (choices.slice(0, i).some((c) => same(c) === same(value)))
      problems[field] = 'This choice is already in the list.';
  });
  const preset = text(v.defaultChoice);
  if (preset && !choices.some((c) => same(c) === same(preset)))
    problems.defaultChoice = choices.length
      ? `Enter one of the choices (${choices.join(', ')}), or leave it empty.`
      : 'Add the choices first.';
  return problems;
}

function tipInput(v: FieldValues): TipSettingsInput {
  return {
    title: text(v.title) || null,
    enabled: v.enabled === true,
    isDefault: v.isDefault === true,
    tipType: text(v.tipType) === 'AMOUNT' ? 'AMOUNT' : 'PERCENTAGE',
    choices: choicesOf(v).map(asDecimal),
    defaultChoice: text(v.defaultChoice) ? asDecimal(text(v.defaultChoice)) : null,
    allowCustomAmount: v.allowCustomAmount === true,
  };
}

/** `tipSettings.choices[1]` → the second choice's input; other fields by their name. */
function tipField(path: string): string {
  const field = path.replace(/^tipSettings\./, '');
  const choice = /^choices\[(\d+)\]/.exec(field);
  if (choice) return `choices[${choice[1]}].value`;
  return ['title', 'tipType', 'choices', 'defaultChoice'].includes(field) ? field : '';
}

const nameOf = (row: TipSettings) => row.title || 'Tips';

export const tipSettingsSpec: EntitySpec<TipSettings> = {
  path: 'settings/tips',
  title: 'Tips',
  noun: ['tip setting', 'tip settings'],
  newTitle: 'New tip settings',
  columns: [
    linkColumn('Name', 'settings/tips', nameOf),
    {
      label: 'Choices',
      className: 'wrap',
      cell: (row) => (row.choices ?? []).map((c) => choiceText(row, c)).join(', '),
    },
    { label: 'Preselected', cell: (row) => (row.defaultChoice ? choiceText(row, row.defaultChoice) : '—') },
    { label: 'Offered', cell: (row) => (row.enabled ? 'Yes' : 'No') },
    { label: 'At checkout', cell: (row) => (row.isDefault ? 'Yes' : 'No') },
  ],
  fields: [
    {
      name: 'title',
      label: 'Name',
      kind: 'text',
      maxLength: 100,
      hint: 'For you, such as “Support the team”.',
    },
    { name: 'enabled', label: 'Offer tips', kind: 'toggle' },
    {
      name: 'isDefault',
      label: 'Use these at checkout',
      kind: 'toggle',
      hint: 'One entry is used at checkout: ticking this one takes it from the others.',
    },
    selectField('tipType', 'Tips are', { PERCENTAGE: 'Percentages of the order', AMOUNT: 'Fixed amounts' }),
    {
      name: 'choices',
      label: 'Choices',
      kind: 'rows',
      item: 'Choice',
      required: true,
      hint: `What shoppers pick from, up to ${MAX_TIP_CHOICES}: such as 10, 15 and 20 (%), or 2 and 5 (amounts).`,
      fields: [{ name: 'value', label: 'Percentage or amount', kind: 'text', required: true, maxLength: 16 }],
    },
    {
      name: 'defaultChoice',
      label: 'Preselected choice',
      kind: 'text',
      maxLength: 16,
      hint: 'One of the choices, ticked for shoppers who have not chosen; empty for none.',
    },
    { name: 'allowCustomAmount', label: 'Let shoppers enter their own amount', kind: 'toggle' },
  ],
  defaults: {
    enabled: true,
    isDefault: true,
    tipType: 'PERCENTAGE',
    choices: [{ value: '10' }, { value: '15' }, { value: '20' }],
    defaultChoice: '15',
  },
  check: checkTips,
  list: (client) => client.tips.queryTipSettings().limit(50).find(),
  get: (client, id) => client.tips.getTipSettings(id),
  id: (row) => row.id,
  name: nameOf,
  values: (row) => ({
    title: row.title ?? '',
    enabled: row.enabled ?? false,
    isDefault: row.isDefault ?? false,
    tipType: row.tipType ?? 'PERCENTAGE',
    choices: (row.choices ?? []).map((value) => ({ value })),
    defaultChoice: row.defaultChoice ?? '',
    allowCustomAmount: row.allowCustomAmount ?? false,
  }),
  create: (client, v) => client.tips.createTipSettings(tipInput(v)),
  update: (client, row, v) =>
    client.tips.updateTipSettings(row.id, {
      ...tipInput(v),
      ...revisionOf(row),
    }),
  remove: (client, id) => client.tips.deleteTipSettings(id),
  fieldOf: tipField,
  deleteNote: 'Checkouts no longer offer them.',
};
