import { compareDecimals, isDecimal, percentOf } from '../../platform/money.ts';
import { currencyOf } from '../pricing/currency.ts';

/**
 * Tips, pure: which choices a tip settings entry offers and what a choice adds to a checkout. The checkout
 * adds `tipAmount(...)` as an additional fee; `tipChoiceProblem` is what `PATCH /choice` and `/preview`
 * refuse. Values are decimal strings; amounts are rounded to the currency's minor unit half away from zero,
 * like every amount of the pricing engine.
 */

export type TipSettingsType = 'PERCENTAGE' | 'AMOUNT';
export type TipChoiceType = TipSettingsType | 'CUSTOM';

/** The buyer's choice: a preset (`PERCENTAGE` or `AMOUNT`, as the settings offer) or a `CUSTOM` amount. */
export interface TipChoice {
  tipType: TipChoiceType;
  /** Decimal string: a percentage (PERCENTAGE), an amount (AMOUNT, CUSTOM). `"0"` is "no tip". */
  value: string;
}

/** What the engine needs of a tip settings entry. */
export interface TipRules {
  enabled: boolean;
  tipType: TipSettingsType;
  /** Preset percentages or amounts (decimal strings). */
  choices: readonly string[];
  /** One of `choices`, preselected for a buyer who has not chosen; none = no tip until chosen. */
  defaultChoice: string | null;
  allowCustomAmount: boolean;
}

export type TipProblem =
  | 'TIPS_DISABLED'
  | 'INVALID_TIP_VALUE'
  | 'TIP_TYPE_NOT_OFFERED'
  | 'TIP_CHOICE_NOT_OFFERED'
  | 'CUSTOM_TIP_NOT_ALLOWED';

const isZero = (value: string) => compareDecimals(value, '0') === 0;
const offered = (rules: TipRules, value: string) =>
  rules.choices.some((c) => compareDecimals(c, value) === 0);

/** Why `choice` is not accepted under `rules`, or undefined when it is. A zero value ("no tip") always is. */
export function tipChoiceProblem(choice: TipChoice, rules: TipRules): TipProblem | undefined {
  if (!isDecimal(choice.value) || choice.value.startsWith('-')) return 'INVALID_TIP_VALUE';
  if (isZero(choice.value)) return undefined;
  if (!rules.enabled) return 'TIPS_DISABLED';
  if (choice.tipType === 'CUSTOM') return rules.allowCustomAmount ? undefined : 'CUSTOM_TIP_NOT_ALLOWED';
  if (choice.tipType !== rules.tipType) return 'TIP_TYPE_NOT_OFFERED';
  return offered(rules, choice.value) ? undefined : 'TIP_CHOICE_NOT_OFFERED';
}

/** The preselected choice of a settings entry (none when tips are off or no default is set). */
export function defaultTipChoice(rules: TipRules | undefined): TipChoice | undefined {
  if (!rules?.enabled || rules.defaultChoice === null) return undefined;
  return { tipType: rules.tipType, value: rules.defaultChoice };
}

/**
 * The tip a choice adds, as a decimal string in `currency` (e.g. `"3.60"`, `"0"` for JPY): a percentage of
 * `subtotal` (the lines' amount), or the amount chosen. No choice means the settings' default choice; no
 * settings, disabled tips or a choice the settings no longer offer mean no tip.
 */
export function tipAmount(
  choice: TipChoice | undefined,
  rules: TipRules | undefined,
  subtotal: string,
  currency: string,
): string {
  const money = currencyOf(currency);
  const applied = choice ?? defaultTipChoice(rules);
  if (!applied || !rules || tipChoiceProblem(applied, rules) !== undefined || isZero(applied.value))
    return money.text(0n);
  if (applied.tipType === 'PERCENTAGE') {
    const base = money.parse(subtotal);
    return money.text(base > 0n ? percentOf(base, applied.value) : 0n);
  }
  return money.text(money.parse(applied.value));
}
