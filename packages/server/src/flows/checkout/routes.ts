import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  AddToCheckoutRequest,
  CheckoutIdParams,
  CompletionRedirectQuery,
  CreateCheckoutRequest,
  CreateOrderAndChargeRequest,
  CreateOrderRequest,
  RemoveLineItemsRequest,
  UpdateCheckoutRequest,
  UpdateQuantitiesRequest,
} from '../../modules/checkout/schemas.ts';
import { paymentRoutes } from '../../modules/payments/routes.ts';
import type { App, Module } from '../../platform/app.ts';
import { open, routeOptions, underPrefixes, visitor } from '../../platform/routing.ts';
import { placeOrder } from '../orders/place-order.ts';
import { type CheckoutCaller, checkoutCaller } from './access.ts';
import { completeAndRedirect } from './completion.ts';
import { sandboxConfirmationPages } from './confirm-page.ts';
import {
  addToCheckout,
  checkoutUrl,
  createCheckout,
  getCheckout,
  getCheckoutByCart,
  markAsCompleted,
  removeCoupon,
  removeGiftCard,
  removeLineItems,
  removeOverrideCheckoutUrl,
  updateCheckout,
  updateLineItemsQuantity,
} from './flow.ts';
import { checkoutJanitor } from './janitor.ts';
import type { WireCheckout } from './wire.ts';
import { tipRoutes } from '../tips/routes.ts';

const route = routeOptions(['checkout']);
const params = CheckoutIdParams;
type WithId = FastifyRequest<{ Params: { id: string } }>;

/**
 * The checkout calls of wire/cart-and-checkout.md §5 on the public path and its custom-host alias, the sandbox
 * card provider's token and confirmation pages, and the purge of abandoned checkouts.
 */
export const checkoutRoutes: Module = async (app, ctx) => {
  const caller = (request: FastifyRequest) => checkoutCaller(ctx, request);

  await underPrefixes(app, ['/ecom/v1/checkouts', '/_api/ecom-checkout/v1/checkouts'], (r: App) => {
    r.post(
      '',
      route(visitor, 'Create a checkout from line items', { body: CreateCheckoutRequest }),
      async (request) => ({ checkout: await createCheckout(ctx, await caller(request), request.body) }),
    );
    r.get(
      '/mark-checkout-as-completed-and-redirect-to-url',
      route(open, "Complete the order's checkout and send the browser to the order page (or redirectUrl)", {
        querystring: CompletionRedirectQuery,
      }),
      async (request, reply) =>
        reply.redirect(await completeAndRedirect(ctx, request.query.token, request.query.redirectUrl), 302),
    );
    r.get(
      '/by-cart-id/:id',
      route(visitor, 'The newest checkout of a cart', { params }),
      async (request) => ({
        checkout: await getCheckoutByCart(ctx, await caller(request), request.params.id),
      }),
    );
    r.get('/:id', route(visitor, 'A checkout, priced now', { params }), async (request) => ({
      checkout: await getCheckout(ctx, await caller(request), request.params.id),
    }));
    r.patch(
      '/:id',
      route(visitor, 'Update checkout fields (fieldMask), coupon, override URL; add lines', {
        params,
        body: UpdateCheckoutRequest,
      }),
      async (request) => ({
        checkout: await updateCheckout(ctx, await caller(request), request.params.id, request.body),
      }),
    );
    /** `POST <path>` on one checkout with a body, answered `{checkout}`. */
    const action = <B extends TSchema>(
      path: string,
      summary: string,
      body: B,
      run: (caller: CheckoutCaller, id: string, body: Static<B>) => Promise<WireCheckout>,
    ) =>
      r.post(path, route(visitor, summary, { params, body }), async (request: WithId) => ({
        checkout: await run(await caller(request), request.params.id, request.body as Static<B>),
      }));
    action('/:id/add-to-checkout', 'Add lines', AddToCheckoutRequest, (who, id, body) =>
      addToCheckout(ctx, who, id, body),
    );
    action('/:id/remove-line-items', 'Remove lines', RemoveLineItemsRequest, (who, id, body) =>
      removeLineItems(ctx, who, id, body.lineItemIds),
    );
    action(
      '/:id/update-line-items-quantity',
      'Set line quantities (0 removes)',
      UpdateQuantitiesRequest,
      (who, id, body) => updateLineItemsQuantity(ctx, who, id, body.lineItems),
    );
    const simple = (path: string, summary: string, run: typeof removeCoupon) =>
      r.post(path, route(visitor, summary, { params }), async (request: WithId) => ({
        checkout: await run(ctx, await caller(request), request.params.id),
      }));
    simple('/:id/remove-coupon', 'Remove the coupon', removeCoupon);
    simple('/:id/remove-gift-card', 'Remove the gift card (gift cards are not supported)', removeGiftCard);
    simple(
      '/:id/remove-override-checkout-url',
      'Remove the override checkout URL',
      removeOverrideCheckoutUrl,
    );
    r.post(
      '/:id/create-order',
      route(visitor, 'Place the order, to be paid offline (exactly once)', {
        params,
        body: CreateOrderRequest,
      }),
      async (request) =>
        placeOrder(ctx, await caller(request), request.params.id, {
          charge: false,
          delayCapture: request.body.delayCapture,
        }),
    );
    r.post(
      '/:id/create-order-and-charge',
      route(visitor, 'Place the order and charge the payment token (exactly once)', {
        params,
        body: CreateOrderAndChargeRequest,
      }),
      async (request) =>
        placeOrder(ctx, await caller(request), request.params.id, {
          charge: true,
          paymentToken: request.body.paymentToken,
          delayCapture: request.body.delayCapture,
        }),
    );
    r.post(
      '/:id/mark-as-completed',
      route(visitor, 'Mark the checkout completed', { params }),
      async (request) => {
        await markAsCompleted(ctx, await caller(request), request.params.id);
        return {};
      },
    );
    r.get(
      '/:id/checkout-url',
      route(visitor, 'Where the checkout page is (the override when set)', { params }),
      async (request) => checkoutUrl(ctx, await caller(request), request.params.id, { platform: false }),
    );
    r.get(
      '/:id/aisle-checkout-url',
      route(visitor, "The store's own checkout page", { params }),
      async (request) => checkoutUrl(ctx, await caller(request), request.params.id, { platform: true }),
    );
  });

  await paymentRoutes(app, ctx);
  await sandboxConfirmationPages(app, ctx);
  await checkoutJanitor(app, ctx);
  await tipRoutes(app, ctx);
};
