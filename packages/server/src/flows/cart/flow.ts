import type { CartInfo, StoredCoupon, StoredLine, StoredMerchantDiscount } from '../../modules/cart/model.ts';
import {
  type AddToCartRequest,
  type CartInfoInput,
  MAX_QUANTITY,
  type UpdateCartRequest,
} from '../../modules/cart/schemas.ts';
import {
  type CartChanges,
  cartNotFound,
  type CartOwner,
  deleteCartRow,
  lockCart,
  mergeLines,
} from '../../modules/cart/service.ts';
import { estimateTotals } from '../../modules/pricing/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, type FieldViolation, forbidden, ValidationFailure } from '../../platform/errors.ts';
import { decimalFromNumber } from '../../platform/money.ts';
import { catalogLinesFrom, customLinesFrom, referencedProductIds } from './lines.ts';
import {
  couponFailure,
  couponSnapshot,
  merchantDiscountsSnapshot,
  storedCouponOf,
  storeSnapshot,
} from './pricing.ts';
import type { Caller, WireCart } from './read.ts';
import { type Change, writeCart, type WriteTools } from './write.ts';

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

/** Subscriptions are sold to members only (their contracts are kept and charged under the member). */
export function subscriptionNeedsMember(): AppError {
  return new AppError(
    403,
    'SUBSCRIPTION_REQUIRES_MEMBER',
    'Sign in to subscribe: subscriptions are for members. Sign in or create an account, then subscribe again.',
  );
}

/** Adds line inputs to a cart's (or a checkout's) lines: catalogue lines merge, custom lines need an admin. */
export async function addInputs(
  ctx: AppContext,
  caller: { admin: boolean; owner?: Caller['owner'] | undefined },
  cart: Pick<CartChanges, 'lineItems'>,
  tools: Pick<WriteTools, 'products'>,
  body: Pick<AddToCartRequest, 'lineItems' | 'customLineItems'>,
): Promise<void> {
  const now = ctx.clock();
  if (body.customLineItems?.length && !caller.admin)
    throw forbidden('customLineItems are priced by the caller: they need admin credentials');
  const catalog = await tools.products(referencedProductIds(body.lineItems));
  const lines = catalogLinesFrom(body.lineItems ?? [], catalog, caller.admin, now);
  if (
    !caller.admin &&
    !caller.owner?.memberId &&
    lines.some((l) => l.catalogReference.options?.subscriptionOptionId)
  )
    throw subscriptionNeedsMember();
  addLines(cart, lines, 'lineItems');
  if (body.customLineItems?.length)
    cart.lineItems = [...cart.lineItems, ...customLinesFrom(body.customLineItems, now)];
}

/** A cart or checkout call that adds lines must name at least one. */
export function requireLines(body: {
  lineItems?: unknown[] | undefined;
  customLineItems?: unknown[] | undefined;
}) {
  if (!body.lineItems?.length && !body.customLineItems?.length)
    throw new ValidationFailure([
      {
        field: 'lineItems',
        description: 'lineItems or customLineItems must have at least one item',
        violatedRule: 'REQUIRED_ONE_OF_FIELD',
        data: {},
      },
    ]);
}

export async function addToCart(ctx: AppContext, caller: Caller, body: AddToCartRequest): Promise<WireCart> {
  requireLines(body);
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

export function customerOf(owner: CartOwner, info: CartInfo) {
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

/** Changes the caller's cart (none yet is 404) and answers it. */
async function editCart(ctx: AppContext, caller: Caller, edit: Change): Promise<WireCart> {
  const { wire } = await writeCart(ctx, caller.owner, { create: false }, edit);
  return wire;
}

export async function removeLineItems(ctx: AppContext, caller: Caller, ids: string[]): Promise<WireCart> {
  const remove = new Set(ids);
  return editCart(ctx, caller, (cart) => {
    cart.lineItems = cart.lineItems.filter((line) => !remove.has(line.id));
  });
}

export async function updateQuantities(
  ctx: AppContext,
  caller: Caller,
  changes: Array<{ id: string; quantity: number }>,
): Promise<WireCart> {
  return editCart(ctx, caller, (cart) => {
    cart.lineItems = withQuantities(cart.lineItems, changes, 'cart');
  });
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
  return editCart(ctx, caller, (cart) => {
    cart.coupon = null;
  });
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
