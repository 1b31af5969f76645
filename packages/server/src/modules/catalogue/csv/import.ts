import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, ValidationFailure } from '../../../platform/errors.ts';
import { parseCsv } from '../../../platform/csv.ts';
import {
  COLUMNS,
  type CsvError,
  optionColumn,
  planProducts,
  type ProductPlan,
  type VariantPlan,
} from './plan.ts';
import { addProductsToCollection, removeProductsFromCollection } from '../collections/writes.ts';
import type { ItemEdit } from '../inventory/v3-items.ts';
import { withStockNote } from '../inventory/history.ts';
import { setVariantStock } from '../inventory/v3-writes.ts';
import { resolveMedia } from '../media/resolve.ts';
import type {
  OptionInput,
  ProductInput,
  ProductPatch,
  StockInput,
  StoredMedia,
  StoredOption,
  VariantPatch,
} from '../shared/model.ts';
import { addProductMedia, createProduct, removeProductMedia, updateProduct } from '../products/writes.ts';
import { collections } from '../collections/tables.ts';
import { type ProductRow, products } from '../products/tables.ts';
import { updateVariants, variantsOf } from '../variants/writes.ts';
import { productColumns } from '../products/wire.ts';
import { sanitizeDescription } from '../shared/write-support.ts';
import type { CsvProgress } from './export.ts';

/**
 * CSV export and import of products with their variants and stock (layout: `catalogue-csv-plan.ts`,
 * docs/CATALOGUE.md). The import goes through the ordinary write services, so every write validates,
 * keeps the denormalised columns in step and records its events; a product is created or updated by its
 * handle (slug). Products with a bad row are left out and reported; the others are written. A dry run
 * makes the same checks without writing (all but reading the image URLs, which only a run fetches).
 */

/** What the import does (a dry run: would do) with one product of the file. */
export type ImportAction = 'CREATE' | 'UPDATE' | 'FAIL';

export interface ProductOutcome {
  handle: string;
  /** The line of the file where the product's first row is. */
  line: number;
  /** From the file, else the product's current name. */
  name?: string;
  action: ImportAction;
}

export interface ImportResult {
  results: { created: number; updated: number; failed: number };
  errors: CsvError[];
  /** Every product of the file, in file order. */
  products: ProductOutcome[];
  dryRun: boolean;
}

export interface ImportOptions extends CsvProgress {
  /** Check every product and say what would happen, writing nothing. */
  dryRun?: boolean;
}

// ---- import

class RowFailure extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a service error says, as a CSV error message. */
function describe(error: unknown): string | undefined {
  if (error instanceof RowFailure) return error.message;
  if (error instanceof AppError) return `${error.code}: ${error.description}`;
  if (error instanceof ValidationFailure)
    return error.violations.map((v) => `${v.field} ${v.description}`).join('; ');
  return undefined;
}

/** Own media (`…/media/<id>/…`, `aisle:image://v1/<id>/…`) compare by id, other images by URL (as media.ts reads them). */
const OWN_MEDIA = /^(?:aisle:(?:image|video):\/\/v1\/|(?:https?:\/\/[^/]+)?\/media\/)([0-9a-f-]{36})\//i;
const mediaKey = (url: string) => OWN_MEDIA.exec(url)?.[1]?.toLowerCase() ?? url;
const storedKey = (m: StoredMedia) => m.url ?? m.id;

async function resolveImages(ctx: AppContext, urls: string[]): Promise<StoredMedia[]> {
  const out: StoredMedia[] = [];
  for (const url of urls) {
    try {
      out.push(await resolveMedia(ctx, { url }, 'url'));
    } catch (error) {
      throw new RowFailure(COLUMNS.images, `${url}: ${describe(error) ?? 'cannot be read'}`);
    }
  }
  return out;
}

function collectionIds(plan: ProductPlan, bySlug: Map<string, string>): string[] | undefined {
  if (!plan.collections) return undefined;
  const unknown = plan.collections.filter((slug) => !bySlug.has(slug.toLowerCase()));
  if (unknown.length)
    throw new RowFailure(
      COLUMNS.collections,
      `no collection with the slug ${unknown.map((s) => `"${s}"`).join(', ')}`,
    );
  return [...new Set(plan.collections.map((slug) => bySlug.get(slug.toLowerCase())!))];
}

const stockEdit = (stock: StockInput): ItemEdit =>
  stock.trackQuantity ? { quantity: stock.quantity ?? 0 } : { inStock: stock.inStock ?? true };

/** The columns a new product needs. */
function newProductColumns(plan: ProductPlan): { name: string; price: string } {
  if (plan.name === undefined) throw new RowFailure(COLUMNS.name, 'is required to create a product');
  if (plan.price === undefined) throw new RowFailure(COLUMNS.price, 'is required to create a product');
  return { name: plan.name, price: plan.price };
}

const choiceKey = (names: string[], choices: Record<string, string>) =>
  names.map((n) => choices[n] ?? '').join('\u0000');

/** Whether a variant row of the plan changes anything of its variant (else it needs no match). */
const touchesVariant = (v: VariantPlan) =>
  [v.price, v.cost, v.weight, v.sku, v.visible, v.stock].some((x) => x !== undefined);

/** A variant row that names no variant of a product with options. */
function unmatchedVariant(plan: ProductPlan, v: VariantPlan): RowFailure {
  return new RowFailure(
    plan.options ? optionColumn(1, 'Value') : optionColumn(1, 'Name'),
    plan.options
      ? `line ${v.line}: the product has no variant ${JSON.stringify(v.choices)}`
      : `line ${v.line}: the product has options; name the variant with the Option columns`,
  );
}

/**
 * What can be checked of a product before writing anything (a dry run checks only this): a new product's
 * name and price, the collections named, and that each variant row names a variant of the options the
 * product will have.
 */
function checkPlan(plan: ProductPlan, existing: ProductRow | undefined, bySlug: Map<string, string>): void {
  if (!existing) newProductColumns(plan);
  collectionIds(plan, bySlug);
  if (!existing) return;
  const options = plan.options ?? existing.data.productOptions ?? [];
  if (options.length === 0) return;
  const names = options.map((o) => o.name);
  const combinations = new Set(
    options
      .reduce<Record<string, string>[]>(
        (all, o) =>
          all.flatMap((partial) =>
            o.choices.map((c) => ({ ...partial, [o.name]: c.description ?? c.value })),
          ),
        [{}],
      )
      .map((choices) => choiceKey(names, choices)),
  );
  for (const v of plan.variants)
    if (touchesVariant(v) && !combinations.has(choiceKey(names, v.choices))) throw unmatchedVariant(plan, v);
}

async function create(ctx: AppContext, plan: ProductPlan, bySlug: Map<string, string>): Promise<void> {
  const { name, price } = newProductColumns(plan);
  const ids = collectionIds(plan, bySlug);
  const media = plan.images ? await resolveImages(ctx, plan.images) : undefined;
  const options = plan.options ?? [];
  const input: ProductInput = {
    name,
    slug: plan.handle,
    price,
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    ...(plan.productType ? { productType: plan.productType } : {}),
    ...(plan.visible !== undefined ? { visible: plan.visible } : {}),
    ...(plan.brand ? { brand: plan.brand } : {}),
    ...(plan.ribbon ? { ribbon: plan.ribbon } : {}),
    ...(plan.sku ? { sku: plan.sku } : {}),
    ...(plan.cost ? { cost: plan.cost } : {}),
    ...(plan.weight !== undefined && plan.weight !== null ? { weight: plan.weight } : {}),
    ...(plan.discount ? { discount: plan.discount } : {}),
    ...(media ? { media } : {}),
    ...(ids ? { collectionIds: ids } : {}),
    ...(plan.digitalFile ? { digitalFile: { fileId: plan.digitalFile } } : {}),
  };
  if (options.length) {
    input.productOptions = options;
    input.variants = plan.variants.map((v) => ({
      choices: v.choices,
      ...(v.price ? { price: v.price } : {}),
      ...(v.cost ? { cost: v.cost } : {}),
      ...(v.weight !== undefined && v.weight !== null ? { weight: v.weight } : {}),
      ...(v.sku ? { sku: v.sku } : {}),
      ...(v.visible !== undefined ? { visible: v.visible } : {}),
      ...(v.stock ? { stock: v.stock } : {}),
    }));
  } else if (plan.variants[0]?.stock) {
    input.stock = plan.variants[0].stock;
  }
  // Choice media are not in the layout: a colour option created here shows no media of its own.
  await createProduct(ctx, input);
}

const sameOptions = (a: OptionInput[], b: StoredOption[]) =>
  a.length === b.length &&
  a.every((o, i) => {
    const s = b[i]!;
    return (
      o.name === s.name &&
      (o.optionType ?? 'drop_down') === s.optionType &&
      o.choices.length === s.choices.length &&
      o.choices.every(
        (c, j) => c.value === s.choices[j]!.value && (c.description ?? c.value) === s.choices[j]!.description,
      )
    );
  });

/** The product fields the plan changes. */
function productPatch(plan: ProductPlan, row: ProductRow): ProductPatch {
  const patch: ProductPatch = {};
  if (plan.name !== undefined && plan.name !== row.name) patch.name = plan.name;
  if (plan.description !== undefined && sanitizeDescription(plan.description) !== row.description)
    patch.description = plan.description;
  if (plan.productType !== undefined && plan.productType !== row.productType)
    patch.productType = plan.productType;
  if (plan.visible !== undefined && plan.visible !== row.visible) patch.visible = plan.visible;
  if (plan.brand !== undefined && plan.brand !== row.brand) patch.brand = plan.brand;
  if (plan.ribbon !== undefined && plan.ribbon !== row.ribbon) patch.ribbon = plan.ribbon;
  if (plan.sku !== undefined && plan.sku !== row.sku) patch.sku = plan.sku;
  if (plan.price !== undefined && plan.price !== row.price) patch.price = plan.price;
  if (plan.cost !== undefined && plan.cost !== row.cost) patch.cost = plan.cost;
  if (plan.weight !== undefined && plan.weight !== row.weight) patch.weight = plan.weight;
  if (plan.discount && (plan.discount.type !== row.discountType || plan.discount.value !== row.discountValue))
    patch.discount = plan.discount;
  if (plan.options && !sameOptions(plan.options, row.data.productOptions ?? []))
    patch.productOptions = plan.options;
  if (plan.digitalFile !== undefined && plan.digitalFile !== (row.data.digitalFile?.fileId ?? null))
    patch.digitalFile = plan.digitalFile === null ? null : { fileId: plan.digitalFile };
  return patch;
}

async function update(
  ctx: AppContext,
  plan: ProductPlan,
  row: ProductRow,
  bySlug: Map<string, string>,
): Promise<void> {
  const ids = collectionIds(plan, bySlug);
  const patch = productPatch(plan, row);
  // New images are resolved before anything is written.
  const current = row.data.media ?? [];
  const wanted = plan.images?.map(mediaKey);
  const added =
    plan.images && wanted
      ? plan.images.filter((_, i) => !current.some((m) => storedKey(m) === wanted[i]))
      : [];
  const newMedia = added.length ? await resolveImages(ctx, added) : [];

  if (Object.keys(patch).length) await updateProduct(ctx, row.id, patch);
  const [after] = await ctx.db.select(productColumns).from(products).where(eq(products.id, row.id));
  if (!after) throw new RowFailure(COLUMNS.handle, 'the product was deleted during the import');
  const options = after.data.productOptions ?? [];
  const names = options.map((o) => o.name);
  const variants = await variantsOf(ctx.db, row.id);
  const byKey = new Map(variants.map((v) => [choiceKey(names, v.variant.choices), v]));
  const found = (v: VariantPlan) => {
    const match = options.length ? byKey.get(choiceKey(names, v.choices)) : variants[0];
    if (!match) throw unmatchedVariant(plan, v);
    return match;
  };

  if (options.length) {
    const patches: VariantPatch[] = [];
    for (const v of plan.variants) {
      if ([v.price, v.cost, v.weight, v.sku, v.visible].every((x) => x === undefined)) continue;
      const { variant } = found(v);
      // Undefined: column absent, unchanged; null: empty cell, the product's value.
      const price = v.price === undefined ? undefined : (v.price ?? after.price);
      const cost = v.cost === undefined ? undefined : (v.cost ?? after.cost ?? undefined);
      const weight = v.weight === undefined ? undefined : (v.weight ?? after.weight ?? undefined);
      const sku = v.sku === undefined ? undefined : (v.sku ?? '');
      const change: VariantPatch = {};
      if (price !== undefined && price !== variant.price) change.price = price;
      if (cost !== undefined && cost !== variant.cost) change.cost = cost;
      if (weight !== undefined && weight !== variant.weight) change.weight = weight;
      if (sku !== undefined && sku !== (variant.sku ?? '')) change.sku = sku;
      if (v.visible !== undefined && v.visible !== variant.visible) change.visible = v.visible;
      if (Object.keys(change).length) patches.push({ variantIds: [variant.id], ...change });
    }
    if (patches.length) await updateVariants(ctx, row.id, patches);
  }

  const stock = plan.variants.flatMap((v) => {
    if (!v.stock) return [];
    const { variant, inventory } = found(v);
    const next = stockEdit(v.stock);
    const same =
      inventory &&
      (next.quantity !== undefined
        ? inventory.trackQuantity && inventory.quantity === next.quantity
        : !inventory.trackQuantity && inventory.inStock === next.inStock);
    return same ? [] : [{ variantId: variant.id, edit: next }];
  });
  await withStockNote({ reason: 'CSV_IMPORT' }, () => setVariantStock(ctx, row.id, stock));

  if (ids) {
    for (const id of ids.filter((c) => !after.collectionIds.includes(c)))
      await addProductsToCollection(ctx, id, [row.id]);
    for (const id of after.collectionIds.filter((c) => !ids.includes(c)))
      await removeProductsFromCollection(ctx, id, [row.id]);
  }
  if (wanted) {
    const gone = current.filter((m) => !wanted.includes(storedKey(m))).map((m) => m.id);
    if (gone.length) await removeProductMedia(ctx, row.id, gone);
    if (newMedia.length)
      await addProductMedia(
        ctx,
        row.id,
        newMedia.map((media) => ({ media })),
      );
  }
}

/** The products of these handles, for a dry run (a run reads each just before writing it). */
async function productsBySlug(ctx: AppContext, handles: string[]): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  for (let i = 0; i < handles.length; i += 1000) {
    const chunk = handles.slice(i, i + 1000);
    for (const row of await ctx.db.select(productColumns).from(products).where(inArray(products.slug, chunk)))
      found.set(row.slug, row);
  }
  return found;
}

/**
 * Imports a catalogue CSV: validates every row, then creates or updates each good product by its handle.
 * Bad rows are reported by line and column; their products are not written; every other product is.
 * Counts are of products. A dry run writes nothing and answers what a run would do.
 */
export async function importProductsCsv(
  ctx: AppContext,
  text: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const dryRun = options.dryRun === true;
  const planned = planProducts(parseCsv(text));
  const errors = [...planned.errors];
  const results = { created: 0, updated: 0, failed: planned.failed };
  const outcomes: ProductOutcome[] = planned.rejected.map((r) => ({
    handle: r.handle,
    line: r.lines[0]!,
    ...(r.name ? { name: r.name } : {}),
    action: 'FAIL',
  }));
  const answer = () => {
    errors.sort((a, b) => a.line - b.line);
    outcomes.sort((a, b) => a.line - b.line);
    return { results, errors, products: outcomes, dryRun };
  };
  if (planned.headerFailed) return answer();
  const bySlug = new Map(
    (await ctx.db.select({ id: collections.id, slug: collections.slug }).from(collections)).map((c) => [
      c.slug.toLowerCase(),
      c.id,
    ]),
  );
  const known = dryRun
    ? await productsBySlug(
        ctx,
        planned.plans.map((p) => p.handle),
      )
    : undefined;
  const total = planned.plans.length;
  options.onProgress?.(0, total);
  for (const [i, plan] of planned.plans.entries()) {
    let existing: ProductRow | undefined;
    try {
      existing = known
        ? known.get(plan.handle)
        : (await ctx.db.select(productColumns).from(products).where(eq(products.slug, plan.handle)))[0];
      checkPlan(plan, existing, bySlug);
      if (!dryRun) {
        if (existing) await update(ctx, plan, existing, bySlug);
        else await create(ctx, plan, bySlug);
      }
      if (existing) results.updated++;
      else results.created++;
      outcomes.push(outcome(plan, existing, existing ? 'UPDATE' : 'CREATE'));
    } catch (error) {
      const message = describe(error);
      if (message === undefined) {
        ctx.log.error({ err: error, handle: plan.handle }, 'catalogue import: product failed');
      }
      results.failed++;
      outcomes.push(outcome(plan, existing, 'FAIL'));
      errors.push({
        line: plan.lines[0]!,
        column: error instanceof RowFailure ? error.column : COLUMNS.handle,
        message: message ?? 'internal error; see the server log',
      });
    }
    options.onProgress?.(i + 1, total);
  }
  return answer();
}

function outcome(plan: ProductPlan, existing: ProductRow | undefined, action: ImportAction): ProductOutcome {
  const name = plan.name ?? existing?.name;
  return { handle: plan.handle, line: plan.lines[0]!, ...(name ? { name } : {}), action };
}
