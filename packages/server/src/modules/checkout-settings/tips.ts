import { AppError, ValidationFailure } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { TipChoiceInput } from './schemas.ts';
import {
  decimalText,
  defaultSettings,
  findSettings,
  settingsNotFound,
  type TipSettingsRow,
} from './tip-settings.ts';
import { type TipChoice, tipChoiceProblem, type TipProblem, type TipRules } from './tips-engine.ts';

/**
 * A buyer's tip choice judged by tip settings (the buyer's tip itself — preview, choice per purchase flow, the
 * checkout's fee — is work across domains: src/flows/tips).
 */

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

export const choiceOf = (input: TipChoiceInput): TipChoice => ({
  tipType: input.tipType,
  value: decimalText(input.value),
});

/** A choice refused by its settings: TIPS_DISABLED (400), otherwise a violation naming the field. */
export function assertAccepted(choice: TipChoice, rules: TipRules): void {
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
export async function settingsFor(db: Db, id: string | undefined | null): Promise<TipSettingsRow> {
  const row = id ? await findSettings(db, id) : await defaultSettings(db);
  if (!row) throw settingsNotFound(id ?? undefined);
  return row;
}
