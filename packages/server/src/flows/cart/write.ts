import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StoredLine } from '../../modules/cart/model.ts';
import { MAX_LINES } from '../../modules/cart/schemas.ts';
import {
  type CartChanges,
  cartNotFound,
  type CartOwner,
  type CartRow,
  ensureCart,
  lockCart,
  ownerKey,
  saveCart,
} from '../../modules/cart/service.ts';
import { carts } from '../../modules/cart/tables.ts';
import type { StoreSettingsRow } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { compiled } from '../../platform/compiled-sql.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type Catalog, loadProducts } from './catalogue.ts';
import { lineView, type LineView, productIdsOf } from './lines.ts';
import { merchantSettings, viewContext } from './pricing.ts';
import { cartToWire, readCart, type WireCart } from './read.ts';
import { keepCart, keptOutcome, type KeptStart, keptStart } from './kept.ts';
import { products } from '../../modules/catalogue/products/tables.ts';
import { productVersion } from '../../modules/catalogue/products/versions.ts';

interface WriteOptions {
  create: boolean;
  productIds?: string[];
  /** Run `change` in the transaction that holds the row lock (it writes other rows with `tools.tx`). */
  locked?: boolean;
}

export type Change = (cart: CartChanges, tools: WriteTools) => Promise<void> | void;

const p = sql.placeholder;

/** Optimistic tries before a write takes the row lock instead. */
const OPTIMISTIC_TRIES = 2;

/**
 * One cart write: let `change` edit a copy of the cart, save it with the next revision and record
 * `cart.created` or `cart.updated` (`{id, revision, memberId | visitorId}`; read the cart for its content).
 * First optimistically, without a transaction: read the cart, then insert it (new carts) or update it only
 * if its revision is still the one read, together with the event in the same statement. When another write
 * got there first, `change` runs again on the fresh row; after `OPTIMISTIC_TRIES` conflicts (or when
 * `options.locked`), the row is locked for a transaction (`select … for update`), which always succeeds.
 */
export async function writeCart(
  ctx: AppContext,
  owner: CartOwner,
  options: WriteOptions,
  change: Change,
): Promise<{ wire: WireCart; row: CartRow }> {
  if (!options.locked) {
    // The cart as this process last wrote it, when it has it (kept.ts): no read unless it changed meanwhile.
    const kept = keptStart(ctx.db, owner, options.productIds ?? []);
    const written = kept && (await writeOptimistically(ctx, owner, options, change, kept));
    if (written) return written;
    for (let i = 0; i < OPTIMISTIC_TRIES; i++) {
      const written = await writeOptimistically(ctx, owner, options, change);
      if (written) return written;
    }
  }
  return writeLocked(ctx, owner, options, change);
}

/** What a write needs besides the row: settings, the catalogue as read so far, the change applied. */
async function applyChange(
  ctx: AppContext,
  tx: Db,
  row: CartRow,
  store: StoreSettingsRow,
  productIds: string[],
  change: Change,
  /** Products already read, and the ids they were read for (an unknown id is not read again). */
  preloaded?: { catalog: Catalog; ids: string[] },
) {
  const { currency, view } = viewContext(ctx, store);
  const catalog: Catalog = new Map(preloaded?.catalog);
  const asked = new Set<string>(preloaded?.ids);
  const products = async (ids: string[]) => {
    const missing = [...new Set(ids)].filter((id) => !asked.has(id));
    for (const id of missing) asked.add(id);
    if (missing.length) for (const [id, p] of await loadProducts(tx, missing)) catalog.set(id, p);
    return catalog;
  };
  await products([...productIdsOf(row.lineItems), ...productIds]);
  const working: CartChanges = {
    lineItems: row.lineItems,
    info: row.info,
    coupon: row.coupon,
    merchantDiscounts: row.merchantDiscounts,
    checkoutId: row.checkoutId,
  };
  const views = async (lines: StoredLine[]) => {
    await products(productIdsOf(lines));
    return lines.map((line) => lineView(line, catalog, view));
  };
  await change(working, { tx, store, row, products, views });
  /** The saved row as returned, with its lines priced. */
  const finish = async (saved: CartRow) => {
    await products(productIdsOf(saved.lineItems));
    return { wire: cartToWire(saved, { store, currency, catalog, view }).wire, row: saved };
  };
  return { working, finish };
}

function cartEvent(row: CartRow, type: 'created' | 'updated') {
  return {
    entity: 'cart',
    entityId: row.id,
    type,
    payload: {
      id: row.id,
      revision: row.revision.toString(),
      ...(row.memberId ? { memberId: row.memberId } : { visitorId: row.visitorId }),
    },
  };
}
type CartContent = 'lineItems' | 'info' | 'coupon' | 'merchantDiscounts' | 'checkoutId' | 'now';
/** The save of a cart's content with the next revision, where it is still at `revision` (as read or kept). */
const cartSave = sql`update ${carts} set line_items = ${p('lineItems')}::jsonb, info = ${p('info')}::jsonb,
    coupon = ${p('coupon')}::jsonb, merchant_discounts = ${p('merchantDiscounts')}::jsonb,
    checkout_id = ${p('checkoutId')}, revision = revision + 1, updated_date = ${p('now')}
    where id = ${p('id')} and revision = ${p('revision')}`;
/** The optimistic save of a cart read at `revision`. */
const cartUpdate = compiled<CartContent | 'id' | 'revision'>(sql`${cartSave} returning id`);
/**
 * The save of a kept cart (kept.ts): as `cartUpdate`, and only while each product it was priced with is still at
 * its kept version (`versions`: a JSON object of product id → version).
 */
const keptCartUpdate = compiled<CartContent | 'id' | 'revision' | 'versions'>(
  sql`${cartSave}
      -- Each kept product's version computed for it alone (by id), not for every product the plan might scan.
      and not exists (select 1 from json_each_text(${p('versions')}::json) as w(id, version)
        where w.version is distinct from
          (select ${productVersion(sql`p`, true)} from ${products} p where p.id = w.id::uuid))
    returning id`,
);
/** The optimistic insert of a new cart (nothing when the owner got one meanwhile). */
const cartInsert = compiled<CartContent | 'id' | 'ownerKey' | 'memberId' | 'visitorId' | 'revision'>(
  sql`insert into ${carts} (id, owner_key, member_id, visitor_id, line_items, info, coupon,
      merchant_discounts, checkout_id, revision, created_date, updated_date)
    values (${p('id')}, ${p('ownerKey')}, ${p('memberId')}, ${p('visitorId')}, ${p('lineItems')}::jsonb,
      ${p('info')}::jsonb, ${p('coupon')}::jsonb, ${p('merchantDiscounts')}::jsonb, ${p('checkoutId')},
      ${p('revision')}, ${p('now')}, ${p('now')})
    on conflict (owner_key) do nothing returning id`,
);

/**
 * One optimistic write: from the cart read now, or from `kept` (the cart as this process last wrote it, checked by
 * the write's own statement); undefined when another write got there first (a kept cart is then forgotten).
 */
async function writeOptimistically(
  ctx: AppContext,
  owner: CartOwner,
  options: WriteOptions,
  change: Change,
  kept?: KeptStart,
): Promise<{ wire: WireCart; row: CartRow } | undefined> {
  const now = ctx.clock();
  // The products asked for and those of the cart's lines are read with the cart, in one statement (or taken as
  // kept, checked by the save).
  const productIds = options.productIds ?? [];
  const [{ row: found, catalog: preloaded, versions }, { store }] = await Promise.all([
    kept ?? readCart(ctx.db, owner, productIds),
    merchantSettings(ctx),
  ]);
  if (!found && !options.create) throw cartNotFound();
  const row: CartRow = found ?? {
    id: randomUUID(),
    ownerKey: ownerKey(owner),
    memberId: owner.memberId ?? null,
    visitorId: owner.visitorId ?? null,
    lineItems: [],
    info: {},
    coupon: null,
    merchantDiscounts: [],
    checkoutId: null,
    revision: 0n,
    createdDate: now,
    updatedDate: now,
  };
  const { working, finish } = await applyChange(ctx, ctx.db, row, store, [], change, {
    catalog: preloaded,
    ids: [...productIdsOf(row.lineItems), ...productIds],
  });
  if (working.lineItems.length > MAX_LINES)
    throw new AppError(400, 'MAX_LINE_ITEMS_EXCEEDED', `A cart holds at most ${MAX_LINES} line items`, {
      max: MAX_LINES,
    });
  const saved: CartRow = { ...row, ...working, revision: row.revision + 1n, updatedDate: now };
  const content = {
    lineItems: JSON.stringify(saved.lineItems),
    info: JSON.stringify(saved.info),
    coupon: JSON.stringify(saved.coupon),
    merchantDiscounts: JSON.stringify(saved.merchantDiscounts),
    checkoutId: saved.checkoutId,
    now,
  };
  const write = kept
    ? keptCartUpdate({
        ...content,
        id: row.id,
        revision: row.revision,
        versions: JSON.stringify(Object.fromEntries(kept.versions)),
      })
    : found
      ? cartUpdate({ ...content, id: row.id, revision: row.revision })
      : cartInsert({
          ...content,
          id: saved.id,
          ownerKey: saved.ownerKey,
          memberId: saved.memberId,
          visitorId: saved.visitorId,
          revision: saved.revision,
        });
  // The row and its event in one statement: both or neither, no transaction.
  const done = await preparedRows<{ id: string }>(
    ctx.db,
    sql`with saved as (${write}), event as (${ctx.events.recordFrom('saved', cartEvent(saved, found ? 'updated' : 'created'))})
        select id from saved`,
  );
  if (kept) keptOutcome(ctx.db, owner, done.length > 0);
  if (done.length === 0) return undefined;
  ctx.events.kick();
  const { lineItems, info, coupon, merchantDiscounts } = content;
  keepCart(ctx.db, owner, saved, { lineItems, info, coupon, merchantDiscounts }, versions);
  return finish(saved);
}

async function writeLocked(
  ctx: AppContext,
  owner: CartOwner,
  options: WriteOptions,
  change: Change,
): Promise<{ wire: WireCart; row: CartRow }> {
  const { store } = await merchantSettings(ctx);
  return ctx.events.transaction(async (tx) => {
    const now = ctx.clock();
    const created = options.create ? await ensureCart(tx, owner, now) : false;
    const row = await lockCart(tx, owner);
    if (!row) throw cartNotFound();
    const { working, finish } = await applyChange(ctx, tx, row, store, options.productIds ?? [], change);
    const saved = await saveCart(tx, row.id, working, now);
    await ctx.events.record(tx, cartEvent(saved, created ? 'created' : 'updated'));
    return finish(saved);
  });
}

// ---- Writing

export interface WriteTools {
  tx: Db;
  store: StoreSettingsRow;
  row: CartRow;
  /** Products by id, read once per transaction. */
  products(ids: string[]): Promise<Catalog>;
  /** The lines as they stand, priced (for coupon checks). */
  views(lines: StoredLine[]): Promise<LineView[]>;
}
