import {
  AddActivitiesRequest,
  AddActivityRequest,
  ActivityParams,
  BulkDeleteImportedRequest,
  BulkUpdateOrdersRequest,
  BulkUpdateTagsRequest,
  CancelOrderRequest,
  CreateOrderRequest,
  GetOrderQuery,
  ImportOrderRequest,
  LineItemParams,
  OrderIdParams,
  OrderParams,
  SetCounterRequest,
  UpdateActivityRequest,
  UpdateLineItemRequest,
  UpdateOrderRequest,
  UpdateStatusRequest,
} from '../../modules/orders/schemas.ts';
import type { Module } from '../../platform/app.ts';
import { admin, open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { paymentsCollectorRoutes } from '../payments-collector/routes.ts';
import { addActivities, deleteActivity, updateActivity } from './activities.ts';
import { SalesAnalyticsRequest, salesAnalytics } from './analytics.ts';
import { fulfillmentRoutes } from './fulfillment-routes.ts';
import { invoiceRoutes } from './invoice-routes.ts';
import { resendConfirmation, subscribeOrderMails } from './mails.ts';
import { readOrder } from './read.ts';
import {
  bulkDeleteImportedOrders,
  bulkUpdateTags,
  createOrder,
  importOrder,
  type OrderInput,
  setOrderNumberCounter,
} from './records.ts';
import { cancelOrder, updateOrderStatus } from './status.ts';
import { orderTipRoutes } from './tip-routes.ts';
import { bulkUpdateOrders, updateLineItem, updateOrder } from './update.ts';

const route = routeOptions(['orders']);

/**
 * The order calls of wire/orders.md §2 (search and aggregate are in `modules/orders/search-routes.ts`), on the
 * public paths and their custom-host aliases; plus fulfilments, invoices, the payments collector and the
 * order mails' subscriptions.
 */
export const orderRoutes: Module = async (app, ctx) => {
  subscribeOrderMails(ctx);

  app.post(
    '/ecom/v1/orders/get-analytics',
    route(
      admin,
      'Sales, orders and average order value per day, against the period before; top products (Aisle)',
      { body: SalesAnalyticsRequest },
    ),
    async (request) => salesAnalytics(ctx, request.body),
  );

  await underPrefixes(app, ['/ecom/v1/orders', '/_api/ecom-orders/v1/orders'], (r) => {
    r.get(
      '/:id',
      route(open, "An order: admins; the buyer's member or visitor token; or its confirmation token", {
        params: OrderParams,
        querystring: GetOrderQuery,
      }),
      async (request) => ({
        order: await readOrder(ctx, request.params.id, request.caller, request.query.confirmationToken),
      }),
    );
    r.post(
      '/',
      route(admin, 'Create an order (merchant)', { body: CreateOrderRequest }),
      async (request) => ({
        order: await createOrder(ctx, request.body.order as OrderInput, request.body.settings),
      }),
    );
    r.patch(
      '/:id',
      route(admin, 'Update an order (field mask)', { params: OrderParams, body: UpdateOrderRequest }),
      async (request) => ({
        order: await updateOrder(ctx, request.params.id, request.body.order, request.body.fieldMask),
      }),
    );
    r.patch(
      '/:id/line-item/:lineItemId',
      route(
        admin,
        'Update a line item: names, descriptions, image, digital file… (not quantities or prices)',
        { params: LineItemParams, body: UpdateLineItemRequest },
      ),
      async (request) => ({
        order: await updateLineItem(
          ctx,
          request.params.id,
          request.params.lineItemId,
          request.body.lineItem,
          request.body.fieldMask,
        ),
      }),
    );
    r.post(
      '/:id/activities',
      route(admin, 'Add a merchant comment or custom activity', {
        params: OrderParams,
        body: AddActivityRequest,
      }),
      async (request) => {
        const { order, activityIds } = await addActivities(
          ctx,
          request.params.id,
          [request.body.activity],
          'activity',
        );
        return { order, activityId: activityIds[0] };
      },
    );
    r.post(
      '/:orderId/activities/add',
      route(admin, 'Add activities (with their createdDate)', {
        params: OrderIdParams,
        body: AddActivitiesRequest,
      }),
      async (request) =>
        addActivities(ctx, request.params.orderId, request.body.orderActivities, 'orderActivities'),
    );
    r.patch(
      '/:id/activities/:activityId',
      route(admin, 'Edit a merchant comment or custom activity', {
        params: ActivityParams,
        body: UpdateActivityRequest,
      }),
      async (request) => ({
        order: await updateActivity(ctx, request.params.id, request.params.activityId, request.body.activity),
      }),
    );
    r.delete(
      '/:id/activities/:activityId',
      route(admin, 'Delete a merchant comment or custom activity', { params: ActivityParams }),
      async (request) => ({ order: await deleteActivity(ctx, request.params.id, request.params.activityId) }),
    );
    r.post(
      '/:id/cancel',
      route(admin, 'Cancel an order', { params: OrderParams, body: CancelOrderRequest }),
      async (request) => ({ order: await cancelOrder(ctx, request.params.id, request.body) }),
    );
    r.post(
      '/:id/send-confirmation',
      route(admin, 'Send the confirmation mail to the buyer again (Aisle)', { params: OrderParams }),
      async (request) => resendConfirmation(ctx, request.params.id),
    );
    r.post(
      '/:orderId/update-status',
      route(admin, "Change an order's status", { params: OrderIdParams, body: UpdateStatusRequest }),
      async (request) => ({
        order: await updateOrderStatus(ctx, request.params.orderId, request.body.status),
      }),
    );
    r.post(
      '/import',
      route(admin, 'Import an order from elsewhere', { body: ImportOrderRequest }),
      async (request) => ({ order: await importOrder(ctx, request.body.order as OrderInput) }),
    );
    r.post(
      '/import/set-order-number-counter',
      route(admin, 'Set the order number counter', { body: SetCounterRequest }),
      async (request) =>
        setOrderNumberCounter(ctx, request.body.counter, request.body.allowLowerCounter === true),
    );
    r.post(
      '/import/bulk-delete-imported-orders',
      route(admin, 'Delete imported orders (others are left alone)', { body: BulkDeleteImportedRequest }),
      async (request) => bulkDeleteImportedOrders(ctx, request.body.orderIds),
    );
  });

  await underPrefixes(app, ['/ecom/v1/bulk/orders', '/_api/ecom-orders/v1/bulk/orders'], (r) => {
    r.post('/update', route(admin, 'Update orders', { body: BulkUpdateOrdersRequest }), async (request) =>
      bulkUpdateOrders(ctx, request.body.orders, request.body.returnEntity),
    );
    r.post(
      '/update-tags',
      route(admin, 'Assign and unassign tags', { body: BulkUpdateTagsRequest }),
      async (request) =>
        bulkUpdateTags(ctx, request.body.orderIds, request.body.assignTags, request.body.unassignTags),
    );
  });

  await fulfillmentRoutes(app, ctx);
  await invoiceRoutes(app, ctx);
  await orderTipRoutes(app, ctx);
  await paymentsCollectorRoutes(app, ctx);
};
