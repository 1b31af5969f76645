import type { Static } from '@sinclair/typebox';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  entityService,
  failIf,
  revisionAndDates,
  violation,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { type FieldViolation, invalid, notFound } from '../../platform/errors.ts';
import { compareDecimals, decimalFromNumber, formatDecimal, parseDecimal } from '../../platform/money.ts';
import { TipSettingsCreate, TipSettingsPatch } from './schemas.ts';
import { tipSettings } from './tables.ts';
import type { TipRules, TipSettingsType } from './tips-engine.ts';

/**
 * The merchant's tip settings (Aisle's CRUD at `/tips/v1/tip-settings`): presets of percentages or amounts,
 * a default choice, custom amounts; one entry is the default a checkout offers.
 */

export type TipSettingsRow = typeof tipSettings.$inferSelect;

export const rulesOf = (row: TipSettingsRow): TipRules => ({
  enabled: row.enabled,
  tipType: row.tipType as TipSettingsType,
  choices: row.choices,
  defaultChoice: row.defaultChoice,
  allowCustomAmount: row.allowCustomAmount,
});

export function tipSettingsToWire(row: TipSettingsRow) {
  return {
    id: row.id,
    ...presentFields(row, ['title']),
    enabled: row.enabled,
    isDefault: row.isDefault,
    tipType: row.tipType as TipSettingsType,
    choices: row.choices,
    ...(row.defaultChoice !== null ? { defaultChoice: row.defaultChoice } : {}),
    allowCustomAmount: row.allowCustomAmount,
    ...revisionAndDates(row),
  };
}

export type WireTipSettings = ReturnType<typeof tipSettingsToWire>;

export const settingsNotFound = (id?: string) =>
  id
    ? notFound('TIP_SETTINGS_NOT_FOUND', `Tip settings ${id} were not found`, { id })
    : notFound('TIP_SETTINGS_NOT_FOUND', 'No tip settings are the default; name tipSettingsId');

/** `"2.50"` and `2.5` → `"2.5"`. */
export const decimalText = (value: string | number): string =>
  formatDecimal(parseDecimal(typeof value === 'number' ? decimalFromNumber(value) : value));

type Fields = Pick<
  TipSettingsRow,
  'title' | 'enabled' | 'isDefault' | 'tipType' | 'choices' | 'defaultChoice' | 'allowCustomAmount'
>;

/** The whole entry after a create or patch, checked as one (choices per type, default among them). */
function checked(
  fields: Omit<Fields, 'choices' | 'defaultChoice'> & {
    choices: Array<string | number>;
    defaultChoice: string | number | null;
  },
): Fields {
  const violations: FieldViolation[] = [];
  const choices = fields.choices.map(decimalText);
  choices.forEach((value, i) => {
    if (compareDecimals(value, '0') <= 0)
      violations.push(violation(`tipSettings.choices[${i}]`, 'must be greater than 0', 'DECIMAL_GT'));
    else if (fields.tipType === 'PERCENTAGE' && compareDecimals(value, '100') > 0)
      violations.push(
        violation(`tipSettings.choices[${i}]`, 'must be a percentage of at most 100', 'DECIMAL_LTE'),
      );
    if (choices.findIndex((c) => compareDecimals(c, value) === 0) < i)
      violations.push(violation(`tipSettings.choices[${i}]`, 'repeats an earlier choice'));
  });
  const defaultChoice = fields.defaultChoice === null ? null : decimalText(fields.defaultChoice);
  if (defaultChoice !== null && !choices.some((c) => compareDecimals(c, defaultChoice) === 0))
    violations.push(
      violation('tipSettings.defaultChoice', `must be one of the choices (${choices.join(', ')})`),
    );
  failIf(violations);
  return { ...fields, choices, defaultChoice, title: fields.title?.trim() || null };
}

/** Only one entry is the default: making one the default takes it from the others (same transaction). */
async function takeDefault(tx: Db, self: string | undefined): Promise<void> {
  await tx
    .update(tipSettings)
    .set({ isDefault: false })
    .where(
      self ? and(eq(tipSettings.isDefault, true), ne(tipSettings.id, self)) : eq(tipSettings.isDefault, true),
    );
}

const DEFAULT_TAKEN = { what: 'Another default tip settings entry (written at the same time)', data: {} };

export const tipSetting = defineEntity({
  label: 'tip settings',
  key: 'tipSettings',
  plural: 'tipSettings',
  event: 'tip_settings',
  table: tipSettings,
  path: '/tips/v1/tip-settings',
  tags: ['tips'],
  summaries: {
    create: 'Create tip settings',
    query: 'Query tip settings',
    update: 'Update tip settings',
    delete: 'Delete tip settings',
  },
  schemas: { create: TipSettingsCreate, patch: TipSettingsPatch },
  writable: [
    'title',
    'enabled',
    'isDefault',
    'tipType',
    'choices',
    'defaultChoice',
    'allowCustomAmount',
  ] as const,
  query: {
    fields: {
      title: { sql: tipSettings.title, type: 'string', sortable: true, nullable: true },
      enabled: { sql: tipSettings.enabled, type: 'boolean' },
      isDefault: { sql: tipSettings.isDefault, type: 'boolean' },
      tipType: { sql: tipSettings.tipType, type: 'string', enum: ['PERCENTAGE', 'AMOUNT'] },
    },
    get: true,
  },
  toWire: tipSettingsToWire,
  notFound: (id) => settingsNotFound(id),
  unique: () => DEFAULT_TAKEN,
  async insert(input: Static<typeof TipSettingsCreate>, { tx }) {
    // The first entry is the default unless told otherwise.
    const [existing] = await tx
      .select({ id: tipSettings.id })
      .from(tipSettings)
      .where(eq(tipSettings.isDefault, true))
      .limit(1);
    const fields = checked({
      title: input.title ?? null,
      enabled: input.enabled ?? true,
      isDefault: input.isDefault ?? !existing,
      tipType: input.tipType,
      choices: input.choices,
      defaultChoice: input.defaultChoice ?? null,
      allowCustomAmount: input.allowCustomAmount ?? false,
    });
    if (fields.isDefault) await takeDefault(tx, undefined);
    return fields;
  },
  async update(patch: Static<typeof TipSettingsPatch>, fields, current: TipSettingsRow, { tx }) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    if (has('tipType') && !patch.tipType)
      throw invalid('tipSettings.tipType', 'is required', 'REQUIRED_FIELD');
    if (has('choices') && !patch.choices)
      throw invalid('tipSettings.choices', 'is required', 'REQUIRED_FIELD');
    const next = checked({
      title: has('title') ? (patch.title ?? null) : current.title,
      enabled: has('enabled') ? (patch.enabled ?? true) : current.enabled,
      isDefault: has('isDefault') ? (patch.isDefault ?? false) : current.isDefault,
      tipType: has('tipType') ? patch.tipType! : current.tipType,
      choices: has('choices') ? patch.choices! : current.choices,
      defaultChoice: has('defaultChoice') ? (patch.defaultChoice ?? null) : current.defaultChoice,
      allowCustomAmount: has('allowCustomAmount')
        ? (patch.allowCustomAmount ?? false)
        : current.allowCustomAmount,
    });
    if (next.isDefault && !current.isDefault) await takeDefault(tx, current.id);
    return next;
  },
});

/** Deleting the default leaves no default until another entry is made the default. */
export const tipSettingsService = entityService(tipSetting);
export const { create: createTipSettings } = tipSettingsService;

export async function findSettings(db: Db, id: string): Promise<TipSettingsRow | undefined> {
  const [row] = await db.select().from(tipSettings).where(eq(tipSettings.id, id)).limit(1);
  return row;
}

/** Admins read any entry; shoppers only enabled ones (the others are not found). */
export async function getTipSettings(db: Db, id: string, merchant: boolean): Promise<WireTipSettings> {
  const row = await findSettings(db, id);
  if (!row || (!merchant && !row.enabled)) throw settingsNotFound(id);
  return tipSettingsToWire(row);
}

export async function defaultSettings(db: Db): Promise<TipSettingsRow | undefined> {
  const [row] = await db.select().from(tipSettings).where(eq(tipSettings.isDefault, true)).limit(1);
  return row;
}

/** The default entry if it is enabled (what a checkout offers), for shoppers' pages. */
export async function getDefaultTipSettings(
  db: Db,
  merchant: boolean,
): Promise<{ tipSettings?: WireTipSettings }> {
  const row = await defaultSettings(db);
  return row && (merchant || row.enabled) ? { tipSettings: tipSettingsToWire(row) } : {};
}
