import type { Module } from '../../platform/app.ts';
import { admin, routeOptions, underPrefixes } from '../../platform/routing.ts';
import {
  bulkMarkAsPaid,
  captureAuthorizedPayments,
  chargeMembership,
  listOrderTransactions,
  markAsPaid,
  paymentCollectabilityStatus,
  recordManualPayment,
  voidAuthorizedPayments,
} from './collector.ts';
import { preparePaymentCollection, scheduledPaymentActions } from './collections.ts';
import { getRefundability, triggerRefund } from './refunds.ts';
import {
  amountOf,
  BulkMarkAsPaidRequest,
  CaptureRequest,
  ChargeMembershipRequest,
  EcomOrderParams,
  EcomOrderQuery,
  GatewayOrderRequest,
  ManualPaymentRequest,
  MarkAsPaidRequest,
  OrderIdParams,
  PrepareRequest,
  TriggerRefundRequest,
  VoidRequest,
} from './schemas.ts';

const route = routeOptions(['payments collector']);

/** wire/orders.md §3, on `/ecom/v1/payments-collector` and its custom-host alias `/v1/payments-collector`. */
export const paymentsCollectorRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/ecom/v1/payments-collector', '/v1/payments-collector'], (r) => {
    const body = <T>(schema: T) => ({ params: EcomOrderParams, body: schema });
    r.post(
      '/orders/:ecomOrderId/prepare-payment-collection',
      route(admin, 'Prepare collecting the balance', body(PrepareRequest)),
      async (request) => {
        const { amount, ...rest } = request.body;
        return preparePaymentCollection(ctx, request.params.ecomOrderId, {
          ...rest,
          ...(amount !== undefined ? { amount: amountOf(amount) } : {}),
        });
      },
    );
    r.get(
      '/orders/:ecomOrderId/payment-collectability-status',
      route(admin, 'Whether the balance can be collected', {
        params: EcomOrderParams,
        querystring: EcomOrderQuery,
      }),
      async (request) => paymentCollectabilityStatus(ctx, request.params.ecomOrderId),
    );
    r.post(
      '/orders/:ecomOrderId/mark-as-paid',
      route(admin, 'Record the balance as paid offline', body(MarkAsPaidRequest)),
      async (request) => markAsPaid(ctx, request.params.ecomOrderId),
    );
    r.post(
      '/orders/:orderId/manual-payment',
      route(admin, 'Record a manual payment', { params: OrderIdParams, body: ManualPaymentRequest }),
      async (request) => recordManualPayment(ctx, request.params.orderId, amountOf(request.body.amount)),
    );
    r.get(
      '/orders/:ecomOrderId/refundability',
      route(admin, 'How each payment can be refunded', {
        params: EcomOrderParams,
        querystring: EcomOrderQuery,
      }),
      async (request) => getRefundability(ctx, request.params.ecomOrderId),
    );
    r.post(
      '/orders/:ecomOrderId/create-payment-gateway-order',
      route(admin, 'A payment gateway order for the balance', body(GatewayOrderRequest)),
      async (request) =>
        preparePaymentCollection(ctx, request.params.ecomOrderId, { chargedBy: request.body.chargedBy }),
    );
    r.post(
      '/orders/:ecomOrderId/charge-membership',
      route(admin, 'Charge memberships (not offered: always an error)', body(ChargeMembershipRequest)),
      async () => chargeMembership(),
    );
    r.post(
      '/orders/:ecomOrderId/trigger-refund',
      route({ ...admin, permission: 'orders.refund' }, 'Refund payments', body(TriggerRefundRequest)),
      async (request) => {
        const { payments, details, sideEffects } = request.body;
        return triggerRefund(ctx, request.params.ecomOrderId, {
          payments: payments.map((p) => ({
            paymentId: p.paymentId,
            amount: amountOf(p.amount),
            externalRefund: p.externalRefund,
          })),
          details: details && {
            lineItems: details.lineItems,
            shipping: details.shipping && { amount: amountOf(details.shipping.amount) },
            additionalFees: details.additionalFees?.map((f) => ({
              additionalFeeId: f.additionalFeeId,
              amount: amountOf(f.amount),
            })),
            reason: details.reason,
          },
          sideEffects,
        });
      },
    );
    r.post(
      '/orders/:ecomOrderId/void-authorized-payments',
      route(admin, 'Void authorizations', body(VoidRequest)),
      async (request) => voidAuthorizedPayments(ctx, request.params.ecomOrderId, request.body.paymentIds),
    );
    r.post(
      '/orders/:ecomOrderId/capture-authorized-payments',
      route(admin, 'Capture authorizations', body(CaptureRequest)),
      async (request) =>
        captureAuthorizedPayments(
          ctx,
          request.params.ecomOrderId,
          request.body.payments.map((p) => ({
            paymentId: p.paymentId,
            amount: p.amount && amountOf(p.amount),
          })),
        ),
    );
  });
  // Order transactions: the payments an order has, e.g. the authorizations a merchant captures or voids.
  app.get(
    '/ecom/v1/payments/orders/:orderId',
    route({ ...admin, permission: 'orders.read' }, "An order's payments and refunds", {
      params: OrderIdParams,
    }),
    async (request) => listOrderTransactions(ctx, request.params.orderId),
  );
  // No prefix on any host (wire/README §1).
  app.post(
    '/v1/bulk/payments-collector/mark-as-paid',
    route(admin, 'Mark orders as paid', { body: BulkMarkAsPaidRequest }),
    async (request) => bulkMarkAsPaid(ctx, request.body.ecomOrderIds),
  );
  await scheduledPaymentActions(app, ctx);
};
