import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows } from '../../platform/db.ts';
import { tipChoices, tipSettings } from '../../modules/checkout-settings/tables.ts';
import {
  defaultTipChoice,
  tipAmount,
  type TipChoice,
  type TipRules,
  type TipSettingsType,
} from '../../modules/checkout-settings/tips-engine.ts';

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
