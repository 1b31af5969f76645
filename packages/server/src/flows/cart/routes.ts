import type { FastifyRequest } from 'fastify';
import type { CartOwner } from '../../modules/cart/service.ts';
import {
  AddToCartRequest,
  CreateCheckoutRequest,
  EstimateTotalsRequest,
  RemoveLineItemsRequest,
  UpdateCartRequest,
  UpdateQuantitiesRequest,
} from '../../modules/cart/schemas.ts';
import { callerOf } from '../../modules/oauth/authenticator.ts';
import { keyStore } from '../../modules/oauth/keys.ts';
import type { Module } from '../../platform/app.ts';
import { type Caller as RequestCaller, credentials } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { routeOptions, underPrefixes, visitor } from '../../platform/routing.ts';
import {
  addToCart,
  deleteCart,
  removeCoupon,
  removeLineItems,
  updateCart,
  updateQuantities,
} from './flow.ts';
import { type Caller, getCart } from './read.ts';
import { createCheckout, estimateCartTotals } from './totals.ts';
import { mergeVisitorCart } from './merge.ts';
import { cartJanitor } from './janitor.ts';

const route = routeOptions(['cart']);

function ownerOf(caller: RequestCaller): CartOwner | undefined {
  if (caller.kind === 'member') return { memberId: caller.memberId, visitorId: caller.visitorId };
  if (caller.kind === 'visitor') return { visitorId: caller.visitorId };
  return undefined;
}

/** The visitor or member of the request's token, or of the token sent beside an admin key. */
export async function tokenOwner(ctx: AppContext, request: FastifyRequest): Promise<CartOwner | undefined> {
  const owner = ownerOf(request.caller);
  if (owner) return owner;
  for (const credential of credentials(request.headers.authorization)) {
    if (!credential.startsWith('eyJ')) continue;
    const claims = await keyStore(ctx).verify(credential);
    if (claims) return ownerOf(callerOf(claims));
  }
  return undefined;
}

/**
 * Whose cart a request acts on: the visitor's or member's token; for admin keys, the token sent beside the key
 * (`Authorization: <access token>,<api key>`). A member's pending visitor cart is merged in first, so a
 * shopper who just signed in sees one cart even before the `member.signed_in` event is handled.
 */
async function cartCaller(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  const owner = await tokenOwner(ctx, request);
  const admin = request.caller.kind === 'admin';
  if (!owner)
    throw forbidden(
      'The current cart belongs to a visitor or member: send their access token (beside the API key)',
    );
  if (owner.memberId && owner.visitorId) await mergeVisitorCart(ctx, owner.visitorId, owner.memberId);
  return { owner, admin };
}

/** The nine current-cart calls of wire/cart-and-checkout.md §3, on the public path and its custom-host alias. */
export const cartRoutes: Module = async (app, ctx) => {
  await cartJanitor(app, ctx);
  ctx.events.subscribe('member.signed_in', async (event) => {
    const visitorId = event.payload.visitorId;
    if (typeof visitorId === 'string' && visitorId) await mergeVisitorCart(ctx, visitorId, event.entityId);
  });

  await underPrefixes(app, ['/ecom/v1/carts', '/_api/ecom-cart/v1/carts'], (r) => {
    r.get('/current', route(visitor, "The caller's current cart"), async (request) => ({
      cart: await getCart(ctx, (await cartCaller(ctx, request)).owner),
    }));
    r.patch(
      '/current',
      route(
        visitor,
        'Update the current cart: cart info, coupon, added lines; merchant discounts and custom lines (admin)',
        { body: UpdateCartRequest },
      ),
      async (request) => ({ cart: await updateCart(ctx, await cartCaller(ctx, request), request.body) }),
    );
    r.post(
      '/current/add-to-cart',
      route(visitor, 'Add lines (creates the cart; the same item adds to its line)', {
        body: AddToCartRequest,
      }),
      async (request) => ({ cart: await addToCart(ctx, await cartCaller(ctx, request), request.body) }),
    );
    r.post(
      '/current/remove-line-items',
      route(visitor, 'Remove lines', { body: RemoveLineItemsRequest }),
      async (request) => ({
        cart: await removeLineItems(ctx, await cartCaller(ctx, request), request.body.lineItemIds),
      }),
    );
    r.post(
      '/current/update-line-items-quantity',
      route(visitor, 'Set line quantities (0 removes the line)', { body: UpdateQuantitiesRequest }),
      async (request) => ({
        cart: await updateQuantities(ctx, await cartCaller(ctx, request), request.body.lineItems),
      }),
    );
    r.post('/current/remove-coupon', route(visitor, 'Remove the coupon'), async (request) => ({
      cart: await removeCoupon(ctx, await cartCaller(ctx, request)),
    }));
    r.post(
      '/current/estimate-totals',
      route(visitor, 'Totals with discounts, shipping and tax for the given addresses', {
        body: EstimateTotalsRequest,
      }),
      async (request) => estimateCartTotals(ctx, (await cartCaller(ctx, request)).owner, request.body),
    );
    r.post(
      '/current/create-checkout',
      route(visitor, 'Create a checkout from the current cart', { body: CreateCheckoutRequest }),
      async (request) => createCheckout(ctx, await cartCaller(ctx, request), request.body),
    );
    r.delete('/current', route(visitor, 'Delete the current cart'), async (request) => {
      await deleteCart(ctx, await cartCaller(ctx, request));
      return {};
    });
  });
};
