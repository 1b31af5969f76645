import { describe, expect, it } from 'vitest';
import {
  defaultTipChoice,
  type TipChoice,
  type TipRules,
  tipAmount,
  tipChoiceProblem,
} from './tips-engine.ts';

const PERCENT: TipRules = {
  enabled: true,
  tipType: 'PERCENTAGE',
  choices: ['10', '15', '20'],
  defaultChoice: '15',
  allowCustomAmount: true,
};
const AMOUNTS: TipRules = {
  enabled: true,
  tipType: 'AMOUNT',
  choices: ['1', '2.50', '5'],
  defaultChoice: null,
  allowCustomAmount: false,
};
const OFF: TipRules = { ...PERCENT, enabled: false };

const c = (tipType: TipChoice['tipType'], value: string): TipChoice => ({ tipType, value });

describe('tipAmount', () => {
  it.each<[string, TipChoice | undefined, TipRules | undefined, string, string, string]>([
    ['a preset percentage', c('PERCENTAGE', '10'), PERCENT, '24.00', 'USD', '2.40'],
    ['a percentage rounds half away from zero', c('PERCENTAGE', '15'), PERCENT, '0.30', 'USD', '0.05'],
    ['15 % of 10.10 = 1.515 → 1.52', c('PERCENTAGE', '15'), PERCENT, '10.10', 'USD', '1.52'],
    ['no choice takes the default', undefined, PERCENT, '24.00', 'USD', '3.60'],
    ['no choice and no default: no tip', undefined, AMOUNTS, '24.00', 'USD', '0.00'],
    ['a preset amount', c('AMOUNT', '2.5'), AMOUNTS, '24.00', 'USD', '2.50'],
    ['a custom amount', c('CUSTOM', '7.125'), PERCENT, '24.00', 'USD', '7.13'],
    ['a custom amount when not allowed: no tip', c('CUSTOM', '7'), AMOUNTS, '24.00', 'USD', '0.00'],
    ['a preset no longer offered: no tip', c('PERCENTAGE', '12'), PERCENT, '24.00', 'USD', '0.00'],
    ['an amount under percentage settings: no tip', c('AMOUNT', '1'), PERCENT, '24.00', 'USD', '0.00'],
    ['disabled tips: no tip', c('PERCENTAGE', '10'), OFF, '24.00', 'USD', '0.00'],
    ['no settings: no tip', c('PERCENTAGE', '10'), undefined, '24.00', 'USD', '0.00'],
    ['zero is no tip', c('CUSTOM', '0'), AMOUNTS, '24.00', 'USD', '0.00'],
    ['a zero subtotal', c('PERCENTAGE', '20'), PERCENT, '0', 'USD', '0.00'],
    ['JPY has no decimals', c('PERCENTAGE', '15'), PERCENT, '1999', 'JPY', '300'],
    ['KWD has three', c('PERCENTAGE', '10'), PERCENT, '12.345', 'KWD', '1.235'],
    [
      'a decimal percentage',
      c('PERCENTAGE', '12.5'),
      { ...PERCENT, choices: ['12.5'] },
      '99.99',
      'EUR',
      '12.50',
    ],
  ])('%s', (_name, choice, rules, subtotal, currency, expected) => {
    expect(tipAmount(choice, rules, subtotal, currency)).toBe(expected);
  });
});

describe('tipChoiceProblem', () => {
  it.each<[string, TipChoice, TipRules, string | undefined]>([
    ['an offered percentage', c('PERCENTAGE', '15'), PERCENT, undefined],
    ['an offered percentage written differently', c('PERCENTAGE', '15.00'), PERCENT, undefined],
    ['an offered amount', c('AMOUNT', '2.5'), AMOUNTS, undefined],
    ['a percentage not offered', c('PERCENTAGE', '12'), PERCENT, 'TIP_CHOICE_NOT_OFFERED'],
    ['the other type', c('AMOUNT', '10'), PERCENT, 'TIP_TYPE_NOT_OFFERED'],
    ['custom when allowed', c('CUSTOM', '3.33'), PERCENT, undefined],
    ['custom when not allowed', c('CUSTOM', '3'), AMOUNTS, 'CUSTOM_TIP_NOT_ALLOWED'],
    ['disabled', c('PERCENTAGE', '10'), OFF, 'TIPS_DISABLED'],
    ['zero, even when disabled', c('PERCENTAGE', '0'), OFF, undefined],
    ['negative', c('CUSTOM', '-1'), PERCENT, 'INVALID_TIP_VALUE'],
    ['not a decimal', c('CUSTOM', '1e3'), PERCENT, 'INVALID_TIP_VALUE'],
  ])('%s', (_name, choice, rules, expected) => {
    expect(tipChoiceProblem(choice, rules)).toBe(expected);
  });
});

describe('defaultTipChoice', () => {
  it.each<[string, TipRules | undefined, TipChoice | undefined]>([
    ['the default preset', PERCENT, c('PERCENTAGE', '15')],
    ['none set', AMOUNTS, undefined],
    ['disabled', OFF, undefined],
    ['no settings', undefined, undefined],
  ])('%s', (_name, rules, expected) => {
    expect(defaultTipChoice(rules)).toEqual(expected);
  });
});
