import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import {
  type BulkResult,
  defineEntity,
  entityService,
  failIf,
  maskPaths,
  revisionAndDates,
  runBulk,
  sentPath,
  violation,
} from '../../../platform/entity-kit/index.ts';
import { conflict, type FieldViolation, invalid } from '../../../platform/errors.ts';
import { isDecimal } from '../../../platform/money.ts';
import { products } from '../products/tables.ts';
import type {
  ChoiceType,
  CustomizationRenderType,
  CustomizationType,
  StoredCustomizationChoice,
  StoredFreeTextInput,
  StoredImageRef,
} from '../shared/model.ts';
import { plannedEntity, v3Entity } from '../shared/v3.ts';
import { slugify } from '../shared/write-support.ts';
import { Customization, CustomizationInput as CustomizationInputSchema } from './schemas.ts';
import { customizations } from './tables.ts';

/**
 * v3 customizations on the entity kit: product options (TEXT_CHOICES, SWATCH_CHOICES) and modifiers (also
 * FREE_TEXT). Type and render type are fixed at creation; choices have ids and keys of their own and are
 * edited with the choice calls (`service.change`). Every change bumps `revision`; calls that send one get 409
 * when it is stale.
 */

type Row = typeof customizations.$inferSelect;

export interface ChoiceInput {
  id?: string | undefined;
  name?: string | undefined;
  choiceType?: ChoiceType | undefined;
  colorCode?: string | undefined;
  multipleColors?: { colorCodes: string[] } | undefined;
  displayImage?: StoredImageRef | undefined;
  defaultAddedPrice?: string | undefined;
  primaryChoiceIds?: string[] | undefined;
}

export interface CustomizationInput {
  id?: string | undefined;
  revision?: string | number | undefined;
  name?: string | undefined;
  customizationType?: CustomizationType | undefined;
  customizationRenderType?: CustomizationRenderType | undefined;
  freeTextInput?:
    | {
        minCharCount?: number | undefined;
        maxCharCount?: number | undefined;
        defaultAddedPrice?: string | undefined;
        title?: string | undefined;
      }
    | undefined;
  choicesSettings?: { choices: ChoiceInput[] } | undefined;
}

const MAX_CHOICES = 100;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const ALLOWED: Record<CustomizationRenderType, ChoiceType[]> = {
  FREE_TEXT: [],
  TEXT_CHOICES: ['CHOICE_TEXT'],
  SWATCH_CHOICES: ['ONE_COLOR', 'MULTIPLE_COLORS', 'IMAGE'],
};

function checkPrice(
  value: string | undefined,
  field: string,
  violations: FieldViolation[],
): string | undefined {
  if (value === undefined) return undefined;
  if (!isDecimal(value)) violations.push(violation(field, 'must be a decimal string', 'FORMAT'));
  return value;
}

function checkChoice(
  render: CustomizationRenderType,
  input: ChoiceInput,
  field: string,
  violations: FieldViolation[],
  previous?: StoredCustomizationChoice,
): StoredCustomizationChoice {
  const name = input.name?.trim() ?? previous?.name ?? '';
  if (!name) violations.push(violation(`${field}.name`, 'is required', 'REQUIRED_FIELD'));
  else if (name.length > 50)
    violations.push(violation(`${field}.name`, 'must be at most 50 characters', 'MAX_LENGTH'));
  const inferred: ChoiceType =
    render === 'TEXT_CHOICES'
      ? 'CHOICE_TEXT'
      : input.multipleColors
        ? 'MULTIPLE_COLORS'
        : input.displayImage && !input.colorCode
          ? 'IMAGE'
          : 'ONE_COLOR';
  const choiceType = previous?.choiceType ?? input.choiceType ?? inferred;
  if (previous && input.choiceType && input.choiceType !== previous.choiceType)
    violations.push(violation(`${field}.choiceType`, 'cannot change', 'FIELD_NOT_ALLOWED'));
  if (!ALLOWED[render].includes(choiceType))
    violations.push(
      violation(
        `${field}.choiceType`,
        `must be one of ${ALLOWED[render].join(', ')} for ${render}`,
        'INVALID_ENUM_VALUE',
        { allowed: ALLOWED[render] },
      ),
    );
  const colorCode = input.colorCode ?? previous?.colorCode;
  const multipleColors = input.multipleColors ?? previous?.multipleColors;
  const displayImage = input.displayImage ?? previous?.displayImage;
  if (choiceType === 'ONE_COLOR' && !(colorCode && HEX.test(colorCode)))
    violations.push(
      violation(
        `${field}.colorCode`,
        'must be a hex colour such as #1f3a5f',
        colorCode ? 'FORMAT' : 'REQUIRED_FIELD',
      ),
    );
  if (choiceType !== 'ONE_COLOR' && input.colorCode !== undefined)
    violations.push(violation(`${field}.colorCode`, `is not allowed for ${choiceType}`, 'FIELD_NOT_ALLOWED'));
  if (choiceType === 'MULTIPLE_COLORS') {
    const codes = multipleColors?.colorCodes ?? [];
    if (codes.length < 2 || codes.some((c) => !HEX.test(c)))
      violations.push(
        violation(`${field}.multipleColors.colorCodes`, 'must be two or more hex colours', 'VALIDATION'),
      );
  }
  if (choiceType === 'IMAGE' && !(displayImage?.url || displayImage?.id))
    violations.push(
      violation(`${field}.displayImage`, 'is required (url or id) for IMAGE', 'REQUIRED_FIELD'),
    );
  const defaultAddedPrice =
    checkPrice(input.defaultAddedPrice, `${field}.defaultAddedPrice`, violations) ??
    previous?.defaultAddedPrice;
  const primaryChoiceIds = input.primaryChoiceIds ?? previous?.primaryChoiceIds;
  return {
    id: previous?.id ?? randomUUID(),
    key: slugify(name),
    name,
    choiceType,
    ...(choiceType === 'ONE_COLOR' && colorCode ? { colorCode } : {}),
    ...(choiceType === 'MULTIPLE_COLORS' && multipleColors ? { multipleColors } : {}),
    ...(displayImage ? { displayImage } : {}),
    ...(defaultAddedPrice !== undefined ? { defaultAddedPrice } : {}),
    ...(primaryChoiceIds ? { primaryChoiceIds } : {}),
  };
}

function checkDistinct(
  choices: StoredCustomizationChoice[],
  field: string,
  violations: FieldViolation[],
): void {
  const seen = new Set<string>();
  choices.forEach((c, i) => {
    const key = c.name.toLowerCase();
    if (seen.has(key))
      violations.push(violation(`${field}[${i}].name`, 'must be unique in the customization'));
    seen.add(key);
  });
  if (choices.length > MAX_CHOICES)
    violations.push(
      violation(field, `must have at most ${MAX_CHOICES} choices`, 'MAX_SIZE', { max: MAX_CHOICES }),
    );
}

/** Choices given for a customization: ids of existing choices keep them (and their unsent fields). */
function checkChoices(
  render: CustomizationRenderType,
  list: ChoiceInput[],
  field: string,
  violations: FieldViolation[],
  existing: StoredCustomizationChoice[] = [],
): StoredCustomizationChoice[] {
  const out = list.map((input, i) =>
    checkChoice(
      render,
      input,
      `${field}[${i}]`,
      violations,
      input.id ? existing.find((c) => c.id === input.id) : undefined,
    ),
  );
  checkDistinct(out, field, violations);
  return out;
}

function checkFreeText(
  input: CustomizationInput['freeTextInput'],
  name: string,
  violations: FieldViolation[],
  previous?: StoredFreeTextInput | null,
): StoredFreeTextInput {
  const min = input?.minCharCount ?? previous?.minCharCount ?? 0;
  const max = input?.maxCharCount ?? previous?.maxCharCount ?? 500;
  if (!Number.isInteger(min) || min < 0)
    violations.push(
      violation('customization.freeTextInput.minCharCount', 'must be an integer of at least 0', 'MIN'),
    );
  if (!Number.isInteger(max) || max < 1 || max > 1000)
    violations.push(
      violation('customization.freeTextInput.maxCharCount', 'must be an integer from 1 to 1000', 'MAX'),
    );
  else if (max < min)
    violations.push(
      violation('customization.freeTextInput.maxCharCount', 'must not be less than minCharCount', 'MIN'),
    );
  const title = input?.title ?? previous?.title;
  const price =
    checkPrice(input?.defaultAddedPrice, 'customization.freeTextInput.defaultAddedPrice', violations) ??
    previous?.defaultAddedPrice;
  return {
    minCharCount: min,
    maxCharCount: max,
    ...(price !== undefined ? { defaultAddedPrice: price } : {}),
    ...(title !== undefined ? { title } : {}),
    key: slugify(name),
  };
}

type Planned = Pick<
  Row,
  'name' | 'key' | 'customizationType' | 'customizationRenderType' | 'freeTextInput' | 'choices'
>;

/** Validates a whole customization (create) or the fields an update sends (with `existing`). */
/** `paths`: those an update sends (every one when not said). */
function plan(input: CustomizationInput, existing?: Row, paths?: readonly string[]): Planned {
  const violations: FieldViolation[] = [];
  const sent = (path: string) => !paths || sentPath(paths, path);
  const name = (sent('name') ? input.name?.trim() : undefined) ?? existing?.name ?? '';
  if (!name) violations.push(violation('customization.name', 'is required', 'REQUIRED_FIELD'));
  else if (name.length > 50)
    violations.push(violation('customization.name', 'must be at most 50 characters', 'MAX_LENGTH'));
  for (const key of ['customizationType', 'customizationRenderType'] as const) {
    if (!existing && !input[key])
      violations.push(violation(`customization.${key}`, 'is required', 'REQUIRED_FIELD'));
    if (existing && input[key] && input[key] !== existing[key])
      violations.push(violation(`customization.${key}`, 'cannot change after creation', 'FIELD_NOT_ALLOWED'));
  }
  const type = existing?.customizationType ?? input.customizationType ?? 'MODIFIER';
  const render = existing?.customizationRenderType ?? input.customizationRenderType ?? 'TEXT_CHOICES';
  let freeTextInput: StoredFreeTextInput | null = existing?.freeTextInput ?? null;
  let choices = existing?.choices ?? [];
  if (render === 'FREE_TEXT') {
    if (type === 'PRODUCT_OPTION')
      violations.push(
        violation('customization.customizationRenderType', 'FREE_TEXT is for modifiers only', 'VALIDATION'),
      );
    if (input.choicesSettings)
      violations.push(
        violation('customization.choicesSettings', 'is not allowed with FREE_TEXT', 'FIELD_NOT_ALLOWED'),
      );
    if (!existing || (input.freeTextInput && sent('freeTextInput')) || name !== existing.name)
      freeTextInput = checkFreeText(
        sent('freeTextInput') ? input.freeTextInput : undefined,
        name,
        violations,
        existing?.freeTextInput,
      );
  } else {
    if (input.freeTextInput)
      violations.push(
        violation('customization.freeTextInput', `is not allowed with ${render}`, 'FIELD_NOT_ALLOWED'),
      );
    if (input.choicesSettings && sent('choicesSettings')) {
      if (input.choicesSettings.choices.length === 0)
        violations.push(violation('customization.choicesSettings.choices', 'must not be empty', 'MIN_SIZE'));
      choices = checkChoices(
        render,
        input.choicesSettings.choices,
        'customization.choicesSettings.choices',
        violations,
        choices,
      );
    } else if (!existing)
      violations.push(violation('customization.choicesSettings', 'is required', 'REQUIRED_FIELD'));
  }
  failIf(violations);
  return {
    name,
    key: slugify(name),
    customizationType: type,
    customizationRenderType: render,
    freeTextInput,
    choices,
  };
}

export interface WireCustomization {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  name: string;
  key: string;
  customizationType: CustomizationType;
  customizationRenderType: CustomizationRenderType;
  freeTextInput?: StoredFreeTextInput;
  choicesSettings?: { choices: StoredCustomizationChoice[] };
  assignedProductsCount?: number;
}

/**
 * Products "assigned" a customization, as the v1 catalogue can tell: a product option of that name, or (a
 * modifier) a custom text field of that title.
 */
async function productsShowing(db: Db, row: Row): Promise<number> {
  const probe =
    row.customizationType === 'PRODUCT_OPTION'
      ? { productOptions: [{ name: row.name }] }
      : { customTextFields: [{ title: row.name }] };
  const [found] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.data} @> ${JSON.stringify(probe)}::jsonb`);
  return Number(found?.n ?? 0);
}

function toWire(row: Row): WireCustomization {
  return {
    id: row.id,
    ...revisionAndDates(row),
    name: row.name,
    key: row.key,
    customizationType: row.customizationType,
    customizationRenderType: row.customizationRenderType,
    ...(row.customizationRenderType === 'FREE_TEXT' && row.freeTextInput
      ? { freeTextInput: row.freeTextInput }
      : {}),
    ...(row.customizationRenderType !== 'FREE_TEXT' ? { choicesSettings: { choices: row.choices } } : {}),
  };
}

const v3 = v3Entity(
  {
    label: 'customization',
    key: 'customization',
    plural: 'customizations',
    segment: 'customizations',
    tag: 'customizations (v3)',
  },
  {
    fields: {
      name: { sql: customizations.name, type: 'string', sortable: true },
      key: { sql: customizations.key, type: 'string' },
      customizationType: {
        sql: customizations.customizationType,
        type: 'string',
        enum: ['PRODUCT_OPTION', 'MODIFIER'],
      },
      customizationRenderType: {
        sql: customizations.customizationRenderType,
        type: 'string',
        enum: ['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES'],
      },
    },
    get: true,
  },
);

export const customization = defineEntity({
  ...v3,
  table: customizations,
  ...plannedEntity({ input: CustomizationInputSchema, wire: Customization }, productsShowing, plan),
  toWire,
  unique: (input) => {
    const name = input.name?.trim() ?? '';
    return conflict('CUSTOMIZATION_ALREADY_EXISTS', `A customization of this type named "${name}" exists`, {
      name,
    });
  },
  deletedPayload: (row) => ({ customization: { id: row.id, name: row.name } }),
});

export const customizationService = entityService(customization);

// ---- choices: the customization's own calls

type Revision = string | number | undefined;

/**
 * A choice call: on a customization with choices (not FREE_TEXT), `edit` gives the new list from the row and
 * the call's argument, pushing the violations of what was sent; then the list must stay distinct and not
 * empty (violations on `field`). `customizationService.change` locks the row, checks the revision when one
 * is given and writes the list with the next revision.
 */
function choiceCall<A>(
  field: string,
  edit: (row: Row, arg: A, violations: FieldViolation[]) => StoredCustomizationChoice[],
) {
  return (ctx: AppContext, id: string, arg: A, revision?: Revision): Promise<WireCustomization> =>
    customizationService.change(ctx, id, revision, (row) => {
      if (row.customizationRenderType === 'FREE_TEXT')
        throw invalid('customizationId', 'a FREE_TEXT customization has no choices', 'VALIDATION');
      const violations: FieldViolation[] = [];
      const list = edit(row, arg, violations);
      failIf(violations);
      checkDistinct(list, field, violations);
      if (list.length === 0) violations.push(violation(field, 'must leave at least one choice', 'MIN_SIZE'));
      failIf(violations);
      return { choices: list };
    });
}

/** Adds choices after the existing ones. */
export const addChoices = choiceCall<ChoiceInput[]>('choices', (row, choices, violations) => [
  ...row.choices,
  ...choices.map((c, i) =>
    checkChoice(row.customizationRenderType, { ...c, id: undefined }, `choices[${i}]`, violations),
  ),
]);

/** Replaces every choice; choices sent with an existing id keep it. */
export const setChoices = choiceCall<ChoiceInput[]>('choices', (row, choices, violations) =>
  checkChoices(row.customizationRenderType, choices, 'choices', violations, row.choices),
);

export const removeChoices = choiceCall<string[]>('choiceIds', (row, choiceIds) => {
  const known = new Set(row.choices.map((c) => c.id));
  const missing = choiceIds.findIndex((c) => !known.has(c));
  if (missing >= 0) throw invalid(`choiceIds[${missing}]`, 'is not a choice of the customization');
  return row.choices.filter((c) => !choiceIds.includes(c.id));
});

/** Updates the masked (or all sent) fields of existing choices; their type cannot change. */
export const updateChoices = choiceCall<
  Array<{ choice: ChoiceInput; fieldMask?: string | string[] | undefined }>
>('choices', (row, updates, violations) => {
  const list = [...row.choices];
  updates.forEach(({ choice, fieldMask }, i) => {
    const at = list.findIndex((c) => c.id === choice.id);
    if (at < 0) {
      violations.push(violation(`choices[${i}].choice.id`, 'is not a choice of the customization'));
      return;
    }
    const paths = maskPaths(fieldMask);
    const masked: ChoiceInput = paths
      ? Object.fromEntries(Object.entries(choice).filter(([k]) => sentPath(paths, k)))
      : choice;
    list[at] = checkChoice(row.customizationRenderType, masked, `choices[${i}].choice`, violations, list[at]);
  });
  return list;
});

/** The choices in the order of `choiceIds`, which must name each exactly once. */
export const reorderChoices = choiceCall<string[]>('choices', (row, choiceIds) => {
  const same = choiceIds.length === row.choices.length && new Set(choiceIds).size === choiceIds.length;
  if (!same || choiceIds.some((c) => !row.choices.some((x) => x.id === c)))
    throw invalid('choiceIds', 'must list every choice id of the customization exactly once');
  return choiceIds.map((c) => row.choices.find((x) => x.id === c)!);
});

export async function bulkAddChoices(
  ctx: AppContext,
  list: Array<{ customizationId: string; choices: ChoiceInput[] }>,
  returnEntity: boolean,
): Promise<BulkResult<WireCustomization>> {
  return runBulk(
    ctx,
    list,
    async ({ customizationId, choices }) => {
      const wire = await addChoices(ctx, customizationId, choices);
      return { id: wire.id, item: returnEntity ? wire : undefined };
    },
    ({ customizationId }) => customizationId,
  );
}
