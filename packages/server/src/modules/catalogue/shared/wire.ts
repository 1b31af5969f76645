import { formatMoney, fromCents, moneyToNumber, toCents } from '../../../platform/money.ts';
import { type MediaLinks, unsignedLinks } from '../media/signing.ts';
import type { Dimensions } from './model.ts';
import type { ProductRow } from '../products/tables.ts';

export interface WireOptions {
  /** Absolute base of media and page URLs, e.g. the server's public URL. */
  baseUrl: string;
  currency: string;
  /** Locale of formatted amounts (the store's; `en-US` when absent). */
  locale?: string;
  /** Adds cost and profit data (admin callers only). */
  merchant: boolean;
  /** Signs media URLs; unsigned (`unsignedLinks(baseUrl)`) when absent. */
  media?: MediaLinks;
}

export const linksOf = (opts: Pick<WireOptions, 'baseUrl' | 'media'>): MediaLinks =>
  opts.media ?? unsignedLinks(opts.baseUrl);

type Money = Pick<WireOptions, 'currency' | 'locale'>;

export function priceData(price: string, discounted: string, perUnit: string | undefined, money: Money) {
  const { currency, locale } = money;
  return {
    currency,
    price: moneyToNumber(price),
    discountedPrice: moneyToNumber(discounted),
    ...(perUnit !== undefined ? { pricePerUnit: moneyToNumber(perUnit) } : {}),
    formatted: {
      price: formatMoney(price, currency, locale),
      discountedPrice: formatMoney(discounted, currency, locale),
      ...(perUnit !== undefined ? { pricePerUnit: formatMoney(perUnit, currency, locale) } : {}),
    },
  };
}

export function costAndProfit(discounted: string, cost: string | null, money: Money) {
  const { currency, locale } = money;
  const itemCost = cost ?? '0.00';
  const profitCents = toCents(discounted) - toCents(itemCost);
  const profit = fromCents(profitCents);
  const priceCents = toCents(discounted);
  // A ratio (0.35 = 35 %), four decimals; 0 for a free item.
  const margin = priceCents === 0n ? 0 : Number((profitCents * 10000n) / priceCents) / 10000;
  return {
    itemCost: moneyToNumber(itemCost),
    formattedItemCost: formatMoney(itemCost, currency, locale),
    profit: moneyToNumber(profit),
    formattedProfit: formatMoney(profit, currency, locale),
    profitMargin: margin,
  };
}

/** Price per base unit, e.g. per 100 g of a 250 g pack: a display value derived from float quantities. */
export function perUnit(row: ProductRow, discounted: string): string | undefined {
  const total = row.ppuTotalQuantity;
  const base = row.ppuBaseQuantity;
  if (!total || !base) return undefined;
  return fromCents(BigInt(Math.round((Number(toCents(discounted)) * base) / total)));
}

export const dimensions = (d: Dimensions | undefined) => (d && Object.keys(d).length ? d : undefined);
