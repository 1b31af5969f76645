import type { CreateCheckoutRequest, EstimateTotalsRequest } from '../../modules/cart/schemas.ts';
import { cartNotFound, type CartOwner } from '../../modules/cart/service.ts';
import { estimateTotals, type Totals } from '../../modules/pricing/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { createCheckoutFromCart } from '../checkout/from-cart.ts';
import { couponSnapshot, linesSnapshot, merchantSettings } from './pricing.ts';
import { type Caller, cartToWire, loaded, readCart, type WireCart } from './read.ts';
import { customerOf } from './flow.ts';
import { writeCart } from './write.ts';

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
  const snapshot = await linesSnapshot(ctx, ctx.db, owner.memberId, views, {
    store,
    coupon,
    customer: customerOf(owner, row.info),
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
