import type { Currency } from './currency.ts';
import type { LineItemSnapshot } from './snapshot.ts';

/** A line the engine prices, with the cart-level discounts allocated to it so far. */
export interface PricedLine {
  item: LineItemSnapshot;
  quantity: bigint;
  /** Unit price after the product discount (the catalogue price). */
  unitPrice: bigint;
  /** Unit price before the product discount. */
  unitFullPrice: bigint;
  /** `unitPrice × quantity`: what the subtotal adds up. */
  lineItemPrice: bigint;
  /** Unit deposit, when the line has one. */
  unitDeposit: bigint | undefined;
  /** Cart-level discounts (rules, coupon, merchant discounts) on this line. */
  discount: bigint;
}

/** The smaller of two amounts (`Math.min` has no bigint form). */
export function least(a: bigint, b: bigint): bigint {
  if (a < b) return a;
  return b;
}

export function remaining(line: PricedLine): bigint {
  return line.lineItemPrice - line.discount;
}

/** The line cannot be bought as it is: gone, or nothing left in stock. */
export function isUnavailable(item: LineItemSnapshot): boolean {
  const { status, quantityAvailable } = item.availability;
  if (status === 'NOT_FOUND' || status === 'NOT_AVAILABLE') return true;
  return quantityAvailable !== undefined && quantityAvailable <= 0;
}

export function isShippable(item: LineItemSnapshot): boolean {
  return item.shippable ?? item.itemType === 'PHYSICAL';
}

/** Lines that are priced (unavailable lines are left out of every total), in snapshot order. */
export function priceLines(items: LineItemSnapshot[], currency: Currency): PricedLine[] {
  const seen = new Set<string>();
  const lines: PricedLine[] = [];
  for (const item of items) {
    if (seen.has(item.id)) throw new RangeError(`duplicate line item id "${item.id}"`);
    seen.add(item.id);
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new RangeError(`line item "${item.id}": quantity must be a positive integer`);
    }
    if (isUnavailable(item)) continue;
    const unitPrice = currency.parse(item.price);
    const unitFullPrice = item.fullPrice === undefined ? unitPrice : currency.parse(item.fullPrice);
    const unitDeposit = item.depositAmount === undefined ? undefined : currency.parse(item.depositAmount);
    if (unitPrice < 0n || unitFullPrice < 0n || (unitDeposit ?? 0n) < 0n) {
      throw new RangeError(`line item "${item.id}": negative price`);
    }
    const quantity = BigInt(item.quantity);
    lines.push({
      item,
      quantity,
      unitPrice,
      unitFullPrice,
      lineItemPrice: unitPrice * quantity,
      unitDeposit,
      discount: 0n,
    });
  }
  return lines;
}
