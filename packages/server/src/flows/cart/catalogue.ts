import { type SQL, sql } from 'drizzle-orm';
import type { ProductData } from '../../modules/catalogue/shared/model.ts';
import { inventoryItems } from '../../modules/catalogue/inventory/tables.ts';
import { products } from '../../modules/catalogue/products/tables.ts';
import { productVariants } from '../../modules/catalogue/variants/tables.ts';
import { compiled } from '../../platform/compiled-sql.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import { UUID } from '../../platform/uuid.ts';

/**
 * The catalogue as the cart reads it (read-only): products with their variants and stock, by id. Live at
 * every read, so names, images, prices and availability are never older than the request.
 */

export const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export { UUID };

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

/**
 * The products of `ids` (a `uuid[]` expression) as one JSON array, each with its variants in position order and
 * their stock: one row however many products and variants, and each product's `data` sent once. Money is cast
 * to text so decimals stay exact; a variant without an inventory row has `stock: null`. Stock is joined on the
 * variant id as text, so it is found by product: variant ids repeat across products (every default variant has
 * the same id), and the index on the variant id alone walks all of them.
 */
export function productsJson(ids: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', p.id, 'name', p.name, 'slug', p.slug, 'visible', p.visible, 'productType', p.product_type,
      'weight', p.weight, 'sku', p.sku, 'collectionIds', p.collection_ids, 'data', p.data,
      'variants', (select coalesce(json_agg(json_build_object(
          'id', v.id, 'choices', v.choices, 'price', v.price::text, 'discountedPrice', v.discounted_price::text,
          'weight', v.weight, 'sku', v.sku, 'visible', v.visible,
          'stock', case when i.id is null then null else json_build_object(
            'trackQuantity', i.track_quantity, 'quantity', i.quantity, 'inStock', i.in_stock,
            'preorderEnabled', i.preorder_enabled, 'preorderLimit', i.preorder_limit,
            'preorderCounter', i.preorder_counter) end
        ) order by v.position), '[]'::json)
        from ${productVariants} v
        left join ${inventoryItems} i on i.product_id = v.product_id and i.variant_id::text = v.id::text
        where v.product_id = p.id)
    ) order by p.id), '[]'::json)
    from ${products} p where p.id = any(${ids}))`;
}

/** The catalogue ids among `ids` as the text of a `uuid[]` (anything not a GUID is left out). */
export function productIdList(ids: Iterable<string>): string {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  return `{${wanted.join(',')}}`;
}

/** A catalogue from `productsJson`. */
export function catalogOf(list: CatalogProduct[]): Catalog {
  const out: Catalog = new Map();
  // A product without variants cannot be bought: it reads as absent.
  for (const product of list) if (product.variants.length > 0) out.set(product.id, product);
  return out;
}

const productsRead = compiled<'ids'>(
  sql`select ${productsJson(sql`${sql.placeholder('ids')}::uuid[]`)} as products`,
);

/** Products (any visibility) with their variants in position order; unknown ids are simply absent. */
export async function loadProducts(db: Db, ids: Iterable<string>): Promise<Catalog> {
  const list = productIdList(ids);
  if (list === '{}') return new Map();
  const [row] = await preparedRows<{ products: CatalogProduct[] }>(db, productsRead({ ids: list }));
  return catalogOf(row?.products ?? []);
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
