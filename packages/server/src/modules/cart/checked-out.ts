import type { StoredCatalogReference, StoredLine } from './model.ts';

/**
 * What a placed order takes out of the cart it came from: the lines as they were when the checkout was made
 * (the wire cart the checkout keeps, `checkouts.cart`), not whatever the cart holds by the time the order is
 * placed. A line added in another tab after the checkout began, or quantity added to a line, stays in the cart;
 * a line is matched by its id, then (for a line removed and added again, which gets a new id) by its catalogue
 * reference. Pure: the order flows lock the cart, call this and delete the cart when nothing is left.
 */

/** A line of the wire cart a checkout was made from, as kept (only what matching needs). */
export interface CheckedOutLine {
  id?: unknown;
  quantity?: unknown;
  catalogReference?: unknown;
}

/** The checked-out lines of a checkout's `cart` column; undefined when it holds none (then the whole cart went). */
export function checkedOutLines(cartSnapshot: unknown): CheckedOutLine[] | undefined {
  const lines = (cartSnapshot as { lineItems?: unknown } | null)?.lineItems;
  return Array.isArray(lines) && lines.length > 0 ? (lines as CheckedOutLine[]) : undefined;
}

/** Equal for the same catalogue item with the same options (key order does not matter). */
function referenceKey(reference: unknown): string | undefined {
  const r = reference as Partial<StoredCatalogReference> | null | undefined;
  if (!r || typeof r.catalogItemId !== 'string') return undefined;
  return JSON.stringify([r.appId ?? '', r.catalogItemId, sorted(r.options ?? null)]);
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  return value;
}

const quantityOf = (line: CheckedOutLine): number => {
  const q = Number(line.quantity);
  return Number.isFinite(q) && q > 0 ? Math.floor(q) : 0;
};

/** The cart's lines less the checked-out ones: a line keeps what is over its checked-out quantity, or goes. */
export function linesLeftAfterOrder(cart: StoredLine[], checkedOut: CheckedOutLine[]): StoredLine[] {
  const left = cart.map((line) => line.quantity);
  const index = new Map(cart.map((line, i) => [line.id, i]));
  const unmatched: Array<{ key: string; quantity: number }> = [];
  for (const line of checkedOut) {
    let quantity = quantityOf(line);
    const i = typeof line.id === 'string' ? index.get(line.id) : undefined;
    if (i !== undefined) {
      const taken = Math.min(quantity, left[i]!);
      left[i] = left[i]! - taken;
      quantity -= taken;
    }
    const key = referenceKey(line.catalogReference);
    if (quantity > 0 && key) unmatched.push({ key, quantity });
  }
  // What no line id matched (the line was removed and added again): the same catalogue item's lines.
  for (const wanted of unmatched)
    cart.forEach((line, i) => {
      if (wanted.quantity === 0 || left[i] === 0 || referenceKey(line.catalogReference) !== wanted.key)
        return;
      const taken = Math.min(wanted.quantity, left[i]!);
      left[i] = left[i]! - taken;
      wanted.quantity -= taken;
    });
  return cart.flatMap((line, i) =>
    left[i]! <= 0 ? [] : [left[i] === line.quantity ? line : { ...line, quantity: left[i]! }],
  );
}
