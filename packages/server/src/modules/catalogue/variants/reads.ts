import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { type FieldViolation, notFound, ValidationFailure } from '../../../platform/errors.ts';
import { keysColumn, selectPage } from '../../../platform/query/select-page.ts';
import { compileQuery, type Page, type QuerySpec } from '../../../platform/query/index.ts';
import { mediaLinks } from '../media/signing.ts';
import type { StoredMedia } from '../shared/model.ts';
import {
  alsoUnder,
  cappedCount,
  PAGE_LIMITS,
  UUID,
  type Viewer,
  visibleTo,
  wireOptions,
} from '../shared/reads.ts';
import { inventoryItems, type InventoryRow, variantJoin } from '../inventory/tables.ts';
import { type ProductRow, products } from '../products/tables.ts';
import { productVariants, type VariantRow } from './tables.ts';
import { optionsToWire, productColumns } from '../products/wire.ts';
import { storeVariantToWire, variantToWire, type WireStoreVariant, type WireVariant } from './wire.ts';
import { wireMedia } from '../media/wire.ts';
import type { Db } from '../../../platform/db.ts';

/** Variant reads: options availability, a product's variants, store variants. */

async function readableProduct(ctx: AppContext, id: string, viewer: Viewer): Promise<ProductRow> {
  const missing = () => notFound('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id });
  if (!UUID.test(id)) throw missing();
  const [row] = await ctx.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), visibleTo(viewer, products.visible)))
    .limit(1);
  if (!row) throw missing();
  return row;
}

/**
 * What a shopper can pick given some chosen options: each choice's availability together with the other
 * choices made, and, once every option is chosen, the variant with its price, stock and visibility.
 */
export async function productOptionsAvailability(
  ctx: AppContext,
  id: string,
  chosen: Record<string, string>,
  viewer: Viewer,
) {
  const product = await readableProduct(ctx, id, viewer);
  const variants = (await loadVariants(ctx.db, [id])).get(id) ?? [];
  const options = product.data.productOptions ?? [];
  const media = product.data.media ?? [];
  const violations: FieldViolation[] = [];
  // Option name → chosen choice description (the name variants use).
  const selected: Record<string, string> = {};
  for (const [name, value] of Object.entries(chosen)) {
    const option = options.find((o) => o.name === name);
    const choice = option?.choices.find((c) => c.description === value || c.value === value);
    if (!choice)
      violations.push({
        field: `options.${name}`,
        description: option ? 'is not a choice of this option' : 'is not an option of the product',
        violatedRule: 'VALIDATION',
        data: { value },
      });
    else selected[name] = choice.description;
  }
  if (violations.length) throw new ValidationFailure(violations);

  const matching = (wanted: Record<string, string>) =>
    variants.filter((v) => Object.entries(wanted).every(([k, c]) => v.variant.choices[k] === c));
  const links = mediaLinks(ctx);
  const wire = optionsToWire(options, media, links);
  const productOptions = wire.map((option, i) => {
    const others = Object.fromEntries(Object.entries(selected).filter(([k]) => k !== option.name));
    return {
      ...option,
      choices: option.choices.map((choice, j) => {
        const candidates = matching({ ...others, [option.name]: choice.description });
        return {
          ...choice,
          inStock: candidates.some((v) => v.inventory?.inStock ?? true),
          visible: options[i]!.choices[j]!.visible && candidates.some((v) => v.variant.visible),
        };
      }),
    };
  });

  const complete = options.every((o) => selected[o.name] !== undefined);
  const found = complete ? matching(selected)[0] : undefined;
  const opts = wireOptions(ctx, false);
  const variant = found ? variantToWire(product, found.variant, found.inventory, opts) : undefined;
  const choiceMedia: StoredMedia[] = [];
  for (const option of options) {
    const choice = option.choices.find((c) => c.description === selected[option.name]);
    for (const mediaId of choice?.mediaIds ?? []) {
      const m = media.find((x) => x.id === mediaId);
      if (m && !choiceMedia.includes(m)) choiceMedia.push(m);
    }
  }
  return {
    ...(variant
      ? {
          selectedVariant: {
            id: variant.id,
            price: variant.variant.priceData,
            convertedPriceData: variant.variant.convertedPriceData,
            ...(variant.variant.weight !== undefined ? { weight: variant.variant.weight } : {}),
            ...(variant.variant.sku !== undefined ? { sku: variant.variant.sku } : {}),
            ...(variant.stock.quantity !== undefined ? { quantity: variant.stock.quantity } : {}),
            inStock: variant.stock.inStock,
            visible: variant.variant.visible,
            ...(variant.variant.productDimensions
              ? { productDimensions: variant.variant.productDimensions }
              : {}),
            ...(variant.variant.packageDimensions
              ? { packageDimensions: variant.variant.packageDimensions }
              : {}),
          },
        }
      : {}),
    media: wireMedia(links, choiceMedia.length ? choiceMedia : media),
    productOptions,
    availableForPurchase: Boolean(variant?.stock.inStock && variant.variant.visible && product.visible),
  };
}

export interface ProductVariantsRequest {
  choices?: Record<string, string>;
  variantIds?: string[];
  paging?: { limit?: number; offset?: number };
  includeMerchantSpecificData?: boolean;
}

const MAX_VARIANTS_PAGE = 100;

/** A product's variants, filtered by (partial) choices and/or ids, offset-paged. */
export async function queryProductVariants(
  ctx: AppContext,
  id: string,
  request: ProductVariantsRequest,
  viewer: Viewer,
): Promise<{ variants: WireVariant[]; metadata: { items: number; offset: number }; totalResults: number }> {
  const product = await readableProduct(ctx, id, viewer);
  const all = (await loadVariants(ctx.db, [id])).get(id) ?? [];
  const ids = request.variantIds?.length
    ? new Set(request.variantIds.map((v) => v.toLowerCase()))
    : undefined;
  const options = product.data.productOptions ?? [];
  const wanted = Object.entries(request.choices ?? {}).map(([name, value]) => {
    const choice = options.find((o) => o.name === name)?.choices.find((c) => c.value === value);
    return [name, choice?.description ?? value] as const;
  });
  const matches = all.filter(
    (v) =>
      (!ids || ids.has(v.variant.id)) && wanted.every(([name, value]) => v.variant.choices[name] === value),
  );
  const offset = request.paging?.offset ?? 0;
  const limit = request.paging?.limit ?? MAX_VARIANTS_PAGE;
  const page = matches.slice(offset, offset + limit);
  const opts = wireOptions(ctx, viewer.merchant && request.includeMerchantSpecificData === true);
  return {
    variants: page.map((v) => variantToWire(product, v.variant, v.inventory, opts)),
    metadata: { items: page.length, offset },
    totalResults: matches.length,
  };
}

const storeVariantId = sql<string>`(${productVariants.productId}::text || '-' || ${productVariants.id}::text)`;

/** Store variants: every variant of every product, filtered and sorted like products. */
export const STORE_VARIANT_QUERY: QuerySpec = {
  fields: {
    id: { sql: storeVariantId, type: 'string', sortable: true, unique: true },
    productId: { sql: productVariants.productId, type: 'uuid', sortable: true },
    variantId: { sql: productVariants.id, type: 'uuid' },
    productName: { sql: products.name, type: 'string', sortable: true },
    sku: { sql: productVariants.sku, type: 'string', sortable: true, nullable: true },
    managedVariant: { sql: products.manageVariants, type: 'boolean' },
    visible: { sql: productVariants.visible, type: 'boolean' },
    collectionIds: { sql: products.collectionIds, type: 'uuid[]' },
    ...alsoUnder('stock', {
      inStock: { sql: inventoryItems.inStock, type: 'boolean' },
      trackQuantity: { sql: inventoryItems.trackQuantity, type: 'boolean' },
      quantity: { sql: inventoryItems.quantity, type: 'integer', nullable: true, sortable: true },
    }),
  },
  // Product id first: the primary key (product_id, id) serves it, the id tie-break sorts within a product.
  defaultSort: [{ fieldName: 'productId', order: 'ASC' }],
  tiebreaker: 'id',
  ...PAGE_LIMITS,
};

/** Variants with their product and inventory item, as the store variant reads show them. */
const selectStoreVariants = (db: Db, keys: SQL = sql<null>`null`) =>
  db
    .select({
      product: {
        id: products.id,
        name: products.name,
        manageVariants: products.manageVariants,
        collectionIds: products.collectionIds,
        data: products.data,
      },
      variant: productVariants,
      inventory: inventoryItems,
      keys,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, variantJoin)
    .$dynamic();

export async function queryStoreVariants(
  ctx: AppContext,
  request: { query?: unknown },
  viewer: Viewer,
): Promise<{ variants: WireStoreVariant[]; metadata: Page<WireStoreVariant>['metadata'] }> {
  const plan = compileQuery(request.query, STORE_VARIANT_QUERY);
  const base = visibleTo(viewer, products.visible);
  const from = sql`${productVariants} inner join ${products} on ${products.id} = ${productVariants.productId} left join ${inventoryItems} on ${variantJoin}`;
  const links = mediaLinks(ctx);
  const page = await selectPage(
    selectStoreVariants(ctx.db, keysColumn(plan)),
    plan,
    base,
    (r) => storeVariantToWire(r, links),
    cappedCount(ctx.db, from, and(base, plan.filter)),
  );
  return { variants: page.items, metadata: page.metadata };
}

/** A store variant by its `<productId>-<variantId>` id. */
export async function getStoreVariant(
  ctx: AppContext,
  id: string,
  viewer: Viewer,
): Promise<WireStoreVariant> {
  const missing = () => notFound('VARIANT_NOT_FOUND', `Variant ${id} was not found`, { id });
  const productId = id.slice(0, 36);
  const variantId = id.slice(37);
  if (id[36] !== '-' || !UUID.test(productId) || !UUID.test(variantId)) throw missing();
  const [row] = await selectStoreVariants(ctx.db)
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.id, variantId),
        visibleTo(viewer, products.visible),
      ),
    )
    .limit(1);
  if (!row) throw missing();
  return storeVariantToWire(row, mediaLinks(ctx));
}

export async function loadVariants(
  db: Db,
  productIds: string[],
): Promise<Map<string, Array<{ variant: VariantRow; inventory: InventoryRow | undefined }>>> {
  const out = new Map<string, Array<{ variant: VariantRow; inventory: InventoryRow | undefined }>>();
  if (productIds.length === 0) return out;
  const found = await db
    .select({ variant: productVariants, inventory: inventoryItems })
    .from(productVariants)
    .leftJoin(inventoryItems, variantJoin)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const { variant, inventory } of found) {
    const list = out.get(variant.productId) ?? [];
    list.push({ variant, inventory: inventory ?? undefined });
    out.set(variant.productId, list);
  }
  return out;
}
