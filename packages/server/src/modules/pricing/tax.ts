import {
  addDecimals,
  allocate,
  type Decimal,
  formatDecimal,
  includedTaxOf,
  parseDecimal,
  percentOf,
  pow10,
} from '../../platform/money.ts';
import type { Currency } from './currency.ts';
import { destinationSpecificity, placeOf } from './shipping.ts';
import type { Address, TaxJurisdictionRate, TaxRegion, TaxSettings } from './snapshot.ts';
import type { TaxBreakdown, TaxDetails } from './totals.ts';

/** Where an entry's rates came from; drives `taxSummary.calculationDetails`. */
export type TaxSource =
  | 'MANUAL_GLOBAL'
  | 'MANUAL_REGION'
  | 'AUTO'
  | 'FALLBACK_FAILED'
  | 'FALLBACK_DEACTIVATED';

/** Something taxed on its own and rounded on its own: a line, the shipping price, a shipping charge. */
export interface TaxableEntry {
  /** The amount charged after discounts: gross when tax is included, net when it is added. */
  amount: bigint;
  address: Address | undefined;
  /** No group: not taxed. */
  taxGroupId: string | undefined;
  /** The auto-tax provider's rates for this entry. */
  autoRates: TaxJurisdictionRate[] | undefined;
}

export interface TaxResult {
  /** In a tax region with a tax group: tax was calculated (possibly at 0 %). */
  taxed: boolean;
  source?: TaxSource;
  /** Tax included in `amount` (extracted) rather than added on top. */
  included: boolean;
  tax: bigint;
  /** The amount net of tax. */
  net: bigint;
  /** Σ jurisdiction rates, a percentage. */
  rate: Decimal;
  jurisdictions: { rate: TaxJurisdictionRate; tax: bigint }[];
}

export function matchTaxRegion(regions: TaxRegion[], address: Address | undefined): TaxRegion | undefined {
  const place = placeOf(address);
  if (!place) return undefined;
  let best: TaxRegion | undefined;
  let bestSpecificity = 0;
  for (const region of regions) {
    const specificity = destinationSpecificity(place, region.country, region.subdivision);
    if (specificity > bestSpecificity) {
      best = region;
      bestSpecificity = specificity;
    }
  }
  return best;
}

function manualRates(settings: TaxSettings, region: TaxRegion, entry: TaxableEntry): TaxJurisdictionRate[] {
  for (const r of settings.rates)
    if (r.taxRegionId === region.id && r.taxGroupId === entry.taxGroupId) return r.jurisdictions;
  return [];
}

function rates(
  settings: TaxSettings,
  region: TaxRegion,
  entry: TaxableEntry,
): [TaxJurisdictionRate[], TaxSource] {
  if (settings.calculation === 'MANUAL') return [manualRates(settings, region, entry), 'MANUAL_GLOBAL'];
  if (region.manualRates) return [manualRates(settings, region, entry), 'MANUAL_REGION'];
  const auto = settings.autoTax;
  if (auto && 'ok' in auto) return [entry.autoRates ?? [], 'AUTO'];
  return [manualRates(settings, region, entry), auto ? 'FALLBACK_FAILED' : 'FALLBACK_DEACTIVATED'];
}

/**
 * Tax of one entry, rounded half away from zero on the entry. Added: `net × rate`. Included: the tax inside
 * the gross, `gross × rate / (100 + rate)`, and the total is unchanged. The entry's tax is split over its
 * jurisdictions by largest remainder in proportion to their rates, so the parts sum to the whole.
 */
export function taxOf(
  entry: TaxableEntry,
  settings: TaxSettings | undefined,
  enabled: boolean,
  storeIncluded: boolean,
  /** The tax region of `entry.address`, when the caller matched it already. */
  region: TaxRegion | undefined = settings ? matchTaxRegion(settings.regions, entry.address) : undefined,
): TaxResult {
  const included = region ? region.taxIncludedInPrice : storeIncluded;
  const none: TaxResult = {
    taxed: false,
    included,
    tax: 0n,
    net: entry.amount,
    rate: { units: 0n, scale: 0 },
    jurisdictions: [],
  };
  if (!enabled || !settings || !region || entry.taxGroupId === undefined) return none;
  const [jurisdictions, source] = rates(settings, region, entry);
  const parsed = jurisdictions.map((j) => {
    const rate = parseDecimal(j.rate);
    if (rate.units < 0n) throw new RangeError(`negative tax rate "${j.rate}" for ${j.jurisdiction}`);
    return rate;
  });
  const rate = parsed.reduce<Decimal>((a, b) => addDecimals(a, b), { units: 0n, scale: 0 });
  const tax = included ? includedTaxOf(entry.amount, rate) : percentOf(entry.amount, rate);
  const scale = Math.max(0, ...parsed.map((p) => p.scale));
  const shares = allocate(
    tax,
    parsed.map((p) => p.units * pow10(scale - p.scale)),
  );
  return {
    taxed: true,
    source,
    included,
    tax,
    net: included ? entry.amount - tax : entry.amount,
    rate,
    jurisdictions: jurisdictions.map((j, index) => ({ rate: j, tax: shares[index] ?? 0n })),
  };
}

/** A percentage as the wire's fraction: `"8.25"` → `"0.0825"`. */
export function rateFraction(percentage: Decimal): string {
  return formatDecimal({ units: percentage.units, scale: percentage.scale + 2 });
}

/** Fractions of percentage texts, as each line's tax details repeat the same few rates. */
const fractions = new Map<string, string>();

function rateTextFraction(percentage: string): string {
  let fraction = fractions.get(percentage);
  if (fraction === undefined) {
    fraction = rateFraction(parseDecimal(percentage));
    if (fractions.size >= 1000) fractions.clear();
    fractions.set(percentage, fraction);
  }
  return fraction;
}

export function taxDetails(result: TaxResult, currency: Currency): TaxDetails {
  const taxable = result.taxed ? result.net : 0n;
  return {
    taxableAmount: currency.mcp(taxable),
    totalTax: currency.mcp(result.tax),
    taxRate: rateFraction(result.rate),
    rateBreakdown: result.jurisdictions.map(({ rate, tax }) => ({
      name: rate.taxName ?? rate.jurisdiction,
      rate: rateTextFraction(rate.rate),
      tax: currency.mcp(tax),
    })),
    taxBreakdown: result.jurisdictions.map(({ rate, tax }) => {
      // Field by field, in wire order: a conditional spread costs more than the rest.
      const breakdown = {
        jurisdiction: rate.jurisdiction,
        jurisdictionType: rate.jurisdictionType,
        rate: rateTextFraction(rate.rate),
        taxName: rate.taxName ?? rate.jurisdiction,
      } as TaxBreakdown;
      if (rate.taxType !== undefined) breakdown.taxType = rate.taxType;
      breakdown.taxAmount = currency.mcp(tax);
      breakdown.taxableAmount = currency.mcp(taxable);
      breakdown.nonTaxableAmount = currency.mcp(0n);
      return breakdown;
    }),
  };
}

export function noTaxDetails(currency: Currency): TaxDetails {
  return {
    taxableAmount: currency.mcp(0n),
    totalTax: currency.mcp(0n),
    taxRate: '0',
    rateBreakdown: [],
    taxBreakdown: [],
  };
}
