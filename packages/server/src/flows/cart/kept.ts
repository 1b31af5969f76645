import type { CartOwner, CartRow } from '../../modules/cart/service.ts';
import { ownerKey } from '../../modules/cart/service.ts';
import type { Db } from '../../platform/db.ts';
import { LruMap } from '../../platform/lru.ts';
import { type Catalog, catalogCacheOf } from './catalogue.ts';
import { productIdsOf } from './lines.ts';

/**
 * The cart each owner last had written by this process, with the versions (`productVersion`) of the products it
 * was priced with. The owner's next write starts from it instead of reading the cart, and its statement writes
 * only while the cart's revision and each of those products' versions are still the kept ones (`write.ts`); any
 * other write of the cart (another process, a transaction, an order) or of one of its products makes that
 * statement write nothing, and the write then reads and goes on as before. So nothing is served from here that
 * the database no longer holds: it saves the read, not the check.
 */
interface KeptCart {
  row: Omit<CartRow, 'lineItems' | 'info' | 'coupon' | 'merchantDiscounts'>;
  /** The row's JSON columns as written (each start parses its own copy: a change edits what it is given). */
  json: { lineItems: string; info: string; coupon: string; merchantDiscounts: string };
  versions: Map<string, string>;
}

/** Kept per database handle, each cart weighing 1 + its products: a few MB at most. */
const KEPT_WEIGHT = 20_000;
const keptCarts = new WeakMap<Db, LruMap<KeptCart>>();

function keptOf(db: Db): LruMap<KeptCart> {
  let kept = keptCarts.get(db);
  if (!kept) {
    kept = new LruMap<KeptCart>(KEPT_WEIGHT, (cart) => 1 + cart.versions.size);
    keptCarts.set(db, kept);
  }
  return kept;
}

/** Where a write of a kept cart starts: the row, its products and their versions (by product id). */
export interface KeptStart {
  row: CartRow;
  catalog: Catalog;
  versions: Array<[string, string]>;
}

/**
 * The owner's kept cart with the products of its lines and of `productIds` as kept, or undefined unless each of
 * them is kept at the version the cart was written with (a new product is read with the cart as usual).
 */
export function keptStart(db: Db, owner: CartOwner, productIds: string[]): KeptStart | undefined {
  const kept = keptOf(db).get(ownerKey(owner));
  if (!kept) return undefined;
  const lineItems = JSON.parse(kept.json.lineItems) as CartRow['lineItems'];
  const cache = catalogCacheOf(db);
  const catalog: Catalog = new Map();
  const versions: Array<[string, string]> = [];
  // In id order, as the cart read's catalogue is.
  for (const id of [...new Set([...productIdsOf(lineItems), ...productIds])].sort()) {
    const version = kept.versions.get(id);
    const product = version === undefined ? undefined : cache.get(id, version);
    if (!product || product.variants.length === 0) return undefined;
    catalog.set(id, product);
    versions.push([id, version!]);
  }
  return {
    row: {
      ...kept.row,
      lineItems,
      info: JSON.parse(kept.json.info) as CartRow['info'],
      coupon: JSON.parse(kept.json.coupon) as CartRow['coupon'],
      merchantDiscounts: JSON.parse(kept.json.merchantDiscounts) as CartRow['merchantDiscounts'],
      createdDate: new Date(kept.row.createdDate),
      updatedDate: new Date(kept.row.updatedDate),
    },
    catalog,
    versions,
  };
}

/**
 * Keeps the cart just written (`json`: its JSON columns as sent) with the versions its lines' products were read
 * at; forgets the owner's cart when one of them was not read (a product gone meanwhile).
 */
export function keepCart(
  db: Db,
  owner: CartOwner,
  row: CartRow,
  json: KeptCart['json'],
  read: Iterable<[string, string]>,
): void {
  const known = new Map(read);
  const versions = new Map<string, string>();
  for (const id of productIdsOf(row.lineItems)) {
    const version = known.get(id);
    if (version === undefined) {
      forgetCart(db, owner);
      return;
    }
    versions.set(id, version);
  }
  const { lineItems: _l, info: _i, coupon: _c, merchantDiscounts: _m, ...rest } = row;
  keptOf(db).set(ownerKey(owner), { row: rest, json, versions });
}

export function forgetCart(db: Db, owner: CartOwner): void {
  keptOf(db).delete(ownerKey(owner));
}

/** Writes started from a kept cart: those that wrote, and those its statement refused (the cart then forgotten). */
const outcomes = new WeakMap<Db, { written: number; refused: number }>();

export function keptOutcome(db: Db, owner: CartOwner, wrote: boolean): void {
  const counts = keptCounts(db);
  if (wrote) counts.written++;
  else {
    counts.refused++;
    forgetCart(db, owner);
  }
}

/** This handle's counts of writes started from kept carts (tests, metrics). */
export function keptCounts(db: Db): { written: number; refused: number } {
  let counts = outcomes.get(db);
  if (!counts) {
    counts = { written: 0, refused: 0 };
    outcomes.set(db, counts);
  }
  return counts;
}
