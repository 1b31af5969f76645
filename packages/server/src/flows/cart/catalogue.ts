import { type SQL, sql } from 'drizzle-orm';
import type { ProductData } from '../../modules/catalogue/shared/model.ts';
import { inventoryItems } from '../../modules/catalogue/inventory/tables.ts';
import { products } from '../../modules/catalogue/products/tables.ts';
import { productVersion } from '../../modules/catalogue/products/versions.ts';
import { productVariants } from '../../modules/catalogue/variants/tables.ts';
import { compiled } from '../../platform/compiled-sql.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import { LruMap } from '../../platform/lru.ts';
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
export function productsJson(ids: SQL, withVersion = false): SQL {
  return sql`(select coalesce(json_agg(json_build_object(${withVersion ? sql`'version', ${productVersion(sql`p`, true)}, ` : sql``}
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

/** The products of `ids` (a `uuid[]` expression) as a JSON array of `[id, version]`: what `catalogAt` reads. */
export function productVersionsJson(ids: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_array(p.id, ${productVersion(sql`p`, true)})), '[]'::json)
    from ${products} p where p.id = any(${ids}))`;
}

/**
 * Products as the cart reads them, per process, by version (`productVersion`): a cart read asks PostgreSQL for
 * its products' versions only, and reads whole just those not kept at that version. Kept products are frozen
 * (shared by every request); the least recently used leave first. Keyed by the database handle, so a
 * transaction (which may see its own uncommitted versions) never shares them.
 */
export class CatalogCache {
  private readonly kept: LruMap<CatalogProduct>;

  constructor(maxProducts: number) {
    this.kept = new LruMap<CatalogProduct>(maxProducts);
  }

  get hits(): number {
    return this.kept.hits;
  }

  get misses(): number {
    return this.kept.misses;
  }

  get(id: string, version: string): CatalogProduct | undefined {
    return this.kept.get(`${id}\u0000${version}`);
  }

  set(id: string, version: string, product: CatalogProduct): void {
    this.kept.set(`${id}\u0000${version}`, deepFreeze(product));
  }

  /** The kept products, least recently used first (tests). */
  products(): IterableIterator<[string, CatalogProduct]> {
    return this.kept.entries();
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Products kept per database handle (a product's data is a few kB: a thousand is a few MB). */
const CATALOG_PRODUCTS_KEPT = 1_000;
const catalogCaches = new WeakMap<Db, CatalogCache>();

export function catalogCacheOf(db: Db): CatalogCache {
  let cache = catalogCaches.get(db);
  if (!cache) {
    cache = new CatalogCache(CATALOG_PRODUCTS_KEPT);
    catalogCaches.set(db, cache);
  }
  return cache;
}

const versionedProductsRead = compiled<'ids'>(
  sql`select ${productsJson(sql`${sql.placeholder('ids')}::uuid[]`, true)} as products`,
);

/**
 * The catalogue of products at the versions a statement read (`productVersionsJson`): kept ones as they are, the
 * others read whole (at the version they have then, which is never older) and kept.
 */
export async function catalogAt(db: Db, versions: Array<[string, string]>): Promise<Catalog> {
  const cache = catalogCacheOf(db);
  const found: CatalogProduct[] = [];
  const missing: string[] = [];
  for (const [id, version] of versions) {
    const product = cache.get(id, version);
    if (product) found.push(product);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const [row] = await preparedRows<{ products: Array<CatalogProduct & { version: string }> }>(
      db,
      versionedProductsRead({ ids: productIdList(missing) }),
    );
    for (const { version, ...product } of row?.products ?? []) {
      cache.set(product.id, version, product);
      found.push(product);
    }
  }
  // In id order, as one statement's `order by p.id` gave them.
  found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return catalogOf(found);
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
