import { formatDecimal, parseDecimal, pow10 } from '../../platform/money.ts';
import type { CarrierRate, QuoteRequest, ShippingCarrier } from './carrier.ts';
import { type LabelService, type PackageType, zoneOf } from './model.ts';

/**
 * The built-in table-rate carrier (docs/DECISIONS.md "Shipping-label carrier: the rate table"): a price per
 * service, zone and weight band, in the store's currency. Pure: the same shipment always gets the same rates.
 *
 * - Zone: DOMESTIC when the destination is in the ship-from country, else INTERNATIONAL. Domestic services are
 *   only quoted domestically and international ones only internationally.
 * - Weight band: the first band whose upper bound (kilograms, inclusive) holds the shipment's weight; pounds
 *   are converted exactly (1 lb = 0.45359237 kg). Heavier than the last band of a service: no rate.
 * - Flat-rate packaging (any package type but CUSTOM) prices PRIORITY_MAIL per package whatever the weight
 *   (up to 31.75 kg, the 70 lb limit), one package per `maxNumberOfProducts` units (one package when unset).
 */

/** Upper bounds of the weight bands in grams. */
export const WEIGHT_BANDS_G = [500, 1000, 2000, 5000, 10000, 20000, 30000] as const;

/** Rates per band (same order as the bands); `null`: the service does not carry that weight. */
export const RATE_TABLE: Record<LabelService, ReadonlyArray<string | null>> = {
  // Domestic
  GROUND_ADVANTAGE: ['5.50', '7.00', '9.50', '14.00', '21.00', '34.00', '48.00'],
  PRIORITY_MAIL: ['9.00', '11.00', '14.50', '21.00', '32.00', '52.00', '72.00'],
  PRIORITY_MAIL_EXPRESS: ['28.00', '32.00', '38.00', '52.00', '75.00', '110.00', null],
  // International
  FIRST_CLASS_PACKAGE_INTERNATIONAL: ['16.00', '22.00', '30.00', null, null, null, null],
  PRIORITY_MAIL_INTERNATIONAL: ['32.00', '38.00', '48.00', '70.00', '105.00', '170.00', null],
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: ['45.00', '52.00', '64.00', '92.00', '135.00', '215.00', null],
};

/** Priority Mail per flat-rate package, whatever it weighs (up to the flat-rate limit). */
export const FLAT_RATES: Record<Exclude<PackageType, 'CUSTOM'>, string> = {
  FLAT_RATE_ENVELOPE: '9.85',
  PADDED_FLAT_RATE_ENVELOPE: '10.40',
  SMALL_FLAT_RATE_BOX: '10.40',
  MEDIUM_FLAT_RATE_BOX_1: '17.05',
  MEDIUM_FLAT_RATE_BOX_2: '17.05',
  LARGE_FLAT_RATE_BOX: '22.80',
};
export const FLAT_RATE_LIMIT_G = 31_750;

const DOMESTIC: ReadonlySet<LabelService> = new Set([
  'GROUND_ADVANTAGE',
  'PRIORITY_MAIL',
  'PRIORITY_MAIL_EXPRESS',
]);

/** Whether `weight` (decimal string in `unit`) is at most `grams`; exact for both units. */
export function weighsAtMost(weight: string, unit: 'KG' | 'LB', grams: number): boolean {
  const { units, scale } = parseDecimal(weight);
  // weight × (grams per unit) ≤ grams, with grams per unit 1000 (KG) or 453.59237 (LB) as a fraction.
  const [num, den] = unit === 'KG' ? [1000n, 1n] : [45_359_237n, 100_000n];
  return units * num <= BigInt(grams) * den * pow10(scale);
}

/** The index of the band holding `weight`, or -1 when it is heavier than every band. */
export function weightBand(weight: string, unit: 'KG' | 'LB'): number {
  return WEIGHT_BANDS_G.findIndex((bound) => weighsAtMost(weight, unit, bound));
}

function multiply(amount: string, times: bigint): string {
  const { units, scale } = parseDecimal(amount);
  return formatDecimal({ units: units * times, scale });
}

function quoteOne(service: LabelService, request: QuoteRequest, band: number): string | undefined {
  if (request.packageType !== 'CUSTOM' && service === 'PRIORITY_MAIL') {
    if (!weighsAtMost(request.weight, request.weightUnit, FLAT_RATE_LIMIT_G)) return undefined;
    const perPackage = request.packageDetails?.maxNumberOfProducts;
    const quantity = request.quantity > 0n ? request.quantity : 1n;
    const packages =
      perPackage && perPackage > 0 ? (quantity + BigInt(perPackage) - 1n) / BigInt(perPackage) : 1n;
    return multiply(FLAT_RATES[request.packageType], packages);
  }
  return band < 0 ? undefined : (RATE_TABLE[service][band] ?? undefined);
}

export const tableRateCarrier: ShippingCarrier = {
  id: 'table-rate',
  quote(request: QuoteRequest): CarrierRate[] {
    const zone = zoneOf(request.fromCountry, request.toCountry);
    const band = weightBand(request.weight, request.weightUnit);
    const rates: CarrierRate[] = [];
    for (const service of request.services) {
      if (DOMESTIC.has(service) !== (zone === 'DOMESTIC')) continue;
      const amount = quoteOne(service, request, band);
      if (amount !== undefined) rates.push({ service, amount });
    }
    return rates;
  },
};
