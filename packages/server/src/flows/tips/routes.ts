import type { FastifyRequest } from 'fastify';
import {
  PreviewTipRequest,
  PurchaseFlowParams,
  UpdateTipChoiceRequest,
} from '../../modules/checkout-settings/schemas.ts';
import { type CheckoutAccess, getTipChoice, updateTipChoice } from './choice.ts';
import { findCheckout } from '../../modules/checkout/service.ts';
import type { Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { routeOptions, underPrefixes, visitor } from '../../platform/routing.ts';
import { checkoutCaller, mayAct } from '../checkout/access.ts';
import { previewTip } from './preview.ts';

/**
 * The buyer's tip: a preview of what a choice gives, and the choice for a checkout (wire/merchant-settings.md "Tips", docs/CHECKOUT.md): the tips module's
 * calls under the checkout's own access rule (`mayAct`), so the hosted page acting through a redirect session
 * (`X-Aisle-Redirect-Session` header or `redirectSessionId` query) may choose the tip like the checkout's owner.
 */

async function accessOf(ctx: AppContext, request: FastifyRequest): Promise<CheckoutAccess> {
  const caller = await checkoutCaller(ctx, request);
  return async (db, checkoutId) => {
    const row = await findCheckout(db, checkoutId);
    return row !== undefined && mayAct(db, row, caller, ctx.clock());
  };
}

export const tipRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/tips/v1/tips', '/_api/tips-service/v1/tips'], (r) => {
    const route = routeOptions(['tips']);
    r.post(
      '/preview',
      route(visitor, 'The tip a choice gives on some lines', { body: PreviewTipRequest }),
      async (request) => previewTip(ctx.db, request.body),
    );
    r.get(
      '/choice/:purchaseFlowId',
      route(visitor, "The buyer's tip choice for a checkout", { params: PurchaseFlowParams }),
      async (request) => getTipChoice(ctx.db, request.params.purchaseFlowId, await accessOf(ctx, request)),
    );
    r.patch(
      '/choice',
      route(visitor, "Set the buyer's tip choice", { body: UpdateTipChoiceRequest }),
      async (request) => updateTipChoice(ctx, request.body, await accessOf(ctx, request)),
    );
  });
};
