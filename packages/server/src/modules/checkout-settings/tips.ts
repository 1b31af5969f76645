import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import {
  AppError,
  conflict,
  type FieldViolation,
  notFound,
  ValidationFailure,
} from '../../platform/errors.ts';
import { compareDecimals, decimalFromNumber, formatDecimal, parseDecimal } from '../../platform/money.ts';
import { checkouts } from '../checkout/tables.ts';
import { currencyOf } from '../pricing/currency.ts';
import {
  checkRevision,
  failIf,
  inOrder,
  iso,
  maskedFields,
  queryIds,
  querySpec,
  unique,
  violation,
} from '../settings/common.ts';
import { readStoreSettings } from '../settings/store.ts';
import type { PreviewTipRequest, TipChoiceInput, TipSettingsCreate, TipSettingsPatch } from './schemas.ts';
import { tipChoices, tipSettings } from './tables.ts';
import {
  defaultTipChoice,
  type TipChoice,
  type TipProblem,
  type TipRules,
  type TipSettingsType,
  tipAmount,
  tipChoiceProblem,
} from './tips-engine.ts';

/**
 * Tips (wire/merchant-settings.md "Tips"): the merchant's tip settings (Aisle's CRUD at
 * `/tips/v1/tip-settings`), a preview of the tip a choice gives, and the buyer's choice per purchase flow
 * (a checkout's `purchaseFlowId`), which the checkout adds as an additional fee (`checkoutTip`).
 */

export type TipSettingsRow = typeof tipSettings.$inferSelect;

const rulesOf = (row: TipSettingsRow): TipRules => ({
  enabled: row.enabled,
  tipType: row.tipType as TipSettingsType,
  choices: row.choices,
  defaultChoice: row.defaultChoice,
  allowCustomAmount: row.allowCustomAmount,
});

export function tipSettingsToWire(row: TipSettingsRow) {
  return {
    id: row.id,
    ...(row.title ? { title: row.title } : {}),
    enabled: row.enabled,
    isDefault: row.isDefault,
    tipType: row.tipType as TipSettingsType,
    choices: row.choices,
    ...(row.defaultChoice !== null ? { defaultChoice: row.defaultChoice } : {}),
    allowCustomAmount: row.allowCustomAmount,
    revision: row.revision.toString(),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
  };
}

export type WireTipSettings = ReturnType<typeof tipSettingsToWire>;

const settingsNotFound = (id?: string) =>
  id
    ? notFound('TIP_SETTINGS_NOT_FOUND', `Tip settings ${id} were not found`, { id })
    : notFound('TIP_SETTINGS_NOT_FOUND', 'No tip settings are the default; name tipSettingsId');

/** `"2.50"` and `2.5` → `"2.5"`. */
const decimalText = (value: string | number): string =>
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

export async function createTipSettings(ctx: AppContext, input: TipSettingsCreate): Promise<WireTipSettings> {
  return unique(DEFAULT_TAKEN.what, DEFAULT_TAKEN.data, () =>
    ctx.events.transaction(async (tx) => {
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
      const now = ctx.clock();
      const [row] = await tx
        .insert(tipSettings)
        .values({ ...fields, createdDate: now, updatedDate: now })
        .returning();
      const wire = tipSettingsToWire(row!);
      await ctx.events.record(tx, {
        entity: 'tip_settings',
        entityId: row!.id,
        type: 'created',
        payload: { tipSettings: wire },
      });
      return wire;
    }),
  );
}

async function findSettings(db: Db, id: string): Promise<TipSettingsRow | undefined> {
  const [row] = await db.select().from(tipSettings).where(eq(tipSettings.id, id)).limit(1);
  return row;
}

/** Admins read any entry; shoppers only enabled ones (the others are not found). */
export async function getTipSettings(db: Db, id: string, merchant: boolean): Promise<WireTipSettings> {
  const row = await findSettings(db, id);
  if (!row || (!merchant && !row.enabled)) throw settingsNotFound(id);
  return tipSettingsToWire(row);
}

async function defaultSettings(db: Db): Promise<TipSettingsRow | undefined> {
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

const WRITABLE = [
  'title',
  'enabled',
  'isDefault',
  'tipType',
  'choices',
  'defaultChoice',
  'allowCustomAmount',
] as const;

export async function updateTipSettings(
  ctx: AppContext,
  id: string,
  patch: TipSettingsPatch,
  fieldMask: string | undefined,
): Promise<WireTipSettings> {
  const fields = maskedFields(patch, fieldMask, WRITABLE, 'tipSettings');
  const has = (f: (typeof WRITABLE)[number]) => fields.includes(f);
  return unique(DEFAULT_TAKEN.what, DEFAULT_TAKEN.data, () =>
    ctx.events.transaction(async (tx) => {
      const [current] = await tx.select().from(tipSettings).where(eq(tipSettings.id, id)).for('update');
      if (!current) throw settingsNotFound(id);
      checkRevision('tip settings', current.revision, patch.revision);
      if (has('tipType') && !patch.tipType)
        failIf([violation('tipSettings.tipType', 'is required', 'REQUIRED_FIELD')]);
      if (has('choices') && !patch.choices)
        failIf([violation('tipSettings.choices', 'is required', 'REQUIRED_FIELD')]);
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
      if (next.isDefault && !current.isDefault) await takeDefault(tx, id);
      const [row] = await tx
        .update(tipSettings)
        .set({ ...next, revision: sql`${tipSettings.revision} + 1`, updatedDate: ctx.clock() })
        .where(eq(tipSettings.id, id))
        .returning();
      const wire = tipSettingsToWire(row!);
      await ctx.events.record(tx, {
        entity: 'tip_settings',
        entityId: id,
        type: 'updated',
        payload: { tipSettings: wire },
      });
      return wire;
    }),
  );
}

/** Deleting the default leaves no default until another entry is made the default. */
export async function deleteTipSettings(ctx: AppContext, id: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx
      .delete(tipSettings)
      .where(eq(tipSettings.id, id))
      .returning({ id: tipSettings.id });
    if (!row) throw settingsNotFound(id);
    await ctx.events.record(tx, { entity: 'tip_settings', entityId: id, type: 'deleted', payload: { id } });
  });
}

const TIP_SETTINGS_QUERY = querySpec({
  id: { sql: tipSettings.id, type: 'uuid', sortable: true, unique: true },
  title: { sql: tipSettings.title, type: 'string', sortable: true, nullable: true },
  enabled: { sql: tipSettings.enabled, type: 'boolean' },
  isDefault: { sql: tipSettings.isDefault, type: 'boolean' },
  tipType: { sql: tipSettings.tipType, type: 'string', enum: ['PERCENTAGE', 'AMOUNT'] },
  createdDate: { sql: tipSettings.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: tipSettings.updatedDate, type: 'date', sortable: true },
});

export async function queryTipSettings(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, tipSettings, TIP_SETTINGS_QUERY, query);
  const found = ids.length ? await db.select().from(tipSettings).where(inArray(tipSettings.id, ids)) : [];
  return { tipSettings: inOrder(ids, found).map(tipSettingsToWire), pagingMetadata };
}

// ---- Choices and previews

const DESCRIPTIONS: Record<
  Exclude<TipProblem, 'TIPS_DISABLED'>,
  [field: string, description: (r: TipRules) => string]
> = {
  INVALID_TIP_VALUE: ['tipChoice.value', () => 'must be a non-negative decimal'],
  TIP_TYPE_NOT_OFFERED: [
    'tipChoice.tipType',
    (r) => `must be ${r.tipType}${r.allowCustomAmount ? ' or CUSTOM' : ''}`,
  ],
  TIP_CHOICE_NOT_OFFERED: [
    'tipChoice.value',
    (r) => `must be one of the offered choices (${r.choices.join(', ')})`,
  ],
  CUSTOM_TIP_NOT_ALLOWED: ['tipChoice.tipType', () => 'CUSTOM is not offered: choose one of the presets'],
};

const choiceOf = (input: TipChoiceInput): TipChoice => ({
  tipType: input.tipType,
  value: decimalText(input.value),
});

/** A choice refused by its settings: TIPS_DISABLED (400), otherwise a violation naming the field. */
function assertAccepted(choice: TipChoice, rules: TipRules): void {
  const problem = tipChoiceProblem(choice, rules);
  if (!problem) return;
  if (problem === 'TIPS_DISABLED')
    throw new AppError(400, 'TIPS_DISABLED', 'Tips are disabled in these tip settings');
  const [field, describe] = DESCRIPTIONS[problem];
  throw new ValidationFailure([
    {
      field,
      description: describe(rules),
      violatedRule: 'VALIDATION',
      ruleName: problem,
      data: { code: problem },
    },
  ]);
}

/** The named entry, or the default; 404 when there is none. */
async function settingsFor(db: Db, id: string | undefined | null): Promise<TipSettingsRow> {
  const row = id ? await findSettings(db, id) : await defaultSettings(db);
  if (!row) throw settingsNotFound(id ?? undefined);
  return row;
}

/** `POST /preview {lineItemInfo, tipChoice, tipSettingsId}` → `{tip}`, in the store's currency. */
export async function previewTip(db: Db, request: PreviewTipRequest) {
  const row = await settingsFor(db, request.tipSettingsId);
  const rules = rulesOf(row);
  const choice = request.tipChoice ? choiceOf(request.tipChoice) : undefined;
  if (choice) assertAccepted(choice, rules);
  const { currency: code } = await readStoreSettings(db);
  const money = currencyOf(code);
  const subtotal = request.lineItemInfo.reduce(
    (sum, l) => sum + money.parse(l.price) * BigInt(l.quantity),
    0n,
  );
  const amount = tipAmount(choice, rules, money.text(subtotal), code);
  return {
    tip: { amount, lineItemSubtotal: money.text(subtotal), undistributedAmount: amount, distributions: [] },
  };
}

interface OwnedCheckout {
  id: string;
  completed: boolean;
}

/**
 * Whether the caller may act on a checkout, by id: the checkout flow's access rule (docs/CHECKOUT.md "Who sees
 * what" — its visitor or member, an admin, or a hosted page presenting the owner's redirect session), which
 * the routes pass in (this module does not know callers). `db` is the caller's transaction when there is one.
 */
export type CheckoutAccess = (db: Db, checkoutId: string) => Promise<boolean>;

/**
 * The checkout of a purchase flow, if `access` lets the caller act on it; anyone else gets the same 404 as for
 * an unknown purchase flow. `lock`: share-locked afterwards, so that an order being placed from the checkout
 * (which locks it for update) is waited for — taken after the access check, which may write (it binds a
 * redirect session to its first caller).
 */
async function ownedCheckout(
  db: Db,
  purchaseFlowId: string,
  access: CheckoutAccess,
  lock = false,
): Promise<OwnedCheckout> {
  const notYours = () =>
    notFound('CHECKOUT_NOT_FOUND', `No checkout of yours has the purchase flow ${purchaseFlowId}`, {
      purchaseFlowId,
    });
  const columns = { id: checkouts.id, completed: checkouts.completed };
  const [found] = await db
    .select(columns)
    .from(checkouts)
    .where(eq(checkouts.purchaseFlowId, purchaseFlowId))
    .limit(1);
  if (!found || !(await access(db, found.id))) throw notYours();
  if (!lock) return found;
  const [row] = await db.select(columns).from(checkouts).where(eq(checkouts.id, found.id)).for('share');
  if (!row) throw notYours();
  return row;
}

async function storedChoice(db: Db, purchaseFlowId: string) {
  const [row] = await db
    .select()
    .from(tipChoices)
    .where(eq(tipChoices.purchaseFlowId, purchaseFlowId))
    .limit(1);
  return row;
}

const wireChoice = (choice: TipChoice) => ({ tipType: choice.tipType, value: choice.value });

/**
 * `GET /choice/{purchaseFlowId}` → `{tipChoice}`: the buyer's choice, or else the default choice of the
 * default settings (what the checkout applies); `{}` when neither exists.
 */
export async function getTipChoice(db: Db, purchaseFlowId: string, access: CheckoutAccess) {
  await ownedCheckout(db, purchaseFlowId, access);
  const stored = await storedChoice(db, purchaseFlowId);
  if (stored)
    return {
      tipChoice: wireChoice({ tipType: stored.tipType as TipChoice['tipType'], value: stored.value }),
    };
  const row = await defaultSettings(db);
  const fallback = defaultTipChoice(row ? rulesOf(row) : undefined);
  return fallback ? { tipChoice: wireChoice(fallback) } : {};
}

/** `PATCH /choice {tipChoice, purchaseFlowId}` → `{tipChoice}`; checked against the checkout's tip settings. */
export async function updateTipChoice(
  ctx: AppContext,
  request: { purchaseFlowId: string; tipChoice: TipChoiceInput; tipSettingsId?: string | undefined },
  access: CheckoutAccess,
) {
  const choice = choiceOf(request.tipChoice);
  return ctx.events.transaction(async (tx) => {
    const checkout = await ownedCheckout(tx, request.purchaseFlowId, access, true);
    if (checkout.completed)
      throw conflict(
        'CHECKOUT_ALREADY_COMPLETED',
        'An order was placed from this checkout; its tip cannot change',
        {
          checkoutId: checkout.id,
        },
      );
    const previous = await storedChoice(tx, request.purchaseFlowId);
    const row = await settingsFor(tx, request.tipSettingsId ?? previous?.tipSettingsId);
    assertAccepted(choice, rulesOf(row));
    const now = ctx.clock();
    await tx
      .insert(tipChoices)
      .values({ purchaseFlowId: request.purchaseFlowId, ...choice, tipSettingsId: row.id, updatedDate: now })
      .onConflictDoUpdate({
        target: tipChoices.purchaseFlowId,
        set: { tipType: choice.tipType, value: choice.value, tipSettingsId: row.id, updatedDate: now },
      });
    return { tipChoice: wireChoice(choice) };
  });
}

/** What a checkout's tip depends on: the buyer's stored choice and the settings that apply to it. */
export interface TipInputs {
  choice: { tipType: string; value: string } | null;
  settings: { id: string; rules: TipRules } | null;
}

/**
 * The tip inputs of the purchase flow `purchaseFlowId` (an SQL value or column) as one jsonb expression
 * (`{choice, settings}`, read back with `tipInputsFrom`), for callers that fold it into a statement of their
 * own. The settings are those of the stored choice, else the default entry.
 */
export function tipInputsSql(purchaseFlowId: SQL): SQL {
  return sql`(select jsonb_build_object('choice', to_jsonb(tip_choice), 'settings', coalesce(
      (select to_jsonb(s) from ${tipSettings} s where s.id = tip_choice.tip_settings_id),
      (select to_jsonb(s) from ${tipSettings} s where s.is_default limit 1)))
    from (select 1) as one left join ${tipChoices} tip_choice on tip_choice.purchase_flow_id = ${purchaseFlowId})`;
}

type JsonRow = Record<string, unknown>;

/** `tipInputsSql`'s value → `TipInputs`. */
export function tipInputsFrom(value: unknown): TipInputs {
  const { choice, settings } = (value ?? {}) as { choice?: JsonRow | null; settings?: JsonRow | null };
  return {
    choice: choice ? { tipType: String(choice.tip_type), value: String(choice.value) } : null,
    settings: settings
      ? {
          id: String(settings.id),
          rules: {
            enabled: settings.enabled === true,
            tipType: settings.tip_type as TipSettingsType,
            choices: (settings.choices as string[] | null) ?? [],
            defaultChoice: (settings.default_choice as string | null) ?? null,
            allowCustomAmount: settings.allow_custom_amount === true,
          },
        }
      : null,
  };
}

/**
 * For the checkout's pricing: the tip on `subtotal` (the lines' amount) from the buyer's choice and its
 * settings (the default settings' default choice when the buyer has not chosen). `amount` is `"0…"` when
 * there is no tip; add it as an additional fee when it is not zero.
 */
export function tipOf(
  inputs: TipInputs,
  subtotal: string,
  currency: string,
): { amount: string; choice?: TipChoice; tipSettingsId?: string } {
  const { choice: stored, settings } = inputs;
  const rules = settings?.rules;
  const choice = stored
    ? { tipType: stored.tipType as TipChoice['tipType'], value: stored.value }
    : defaultTipChoice(rules);
  return {
    amount: tipAmount(choice, rules, subtotal, currency),
    ...(choice ? { choice } : {}),
    ...(settings ? { tipSettingsId: settings.id } : {}),
  };
}

/** The tip inputs of a purchase flow, read in one statement. */
export async function loadTipInputs(db: Db, purchaseFlowId: string): Promise<TipInputs> {
  const [row] = await preparedRows<{ tip: unknown }>(
    db,
    sql`select ${tipInputsSql(sql`${purchaseFlowId}::uuid`)} as tip`,
  );
  return tipInputsFrom(row?.tip);
}

/** `tipOf` with the inputs read from `db`. */
export async function checkoutTip(
  db: Db,
  purchaseFlowId: string,
  subtotal: string,
  currency: string,
): Promise<{ amount: string; choice?: TipChoice; tipSettingsId?: string }> {
  return tipOf(await loadTipInputs(db, purchaseFlowId), subtotal, currency);
}
