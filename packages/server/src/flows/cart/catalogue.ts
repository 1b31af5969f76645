import { and, eq, sql } from 'drizzle-orm';
import type { ProductData } from '../../modules/catalogue/model.ts';
import { inventoryItems, products, productVariants } from '../../modules/catalogue/tables.ts';
import type { Db } from '../../platform/db.ts';

/**
 * The catalogue as the cart reads it (read-only): products with their variants and stock, by id. Live at
 * every read, so names, images, prices and availability are never older than the request.
 */

export const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CatalogStock {
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  preorderEnabled: boolean;
  preorderLimit: number | null;
  preorderCounter: number;
}

export interface CatalogVariant {
  id: string;
  choices: Record<string, string>;
  /** Before the product discount. */
  price: string;
  /** After the product discount: what the shopper pays. */
  discountedPrice: string;
  weight: number | null;
  sku: string | null;
  visible: boolean;
  stock: CatalogStock | null;
}

export interface CatalogProduct {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  weight: number | null;
  sku: string | null;
  collectionIds: string[];
  data: ProductData;
  variants: CatalogVariant[];
}

export type Catalog = Map<string, CatalogProduct>;

function prepareCatalogueRead(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      visible: products.visible,
      productType: products.productType,
      weight: products.weight,
      sku: products.sku,
      collectionIds: products.collectionIds,
      data: products.data,
      variantId: productVariants.id,
      choices: productVariants.choices,
      price: productVariants.price,
      discountedPrice: productVariants.discountedPrice,
      variantWeight: productVariants.weight,
      variantSku: productVariants.sku,
      variantVisible: productVariants.visible,
      trackQuantity: inventoryItems.trackQuantity,
      quantity: inventoryItems.quantity,
      inStock: inventoryItems.inStock,
      preorderEnabled: inventoryItems.preorderEnabled,
      preorderLimit: inventoryItems.preorderLimit,
      preorderCounter: inventoryItems.preorderCounter,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .leftJoin(
      inventoryItems,
      and(
        eq(inventoryItems.productId, productVariants.productId),
        // Compared as text so that the stock is found by product: variant ids repeat across products (every
        // default variant has the same id), and the index on the variant id alone walks all of them.
        sql`${inventoryItems.variantId}::text = ${productVariants.id}::text`,
      ),
    )
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(products.id, productVariants.position)
    .prepare('cart_catalogue_products');
}
/**
 * One prepared read per connection: keyed by the driver's client (the pool, or the pooled connection a
 * transaction runs on), so transactions on the same connection reuse it instead of building it again.
 */
const catalogueReads = new WeakMap<object, ReturnType<typeof prepareCatalogueRead>>();
const clientOf = (db: Db) => (db as unknown as { session: { client: object } }).session.client;

/** Products (any visibility) with their variants in position order; unknown ids are simply absent. */
export async function loadProducts(db: Db, ids: Iterable<string>): Promise<Catalog> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  const out: Catalog = new Map();
  if (wanted.length === 0) return out;
  let read = catalogueReads.get(clientOf(db));
  if (!read) {
    read = prepareCatalogueRead(db);
    catalogueReads.set(clientOf(db), read);
  }
  const found = await read.execute({ ids: `{${wanted.join(',')}}` });
  for (const r of found) {
    let product = out.get(r.id);
    if (!product) {
      product = {
        id: r.id,
        name: r.name,
        slug: r.slug,
        visible: r.visible,
        productType: r.productType,
        weight: r.weight,
        sku: r.sku,
        collectionIds: r.collectionIds,
        data: r.data,
        variants: [],
      };
      out.set(r.id, product);
    }
    product.variants.push({
      id: r.variantId,
      choices: r.choices,
      price: r.price,
      discountedPrice: r.discountedPrice,
      weight: r.variantWeight,
      sku: r.variantSku,
      visible: r.variantVisible,
      stock:
        r.trackQuantity === null
          ? null
          : {
              trackQuantity: r.trackQuantity,
              quantity: r.quantity,
              inStock: r.inStock ?? true,
              preorderEnabled: r.preorderEnabled ?? false,
              preorderLimit: r.preorderLimit,
              preorderCounter: r.preorderCounter ?? 0,
            },
    });
  }
  return out;
}

/** Units that can be sold now; `undefined` = not counted (untracked and in stock). */
export function unitsAvailable(stock: CatalogStock | null): number | undefined {
  if (!stock) return undefined;
  const preorder = stock.preorderEnabled
    ? stock.preorderLimit === null
      ? Number.POSITIVE_INFINITY
      : Math.max(0, stock.preorderLimit - stock.preorderCounter)
    : 0;
  if (!stock.trackQuantity) {
    if (stock.inStock) return undefined;
    return preorder === Number.POSITIVE_INFINITY ? undefined : preorder;
  }
  const total = Math.max(0, stock.quantity ?? 0) + preorder;
  return total === Number.POSITIVE_INFINITY ? undefined : total;
}
