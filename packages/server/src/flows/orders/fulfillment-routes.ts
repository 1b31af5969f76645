import { Type } from '@sinclair/typebox';
import {
  CreateFulfillmentRequest,
  FulfillmentParams,
  OrderIdParams,
  UpdateFulfillmentRequest,
} from '../../modules/orders/schemas.ts';
import type { Module } from '../../platform/app.ts';
import { admin, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { createFulfillment, deleteFulfillment, listFulfillments, updateFulfillment } from './fulfillments.ts';

const route = routeOptions(['order fulfillments']);

/** Fulfilments of an order (not in the wire reference; docs/ORDERS.md). */
export const fulfillmentRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/ecom/v1/fulfillments'], (r) => {
    r.get(
      '/orders/:orderId',
      route(admin, "An order's fulfilments", { params: OrderIdParams }),
      async (request) => listFulfillments(ctx, request.params.orderId),
    );
    r.post(
      '/orders/:orderId/create-fulfillment',
      route(admin, 'Fulfil lines (all units not fulfilled yet when no lines are given), with tracking', {
        params: OrderIdParams,
        body: CreateFulfillmentRequest,
      }),
      async (request) => createFulfillment(ctx, request.params.orderId, request.body.fulfillment),
    );
    r.patch(
      '/:fulfillmentId/orders/:orderId',
      route(admin, "Change a fulfilment's tracking", {
        params: FulfillmentParams,
        body: UpdateFulfillmentRequest,
      }),
      async (request) =>
        updateFulfillment(
          ctx,
          request.params.orderId,
          request.params.fulfillmentId,
          request.body.fulfillment,
        ),
    );
    r.delete(
      '/:fulfillmentId/orders/:orderId',
      route(admin, 'Delete a fulfilment', { params: FulfillmentParams, querystring: Type.Object({}) }),
      async (request) => deleteFulfillment(ctx, request.params.orderId, request.params.fulfillmentId),
    );
  });
};
