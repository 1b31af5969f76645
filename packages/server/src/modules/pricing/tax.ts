import {
  addDecimals,
  allocate,
  type Decimal,
  formatDecimal,
  includedTaxOf,
  parseDecimal,
  percentOf,
} from '../../platform/money.ts';
import type { Currency } from './currency.ts';
import { matchRegion } from './shipping.ts';
import type { Address, TaxJurisdictionRate, TaxRegion, TaxSettings } from './snapshot.ts';
import type { TaxDetails } from './totals.ts';

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
  return matchRegion(
    regions.map((region) => ({
      region,
      countryCode: region.country,
      subdivisions: region.subdivision ? [region.subdivision] : undefined,
    })),
    address,
  );
}

function rates(
  settings: TaxSettings,
  region: TaxRegion,
  entry: TaxableEntry,
): [TaxJurisdictionRate[], TaxSource] {
  const manual = () =>
    settings.rates.find((r) => r.taxRegionId === region.id && r.taxGroupId === entry.taxGroupId)
      ?.jurisdictions ?? [];
  if (settings.calculation === 'MANUAL') return [manual(), 'MANUAL_GLOBAL'];
  if (region.manualRates) return [manual(), 'MANUAL_REGION'];
  const auto = settings.autoTax;
  if (auto && 'ok' in auto) return [entry.autoRates ?? [], 'AUTO'];
  return [manual(), auto ? 'FALLBACK_FAILED' : 'FALLBACK_DEACTIVATED'];
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
): TaxResult {
  const region = settings ? matchTaxRegion(settings.regions, entry.address) : undefined;
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
  const rateText = formatDecimal(rate);
  const tax = included ? includedTaxOf(entry.amount, rateText) : percentOf(entry.amount, rateText);
  const scale = Math.max(0, ...parsed.map((p) => p.scale));
  const shares = allocate(
    tax,
    parsed.map((p) => p.units * 10n ** BigInt(scale - p.scale)),
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

export function taxDetails(result: TaxResult, currency: Currency): TaxDetails {
  const taxable = result.taxed ? result.net : 0n;
  return {
    taxableAmount: currency.mcp(taxable),
    totalTax: currency.mcp(result.tax),
    taxRate: rateFraction(result.rate),
    rateBreakdown: result.jurisdictions.map(({ rate, tax }) => ({
      name: rate.taxName ?? rate.jurisdiction,
      rate: rateFraction(parseDecimal(rate.rate)),
      tax: currency.mcp(tax),
    })),
    taxBreakdown: result.jurisdictions.map(({ rate, tax }) => ({
      jurisdiction: rate.jurisdiction,
      jurisdictionType: rate.jurisdictionType,
      rate: rateFraction(parseDecimal(rate.rate)),
      taxName: rate.taxName ?? rate.jurisdiction,
      ...(rate.taxType !== undefined ? { taxType: rate.taxType } : {}),
      taxAmount: currency.mcp(tax),
      taxableAmount: currency.mcp(taxable),
      nonTaxableAmount: currency.mcp(0n),
    })),
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
