import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalFromNumber,
  parseDecimal,
} from '../../platform/money.ts';
import type { Currency } from './currency.ts';
import { isShippable, type PricedLine, remaining } from './lines.ts';
import type {
  Address,
  DeliveryRegion,
  ShippingOptionSnapshot,
  ShippingRate,
  ShippingRateCondition,
} from './snapshot.ts';

/** What rate conditions look at: the shippable lines only. */
export interface ShipmentTotals {
  /** Σ unit weight × quantity, in the store weight unit, exact. */
  weight: Decimal;
  /** Σ line amounts after every item discount (product, rules, coupon, merchant). */
  price: bigint;
  quantity: bigint;
}

export function shipmentTotals(lines: PricedLine[]): ShipmentTotals {
  let weight: Decimal = { units: 0n, scale: 0 };
  let price = 0n;
  let quantity = 0n;
  for (const line of lines) {
    if (!isShippable(line.item)) continue;
    const unit = parseDecimal(decimalFromNumber(line.item.weight ?? 0));
    weight = addDecimals(weight, { units: unit.units * line.quantity, scale: unit.scale });
    price += remaining(line);
    quantity += line.quantity;
  }
  return { weight, price, quantity };
}

export function conditionHolds(
  condition: ShippingRateCondition,
  totals: ShipmentTotals,
  currency: Currency,
): boolean {
  const actual =
    condition.type === 'BY_TOTAL_WEIGHT'
      ? totals.weight
      : condition.type === 'BY_TOTAL_PRICE'
        ? currency.text(totals.price)
        : totals.quantity.toString();
  const c = compareDecimals(actual, condition.value);
  switch (condition.operator) {
    case 'EQ':
      return c === 0;
    case 'GT':
      return c > 0;
    case 'GTE':
      return c >= 0;
    case 'LT':
      return c < 0;
    case 'LTE':
      return c <= 0;
  }
}

/** The first rate whose conditions all hold (no conditions: always). */
export function selectRate(
  rates: ShippingRate[],
  totals: ShipmentTotals,
  currency: Currency,
): ShippingRate | undefined {
  return rates.find((rate) => rate.conditions.every((c) => conditionHolds(c, totals, currency)));
}

export function ratePrice(rate: ShippingRate, totals: ShipmentTotals, currency: Currency): bigint {
  const amount = currency.parse(rate.amount);
  if (amount < 0n) throw new RangeError('a shipping rate must not be negative');
  return rate.multiplyByQuantity ? amount * totals.quantity : amount;
}

function subdivisionCode(country: string, subdivision: string): string {
  const upper = subdivision.trim().toUpperCase();
  return upper.startsWith(`${country}-`) ? upper.slice(country.length + 1) : upper;
}

/** An address's country and subdivision as regions are matched on (upper case, subdivision without `CC-`). */
export interface Place {
  country: string;
  subdivision: string | undefined;
}

export function placeOf(address: Address | undefined): Place | undefined {
  const country = address?.country?.trim().toUpperCase();
  if (!country) return undefined;
  const subdivision = address?.subdivision ? subdivisionCode(country, address.subdivision) : undefined;
  return { country, subdivision };
}

/**
 * How well a destination (a country, or some of its subdivisions) covers a place: 0 not at all, 1 the whole
 * country, 2 the place's subdivision. Subdivisions compare as ISO 3166-2 with or without the country prefix.
 */
export function destinationSpecificity(
  place: Place,
  countryCode: string,
  subdivisions: string | readonly string[] | undefined,
): number {
  if (countryCode !== place.country && countryCode.trim().toUpperCase() !== place.country) return 0;
  if (subdivisions === undefined || subdivisions.length === 0) return 1;
  const { country, subdivision } = place;
  if (!subdivision) return 0;
  if (typeof subdivisions === 'string') return subdivisionCode(country, subdivisions) === subdivision ? 2 : 0;
  return subdivisions.some((s) => subdivisionCode(country, s) === subdivision) ? 2 : 0;
}

/**
 * The delivery region of an address: a region naming the address's subdivision beats one covering the whole
 * country; among equals the first wins.
 */
export function matchDeliveryRegion(
  regions: DeliveryRegion[],
  address: Address | undefined,
): DeliveryRegion | undefined {
  const place = placeOf(address);
  if (!place) return undefined;
  let best: DeliveryRegion | undefined;
  let bestSpecificity = 0;
  for (const region of regions)
    for (const destination of region.destinations) {
      const specificity = destinationSpecificity(place, destination.countryCode, destination.subdivisions);
      if (specificity > bestSpecificity) {
        best = region;
        bestSpecificity = specificity;
      }
    }
  return best;
}

export interface OfferedOption {
  option: ShippingOptionSnapshot;
  price: bigint;
  charges: { type: 'HANDLING_FEE' | 'INSURANCE'; details?: string | undefined; price: bigint }[];
  /** price + charges: what "cheapest" compares. */
  total: bigint;
}

/** Options of the region with a matching rate, in snapshot order. */
export function offeredOptions(
  options: ShippingOptionSnapshot[],
  region: DeliveryRegion,
  totals: ShipmentTotals,
  currency: Currency,
): OfferedOption[] {
  const offered: OfferedOption[] = [];
  for (const option of options) {
    if (!option.deliveryRegionIds.includes(region.id)) continue;
    const rate = selectRate(option.rates, totals, currency);
    if (!rate) continue;
    const price = ratePrice(rate, totals, currency);
    const charges = (option.otherCharges ?? []).map((c) => {
      const chargePrice = currency.parse(c.price);
      if (chargePrice < 0n) throw new RangeError('a shipping charge must not be negative');
      return { type: c.type, details: c.details, price: chargePrice };
    });
    offered.push({ option, price, charges, total: charges.reduce((a, c) => a + c.price, price) });
  }
  return offered;
}

/** The requested option when offered, else the cheapest (first among equals). */
export function chooseOption(
  offered: OfferedOption[],
  requested: { carrierId: string; code: string } | undefined,
): { chosen: OfferedOption; requested: boolean } | undefined {
  if (requested) {
    const match = offered.find(
      (o) => o.option.carrierId === requested.carrierId && o.option.code === requested.code,
    );
    if (match) return { chosen: match, requested: true };
  }
  let cheapest: OfferedOption | undefined;
  for (const o of offered) if (!cheapest || o.total < cheapest.total) cheapest = o;
  return cheapest ? { chosen: cheapest, requested: false } : undefined;
}
