import { and, eq, inArray } from 'drizzle-orm';
import { type CatalogRef, type NewRequest, variantOf } from '../../modules/back-in-stock/entity.ts';
import type { ItemDetails } from '../../modules/back-in-stock/tables.ts';
import { inventoryItems } from '../../modules/catalogue/inventory/tables.ts';
import { products } from '../../modules/catalogue/products/tables.ts';
import { DEFAULT_VARIANT_ID, productVariants } from '../../modules/catalogue/variants/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { STORE_APP_ID } from '../cart/catalogue.ts';
import { UUID } from '../../platform/uuid.ts';

/**
 * The catalogue side of a back-in-stock request: a request for a store product names a visible product (and
 * one of its variants, when it names one); its link and name in the mail come from the catalogue, never from
 * the shopper's request (a link to anywhere in the store's mail would be a gift to phishers). Items of other
 * catalogue apps keep what was sent, with the link only when it is on the store's own origin.
 */

export const isStoreItem = (ref: Pick<CatalogRef, 'appId'>) => ref.appId === STORE_APP_ID;

/** The product page of a store item. */
export const productUrl = (ctx: AppContext, slug: string) =>
  `${ctx.config.publicUrl}/products/${encodeURIComponent(slug)}`;

function sameOrigin(ctx: AppContext, url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin === new URL(ctx.config.publicUrl).origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The request as it is stored: the reference normalised, the link and item name resolved. */
export async function resolveRequest(
  ctx: AppContext,
  request: Omit<NewRequest, 'itemDetails'>,
  details: ItemDetails = {},
): Promise<NewRequest> {
  const ref = request.catalogReference;
  if (!isStoreItem(ref))
    return { ...request, itemUrl: sameOrigin(ctx, request.itemUrl), itemDetails: details };
  const productId = ref.catalogItemId.toLowerCase();
  const missing = () =>
    invalid('request.catalogReference.catalogItemId', 'is not a product of this store', 'VALIDATION', {
      catalogItemId: ref.catalogItemId,
    });
  if (!UUID.test(productId)) throw missing();
  const [product] = await ctx.db
    .select({ name: products.name, slug: products.slug, visible: products.visible })
    .from(products)
    .where(eq(products.id, productId));
  if (!product?.visible) throw missing();
  let variantId = variantOf(ref).toLowerCase();
  if (variantId === DEFAULT_VARIANT_ID) variantId = '';
  if (variantId) {
    const [variant] = UUID.test(variantId)
      ? await ctx.db
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(and(eq(productVariants.productId, productId), eq(productVariants.id, variantId)))
      : [];
    if (!variant)
      throw invalid(
        'request.catalogReference.options.variantId',
        'is not a variant of this product',
        'VALIDATION',
        {
          variantId,
        },
      );
  }
  const { variantId: _given, ...options } = ref.options ?? {};
  return {
    ...request,
    catalogReference: {
      catalogItemId: productId,
      appId: ref.appId,
      ...(variantId || Object.keys(options).length
        ? { options: { ...options, ...(variantId ? { variantId } : {}) } }
        : {}),
    },
    itemUrl: productUrl(ctx, product.slug),
    itemDetails: { ...details, name: product.name },
  };
}

/** Of `variantIds` of a product, those in stock now. */
export async function inStockNow(db: Db, productId: string, variantIds: string[]): Promise<string[]> {
  if (variantIds.length === 0) return [];
  const found = await db
    .select({ variantId: inventoryItems.variantId })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.productId, productId),
        inArray(inventoryItems.variantId, variantIds),
        eq(inventoryItems.inStock, true),
      ),
    );
  return found.map((f) => f.variantId);
}
