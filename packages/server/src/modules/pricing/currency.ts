import { currencyDigits, formatMoney, fromMinorUnits, toMinorUnits } from '../../platform/money.ts';
import type { Mcp } from './totals.ts';

/** Money in one currency: decimal strings in, integer minor units inside, MCP objects out. */
export interface Currency {
  code: string;
  digits: number;
  /** Decimal string → minor units, rounded half away from zero to the currency's decimals. */
  parse(value: string): bigint;
  text(minor: bigint): string;
  /** The amount as an MCP object: frozen, and the same object for the same amount (it is shared). */
  mcp(minor: bigint): Mcp;
}

/** MCP objects kept per currency: a totals response shows the same few amounts many times. */
const MCP_LIMIT = 10_000;

function makeCurrency(code: string, locale: string): Currency {
  const digits = currencyDigits(code);
  const text = (minor: bigint) => fromMinorUnits(minor, digits);
  const make = (minor: bigint): Mcp => {
    const amount = text(minor);
    const formatted = formatMoney(amount, code, locale);
    return Object.freeze({
      amount,
      convertedAmount: amount,
      formattedAmount: formatted,
      formattedConvertedAmount: formatted,
    });
  };
  // Keyed by number (exact while safe): number keys hash faster than bigints.
  const mcps = new Map<number, Mcp>();
  return {
    code,
    digits,
    parse: (value) => toMinorUnits(value, digits),
    text,
    mcp(minor) {
      const key = Number(minor);
      if (!Number.isSafeInteger(key)) return make(minor);
      let mcp = mcps.get(key);
      if (mcp === undefined) {
        mcp = make(minor);
        if (mcps.size >= MCP_LIMIT) mcps.clear();
        mcps.set(key, mcp);
      }
      return mcp;
    },
  };
}

/** One `Currency` per code and locale (it holds no state but its formatted amounts). */
const currencies = new Map<string, Currency>();

export function currencyOf(code: string, locale = 'en-US'): Currency {
  const key = `${code} ${locale}`;
  let currency = currencies.get(key);
  if (!currency) {
    currency = makeCurrency(code, locale);
    if (currencies.size >= 100) currencies.clear();
    currencies.set(key, currency);
  }
  return currency;
}
