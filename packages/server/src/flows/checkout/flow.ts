import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StoredCoupon, StoredLine, StoredMerchantDiscount } from '../../modules/cart/model.ts';
import type { LineItemInput } from '../../modules/cart/schemas.ts';
import { loadTipInputs } from '../tips/checkout-tip.ts';
import type { CheckoutInfo } from '../../modules/checkout/model.ts';
import {
  type AddToCheckoutRequest,
  ADMIN_ONLY_FIELDS,
  type CheckoutInput,
  type CreateCheckoutRequest,
  type UpdateCheckoutRequest,
} from '../../modules/checkout/schemas.ts';
import {
  checkoutIsComplete,
  checkoutNotFound,
  type CheckoutRow,
  findCheckout,
  findCheckoutByCart,
  insertCheckoutSql,
  lockCheckout,
  newCheckoutRow,
  saveCheckout,
} from '../../modules/checkout/service.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import type { EventInput } from '../../platform/events.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { type Catalog, loadProducts } from '../cart/catalogue.ts';
import { addInputs, requireLines, withQuantities } from '../cart/flow.ts';
import { productIdsOf, referencedProductIds } from '../cart/lines.ts';
import { couponFailure } from '../cart/pricing.ts';
import { type CheckoutCaller, mayAct } from './access.ts';
import { applyCheckoutInput } from './inputs.ts';
import { priceCheckout, type PricedCheckout, type PricingInputs, pricingInputs } from './pricing.ts';
import { checkoutToWire, type WireCheckout } from './wire.ts';

/**
 * The checkout calls of wire/cart-and-checkout.md §5. A checkout keeps catalogue references and the buyer's
 * choices; every answer prices it again (live catalogue, merchant settings, pricing engine). Each write locks the
 * row for its transaction, refuses a completed checkout (CHECKOUT_IS_COMPLETE), bumps `revision` and records
 * `checkout.updated` with the checkout as returned.
 */

// ---- Reading

/** The checkout for `caller`, or the 404 of a checkout that does not exist (never a 403: ids do not leak). */
async function readable(
  ctx: AppContext,
  db: Db,
  row: CheckoutRow | undefined,
  id: string,
  caller: CheckoutCaller,
) {
  if (!row || !(await mayAct(db, row, caller, ctx.clock()))) throw checkoutNotFound(id);
  return row;
}

export async function getCheckout(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
): Promise<WireCheckout> {
  const row = await readable(ctx, ctx.db, await findCheckout(ctx.db, id), id, caller);
  return checkoutToWire(await priceCheckout(ctx, ctx.db, row, await pricingInputs(ctx)), ctx.clock());
}

export async function getCheckoutByCart(
  ctx: AppContext,
  caller: CheckoutCaller,
  cartId: string,
): Promise<WireCheckout> {
  const row = await findCheckoutByCart(ctx.db, cartId);
  if (!row || !(await mayAct(ctx.db, row, caller, ctx.clock())))
    throw new AppError(404, 'CHECKOUT_NOT_FOUND', `No checkout of cart ${cartId} was found`, { cartId });
  return checkoutToWire(await priceCheckout(ctx, ctx.db, row, await pricingInputs(ctx)), ctx.clock());
}

/** `{PUBLIC_URL}/checkout/{id}`; `checkout-url` answers the override instead when one is set. */
export async function checkoutUrl(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
  { platform }: { platform: boolean },
): Promise<{ checkoutUrl: string }> {
  const row = await readable(ctx, ctx.db, await findCheckout(ctx.db, id), id, caller);
  const override = platform ? undefined : row.info.overrideCheckoutUrl;
  return { checkoutUrl: override || `${ctx.config.publicUrl}/checkout/${row.id}` };
}

// ---- Writing

interface Working {
  lineItems: StoredLine[];
  info: CheckoutInfo;
  coupon: StoredCoupon | null;
  merchantDiscounts: StoredMerchantDiscount[];
}

interface Tools {
  tx: Db;
  row: CheckoutRow;
  /** Merchant settings, read before the transaction. */
  inputs: PricingInputs;
  /** Products by id, read once per transaction. */
  products(ids: string[]): Promise<Catalog>;
}

interface Outcome {
  /** A coupon code to apply (validated against the checkout as it will be), or `null` to remove it. */
  couponCode?: string | null | undefined;
}

function productLoader(tx: Db) {
  const catalog: Catalog = new Map();
  const asked = new Set<string>();
  return async (ids: string[]) => {
    const missing = [...new Set(ids)].filter((id) => !asked.has(id));
    for (const id of missing) asked.add(id);
    if (missing.length) for (const [id, p] of await loadProducts(tx, missing)) catalog.set(id, p);
    return catalog;
  };
}

/**
 * Prices the checkout as `working` makes it and applies a coupon code: the engine judges it, and a code it
 * refuses is the 400 of its error (nothing is written).
 */
async function settle(
  ctx: AppContext,
  tools: Tools,
  working: Working,
  outcome: Outcome,
): Promise<PricedCheckout> {
  const code = outcome.couponCode === undefined ? undefined : (outcome.couponCode?.trim() ?? '');
  if (code !== undefined) working.coupon = code ? { id: '', code, name: code, discountType: 'GLOBAL' } : null;
  const catalog = await tools.products(productIdsOf(working.lineItems));
  const candidate: CheckoutRow = { ...tools.row, ...working };
  const priced = await priceCheckout(ctx, tools.tx, candidate, { ...tools.inputs, catalog });
  if (code) {
    const failure = couponFailure(priced.totals.calculationErrors, code);
    if (failure) throw failure;
    const applied = priced.totals.appliedDiscounts.find((d) => d.coupon);
    if (applied?.coupon)
      working.coupon = {
        id: applied.coupon.id,
        code: applied.coupon.code,
        name: applied.coupon.name,
        discountType: applied.discountType,
      };
  }
  return priced;
}

/** `settle`, then save the checkout and record `checkout.updated`. */
async function finish(
  ctx: AppContext,
  tools: Tools,
  working: Working,
  outcome: Outcome,
): Promise<WireCheckout> {
  const now = ctx.clock();
  const priced = await settle(ctx, tools, working, outcome);
  const saved = await saveCheckout(tools.tx, tools.row.id, working, now);
  const wire = checkoutToWire({ ...priced, row: saved }, now);
  return ctx.events.recordUpdate(tools.tx, 'checkout', saved.id, 'checkout', wire);
}

/**
 * One write: lock, check access and completion, let `change` edit a copy, then `finish`. The products of the
 * checkout's lines and of the `lineItems` the write adds are loaded first.
 */
async function writeCheckout(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
  adding: { lineItems?: LineItemInput[] | undefined },
  change: (working: Working, tools: Tools) => Promise<Outcome | undefined> | Outcome | undefined,
): Promise<WireCheckout> {
  const inputs = await pricingInputs(ctx);
  return ctx.events.transaction(async (tx) => {
    const row = await readable(ctx, tx, await lockCheckout(tx, id), id, caller);
    if (row.completed) throw checkoutIsComplete(id);
    const products = productLoader(tx);
    await products([...productIdsOf(row.lineItems), ...referencedProductIds(adding.lineItems)]);
    const working: Working = {
      lineItems: row.lineItems,
      info: structuredClone(row.info),
      coupon: row.coupon,
      merchantDiscounts: row.merchantDiscounts,
    };
    const tools = { tx, row, products, inputs };
    const outcome = (await change(working, tools)) ?? {};
    return finish(ctx, tools, working, outcome);
  });
}

function refuseGiftCard(code: string | null | undefined): void {
  if (code?.trim())
    throw badRequest('GIFT_CARD_CODE_INVALID', 'Gift cards are not supported by this store', {
      giftCardCode: code,
    });
}

function checkAdminFields(input: CheckoutInput | undefined, caller: CheckoutCaller, prefix: string): void {
  if (caller.admin || !input) return;
  for (const field of ADMIN_ONLY_FIELDS)
    if (input[field] !== undefined)
      throw new AppError(403, 'FORBIDDEN', `${prefix}.${field} may only be set with admin credentials`, {
        field: `${prefix}.${field}`,
      });
}

// ---- The calls

/** Where a checkout made by another flow comes from (a checkout template): info it keeps, events it adds. */
export interface CheckoutOrigin {
  info: Partial<CheckoutInfo>;
  events(checkoutId: string): EventInput[];
}

/**
 * `POST /ecom/v1/checkouts`: a checkout from lines given in the request (custom lines need an admin). Nothing
 * exists before it is written, so no transaction: the products and the tip settings are read side by side, and
 * the row and its `checkout.created` go in one statement.
 */
export async function createCheckout(
  ctx: AppContext,
  caller: CheckoutCaller,
  body: CreateCheckoutRequest,
  origin?: CheckoutOrigin,
): Promise<WireCheckout> {
  requireLines(body);
  refuseGiftCard(body.giftCardCode);
  checkAdminFields(body.checkoutInfo, caller, 'checkoutInfo');
  const info = applyCheckoutInput({}, body.checkoutInfo, undefined);
  if (body.overrideCheckoutUrl) info.overrideCheckoutUrl = body.overrideCheckoutUrl;
  if (caller.createdBy) info.createdBy = caller.createdBy;
  if (origin) Object.assign(info, origin.info);
  const now = ctx.clock();
  const working: Working = { lineItems: [], info, coupon: null, merchantDiscounts: [] };
  const row = newCheckoutRow(
    {
      memberId: caller.owner?.memberId,
      visitorId: caller.owner?.visitorId,
      channelType: body.channelType ?? 'WEB',
      ...working,
      now,
    },
    randomUUID(),
    randomUUID(),
  );
  const products = productLoader(ctx.db);
  const [settings, tip] = await Promise.all([
    pricingInputs(ctx),
    loadTipInputs(ctx.db, row.purchaseFlowId),
    addInputs(ctx, caller, working, { products }, body),
  ]);
  const tools = { tx: ctx.db, row, products, inputs: { ...settings, tip } };
  const priced = await settle(ctx, tools, working, { couponCode: body.couponCode });
  const saved: CheckoutRow = { ...row, ...working };
  const wire = checkoutToWire({ ...priced, row: saved }, now);
  const event = [
    { entity: 'checkout', entityId: saved.id, type: 'created', payload: { checkout: wire } },
    ...(origin?.events(saved.id) ?? []),
  ];
  await preparedRows(
    ctx.db,
    sql`with saved as (${insertCheckoutSql(saved)}), event as (${ctx.events.recordPart(ctx.db, event)})
      select id from saved`,
  );
  ctx.events.kick();
  return wire;
}

/** `PATCH /ecom/v1/checkouts/{id}`: checkout fields per mask, coupon, added lines, the override URL. */
export async function updateCheckout(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
  body: UpdateCheckoutRequest,
): Promise<WireCheckout> {
  refuseGiftCard(body.giftCardCode);
  checkAdminFields(body.checkout, caller, 'checkout');
  if (body.customLineItems?.length && !caller.admin)
    throw forbidden('customLineItems are priced by the caller: they need admin credentials');
  return writeCheckout(ctx, caller, id, body, async (working, tools) => {
    working.info = applyCheckoutInput(working.info, body.checkout, body.fieldMask);
    if (body.overrideCheckoutUrl !== undefined) {
      if (body.overrideCheckoutUrl) working.info.overrideCheckoutUrl = body.overrideCheckoutUrl;
      else delete working.info.overrideCheckoutUrl;
    }
    if (body.lineItems?.length || body.customLineItems?.length)
      await addInputs(ctx, caller, working, tools, body);
    if (body.couponCode !== undefined) refuseLockedCoupon(tools.row, caller);
    return { couponCode: body.couponCode };
  });
}

export async function addToCheckout(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
  body: AddToCheckoutRequest,
): Promise<WireCheckout> {
  requireLines(body);
  return writeCheckout(ctx, caller, id, body, async (working, tools) => {
    await addInputs(ctx, caller, working, tools, body);
    return undefined;
  });
}

export async function removeLineItems(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
  lineItemIds: string[],
): Promise<WireCheckout> {
  const remove = new Set(lineItemIds);
  return writeCheckout(ctx, caller, id, {}, (working) => {
    working.lineItems = working.lineItems.filter((line) => !remove.has(line.id));
    return undefined;
  });
}

export async function updateLineItemsQuantity(
  ctx: AppContext,
  caller: CheckoutCaller,
  id: string,
  changes: Array<{ id: string; quantity: number }>,
): Promise<WireCheckout> {
  return writeCheckout(ctx, caller, id, {}, (working) => {
    working.lineItems = withQuantities(working.lineItems, changes, 'checkout');
    return undefined;
  });
}

export async function removeCoupon(ctx: AppContext, caller: CheckoutCaller, id: string) {
  return writeCheckout(ctx, caller, id, {}, (_working, tools) => {
    refuseLockedCoupon(tools.row, caller);
    return { couponCode: null };
  });
}

/** `customSettings.lockCouponCode` (a checkout template's locked coupon): only an admin changes the coupon. */
function refuseLockedCoupon(row: CheckoutRow, caller: CheckoutCaller): void {
  if (row.info.customSettings?.lockCouponCode && !caller.admin)
    throw badRequest('COUPON_LOCKED', 'The coupon of this checkout is fixed and cannot be changed', {
      checkoutId: row.id,
    });
}

/** Gift cards are not supported: there is never one to remove, so this only re-prices. */
export async function removeGiftCard(ctx: AppContext, caller: CheckoutCaller, id: string) {
  return writeCheckout(ctx, caller, id, {}, () => undefined);
}

export async function removeOverrideCheckoutUrl(ctx: AppContext, caller: CheckoutCaller, id: string) {
  return writeCheckout(ctx, caller, id, {}, (working) => {
    delete working.info.overrideCheckoutUrl;
    return undefined;
  });
}

/**
 * `mark-as-completed`: the checkout is done without an order placed here (an external flow took the payment).
 * Completing a completed checkout changes nothing.
 */
export async function markAsCompleted(ctx: AppContext, caller: CheckoutCaller, id: string): Promise<void> {
  const inputs = await pricingInputs(ctx);
  await ctx.events.transaction(async (tx) => {
    const row = await readable(ctx, tx, await lockCheckout(tx, id), id, caller);
    if (row.completed) return;
    const saved = await saveCheckout(tx, id, { completed: true }, ctx.clock());
    const wire = checkoutToWire(await priceCheckout(ctx, tx, saved, inputs), ctx.clock());
    await ctx.events.record(tx, [
      { entity: 'checkout', entityId: id, type: 'updated', payload: { checkout: wire } },
      { entity: 'checkout', entityId: id, type: 'completed', payload: { checkout: wire } },
    ]);
  });
}
