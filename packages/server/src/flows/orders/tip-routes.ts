import { Type } from '@sinclair/typebox';
import { Money } from '../../modules/orders/schemas.ts';
import type { Module } from '../../platform/app.ts';
import { admin, open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { getOrderTip, removeOrderTip, setOrderTip } from './tips.ts';

const route = routeOptions(['tips']);
const Id = Type.String({ minLength: 1, maxLength: 100 });

/** The order calls of the tips service (its settings and checkout choice live in `modules/checkout-settings`). */
export const orderTipRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/tips/v1/tips', '/_api/tips-service/v1/tips'], (r) => {
    r.get(
      '/order/:orderId',
      route(open, "An order's tip (for whoever may read the order)", {
        params: Type.Object({ orderId: Id }),
        querystring: Type.Object({ confirmationToken: Type.Optional(Type.String({ maxLength: 500 })) }),
      }),
      async (request) =>
        getOrderTip(ctx, request.params.orderId, request.caller, request.query.confirmationToken),
    );
    r.post(
      '/set',
      route(admin, "Set an order's tip (an additional fee; the total follows)", {
        body: Type.Object({ orderId: Id, tip: Type.Object({ amount: Money }) }),
      }),
      async (request) => setOrderTip(ctx, request.body.orderId, request.body.tip.amount),
    );
    r.post(
      '/remove',
      route(admin, "Remove an order's tip", { body: Type.Object({ orderId: Id }) }),
      async (request) => removeOrderTip(ctx, request.body.orderId),
    );
  });
};
