import { type ConversionSpec, convertFromWire, prefixConversion } from '../core/convert.ts';
import type { TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type {
  MembershipCharge,
  Order,
  OrdersBulkResult,
  PaymentCollectability,
  PaymentRefund,
  PreparePaymentCollectionOptions,
  RefundabilityResponse,
  TriggerRefundOptions,
  TriggerRefundResponse,
  OrderTransactions,
} from './order-types.ts';
import { ORDER_CONVERSION, toOrder } from './orders.ts';

/** Public prefix of payment collection (custom-host alias: `/v1/payments-collector`). */
export const PAYMENTS_COLLECTOR_PATH = '/ecom/v1/payments-collector';
/** An order's transactions (payments and refunds), admin. */
export const ORDER_TRANSACTIONS_PATH = '/ecom/v1/payments/orders';
/** Bulk mark-as-paid: no prefix on any host (wire README §1). */
export const BULK_MARK_AS_PAID_PATH = '/v1/bulk/payments-collector/mark-as-paid';

const ORDER = `${PAYMENTS_COLLECTOR_PATH}/orders/{ecomOrderId}`;

/** Dates of `orderTransactions` (payments with their authorisation, captures, void and chargebacks; refunds). */
export const ORDER_TRANSACTIONS_TRANSFORM: TransformSpec = {
  dates: [
    'payments.createdDate',
    'payments.updatedDate',
    'payments.regularPaymentDetails.authorizationDetails.authorizedDate',
    'payments.regularPaymentDetails.authorizationDetails.captures.createdDate',
    'payments.regularPaymentDetails.authorizationDetails.void.voidedDate',
    'payments.regularPaymentDetails.authorizationDetails.scheduledAction.executionDate',
    'payments.regularPaymentDetails.chargebacks.createdDate',
    'payments.regularPaymentDetails.chargebacks.updatedDate',
    'refunds.createdDate',
    'refunds.updatedDate',
    'refunds.transactions.createdDate',
  ],
};

const TRANSACTIONS: ConversionSpec = prefixConversion('orderTransactions', ORDER_TRANSACTIONS_TRANSFORM);
const BULK_ITEMS = prefixConversion('results.item', ORDER_CONVERSION);

const transactionsOf = (response: unknown): { orderTransactions?: OrderTransactions } =>
  convertFromWire(response, TRANSACTIONS) as { orderTransactions?: OrderTransactions };

/**
 * Collecting and refunding an order's payments (wire/orders.md §3); admin (`ApiKeyStrategy`). Amounts are decimal
 * strings. Errors: `ORDER_NOT_FOUND`, `ORDER_ALREADY_PAID`, `INVALID_AMOUNT`, `REFUND_NOT_AVAILABLE`,
 * `PAYMENT_NOT_FOUND`, `PAYMENT_ALREADY_CAPTURED`, `PAYMENT_ALREADY_VOIDED`, …
 */
export const paymentsCollector = (http: Http) => {
  const call = <T>(method: 'GET' | 'POST', path: string, ecomOrderId: string, data: object = {}) =>
    http.request<T>({ method, path: `${ORDER}${path}`, data: { ...data, ecomOrderId } });

  return {
    /** A payment-gateway order for `amount` that a payment page can then charge. */
    preparePaymentCollection: (
      ecomOrderId: string,
      amount: string,
      options: PreparePaymentCollectionOptions = {},
    ): Promise<{ paymentGatewayOrderId: string }> =>
      call('POST', '/prepare-payment-collection', ecomOrderId, { ...options, amount }),

    /** Whether the rest of the order can be collected now (`COLLECTABLE`), and how much. */
    getPaymentCollectabilityStatus: (ecomOrderId: string): Promise<PaymentCollectability> =>
      call('GET', '/payment-collectability-status', ecomOrderId),

    /** Records the order's balance as paid (an offline payment received). */
    markAsPaid: (ecomOrderId: string): Promise<Order> =>
      call<{ order?: unknown }>('POST', '/mark-as-paid', ecomOrderId).then((r) => toOrder(r.order)),

    bulkMarkAsPaid: (ecomOrderIds: readonly string[]): Promise<OrdersBulkResult> =>
      http
        .request<unknown>({
          method: 'POST',
          path: BULK_MARK_AS_PAID_PATH,
          data: { ecomOrderIds: [...ecomOrderIds] },
        })
        .then((response) => convertFromWire(response, BULK_ITEMS) as OrdersBulkResult),

    /** A payment received outside the store (cash, bank transfer) of `amount`. */
    recordManuallyCollectedPayment: async (orderId: string, amount: string): Promise<void> => {
      await http.request<unknown>({
        method: 'POST',
        path: `${PAYMENTS_COLLECTOR_PATH}/orders/{orderId}/manual-payment`,
        data: { orderId, amount },
      });
    },

    /** Per payment: can it be refunded through the provider, only by hand, or not at all (and why). */
    getRefundabilityStatus: (ecomOrderId: string): Promise<RefundabilityResponse> =>
      call('GET', '/refundability', ecomOrderId),

    createPaymentGatewayOrder: (
      ecomOrderId: string,
      options: { chargedBy?: { id?: string; fullName?: string } } = {},
    ): Promise<{ paymentGatewayOrderId: string }> =>
      call('POST', '/create-payment-gateway-order', ecomOrderId, options),

    chargeMemberships: async (
      ecomOrderId: string,
      memberId: string,
      membershipCharges: readonly MembershipCharge[],
    ): Promise<void> => {
      await call('POST', '/charge-membership', ecomOrderId, {
        memberId,
        membershipCharges: [...membershipCharges],
      });
    },

    /** Refunds payments (amounts per payment), optionally restocking and telling the buyer. */
    triggerRefund: (
      ecomOrderId: string,
      payments: readonly PaymentRefund[],
      options: TriggerRefundOptions = {},
    ): Promise<TriggerRefundResponse> =>
      call<unknown>('POST', '/trigger-refund', ecomOrderId, { ...options, payments: [...payments] }).then(
        (response) => transactionsOf(response) as TriggerRefundResponse,
      ),

    voidAuthorizedPayments: (
      ecomOrderId: string,
      paymentIds: readonly string[],
    ): Promise<{ orderTransactions?: OrderTransactions }> =>
      call<unknown>('POST', '/void-authorized-payments', ecomOrderId, { paymentIds: [...paymentIds] }).then(
        transactionsOf,
      ),

    /**
     * The order's payments (status, amount, card, authorisation with its captures and void) and refunds: e.g.
     * which payments are `AUTHORIZED`, to capture or void them.
     */
    listTransactionsForSingleOrder: (orderId: string): Promise<{ orderTransactions?: OrderTransactions }> =>
      http
        .request<unknown>({ method: 'GET', path: `${ORDER_TRANSACTIONS_PATH}/{orderId}`, data: { orderId } })
        .then(transactionsOf),

    /** Captures authorised payments (an amount each, decimal strings; the whole authorisation when absent). */
    captureAuthorizedPayments: (
      ecomOrderId: string,
      payments: readonly { paymentId: string; amount?: string }[],
    ): Promise<{ orderTransactions?: OrderTransactions }> =>
      call<unknown>('POST', '/capture-authorized-payments', ecomOrderId, { payments: [...payments] }).then(
        transactionsOf,
      ),
  };
};

export type PaymentsCollectorModule = ReturnType<typeof paymentsCollector>;
