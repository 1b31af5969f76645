import { currencyDigits, formatMoney, fromMinorUnits, toMinorUnits } from '../../platform/money.ts';
import type { Mcp } from './totals.ts';

/** Money in one currency: decimal strings in, integer minor units inside, MCP objects out. */
export interface Currency {
  code: string;
  digits: number;
  /** Decimal string → minor units, rounded half away from zero to the currency's decimals. */
  parse(value: string): bigint;
  text(minor: bigint): string;
  mcp(minor: bigint): Mcp;
}

export function currencyOf(code: string, locale = 'en-US'): Currency {
  const digits = currencyDigits(code);
  const text = (minor: bigint) => fromMinorUnits(minor, digits);
  return {
    code,
    digits,
    parse: (value) => toMinorUnits(value, digits),
    text,
    mcp(minor) {
      const amount = text(minor);
      const formatted = formatMoney(amount, code, locale);
      return {
        amount,
        convertedAmount: amount,
        formattedAmount: formatted,
        formattedConvertedAmount: formatted,
      };
    },
  };
}
