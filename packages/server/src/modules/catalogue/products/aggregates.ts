import { fromCents, percentOfCents, toCents } from '../../../platform/money.ts';
import type { DiscountType, InventoryStatus, StockInput, StoredOption } from '../shared/model.ts';

/**
 * What `products` keeps denormalised from its variants and their stock, so that filters and sorts on
 * stock and price ranges read one indexed row. Recomputed by every write that touches variants or stock.
 */

export interface StockRow {
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
}

export interface VariantFacts {
  choices: Record<string, string>;
  price: string;
  cost: string | null;
  weight: number | null;
  stock: StockRow;
}

export interface Aggregates {
  trackInventory: boolean;
  quantity: number | null;
  inStock: boolean;
  inventoryStatus: InventoryStatus;
  priceMin: string;
  priceMax: string;
  costMin: string | null;
  costMax: string | null;
  weightMin: number | null;
  weightMax: number | null;
  /** The options with each choice's `inStock` brought up to date. */
  productOptions: StoredOption[];
}

/** With tracking, stock is the count; without, the flag. */
export function stockRow(input: StockInput | undefined): StockRow {
  if (input?.trackQuantity) {
    const quantity = Math.max(0, Math.trunc(input.quantity ?? 0));
    return { trackQuantity: true, quantity, inStock: quantity > 0 };
  }
  return { trackQuantity: false, quantity: null, inStock: input?.inStock ?? true };
}

/** `price` after a product discount, never below zero. `value` is an amount or a percentage. */
export function discountedPrice(
  price: string,
  discount: { type: DiscountType; value: string } | undefined,
): string {
  if (!discount || discount.type === 'NONE') return fromCents(toCents(price));
  const cents = toCents(price);
  const off = discount.type === 'AMOUNT' ? toCents(discount.value) : percentOfCents(cents, discount.value);
  const result = cents - off;
  return fromCents(result < 0n ? 0n : result);
}

function minMax<T extends string | number>(values: T[], compare: (a: T, b: T) => number): [T, T] | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort(compare);
  return [sorted[0]!, sorted.at(-1)!];
}

const byCents = (a: string, b: string) => {
  const d = toCents(a) - toCents(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

export function computeAggregates(variants: VariantFacts[], options: StoredOption[]): Aggregates {
  if (variants.length === 0) throw new Error('a product always has at least one variant');
  const inStock = variants.map((v) => v.stock.inStock);
  const trackInventory = variants.some((v) => v.stock.trackQuantity);
  const anyIn = inStock.some(Boolean);
  const allIn = inStock.every(Boolean);
  const prices = minMax(
    variants.map((v) => v.price),
    byCents,
  )!;
  const costs = minMax(
    variants.map((v) => v.cost).filter((c): c is string => c !== null),
    byCents,
  );
  const weights = minMax(
    variants.map((v) => v.weight).filter((w): w is number => w !== null),
    (a, b) => a - b,
  );
  return {
    trackInventory,
    quantity: trackInventory ? variants.reduce((sum, v) => sum + (v.stock.quantity ?? 0), 0) : null,
    inStock: anyIn,
    inventoryStatus: allIn ? 'IN_STOCK' : anyIn ? 'PARTIALLY_OUT_OF_STOCK' : 'OUT_OF_STOCK',
    priceMin: prices[0],
    priceMax: prices[1],
    costMin: costs?.[0] ?? null,
    costMax: costs?.[1] ?? null,
    weightMin: weights?.[0] ?? null,
    weightMax: weights?.[1] ?? null,
    productOptions: options.map((option) => ({
      ...option,
      choices: option.choices.map((choice) => ({
        ...choice,
        inStock: variants.some((v) => v.choices[option.name] === choice.description && v.stock.inStock),
      })),
    })),
  };
}

/** Every combination of the options' choices, as variant `choices` maps (option name → description). */
export function choiceCombinations(options: StoredOption[]): Array<Record<string, string>> {
  let combos: Array<Record<string, string>> = [{}];
  for (const option of options) {
    combos = combos.flatMap((combo) =>
      option.choices.map((c) => ({ ...combo, [option.name]: c.description })),
    );
  }
  return combos;
}
