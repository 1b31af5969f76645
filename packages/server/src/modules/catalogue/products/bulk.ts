import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { badRequest, type FieldViolation, ValidationFailure } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { fromCents, moneyFromNumber, percentOfCents, toCents } from '../../../platform/money.ts';
import { discountedPrice } from './aggregates.ts';
import { type ProductRow, products } from './tables.ts';
import { productUpdated } from './writes.ts';
import { productVariants, type VariantRow } from '../variants/tables.ts';
import { refreshProduct, variantsOf } from '../variants/writes.ts';
import { type BulkResult, lockProduct, money, namedColumns, runBulk } from '../shared/write-support.ts';

/**
 * Bulk product writes: set or adjust price, cost and weight (of the product and every variant), and set
 * brand or ribbon, on up to `MAX_BULK_IDS` products. Each product is its own transaction: one failing id
 * never fails the others.
 */

export const MAX_BULK_IDS = 100;

export interface BulkSet {
  price?: string;
  cost?: string;
  weight?: number;
  /** A name; empty removes. */
  ribbon?: string;
  brand?: string;
}

export type Adjustment = { amount: number } | { percentage: { rate: number; roundToInt?: boolean } };

export interface BulkAdjust {
  price?: Adjustment;
  cost?: Adjustment;
  weight?: Adjustment;
}

/**
 * A bulk write's request checks, in the order they answer 400: the ids list, then `violations` of the
 * request, which must change at least one field (`fields`).
 */
function checkRequest(
  ids: string[],
  field: 'set' | 'adjust',
  fields: string[],
  violations: FieldViolation[],
) {
  if (ids.length === 0)
    throw new ValidationFailure([
      { field: 'ids', description: 'must not be empty', violatedRule: 'MIN_SIZE', data: { min: 1 } },
    ]);
  if (ids.length > MAX_BULK_IDS)
    throw new ValidationFailure([
      {
        field: 'ids',
        description: `must have at most ${MAX_BULK_IDS} ids`,
        violatedRule: 'MAX_SIZE',
        data: { max: MAX_BULK_IDS },
      },
    ]);
  if (fields.length === 0)
    violations.push({
      field,
      description: `must ${field} at least one field`,
      violatedRule: 'MIN_SIZE',
      data: {},
    });
  if (violations.length) throw new ValidationFailure(violations);
}

/** A bulk write of a request on up to `MAX_BULK_IDS` products. */
type BulkWrite<R> = (ctx: AppContext, ids: string[], request: R) => Promise<BulkResult<never>>;

interface Change {
  product: Partial<typeof products.$inferInsert>;
  variant: (variant: VariantRow) => Partial<VariantRow>;
  fields: string[];
}

/**
 * Applies one product's change under its row lock, re-derives its columns and records the events. Brand and
 * ribbon `names` are made before the product is locked (`namedColumns`).
 */
async function applyChange(
  ctx: AppContext,
  productId: string,
  names: Pick<BulkSet, 'brand' | 'ribbon'>,
  plan: (product: ProductRow, tx: Db, productId: string) => Promise<Change>,
): Promise<{ id: string }> {
  return ctx.events.transaction(async (tx) => {
    const events: EventInput[] = [];
    const named = await namedColumns(tx, names, events);
    const product = await lockProduct(tx, productId);
    const change = await plan(product, tx, productId);
    await tx
      .update(products)
      .set({ ...named, ...change.product, lastUpdated: sql`now()` })
      .where(eq(products.id, productId));
    let variantsChanged = false;
    for (const { variant } of await variantsOf(tx, productId)) {
      const set = change.variant(variant);
      if (Object.keys(set).length === 0) continue;
      variantsChanged = true;
      await tx
        .update(productVariants)
        .set(set)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.id, variant.id)));
    }
    await refreshProduct(tx, productId);
    events.push(...productUpdated(productId, change.fields, variantsChanged));
    await ctx.events.record(tx, events);
    return { id: productId };
  });
}

/** `applyChange` on each product of `ids`, each in its own transaction: one failing id never fails the others. */
const changeEach = (
  ctx: AppContext,
  ids: string[],
  names: Pick<BulkSet, 'brand' | 'ribbon'>,
  plan: (product: ProductRow, tx: Db, productId: string) => Promise<Change>,
) =>
  runBulk<string, never>(
    ctx,
    ids,
    (id) => applyChange(ctx, id, names, plan),
    (id) => id,
  );

const discountOf = (p: ProductRow) => ({ type: p.discountType, value: p.discountValue });

/** A new price and the discounted price it makes with the product's discount. */
const priced = (price: string, product: ProductRow) => ({
  price,
  discountedPrice: discountedPrice(price, discountOf(product)),
});

export const bulkUpdateProducts: BulkWrite<BulkSet> = async (ctx, ids, set) => {
  const violations: FieldViolation[] = [];
  const price = money(violations, 'set.price', set.price);
  const cost = money(violations, 'set.cost', set.cost);
  const fields = Object.keys(set).filter((k) => set[k as keyof BulkSet] !== undefined);
  checkRequest(ids, 'set', fields, violations);
  return changeEach(ctx, ids, { brand: set.brand, ribbon: set.ribbon }, async (product) => {
    // The product and each of its variants get the same columns.
    const change = {
      ...(price !== undefined ? priced(price, product) : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(set.weight !== undefined ? { weight: set.weight } : {}),
    };
    return { product: change, variant: () => change, fields };
  });
};

/** Checks an adjustment: exactly one of `amount` / `percentage`, finite numbers. */
function checkAdjustment(
  field: string,
  adjustment: Adjustment | undefined,
  violations: FieldViolation[],
): void {
  if (adjustment === undefined) return;
  const hasAmount = 'amount' in adjustment && adjustment.amount !== undefined;
  const hasPercentage = 'percentage' in adjustment && adjustment.percentage !== undefined;
  if (hasAmount === hasPercentage)
    violations.push({
      field,
      description: 'must have exactly one of amount or percentage',
      violatedRule: 'ONE_OF_ALIGNMENT',
      data: {},
    });
}

function itemFailure(field: string, productId: string): never {
  throw badRequest('INVALID_ADJUSTMENT', `The adjustment would make the ${field} negative`, {
    productId,
    field,
  });
}

/** A money amount adjusted by an amount or a percentage (half away from zero), optionally to whole units. */
export function adjustMoney(value: string, adjustment: Adjustment): string {
  let cents = toCents(value);
  if ('amount' in adjustment) cents += toCents(moneyFromNumber(adjustment.amount));
  else {
    cents += percentOfCents(cents, moneyFromNumber(adjustment.percentage.rate));
    if (adjustment.percentage.roundToInt) cents = ((cents < 0n ? cents - 50n : cents + 50n) / 100n) * 100n;
  }
  return fromCents(cents);
}

export function adjustWeight(value: number, adjustment: Adjustment): number {
  const raw =
    'amount' in adjustment ? value + adjustment.amount : value * (1 + adjustment.percentage.rate / 100);
  if ('percentage' in adjustment && adjustment.percentage.roundToInt) return Math.round(raw);
  return Math.round(raw * 1e6) / 1e6;
}

export const bulkAdjustProducts: BulkWrite<BulkAdjust> = async (ctx, ids, adjust) => {
  const violations: FieldViolation[] = [];
  for (const key of ['price', 'cost', 'weight'] as const)
    checkAdjustment(`adjust.${key}`, adjust[key], violations);
  const fields = (['price', 'cost', 'weight'] as const).filter((k) => adjust[k] !== undefined);
  checkRequest(ids, 'adjust', fields, violations);
  return changeEach(ctx, ids, {}, async (product, tx, id) => {
    const adjustPrice = (value: string) => {
      const out = adjustMoney(value, adjust.price!);
      if (out.startsWith('-')) itemFailure('price', id);
      return out;
    };
    const adjustCost = (value: string | null) => {
      if (value === null) return null;
      const out = adjustMoney(value, adjust.cost!);
      if (out.startsWith('-')) itemFailure('cost', id);
      return out;
    };
    const adjustKg = (value: number | null) => {
      if (value === null) return null;
      const out = adjustWeight(value, adjust.weight!);
      if (out < 0) itemFailure('weight', id);
      return out;
    };
    const change: Change['product'] = adjust.price ? priced(adjustPrice(product.price), product) : {};
    if (adjust.cost) change.cost = adjustCost(product.cost);
    if (adjust.weight) change.weight = adjustKg(product.weight);
    // Plan every variant before writing anything, so a negative result fails the product as a whole.
    const planned = new Map<string, Partial<VariantRow>>();
    for (const { variant } of await variantsOf(tx, product.id)) {
      const set: Partial<VariantRow> = adjust.price ? priced(adjustPrice(variant.price), product) : {};
      if (adjust.cost && variant.cost !== null) set.cost = adjustCost(variant.cost);
      if (adjust.weight && variant.weight !== null) set.weight = adjustKg(variant.weight);
      planned.set(variant.id, set);
    }
    return { product: change, variant: (v) => planned.get(v.id) ?? {}, fields: [...fields] };
  });
};
