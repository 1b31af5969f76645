import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CartInfo, StoredCoupon, StoredLine, StoredMerchantDiscount } from '../../modules/cart/model.ts';
import type {
  AddToCartRequest,
  CartInfoInput,
  CreateCheckoutRequest,
  EstimateTotalsRequest,
  UpdateCartRequest,
} from '../../modules/cart/schemas.ts';
import { MAX_LINES, MAX_QUANTITY } from '../../modules/cart/schemas.ts';
import {
  type CartChanges,
  type CartOwner,
  type CartRow,
  cartNotFound,
  deleteCartRow,
  ensureCart,
  findCart,
  lockCart,
  mergeLines,
  ownerKey,
  saveCart,
} from '../../modules/cart/service.ts';
import { carts } from '../../modules/cart/tables.ts';
import type { Currency } from '../../modules/pricing/currency.ts';
import { estimateTotals, type Totals } from '../../modules/pricing/index.ts';
import type { StoreSettingsRow } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { compiled } from '../../platform/compiled-sql.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import {
  AppError,
  badRequest,
  type FieldViolation,
  forbidden,
  ValidationFailure,
} from '../../platform/errors.ts';
import { decimalFromNumber } from '../../platform/money.ts';
import { createCheckoutFromCart } from '../checkout/from-cart.ts';
import {
  type Catalog,
  type CatalogProduct,
  catalogOf,
  loadProducts,
  productIdList,
  productsJson,
} from './catalogue.ts';
import {
  catalogLinesFrom,
  customLinesFrom,
  type LineView,
  lineView,
  productIdsOf,
  referencedProductIds,
  type ViewContext,
  type WireLineItem,
} from './lines.ts';
import {
  couponFailure,
  couponSnapshot,
  merchantDiscountsSnapshot,
  merchantSettings,
  pricingSnapshot,
  storedCouponOf,
  storeSnapshot,
  viewContext,
} from './pricing.ts';

/**
 * The current cart (wire/cart-and-checkout.md §3): the caller's one cart, its lines priced from the live
 * catalogue on every read, totals from the pricing engine. Every write bumps `revision` and never loses a
 * parallel write's line or quantity: it first writes optimistically (one statement, only if the revision it
 * read is still current), and after a conflict locks the cart row for a transaction (see `writeCart`).
 */

export interface Caller {
  owner: CartOwner;
  /** Admin credentials (with a visitor or member token beside them): may price lines themselves. */
  admin: boolean;
}

// ---- Reading

interface Loaded {
  store: StoreSettingsRow;
  currency: Currency;
  catalog: Catalog;
  view: ViewContext;
}

function loaded(ctx: AppContext, store: StoreSettingsRow, catalog: Catalog): Loaded {
  return { store, catalog, ...viewContext(ctx, store) };
}

/** The cart row as JSON: dates and the revision as PostgreSQL writes them as text. */
interface CartJson {
  id: string;
  ownerKey: string;
  memberId: string | null;
  visitorId: string | null;
  lineItems: StoredLine[];
  info: CartInfo;
  coupon: StoredCoupon | null;
  merchantDiscounts: StoredMerchantDiscount[];
  checkoutId: string | null;
  revision: string;
  createdDate: string;
  updatedDate: string;
}

// Two JSON columns rather than a column per field: the driver's work grows with the number of columns.
const cartRead = compiled<'key' | 'productIds'>(
  sql`with cart as (select * from ${carts} where owner_key = ${sql.placeholder('key')} limit 1)
    select (select json_build_object('id', c.id, 'ownerKey', c.owner_key, 'memberId', c.member_id,
        'visitorId', c.visitor_id, 'lineItems', c.line_items, 'info', c.info, 'coupon', c.coupon,
        'merchantDiscounts', c.merchant_discounts, 'checkoutId', c.checkout_id, 'revision', c.revision::text,
        'createdDate', c.created_date::text, 'updatedDate', c.updated_date::text) from cart c) as cart,
      ${productsJson(
        sql`(array(select (l->>'productId')::uuid from cart c, jsonb_array_elements(c.line_items) l
          where l->>'kind' = 'catalog' and l->>'productId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
          || ${sql.placeholder('productIds')}::uuid[])`,
      )} as products`,
);

/**
 * The owner's cart and, in the same statement, the products of its catalogue lines and of `productIds` (read
 * even when there is no cart), with their variants and stock.
 */
async function readCart(
  db: Db,
  owner: CartOwner,
  productIds: string[] = [],
): Promise<{ row: CartRow | undefined; catalog: Catalog }> {
  const [read] = await preparedRows<{ cart: CartJson | null; products: CatalogProduct[] }>(
    db,
    cartRead({ key: ownerKey(owner), productIds: productIdList(productIds) }),
  );
  const catalog = catalogOf(read?.products ?? []);
  const cart = read?.cart;
  if (!cart) return { row: undefined, catalog };
  return {
    row: {
      ...cart,
      revision: BigInt(cart.revision),
      // The text the driver would have parsed (timestamps stay text in both drivers).
      createdDate: new Date(cart.createdDate),
      updatedDate: new Date(cart.updatedDate),
    },
    catalog,
  };
}

export interface WireCart {
  id: string;
  lineItems: WireLineItem[];
  revision: string;
  [field: string]: unknown;
}

function cartToWire(row: CartRow, loaded: Loaded): { wire: WireCart; views: LineView[] } {
  const views = row.lineItems.map((line) => lineView(line, loaded.catalog, loaded.view));
  const { info, coupon } = row;
  const { currency } = loaded;
  const appliedDiscounts: Record<string, unknown>[] = [];
  if (coupon)
    appliedDiscounts.push({
      coupon: { id: coupon.id, code: coupon.code, name: coupon.name },
      discountType: coupon.discountType,
      lineItemIds: [],
    });
  for (const d of row.merchantDiscounts) {
    const ids = d.lineItemIds ?? [];
    appliedDiscounts.push({
      merchantDiscount:
        'amount' in d
          ? { amount: currency.mcp(currency.parse(d.amount)) }
          : { percentage: Number(d.percentage) },
      discountType: ids.length ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      lineItemIds: ids,
    });
  }
  // Field by field in wire order (conditional spreads cost more than the rest of this).
  const wire = { id: row.id, lineItems: views.map((v) => v.wire) } as WireCart;
  if (info.buyerNote) wire.buyerNote = info.buyerNote;
  const buyerInfo: Record<string, unknown> = row.memberId
    ? { memberId: row.memberId }
    : { visitorId: row.visitorId };
  if (info.buyerInfo?.contactId) buyerInfo.contactId = info.buyerInfo.contactId;
  if (info.buyerInfo?.email) buyerInfo.email = info.buyerInfo.email;
  wire.buyerInfo = buyerInfo;
  wire.currency = loaded.store.currency;
  wire.conversionCurrency = loaded.store.currency;
  wire.paymentCurrency = loaded.store.currency;
  if (info.buyerLanguage) wire.buyerLanguage = info.buyerLanguage;
  wire.siteLanguage = loaded.store.locale.split('-')[0];
  wire.taxIncludedInPrices = loaded.store.taxIncludedInPrices;
  wire.weightUnit = loaded.store.weightUnit;
  if (row.checkoutId) wire.checkoutId = row.checkoutId;
  wire.appliedDiscounts = appliedDiscounts;
  if (info.contactInfo) wire.contactInfo = info.contactInfo;
  if (info.overrideCheckoutUrl) wire.overrideCheckoutUrl = info.overrideCheckoutUrl;
  if (info.selectedShippingOption) wire.selectedShippingOption = info.selectedShippingOption;
  if (info.extendedFields) wire.extendedFields = info.extendedFields;
  if (info.businessLocationId) wire.businessLocationId = info.businessLocationId;
  wire.createdDate = row.createdDate.toISOString();
  wire.updatedDate = row.updatedDate.toISOString();
  wire.revision = row.revision.toString();
  return { wire, views };
}

export async function getCart(ctx: AppContext, owner: CartOwner): Promise<WireCart> {
  const [{ row, catalog }, { store }] = await Promise.all([readCart(ctx.db, owner), merchantSettings(ctx)]);
  if (!row) throw cartNotFound();
  return cartToWire(row, loaded(ctx, store, catalog)).wire;
}

// ---- Writing

interface WriteTools {
  tx: Db;
  store: StoreSettingsRow;
  row: CartRow;
  /** Products by id, read once per transaction. */
  products(ids: string[]): Promise<Catalog>;
  /** The lines as they stand, priced (for coupon checks). */
  views(lines: StoredLine[]): Promise<LineView[]>;
}

interface WriteOptions {
  create: boolean;
  productIds?: string[];
  /** Run `change` in the transaction that holds the row lock (it writes other rows with `tools.tx`). */
  locked?: boolean;
}

type Change = (cart: CartChanges, tools: WriteTools) => Promise<void> | void;

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
async function writeCart(
  ctx: AppContext,
  owner: CartOwner,
  options: WriteOptions,
  change: Change,
): Promise<{ wire: WireCart; row: CartRow }> {
  if (!options.locked)
    for (let i = 0; i < OPTIMISTIC_TRIES; i++) {
      const written = await writeOptimistically(ctx, owner, options, change);
      if (written) return written;
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

const p = sql.placeholder;
type CartContent = 'lineItems' | 'info' | 'coupon' | 'merchantDiscounts' | 'checkoutId' | 'now';
/** The optimistic save of a cart read at `revision`. */
const cartUpdate = compiled<CartContent | 'id' | 'revision'>(
  sql`update ${carts} set line_items = ${p('lineItems')}::jsonb, info = ${p('info')}::jsonb,
    coupon = ${p('coupon')}::jsonb, merchant_discounts = ${p('merchantDiscounts')}::jsonb,
    checkout_id = ${p('checkoutId')}, revision = revision + 1, updated_date = ${p('now')}
    where id = ${p('id')} and revision = ${p('revision')} returning id`,
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

async function writeOptimistically(
  ctx: AppContext,
  owner: CartOwner,
  options: WriteOptions,
  change: Change,
): Promise<{ wire: WireCart; row: CartRow } | undefined> {
  const now = ctx.clock();
  // The products asked for and those of the cart's lines are read with the cart, in one statement.
  const productIds = options.productIds ?? [];
  const [{ row: found, catalog: preloaded }, { store }] = await Promise.all([
    readCart(ctx.db, owner, productIds),
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
  const write = found
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
  if (done.length === 0) return undefined;
  ctx.events.kick();
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

function addLines(cart: Pick<CartChanges, 'lineItems'>, added: StoredLine[], field: string): void {
  const merged = mergeLines(cart.lineItems, added);
  // A merge that hit the quantity cap is a client mistake, not a silent change.
  added.forEach((line, index) => {
    if (line.kind !== 'catalog') return;
    const before =
      cart.lineItems.find((l) => l.kind === 'catalog' && l.mergeKey === line.mergeKey)?.quantity ?? 0;
    const sameInRequest = added
      .slice(0, index + 1)
      .filter((l) => l.kind === 'catalog' && l.mergeKey === line.mergeKey)
      .reduce((a, l) => a + l.quantity, 0);
    if (before + sameInRequest > MAX_QUANTITY)
      throw new ValidationFailure([
        {
          field: `${field}[${index}].quantity`,
          description: `would make the line's quantity more than ${MAX_QUANTITY}`,
          violatedRule: 'MAX',
          data: { max: MAX_QUANTITY, inCart: before },
        },
      ]);
  });
  cart.lineItems = merged;
}

/** Adds line inputs to a cart's (or a checkout's) lines: catalogue lines merge, custom lines need an admin. */
export async function addInputs(
  ctx: AppContext,
  caller: Pick<Caller, 'admin'>,
  cart: Pick<CartChanges, 'lineItems'>,
  tools: Pick<WriteTools, 'products'>,
  body: Pick<AddToCartRequest, 'lineItems' | 'customLineItems'>,
): Promise<void> {
  const now = ctx.clock();
  if (body.customLineItems?.length && !caller.admin)
    throw forbidden('customLineItems are priced by the caller: they need admin credentials');
  const catalog = await tools.products(referencedProductIds(body.lineItems));
  const lines = catalogLinesFrom(body.lineItems ?? [], catalog, caller.admin, now);
  addLines(cart, lines, 'lineItems');
  if (body.customLineItems?.length)
    cart.lineItems = [...cart.lineItems, ...customLinesFrom(body.customLineItems, now)];
}

export async function addToCart(ctx: AppContext, caller: Caller, body: AddToCartRequest): Promise<WireCart> {
  if (!body.lineItems?.length && !body.customLineItems?.length)
    throw new ValidationFailure([
      {
        field: 'lineItems',
        description: 'lineItems or customLineItems must have at least one item',
        violatedRule: 'REQUIRED_ONE_OF_FIELD',
        data: {},
      },
    ]);
  const { wire } = await writeCart(
    ctx,
    caller.owner,
    { create: true, productIds: referencedProductIds(body.lineItems) },
    async (cart, tools) => {
      await addInputs(ctx, caller, cart, tools, body);
      if (body.businessLocationId) cart.info = { ...cart.info, businessLocationId: body.businessLocationId };
    },
  );
  return wire;
}

const CART_INFO_FIELDS = [
  'buyerNote',
  'buyerInfo',
  'contactInfo',
  'selectedShippingOption',
  'overrideCheckoutUrl',
  'businessLocationId',
  'extendedFields',
  'buyerLanguage',
] as const;
/** Request fields a client may name in `cartFieldmask` besides cart info; they apply when present anyway. */
const OTHER_MASKABLE = new Set(['couponCode', 'merchantDiscounts', 'lineItems', 'customLineItems']);

/** cartInfo applied per the mask (dotted paths under cartInfo), or every field given when there is no mask. */
function applyCartInfo(info: CartInfo, input: CartInfoInput | undefined, mask: string | undefined): CartInfo {
  const next: Record<string, unknown> = structuredClone(info) as Record<string, unknown>;
  const given = (input ?? {}) as Record<string, unknown>;
  if (!mask?.trim()) {
    for (const key of CART_INFO_FIELDS) if (given[key] !== undefined) next[key] = given[key];
    return next as CartInfo;
  }
  const violations: FieldViolation[] = [];
  for (const raw of mask.split(',')) {
    const path = raw.trim().replace(/^cartInfo\./, '');
    if (!path || OTHER_MASKABLE.has(path)) continue;
    const parts = path.split('.');
    if (!(CART_INFO_FIELDS as readonly string[]).includes(parts[0]!)) {
      violations.push({
        field: 'cartFieldmask',
        description: `"${raw.trim()}" is not a writable cart field`,
        violatedRule: 'VALIDATION',
        data: { path: raw.trim() },
      });
      continue;
    }
    let from: unknown = given;
    for (const p of parts)
      from = from && typeof from === 'object' ? (from as Record<string, unknown>)[p] : undefined;
    let node = next;
    for (const p of parts.slice(0, -1)) {
      const child = node[p];
      if (typeof child !== 'object' || child === null || Array.isArray(child)) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const leaf = parts.at(-1)!;
    if (from === undefined) delete node[leaf];
    else node[leaf] = from;
  }
  if (violations.length) throw new ValidationFailure(violations);
  return next as CartInfo;
}

function merchantDiscountsOf(
  list: NonNullable<UpdateCartRequest['merchantDiscounts']>,
): StoredMerchantDiscount[] {
  return list.map((d, i) => {
    const ids = d.lineItemIds?.length ? { lineItemIds: d.lineItemIds } : {};
    if (d.amount !== undefined && d.percentage === undefined) return { amount: d.amount, ...ids };
    if (d.percentage !== undefined && d.amount === undefined)
      return { percentage: decimalFromNumber(d.percentage), ...ids };
    throw new ValidationFailure([
      {
        field: `merchantDiscounts[${i}].amount`,
        description: 'give exactly one of amount and percentage',
        violatedRule: 'ONE_OF_ALIGNMENT',
        data: {},
      },
    ]);
  });
}

/**
 * Validates a coupon code against the cart as it stands (the same checks as the estimate: exists, active,
 * not expired, usage limits, items in scope, minimum subtotal) and returns what the cart keeps of it.
 */
async function applyCoupon(
  ctx: AppContext,
  caller: Caller,
  cart: CartChanges,
  tools: WriteTools,
  code: string,
): Promise<StoredCoupon> {
  const coupon = await couponSnapshot(tools.tx, code, customerOf(caller.owner, cart.info));
  const views = await tools.views(cart.lineItems);
  const totals = estimateTotals({
    now: ctx.clock().toISOString(),
    store: storeSnapshot(tools.store),
    lineItems: views.map((v) => v.snapshot),
    coupon,
    merchantDiscounts: merchantDiscountsSnapshot(cart.merchantDiscounts),
    calculateShipping: false,
    calculateTax: false,
  });
  const failure = couponFailure(totals.calculationErrors, code);
  if (failure) throw failure;
  return storedCouponOf(coupon.definition!);
}

function customerOf(owner: CartOwner, info: CartInfo) {
  return { memberId: owner.memberId, visitorId: owner.visitorId, email: info.buyerInfo?.email };
}

export async function updateCart(
  ctx: AppContext,
  caller: Caller,
  body: UpdateCartRequest,
): Promise<WireCart> {
  if (body.merchantDiscounts && !caller.admin) throw forbidden('merchantDiscounts need admin credentials');
  if (body.customLineItems?.length && !caller.admin)
    throw forbidden('customLineItems are priced by the caller: they need admin credentials');
  const merchantDiscounts = body.merchantDiscounts ? merchantDiscountsOf(body.merchantDiscounts) : undefined;
  const { wire } = await writeCart(
    ctx,
    caller.owner,
    // Adding lines creates the cart, as add-to-cart does; anything else needs one.
    {
      create: Boolean(body.lineItems?.length || body.customLineItems?.length),
      productIds: referencedProductIds(body.lineItems),
    },
    async (cart, tools) => {
      cart.info = applyCartInfo(cart.info, body.cartInfo, body.cartFieldmask);
      if (merchantDiscounts) cart.merchantDiscounts = merchantDiscounts;
      if (body.lineItems?.length || body.customLineItems?.length)
        await addInputs(ctx, caller, cart, tools, body);
      if (body.couponCode !== undefined) {
        const code = body.couponCode?.trim() ?? '';
        cart.coupon = code ? await applyCoupon(ctx, caller, cart, tools, code) : null;
      }
    },
  );
  return wire;
}

export async function removeLineItems(ctx: AppContext, caller: Caller, ids: string[]): Promise<WireCart> {
  const remove = new Set(ids);
  const { wire } = await writeCart(ctx, caller.owner, { create: false }, (cart) => {
    cart.lineItems = cart.lineItems.filter((line) => !remove.has(line.id));
  });
  return wire;
}

export async function updateQuantities(
  ctx: AppContext,
  caller: Caller,
  changes: Array<{ id: string; quantity: number }>,
): Promise<WireCart> {
  const { wire } = await writeCart(ctx, caller.owner, { create: false }, (cart) => {
    cart.lineItems = withQuantities(cart.lineItems, changes, 'cart');
  });
  return wire;
}

/** Lines with new quantities (0 removes the line); an id that is not a line is a violation naming it. */
export function withQuantities(
  lines: StoredLine[],
  changes: Array<{ id: string; quantity: number }>,
  owner: 'cart' | 'checkout',
): StoredLine[] {
  const violations: FieldViolation[] = [];
  const wanted = new Map<string, number>();
  changes.forEach((c, i) => {
    if (!lines.some((line) => line.id === c.id))
      violations.push({
        field: `lineItems[${i}].id`,
        description: `is not a line item of the ${owner}`,
        violatedRule: 'VALIDATION',
        data: { id: c.id },
      });
    wanted.set(c.id, c.quantity);
  });
  if (violations.length) throw new ValidationFailure(violations);
  return lines
    .map((line) => (wanted.has(line.id) ? { ...line, quantity: wanted.get(line.id)! } : line))
    .filter((line) => line.quantity > 0);
}

export async function removeCoupon(ctx: AppContext, caller: Caller): Promise<WireCart> {
  const { wire } = await writeCart(ctx, caller.owner, { create: false }, (cart) => {
    cart.coupon = null;
  });
  return wire;
}

export async function deleteCart(ctx: AppContext, caller: Caller): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const row = await lockCart(tx, caller.owner);
    if (!row) throw cartNotFound();
    await deleteCartRow(tx, row.id);
    await ctx.events.record(tx, {
      entity: 'cart',
      entityId: row.id,
      type: 'deleted',
      payload: { id: row.id, ...(row.memberId ? { memberId: row.memberId } : { visitorId: row.visitorId }) },
    });
  });
}

// ---- Totals and checkout

export type EstimateTotalsResponse = Totals & { cart: WireCart };

/**
 * Totals of the cart for the given addresses and shipping choice (defaults: the cart's contact address and
 * selected option): live catalogue prices and stock, store settings, shipping options, tax, the coupon and
 * its usage. A part that cannot be calculated (nothing ships there, a coupon no longer valid) is reported in
 * `calculationErrors`; the rest of the estimate still comes back.
 */
export async function estimateCartTotals(
  ctx: AppContext,
  owner: CartOwner,
  body: EstimateTotalsRequest,
): Promise<EstimateTotalsResponse> {
  const [{ row, catalog }, { store, shippingAndTax: settings }] = await Promise.all([
    readCart(ctx.db, owner),
    merchantSettings(ctx),
  ]);
  if (!row) throw cartNotFound();
  const coupon = row.coupon
    ? await couponSnapshot(ctx.db, row.coupon.code, customerOf(owner, row.info))
    : undefined;
  const { wire, views } = cartToWire(row, loaded(ctx, store, catalog));
  const snapshot = pricingSnapshot({
    now: ctx.clock(),
    store,
    lineItems: views.map((v) => v.snapshot),
    coupon,
    merchantDiscounts: row.merchantDiscounts,
    settings,
    shippingAddress: body.shippingAddress ?? row.info.contactInfo?.address,
    billingAddress: body.billingAddress,
    selectedShippingOption: body.selectedShippingOption ?? row.info.selectedShippingOption,
    memberships: body.selectedMemberships?.memberships,
    calculateTax: body.calculateTax,
    calculateShipping: body.calculateShipping,
  });
  return { cart: wire, ...estimateTotals(snapshot) };
}

/** A checkout from the cart as it is now (flows/checkout); the cart remembers its id. */
export async function createCheckout(
  ctx: AppContext,
  caller: Caller,
  body: CreateCheckoutRequest,
): Promise<{ checkoutId: string }> {
  let checkoutId = '';
  const settings = await merchantSettings(ctx);
  await writeCart(ctx, caller.owner, { create: false, locked: true }, async (cart, tools) => {
    if (cart.lineItems.length === 0)
      throw badRequest('EMPTY_CART', 'The cart has no line items to check out');
    const views = await tools.views(cart.lineItems);
    const checkout = await createCheckoutFromCart(ctx, tools.tx, {
      owner: caller.owner,
      cartId: tools.row.id,
      cart,
      catalog: await tools.products([]),
      settings,
      wireLines: views.map((v) => v.wire),
      request: body,
    });
    checkoutId = checkout.id;
    cart.checkoutId = checkoutId;
  });
  return { checkoutId };
}

// ---- Visitor → member

class NothingToMerge extends Error {}

/**
 * Moves a visitor's cart into the member's (creating it if needed): lines of the same item add their
 * quantities, others are appended; the member's coupon and cart info win, the visitor's fill gaps. The
 * visitor's cart is deleted. Locks the member's cart, then the visitor's. A no-op when the visitor has none.
 */
export async function mergeVisitorCart(ctx: AppContext, visitorId: string, memberId: string): Promise<void> {
  const visitorOwner: CartOwner = { visitorId };
  if (!(await findCart(ctx.db, visitorOwner))) return;
  try {
    await writeCart(ctx, { memberId, visitorId }, { create: true, locked: true }, async (cart, tools) => {
      const visitor = await lockCart(tools.tx, visitorOwner);
      if (!visitor) throw new NothingToMerge();
      await tools.products(productIdsOf(visitor.lineItems));
      cart.lineItems = mergeLines(cart.lineItems, visitor.lineItems);
      cart.coupon ??= visitor.coupon;
      cart.info = { ...visitor.info, ...cart.info };
      if (cart.merchantDiscounts.length === 0) cart.merchantDiscounts = visitor.merchantDiscounts;
      await deleteCartRow(tools.tx, visitor.id);
      await ctx.events.record(tools.tx, {
        entity: 'cart',
        entityId: visitor.id,
        type: 'deleted',
        payload: { id: visitor.id, visitorId, mergedIntoMemberId: memberId },
      });
    });
  } catch (error) {
    if (!(error instanceof NothingToMerge)) throw error;
  }
}
