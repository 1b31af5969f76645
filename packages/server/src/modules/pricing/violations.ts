import type { Currency } from './currency.ts';
import type { LineItemSnapshot } from './snapshot.ts';
import type { Violation } from './totals.ts';

/**
 * Per line: gone (NOT_FOUND) or out of stock (NOT_AVAILABLE, or nothing available) → ERROR with REMOVE_LINE_ITEM;
 * fewer available than asked (PARTIALLY_AVAILABLE, or a known available quantity below the quantity) → WARNING
 * naming the available quantity; below the item's minimum quantity → ERROR.
 */
export function lineViolations(items: LineItemSnapshot[]): Violation[] {
  const violations: Violation[] = [];
  for (const item of items) {
    const target = { lineItem: { id: item.id, name: item.name } };
    const { status, quantityAvailable } = item.availability;
    if (status === 'NOT_FOUND') {
      violations.push({
        severity: 'ERROR',
        target,
        description: 'This item is no longer available.',
        suggestedFix: 'REMOVE_LINE_ITEM',
      });
      continue;
    }
    if (status === 'NOT_AVAILABLE' || (quantityAvailable !== undefined && quantityAvailable <= 0)) {
      violations.push({
        severity: 'ERROR',
        target,
        description: 'This item is out of stock.',
        suggestedFix: 'REMOVE_LINE_ITEM',
      });
      continue;
    }
    if (
      status === 'PARTIALLY_AVAILABLE' ||
      (quantityAvailable !== undefined && quantityAvailable < item.quantity)
    ) {
      const available = quantityAvailable ?? 0;
      violations.push({
        severity: 'WARNING',
        target,
        description: `Only ${available} of this item ${available === 1 ? 'is' : 'are'} available.`,
      });
    }
    if (item.minimumQuantity !== undefined && item.quantity < item.minimumQuantity) {
      violations.push({
        severity: 'ERROR',
        target,
        description: `The minimum quantity of this item is ${item.minimumQuantity}.`,
      });
    }
  }
  return violations;
}

/** Below the store's minimum order (items after discounts) → ERROR on the order. */
export function minimumOrderViolation(
  minimum: string | undefined,
  itemsAfterDiscounts: bigint,
  currency: Currency,
): Violation | undefined {
  if (minimum === undefined) return undefined;
  const min = currency.parse(minimum);
  if (itemsAfterDiscounts >= min) return undefined;
  return {
    severity: 'ERROR',
    target: { other: { name: 'OTHER_DEFAULT' } },
    description: `The minimum order subtotal is ${currency.mcp(min).formattedAmount}.`,
  };
}
