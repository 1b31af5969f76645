import type { Customization, CustomizationChoiceInput, CustomizationInput } from '@aisle/sdk';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { linkColumn, updatedColumn } from '../components/spec-columns.tsx';
import { type FieldSpec, type FieldValues, nameField, selectField } from '../lib/fields.ts';
import { words } from '../lib/format.ts';
import { NAME_SEARCH, PAGE_SIZE, pageOf } from '../lib/list.ts';

/** `Small, Large` or, for swatches, `Red #ff0000, Navy #1f2a44`. */
export function parseChoices(text: string, swatches: boolean): CustomizationChoiceInput[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colour = swatches ? /\s(#[0-9a-f]{6})$/i.exec(part) : null;
      return colour
        ? {
            choiceType: 'ONE_COLOR' as const,
            name: part.slice(0, colour.index).trim(),
            colorCode: colour[1]!.toLowerCase(),
          }
        : { choiceType: 'CHOICE_TEXT' as const, name: part };
    });
}

const choicesText = (c: Customization) =>
  (c.choicesSettings?.choices ?? [])
    .map((x) => (x.colorCode ? `${x.name} ${x.colorCode}` : x.name))
    .join(', ');

function input(v: FieldValues, revision?: string): CustomizationInput {
  const render = String(v.customizationRenderType) as NonNullable<
    CustomizationInput['customizationRenderType']
  >;
  return {
    name: String(v.name),
    ...(revision
      ? { revision }
      : {
          customizationType: String(v.customizationType) as 'PRODUCT_OPTION' | 'MODIFIER',
          customizationRenderType: render,
        }),
    ...(render === 'FREE_TEXT'
      ? { freeTextInput: { title: String(v.name), maxCharCount: Number(v.maxChars ?? 100) } }
      : { choicesSettings: { choices: parseChoices(String(v.choices ?? ''), render === 'SWATCH_CHOICES') } }),
  };
}

/** A required choice made when the customization is created: later saves keep what it was (`input`, `update`). */
const chosenWhenCreated = (name: string, label: string, labels: Record<string, string>): FieldSpec =>
  selectField(name, label, labels, { hint: 'Chosen when created.' });

/**
 * Customizations (catalogue v3): product options and modifiers, free text or choices, on the entity kit.
 * Kind and display are chosen at creation; name and choices change later.
 */
export const customizationSpec: EntitySpec<Customization> = {
  path: 'customizations',
  title: 'Customizations',
  columns: [
    linkColumn('Name', 'customizations', (c) => c.name),
    { label: 'Kind', cell: (c) => words(c.customizationType) },
    { label: 'Shown as', cell: (c) => words(c.customizationRenderType) },
    { label: 'Choices', className: 'wrap', cell: (c) => choicesText(c) },
    updatedColumn(),
  ],
  filters: NAME_SEARCH,
  fields: [
    nameField(50),
    chosenWhenCreated('customizationType', 'Kind', {
      PRODUCT_OPTION: 'Product option (makes variants)',
      MODIFIER: 'Modifier (adds to the order line)',
    }),
    chosenWhenCreated('customizationRenderType', 'Shown as', {
      TEXT_CHOICES: 'Text choices',
      SWATCH_CHOICES: 'Colour swatches',
      FREE_TEXT: 'Free text',
    }),
    {
      name: 'choices',
      label: 'Choices',
      kind: 'text',
      hint: 'Separated by commas; swatches with their colour: “Red #ff0000, Navy #1f2a44”.',
    },
    { name: 'maxChars', label: 'Longest free text (characters)', kind: 'integer', min: 1, max: 500 },
  ],
  defaults: { customizationType: 'MODIFIER', customizationRenderType: 'TEXT_CHOICES', maxChars: 100 },
  list: (client, params) =>
    pageOf(client.customizations.queryCustomizations().descending('createdDate').limit(PAGE_SIZE), params),
  get: (client, id) => client.customizations.getCustomization(id),
  id: (c) => c.id,
  name: (c) => c.name ?? 'Customization',
  values: (c) => ({
    name: c.name,
    customizationType: c.customizationType,
    customizationRenderType: c.customizationRenderType,
    choices: choicesText(c),
    maxChars: c.freeTextInput?.maxCharCount ?? 100,
  }),
  create: (client, v) => client.customizations.createCustomization(input(v)),
  update: (client, row, v) =>
    client.customizations.updateCustomization(
      row.id,
      input(
        { ...v, customizationRenderType: row.customizationRenderType ?? 'TEXT_CHOICES' },
        row.revision ?? '0',
      ),
    ),
  remove: (client, id) => client.customizations.deleteCustomization(id),
  deleteNote: 'Products using it lose it.',
};
