import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { presentFields } from '../../../platform/entity-kit/index.ts';
import { type FieldViolation, notFound, ValidationFailure } from '../../../platform/errors.ts';
import {
  choiceCombinations,
  computeAggregates,
  discountedPrice,
  type StockRow,
  stockRow,
  type VariantFacts,
} from '../products/aggregates.ts';
import type {
  Dimensions,
  OptionInput,
  ProductInput,
  StoredOption,
  VariantInput,
  VariantPatch,
} from '../shared/model.ts';
import { DEFAULT_VARIANT_ID, productVariants, type VariantRow } from './tables.ts';
import { inventoryItems, type InventoryRow, variantJoin } from '../inventory/tables.ts';
import { type ProductRow, products } from '../products/tables.ts';
import { lockProduct, money, UUID } from '../shared/write-support.ts';

/**
 * Variant writes: planning variants from options, updating and resetting them, dropping options, and
 * `refreshProduct`, which keeps the denormalised stock and range columns of `products` in sync. Callers
 * hold the product's row lock (`lockProduct`) for every read-modify-write.
 */

/** Options as stored; choices not given media keep those of the same choice in `previous`. */
export function buildOptions(
  input: OptionInput[],
  violations: FieldViolation[],
  field = 'product.productOptions',
  previous: StoredOption[] = [],
): StoredOption[] {
  const options: StoredOption[] = input.map((option) => {
    const before = previous.find((p) => p.name === option.name);
    return {
      optionType: option.optionType ?? before?.optionType ?? 'drop_down',
      name: option.name,
      choices: option.choices.map((choice) => {
        const description = choice.description ?? choice.value;
        return {
          value: choice.value,
          description,
          visible: choice.visible ?? true,
          inStock: true,
          mediaIds:
            choice.mediaIds ?? before?.choices.find((c) => c.description === description)?.mediaIds ?? [],
        };
      }),
    };
  });
  const names = new Set<string>();
  options.forEach((option, i) => {
    if (!option.name?.trim() || names.has(option.name))
      violations.push({
        field: `${field}[${i}].name`,
        description: 'must be unique and not empty',
        violatedRule: 'VALIDATION',
        data: {},
      });
    names.add(option.name);
    const seen = new Set(option.choices.map((c) => c.description));
    if (seen.size !== option.choices.length || option.choices.length === 0)
      violations.push({
        field: `${field}[${i}].choices`,
        description: 'must be a non-empty list of distinct choices',
        violatedRule: 'VALIDATION',
        data: {},
      });
  });
  return options;
}

/** Violations for choice media that are not media of the product. */
export function checkChoiceMedia(
  options: StoredOption[],
  mediaIds: Set<string>,
  violations: FieldViolation[],
  field = 'product.productOptions',
): void {
  for (const [i, option] of options.entries())
    for (const [j, choice] of option.choices.entries())
      if (choice.mediaIds.some((id) => !mediaIds.has(id)))
        violations.push({
          field: `${field}[${i}].choices[${j}].mediaIds`,
          description: 'must name media of the product',
          violatedRule: 'VALIDATION',
          data: {},
        });
}

export interface PlannedVariant extends VariantFacts {
  id: string;
  discountedPrice: string;
  sku: string | null;
  visible: boolean;
  data: { productDimensions?: Dimensions; packageDimensions?: Dimensions };
}

export function planVariants(
  input: ProductInput,
  options: StoredOption[],
  violations: FieldViolation[],
): PlannedVariant[] {
  const price = money(violations, 'product.price', input.price) ?? '0.00';
  const cost = money(violations, 'product.cost', input.cost) ?? null;
  if (options.length === 0) {
    return [
      {
        id: DEFAULT_VARIANT_ID,
        choices: {},
        price,
        discountedPrice: discountedPrice(price, input.discount),
        cost,
        weight: input.weight ?? null,
        sku: input.sku ?? null,
        visible: true,
        stock: stockRow(input.stock),
        data: {},
      },
    ];
  }
  const given: VariantInput[] = input.variants?.length
    ? input.variants
    : choiceCombinations(options).map((choices) => ({ choices, stock: input.stock }));
  const seen = new Set<string>();
  return given.map((variant, i) => {
    const at = `product.variants[${i}]`;
    const key = options.map((o) => variant.choices[o.name]).join('\u0000');
    const valid =
      Object.keys(variant.choices).length === options.length &&
      options.every((o) => o.choices.some((c) => c.description === variant.choices[o.name]));
    if (!valid || seen.has(key))
      violations.push({
        field: `${at}.choices`,
        description: 'must name one choice of every option, once per variant',
        violatedRule: 'VALIDATION',
        data: {},
      });
    seen.add(key);
    const own = money(violations, `${at}.price`, variant.price) ?? price;
    const ownCost = money(violations, `${at}.cost`, variant.cost) ?? cost;
    return {
      id: randomUUID(),
      choices: variant.choices,
      price: own,
      discountedPrice: discountedPrice(own, input.discount),
      cost: ownCost,
      weight: variant.weight ?? input.weight ?? null,
      sku: variant.sku ?? null,
      visible: variant.visible ?? true,
      stock: stockRow(variant.stock ?? input.stock),
      data: presentFields(variant, ['productDimensions', 'packageDimensions']),
    };
  });
}

/** Inserts planned variants and their inventory rows. */
export async function insertVariants(
  tx: Db,
  productId: string,
  variants: Array<PlannedVariant & { position: number }>,
  preorder?: Pick<InventoryRow, 'preorderEnabled' | 'preorderMessage' | 'preorderLimit'>,
): Promise<void> {
  if (variants.length === 0) return;
  await tx.insert(productVariants).values(
    variants.map((v) => ({
      productId,
      id: v.id,
      position: v.position,
      choices: v.choices,
      price: v.price,
      discountedPrice: v.discountedPrice,
      cost: v.cost,
      weight: v.weight,
      sku: v.sku,
      visible: v.visible,
      data: v.data,
    })),
  );
  await tx.insert(inventoryItems).values(
    variants.map((v) => ({
      productId,
      variantId: v.id,
      trackQuantity: v.stock.trackQuantity,
      quantity: v.stock.quantity,
      inStock: v.stock.inStock,
      ...(preorder ?? {}),
    })),
  );
}

export interface VariantWithStock {
  variant: VariantRow;
  inventory: InventoryRow | undefined;
}

export async function variantsOf(tx: Db, productId: string): Promise<VariantWithStock[]> {
  const rows = await tx
    .select({ variant: productVariants, inventory: inventoryItems })
    .from(productVariants)
    .leftJoin(inventoryItems, variantJoin)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  return rows.map((r) => ({ variant: r.variant, inventory: r.inventory ?? undefined }));
}

const NO_STOCK: StockRow = { trackQuantity: false, quantity: null, inStock: true };

/**
 * Re-derives a product's stock and range columns and its choices' `inStock` from its variants and
 * inventory. Takes the product's row lock itself, so it is safe after any variant or stock change.
 */
export async function refreshProduct(tx: Db, productId: string): Promise<void> {
  const [product] = await tx
    .select({ data: products.data })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw notFound('PRODUCT_NOT_FOUND', 'Product not found', { productId });
  const rows = await variantsOf(tx, productId);
  const facts: VariantFacts[] = rows.map(({ variant, inventory }) => ({
    choices: variant.choices,
    price: variant.price,
    cost: variant.cost,
    weight: variant.weight,
    stock: inventory ?? NO_STOCK,
  }));
  const a = computeAggregates(facts, product.data.productOptions ?? []);
  await tx
    .update(products)
    .set({
      trackInventory: a.trackInventory,
      quantity: a.quantity,
      inStock: a.inStock,
      inventoryStatus: a.inventoryStatus,
      priceMin: a.priceMin,
      priceMax: a.priceMax,
      costMin: a.costMin,
      costMax: a.costMax,
      weightMin: a.weightMin,
      weightMax: a.weightMax,
      data: { ...product.data, productOptions: a.productOptions },
      lastUpdated: sql`now()`,
    })
    .where(eq(products.id, productId));
}

/** Default stock of a variant added later: tracked (at 0) when the product tracks, else in stock. */
const newStock = (product: ProductRow): StockRow =>
  product.trackInventory ? { trackQuantity: true, quantity: 0, inStock: false } : NO_STOCK;

const variantKey = (options: StoredOption[], choices: Record<string, string>) =>
  Object.keys(choices).length === options.length && options.every((o) => choices[o.name] !== undefined)
    ? options.map((o) => choices[o.name]).join('\u0000')
    : undefined;

/**
 * Replaces a product's options: variants whose choice combination still exists keep their id, prices and
 * stock; the others go, and new combinations get the product's price, cost and weight. No options left
 * collapses the product to its default variant. Returns whether the set of variants changed.
 */
export async function replaceOptions(tx: Db, product: ProductRow, options: StoredOption[]): Promise<boolean> {
  if (options.length === 0) return collapseToDefault(tx, product);
  const existing = await variantsOf(tx, product.id);
  const byKey = new Map<string, VariantWithStock>();
  for (const row of existing) {
    const key = variantKey(options, row.variant.choices);
    if (
      key !== undefined &&
      options.every((o) => o.choices.some((c) => c.description === row.variant.choices[o.name]))
    )
      byKey.set(key, row);
  }
  const combos = choiceCombinations(options);
  const keep = new Set<string>();
  const added: Array<PlannedVariant & { position: number }> = [];
  for (const [position, choices] of combos.entries()) {
    const found = byKey.get(variantKey(options, choices)!);
    if (found) {
      keep.add(found.variant.id);
      if (found.variant.position !== position)
        await tx
          .update(productVariants)
          .set({ position })
          .where(and(eq(productVariants.productId, product.id), eq(productVariants.id, found.variant.id)));
      continue;
    }
    added.push({
      id: randomUUID(),
      position,
      choices,
      price: product.price,
      discountedPrice: product.discountedPrice,
      cost: product.cost,
      weight: product.weight,
      sku: null,
      visible: true,
      stock: newStock(product),
      data: {},
    });
  }
  const removed = existing.filter((r) => !keep.has(r.variant.id)).map((r) => r.variant.id);
  for (const id of removed)
    await tx
      .delete(productVariants)
      .where(and(eq(productVariants.productId, product.id), eq(productVariants.id, id)));
  await insertVariants(tx, product.id, added, preorderOf(existing[0]?.inventory));
  await tx
    .update(products)
    .set({ manageVariants: true, data: { ...product.data, productOptions: options } })
    .where(eq(products.id, product.id));
  return removed.length > 0 || added.length > 0;
}

const preorderOf = (row: InventoryRow | undefined) =>
  row
    ? {
        preorderEnabled: row.preorderEnabled,
        preorderMessage: row.preorderMessage,
        preorderLimit: row.preorderLimit,
      }
    : undefined;

/**
 * Drops every option: the product is left with its default variant at the product's price, cost, weight
 * and SKU. Its stock is what the variants had together (the sum of tracked quantities, or in stock when
 * any variant was). Returns whether anything changed.
 */
export async function collapseToDefault(tx: Db, product: ProductRow): Promise<boolean> {
  const existing = await variantsOf(tx, product.id);
  if (existing.length === 1 && existing[0]!.variant.id === DEFAULT_VARIANT_ID && !product.manageVariants)
    return false;
  const tracked = existing.some((r) => r.inventory?.trackQuantity);
  const stock = tracked
    ? stockRow({
        trackQuantity: true,
        quantity: existing.reduce((n, r) => n + (r.inventory?.quantity ?? 0), 0),
      })
    : stockRow({ trackQuantity: false, inStock: existing.some((r) => r.inventory?.inStock ?? true) });
  await tx.delete(productVariants).where(eq(productVariants.productId, product.id));
  await insertVariants(
    tx,
    product.id,
    [
      {
        id: DEFAULT_VARIANT_ID,
        position: 0,
        choices: {},
        price: product.price,
        discountedPrice: product.discountedPrice,
        cost: product.cost,
        weight: product.weight,
        sku: product.sku,
        visible: true,
        stock,
        data: {},
      },
    ],
    preorderOf(existing[0]?.inventory),
  );
  await tx
    .update(products)
    .set({ manageVariants: false, data: { ...product.data, productOptions: [] } })
    .where(eq(products.id, product.id));
  return true;
}

/** The variants an update entry names: by ids, or every variant whose choices include the given ones. */
function targets(
  patch: VariantPatch,
  index: number,
  rows: VariantWithStock[],
  options: StoredOption[],
  violations: FieldViolation[],
): VariantWithStock[] {
  const at = `variants[${index}]`;
  if (patch.variantIds?.length) {
    const out: VariantWithStock[] = [];
    patch.variantIds.forEach((id, j) => {
      const row = UUID.test(id) ? rows.find((r) => r.variant.id === id.toLowerCase()) : undefined;
      if (row) out.push(row);
      else
        violations.push({
          field: `${at}.variantIds[${j}]`,
          description: 'is not a variant of the product',
          violatedRule: 'VALIDATION',
          data: { variantId: id },
        });
    });
    return out;
  }
  if (patch.choices && Object.keys(patch.choices).length) {
    const wanted: Record<string, string> = {};
    for (const [name, value] of Object.entries(patch.choices)) {
      const option = options.find((o) => o.name === name);
      const choice = option?.choices.find((c) => c.description === value || c.value === value);
      if (!choice)
        violations.push({
          field: `${at}.choices.${name}`,
          description: option ? 'is not a choice of this option' : 'is not an option of the product',
          violatedRule: 'VALIDATION',
          data: {},
        });
      else wanted[name] = choice.description;
    }
    return rows.filter((r) => Object.entries(wanted).every(([k, v]) => r.variant.choices[k] === v));
  }
  violations.push({
    field: `${at}.variantIds`,
    description: 'variantIds or choices is required',
    violatedRule: 'REQUIRED_ONE_OF_FIELD',
    data: {},
  });
  return [];
}

/**
 * Sets price, cost, weight, SKU, visibility or dimensions of the variants each entry names. For a
 * product without managed variants the default variant and the product move together.
 */
export async function updateVariants(
  ctx: AppContext,
  productId: string,
  patches: VariantPatch[],
): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const rows = await variantsOf(tx, productId);
    const options = product.data.productOptions ?? [];
    const violations: FieldViolation[] = [];
    const planned = new Map<string, Partial<VariantRow>>();
    const discount = { type: product.discountType, value: product.discountValue };
    patches.forEach((patch, i) => {
      const price = money(violations, `variants[${i}].price`, patch.price);
      const cost = money(violations, `variants[${i}].cost`, patch.cost);
      for (const row of targets(patch, i, rows, options, violations)) {
        const set = planned.get(row.variant.id) ?? {};
        if (price !== undefined) {
          set.price = price;
          set.discountedPrice = discountedPrice(price, discount);
        }
        if (cost !== undefined) set.cost = cost;
        if (patch.weight !== undefined) set.weight = patch.weight;
        if (patch.sku !== undefined) set.sku = patch.sku;
        if (patch.visible !== undefined) set.visible = patch.visible;
        if (patch.productDimensions || patch.packageDimensions)
          set.data = {
            ...(set.data ?? row.variant.data),
            ...(patch.productDimensions ? { productDimensions: patch.productDimensions } : {}),
            ...(patch.packageDimensions ? { packageDimensions: patch.packageDimensions } : {}),
          };
        planned.set(row.variant.id, set);
      }
    });
    if (violations.length) throw new ValidationFailure(violations);
    for (const [variantId, set] of planned) {
      if (Object.keys(set).length === 0) continue;
      await tx
        .update(productVariants)
        .set(set)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.id, variantId)));
      if (!product.manageVariants && variantId === DEFAULT_VARIANT_ID) {
        const { price, discountedPrice: discounted, cost, weight, sku } = set;
        await tx
          .update(products)
          .set({
            ...(price !== undefined ? { price, discountedPrice: discounted } : {}),
            ...(cost !== undefined ? { cost } : {}),
            ...(weight !== undefined ? { weight } : {}),
            ...(sku !== undefined ? { sku } : {}),
          })
          .where(eq(products.id, productId));
      }
    }
    await refreshProduct(tx, productId);
    await ctx.events.record(tx, {
      entity: 'product',
      entityId: productId,
      type: 'variants_changed',
      payload: { productId, variantIds: [...planned.keys()] },
    });
  });
}

/** Every variant back to the product's price, cost and weight, visible, without own dimensions. */
export async function resetVariants(ctx: AppContext, productId: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    await tx
      .update(productVariants)
      .set({
        price: product.price,
        discountedPrice: product.discountedPrice,
        cost: product.cost,
        weight: product.weight,
        visible: true,
        data: {},
      })
      .where(eq(productVariants.productId, productId));
    await refreshProduct(tx, productId);
    const rows = await variantsOf(tx, productId);
    await ctx.events.record(tx, {
      entity: 'product',
      entityId: productId,
      type: 'variants_changed',
      payload: { productId, variantIds: rows.map((r) => r.variant.id), reset: true },
    });
  });
}

/** `DELETE /products/{id}/options`: see `collapseToDefault`. */
export async function deleteProductOptions(ctx: AppContext, productId: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (!(await collapseToDefault(tx, product))) return;
    await refreshProduct(tx, productId);
    await ctx.events.record(tx, [
      {
        entity: 'product',
        entityId: productId,
        type: 'updated',
        payload: { productId, changedFields: ['productOptions', 'manageVariants'] },
      },
      {
        entity: 'product',
        entityId: productId,
        type: 'variants_changed',
        payload: { productId, variantIds: [DEFAULT_VARIANT_ID] },
      },
    ]);
  });
}
