import { asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { rows } from '../../platform/db.ts';
import { AppError, ValidationFailure } from '../../platform/errors.ts';
import { csvRow, type CsvValue, parseCsv } from '../../platform/csv.ts';
import {
  COLUMNS,
  type CsvError,
  headerFor,
  LIST_SEPARATOR,
  optionColumn,
  type ProductPlan,
  planProducts,
  type VariantPlan,
} from './catalogue-csv-plan.ts';
import { addProductsToCollection, removeProductsFromCollection } from './collection-writes.ts';
import { type ItemEdit, setVariantStock } from './inventory-v3.ts';
import { resolveMedia } from './media.ts';
import type {
  OptionInput,
  ProductInput,
  ProductPatch,
  StockInput,
  StoredMedia,
  StoredOption,
  VariantPatch,
} from './model.ts';
import { addProductMedia, createProduct, removeProductMedia, updateProduct } from './product-writes.ts';
import { loadVariants } from './service.ts';
import { collections, products } from './tables.ts';
import { updateVariants, variantsOf } from './variant-writes.ts';
import { mediaUrl, type ProductRow, productColumns } from './wire.ts';
import { sanitizeDescription } from './write-support.ts';

/**
 * CSV export and import of products with their variants and stock (layout: `catalogue-csv-plan.ts`,
 * docs/CATALOGUE.md). The import goes through the ordinary write services, so every write validates,
 * keeps the denormalised columns in step and records its events; a product is created or updated by its
 * handle (slug). Products with a bad row are left out and reported; the others are written.
 */

export interface ImportResult {
  results: { created: number; updated: number; failed: number };
  errors: CsvError[];
}

export interface CsvProgress {
  onProgress?: (done: number, total: number) => void;
}

const EXPORT_PAGE = 200;

/** Products to export (for a progress bar). */
export async function countProducts(ctx: AppContext): Promise<number> {
  const [row] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${products}`);
  return Number(row?.n ?? 0);
}

const money = (value: string | null) => value ?? '';
const flag = (value: boolean) => (value ? 'true' : 'false');

/**
 * The whole catalogue as CSV text chunks (header first), one row per variant, products in creation order
 * (`numericId`), read a page at a time so that memory stays flat.
 */
export async function* exportProductsCsv(ctx: AppContext, options: CsvProgress = {}): AsyncGenerator<string> {
  const [widest] = await rows<{ n: number | null }>(
    ctx.db,
    sql`select max(jsonb_array_length(coalesce(${products.data}->'productOptions', '[]'::jsonb)))::int as n from ${products}`,
  );
  const optionCount = Math.max(1, Number(widest?.n ?? 0));
  const header = headerFor(optionCount);
  const at = new Map(header.map((name, i) => [name, i]));
  yield csvRow(header);

  const slugs = new Map(
    (await ctx.db.select({ id: collections.id, slug: collections.slug }).from(collections)).map((c) => [
      c.id,
      c.slug,
    ]),
  );
  const total = options.onProgress ? await countProducts(ctx) : 0;
  let done = 0;
  options.onProgress?.(0, total);
  let after: bigint | undefined;
  for (;;) {
    const page = await ctx.db
      .select(productColumns)
      .from(products)
      .where(after === undefined ? undefined : gt(products.numericId, after))
      .orderBy(asc(products.numericId))
      .limit(EXPORT_PAGE);
    if (page.length === 0) break;
    after = page.at(-1)!.numericId;
    const variants = await loadVariants(
      ctx.db,
      page.map((p) => p.id),
    );
    let chunk = '';
    for (const product of page) {
      const options = product.data.productOptions ?? [];
      for (const [i, { variant, inventory }] of (variants.get(product.id) ?? []).entries()) {
        const row: CsvValue[] = new Array(header.length).fill('');
        const set = (column: string, value: CsvValue) => {
          row[at.get(column)!] = value;
        };
        set(COLUMNS.handle, product.slug);
        if (i === 0) {
          set(COLUMNS.name, product.name);
          set(COLUMNS.description, product.description);
          set(COLUMNS.productType, product.productType);
          set(COLUMNS.visible, flag(product.visible));
          set(COLUMNS.brand, product.brand);
          set(COLUMNS.ribbon, product.ribbon);
          set(COLUMNS.price, product.price);
          set(COLUMNS.discountType, product.discountType);
          set(COLUMNS.discountValue, product.discountType === 'NONE' ? '' : product.discountValue);
          set(COLUMNS.discountedPrice, product.discountedPrice);
          set(COLUMNS.cost, money(product.cost));
          set(COLUMNS.weight, product.weight);
          set(COLUMNS.sku, product.sku);
          set(
            COLUMNS.collections,
            product.collectionIds
              .map((id) => slugs.get(id))
              .filter(Boolean)
              .join(LIST_SEPARATOR),
          );
          set(
            COLUMNS.images,
            (product.data.media ?? []).map((m) => mediaUrl(ctx.config.publicUrl, m)).join(LIST_SEPARATOR),
          );
          set(COLUMNS.digitalFile, product.data.digitalFile?.fileId);
        }
        options.forEach((option, n) => {
          const choice = variant.choices[option.name];
          set(optionColumn(n + 1, 'Name'), option.name);
          set(optionColumn(n + 1, 'Value'), choice);
          if (option.optionType === 'color')
            set(optionColumn(n + 1, 'Color'), option.choices.find((c) => c.description === choice)?.value);
        });
        if (options.length) {
          set(COLUMNS.variantPrice, variant.price);
          set(COLUMNS.variantCost, money(variant.cost));
          set(COLUMNS.variantWeight, variant.weight);
          set(COLUMNS.variantSku, variant.sku);
          set(COLUMNS.variantVisible, flag(variant.visible));
        }
        // A variant without an inventory item counts as untracked and in stock.
        const tracked = inventory?.trackQuantity ?? false;
        set(COLUMNS.trackQuantity, flag(tracked));
        if (tracked) set(COLUMNS.quantity, inventory?.quantity ?? 0);
        else set(COLUMNS.inStock, flag(inventory?.inStock ?? true));
        chunk += csvRow(row);
      }
    }
    yield chunk;
    done += page.length;
    options.onProgress?.(done, total);
    if (page.length < EXPORT_PAGE) break;
  }
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

async function create(ctx: AppContext, plan: ProductPlan, bySlug: Map<string, string>): Promise<void> {
  if (plan.name === undefined) throw new RowFailure(COLUMNS.name, 'is required to create a product');
  if (plan.price === undefined) throw new RowFailure(COLUMNS.price, 'is required to create a product');
  const ids = collectionIds(plan, bySlug);
  const media = plan.images ? await resolveImages(ctx, plan.images) : undefined;
  const options = plan.options ?? [];
  const input: ProductInput = {
    name: plan.name,
    slug: plan.handle,
    price: plan.price,
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

const choiceKey = (names: string[], choices: Record<string, string>) =>
  names.map((n) => choices[n] ?? '').join('\u0000');

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
    if (!match)
      throw new RowFailure(
        plan.options ? optionColumn(1, 'Value') : optionColumn(1, 'Name'),
        plan.options
          ? `line ${v.line}: the product has no variant ${JSON.stringify(v.choices)}`
          : `line ${v.line}: the product has options; name the variant with the Option columns`,
      );
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
  await setVariantStock(ctx, row.id, stock);

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

/**
 * Imports a catalogue CSV: validates every row, then creates or updates each good product by its handle.
 * Bad rows are reported by line and column; their products are not written; every other product is.
 * Counts are of products.
 */
export async function importProductsCsv(
  ctx: AppContext,
  text: string,
  options: CsvProgress = {},
): Promise<ImportResult> {
  const planned = planProducts(parseCsv(text));
  const errors = [...planned.errors];
  const results = { created: 0, updated: 0, failed: planned.failed };
  if (planned.headerFailed) return { results, errors };
  const bySlug = new Map(
    (await ctx.db.select({ id: collections.id, slug: collections.slug }).from(collections)).map((c) => [
      c.slug.toLowerCase(),
      c.id,
    ]),
  );
  const total = planned.plans.length;
  options.onProgress?.(0, total);
  for (const [i, plan] of planned.plans.entries()) {
    try {
      const [existing] = await ctx.db
        .select(productColumns)
        .from(products)
        .where(eq(products.slug, plan.handle));
      if (existing) {
        await update(ctx, plan, existing, bySlug);
        results.updated++;
      } else {
        await create(ctx, plan, bySlug);
        results.created++;
      }
    } catch (error) {
      const message = describe(error);
      if (message === undefined) {
        ctx.log.error({ err: error, handle: plan.handle }, 'catalogue import: product failed');
      }
      results.failed++;
      errors.push({
        line: plan.lines[0]!,
        column: error instanceof RowFailure ? error.column : COLUMNS.handle,
        message: message ?? 'internal error; see the server log',
      });
    }
    options.onProgress?.(i + 1, total);
  }
  errors.sort((a, b) => a.line - b.line);
  return { results, errors };
}
