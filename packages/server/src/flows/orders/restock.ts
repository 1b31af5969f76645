import type { StockNote } from '../../modules/catalogue/inventory/history.ts';
import {
  changeStockIn,
  type StockChange,
  type StockChangeOptions,
} from '../../modules/catalogue/inventory/stock.ts';
import type { Db } from '../../platform/db.ts';
import type { AppContext } from '../../platform/context.ts';
import { type CatalogProduct, loadProducts, STORE_APP_ID, UUID } from '../cart/catalogue.ts';
import { isRecord, type Json } from './json.ts';

/**
 * Putting an order's units back in stock (cancel with `restockAllItems`, refunds with `restockInfo`), in the
 * order's transaction through the catalogue's increment. A line counts at most its quantity minus what was
 * restocked before (`restockQuantity`); lines of other catalogues, or whose product or variant is gone, are
 * left alone.
 */

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The variant a line's catalogue reference names: `variantId`, else its `options` choices, else the only one. */
function variantOf(product: CatalogProduct, options: Json): string | undefined {
  if (typeof options.variantId === 'string')
    return product.variants.find((v) => v.id === options.variantId)?.id;
  const chosen = isRecord(options.options) ? options.options : undefined;
  if (!chosen) return product.variants.length === 1 ? product.variants[0]!.id : undefined;
  const choiceMatches = (optionName: string, given: unknown, actual: string | undefined) => {
    if (actual === undefined) return false;
    if (given === actual) return true;
    const option = (product.data.productOptions ?? []).find((o) => o.name === optionName);
    return option?.choices.some((c) => c.value === given && c.description === actual) ?? false;
  };
  return product.variants.find((v) =>
    Object.entries(chosen).every(([name, given]) => choiceMatches(name, given, v.choices[name])),
  )?.id;
}

export function restockableQuantity(line: Json): number {
  return Math.max(0, num(line.quantity) - num(line.restockQuantity));
}

interface LineStock {
  index: number;
  lineId: string;
  change: StockChange;
}

/** The catalogue variants behind `wanted` units per line id (at most `cap(line)` each); other lines are left out. */
async function lineStock(
  tx: Db,
  lines: Json[],
  wanted: ReadonlyMap<string, number>,
  cap: (line: Json) => number,
): Promise<LineStock[]> {
  const plans: Array<{ index: number; productId: string; options: Json; by: number }> = [];
  lines.forEach((line, index) => {
    const ref = isRecord(line.catalogReference) ? line.catalogReference : undefined;
    const by = Math.min(wanted.get(String(line.id)) ?? 0, cap(line));
    if (!ref || ref.appId !== STORE_APP_ID || typeof ref.catalogItemId !== 'string' || by <= 0) return;
    if (!UUID.test(ref.catalogItemId)) return;
    plans.push({
      index,
      productId: ref.catalogItemId,
      options: isRecord(ref.options) ? ref.options : {},
      by,
    });
  });
  if (plans.length === 0) return [];
  const catalog = await loadProducts(
    tx,
    plans.map((p) => p.productId),
  );
  const out: LineStock[] = [];
  for (const plan of plans) {
    const product = catalog.get(plan.productId.toLowerCase());
    const variantId = product ? variantOf(product, plan.options) : undefined;
    if (!variantId) continue;
    out.push({
      index: plan.index,
      lineId: String(lines[plan.index]!.id),
      change: { productId: plan.productId, variantId, by: plan.by, field: `lineItems[${plan.index}]` },
    });
  }
  return out;
}

/** Moves the planned lines' units in or out of stock, as the order's change (reason `ORDER`). */
function moveLineStock(
  ctx: AppContext,
  tx: Db,
  direction: 'decrement' | 'increment',
  plans: LineStock[],
  options: StockChangeOptions,
) {
  return changeStockIn(
    ctx,
    tx,
    direction,
    plans.map((p) => p.change),
    'ORDER',
    options,
  );
}

/** Whether placement took the order's stock (`_inventory.decremented`; absent = yes). */
export function stockTaken(data: Json): boolean {
  return !(isRecord(data._inventory) && data._inventory.decremented === false);
}

/**
 * Restocks `wanted` units per line id (capped at what is restockable) and returns the lines with their new
 * `restockQuantity` and the units put back per line. An order whose stock was never taken (inventory trigger
 * ON_ORDER_PAID, not paid) restocks nothing.
 */
export async function restockLines(
  ctx: AppContext,
  tx: Db,
  data: Json,
  lines: Json[],
  wanted: ReadonlyMap<string, number>,
  note: StockNote,
): Promise<{ lines: Json[]; restocked: Map<string, number> }> {
  const restocked = new Map<string, number>();
  if (!stockTaken(data)) return { lines, restocked };
  const plans = await lineStock(tx, lines, wanted, restockableQuantity);
  if (plans.length === 0) return { lines, restocked };
  const next = [...lines];
  for (const { index, lineId, change } of plans) {
    const line = next[index]!;
    next[index] = { ...line, restockQuantity: num(line.restockQuantity) + change.by };
    restocked.set(lineId, change.by);
  }
  await moveLineStock(ctx, tx, 'increment', plans, { note });
  return { lines: next, restocked };
}

/**
 * Inventory trigger ON_ORDER_PAID: when an order placed without taking stock is paid, its units are taken
 * now. Payment is not refused for a shortfall: the stock goes to zero (the order is already paid for).
 */
export async function takeStockWhenPaid(ctx: AppContext, tx: Db, data: Json, orderId: string): Promise<Json> {
  if (stockTaken(data)) return data;
  const lines = Array.isArray(data.lineItems) ? data.lineItems.filter(isRecord) : [];
  const all = new Map(lines.map((l) => [String(l.id), num(l.quantity)]));
  const plans = await lineStock(tx, lines, all, (l) => num(l.quantity));
  if (plans.length > 0)
    await moveLineStock(ctx, tx, 'decrement', plans, {
      restrict: false,
      note: { reason: 'ORDER_PAID', orderId },
    });
  return { ...data, _inventory: { ...(data._inventory as Json), decremented: true } };
}
