import { asc, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { rows } from '../../../platform/db.ts';
import { csvRow, type CsvValue } from '../../../platform/csv.ts';
import { COLUMNS, headerFor, LIST_SEPARATOR, optionColumn } from './plan.ts';
import { loadVariants } from '../variants/reads.ts';
import { collections } from '../collections/tables.ts';
import { products } from '../products/tables.ts';
import { mediaUrl } from '../media/wire.ts';
import { productColumns } from '../products/wire.ts';

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
