import { type ConversionSpec, convertFromWire, convertToWire, prefixConversion } from '../core/convert.ts';
import { DEFAULT_PAGE_SIZE } from '../core/constants.ts';
import { defined, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import type { Page } from '../core/paging.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type {
  AggregateOrdersOptions,
  BulkOrderUpdate,
  BulkUpdateOrderTagsOptions,
  CancelOrderOptions,
  FulfillmentInput,
  GetOrderOptions,
  NewOrderSettings,
  Order,
  OrderActivity,
  OrderActivityInput,
  OrderInput,
  OrderInvoice,
  OrderSearch,
  OrderStatus,
  OrdersBulkResult,
  OrderWithFulfillments,
  SalesAnalytics,
  SalesAnalyticsRequest,
  SetOrderNumberCounterResponse,
  TrackingInfo,
  UpdateOrderOptions,
} from './order-types.ts';

/** Public prefix of orders (custom-host alias: `/_api/ecom-orders/v1/orders`). */
export const ORDERS_PATH = '/ecom/v1/orders';
/** Public prefix of bulk order calls. */
export const BULK_ORDERS_PATH = '/ecom/v1/bulk/orders';
/** Public prefix of fulfilments (Aisle routes, docs/ORDERS.md). */
export const FULFILLMENTS_PATH = '/ecom/v1/fulfillments';

const LOGISTICS = 'shippingInfo.logistics';

/** Conversions of a returned order (wire/orders.md §1), relative to the order. */
export const ORDER_CONVERSION: ConversionSpec = {
  dates: [
    'createdDate',
    'updatedDate',
    'purchasedDate',
    'lineItems.image.urlExpirationDate',
    'lineItems.digitalFile.expirationDate',
    'lineItems.subscriptionInfo.subscriptionSettings.startDate',
    'lineItems.serviceProperties.scheduledDate',
    'lineItems.serviceProperties.endDate',
    `${LOGISTICS}.deliverByDate`,
    `${LOGISTICS}.deliveryTimeSlot.from`,
    `${LOGISTICS}.deliveryTimeSlot.to`,
    'activities.createdDate',
    'fulfillments.createdDate',
  ],
  floats: [
    'lineItems.image.focalPoint.x',
    'lineItems.image.focalPoint.y',
    'lineItems.physicalProperties.weight',
    'appliedDiscounts.merchantDiscount.percentage',
  ],
  images: ['lineItems.image'],
  // Geocode floats are mapped with the rename.
  addresses: [
    'billingInfo.address',
    'recipientInfo.address',
    `${LOGISTICS}.shippingDestination.address`,
    `${LOGISTICS}.pickupDetails.address`,
  ],
};

/** Request side of an order: line images and the addresses back to wire shapes. */
const ORDER_INPUT: ConversionSpec = {
  images: ['lineItems.image'],
  addresses: ORDER_CONVERSION.addresses ?? [],
};

/** A converted order, typed. */
export const toOrder = (order: unknown): Order => convertFromWire(order, ORDER_CONVERSION) as Order;

const orderOf = (response: { order?: unknown }): Order => toOrder(response.order);
const orderToWire = (order: object): object => convertToWire(order, ORDER_INPUT) as object;

const BULK_ITEMS = prefixConversion('results.item', ORDER_CONVERSION);
const WITH_FULFILLMENTS: TransformSpec = { dates: ['orderWithFulfillments.fulfillments.createdDate'] };
const INVOICE_DATES = ['dueDate', 'sentDate', 'createdDate', 'updatedDate'];
const ONE_INVOICE = prefixTransform('invoice', { dates: INVOICE_DATES });
const INVOICES = prefixTransform('invoices', { dates: INVOICE_DATES });

/**
 * Orders (wire/orders.md §2). A member reads and searches their own orders; the visitor who placed an order reads
 * it, as does anyone with its confirmation token; admins (`ApiKeyStrategy`) read all and make every change.
 */
export const orders = (http: Http) => {
  const search = createFinder<Order>(http, {
    path: `${ORDERS_PATH}/search`,
    method: 'POST',
    queryKey: 'search',
    itemsKey: 'orders',
    metadataKey: 'metadata',
    item: toOrder,
  });

  const bulk = (path: string, data: object): Promise<OrdersBulkResult> =>
    http
      .request<unknown>({ method: 'POST', path: `${BULK_ORDERS_PATH}/${path}`, data })
      .then((response) => convertFromWire(response, BULK_ITEMS) as OrdersBulkResult);

  const activityPath = `${ORDERS_PATH}/{id}/activities/{activityId}`;

  return {
    /** One order; a visitor who is not its buyer passes the `confirmationToken` from placing it. */
    getOrder: (id: string, options: GetOrderOptions = {}): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'GET',
          path: `${ORDERS_PATH}/{id}`,
          data: { ...defined({ confirmationToken: options.confirmationToken }), id },
        })
        .then(orderOf),

    /**
     * One page of orders (cursor paging, 50 by default; newest first unless `sort` says otherwise); `next()` and
     * `prev()` move between pages and `for await` walks them all. A member sees only their own orders.
     */
    searchOrders: (options: OrderSearch = {}): Promise<Page<Order>> => {
      const { cursorPaging, ...rest } = options;
      const limit = cursorPaging?.limit ?? DEFAULT_PAGE_SIZE;
      return search(
        cursorPaging?.cursor
          ? { cursorPaging: { limit, cursor: cursorPaging.cursor } }
          : { ...rest, cursorPaging: { limit } },
      );
    },

    /** The same search as a query builder: `queryOrders().eq('status', 'APPROVED').descending('createdDate').find()`. */
    queryOrders: (): QueryBuilder<Order> => new QueryBuilder<Order>(search, 'cursor'),

    /** Admin: an order made by hand (not from a checkout). */
    createOrder: (order: OrderInput, settings?: NewOrderSettings): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'POST',
          path: ORDERS_PATH,
          data: defined({ order: orderToWire(order), settings }),
        })
        .then(orderOf),

    /** Admin: writes the fields given (per `fieldMask` when given): buyer info, addresses, note, … */
    updateOrder: (id: string, order: OrderInput, options: UpdateOrderOptions = {}): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'PATCH',
          path: `${ORDERS_PATH}/{order.id}`,
          data: defined({
            order: { ...orderToWire(order), id },
            fieldMask: joinFieldMask(options.fieldMask),
          }),
        })
        .then(orderOf),

    /** Admin: several updates; each succeeds or fails on its own (`results[].itemMetadata`). */
    bulkUpdateOrders: (
      updates: readonly BulkOrderUpdate[],
      options: { returnEntity?: boolean } = {},
    ): Promise<OrdersBulkResult> =>
      bulk('update', {
        orders: updates.map((u) =>
          defined({ order: orderToWire(u.order), fieldMask: joinFieldMask(u.fieldMask) }),
        ),
        ...options,
      }),

    /** Admin: one line's writable fields. */
    updateOrderLineItem: (
      id: string,
      lineItem: Record<string, unknown> & { id: string },
      options: UpdateOrderOptions = {},
    ): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'PATCH',
          path: `${ORDERS_PATH}/{id}/line-item/{lineItem.id}`,
          data: defined({ id, lineItem, fieldMask: joinFieldMask(options.fieldMask) }),
        })
        .then(orderOf),

    /** Admin: a merchant comment or an app's custom activity. */
    addActivity: (id: string, activity: OrderActivityInput): Promise<{ order: Order; activityId: string }> =>
      http
        .request<{ order?: unknown; activityId: string }>({
          method: 'POST',
          path: `${ORDERS_PATH}/{id}/activities`,
          data: { id, activity },
        })
        .then((response) => ({ order: orderOf(response), activityId: response.activityId })),

    /** Admin: several activities at once (dates may be given). */
    addActivities: (
      orderId: string,
      orderActivities: readonly (Partial<OrderActivity> & OrderActivityInput)[],
    ): Promise<{ order: Order; activityIds: string[] }> =>
      http
        .request<{ order?: unknown; activityIds?: string[] }>({
          method: 'POST',
          path: `${ORDERS_PATH}/{orderId}/activities/add`,
          data: { orderId, orderActivities: [...orderActivities] },
        })
        .then((response) => ({ order: orderOf(response), activityIds: response.activityIds ?? [] })),

    /** Admin: a merchant comment's or custom activity's new content. */
    updateActivity: (id: string, activityId: string, activity: OrderActivityInput): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'PATCH',
          path: activityPath,
          data: { id, activityId, activity },
        })
        .then(orderOf),

    deleteActivity: (id: string, activityId: string): Promise<Order> =>
      http
        .request<{ order?: unknown }>({ method: 'DELETE', path: activityPath, data: { id, activityId } })
        .then(orderOf),

    /** Admin: cancels the order (optionally restocking and telling the buyer). */
    cancelOrder: (id: string, options: CancelOrderOptions = {}): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'POST',
          path: `${ORDERS_PATH}/{id}/cancel`,
          data: { ...options, id },
        })
        .then(orderOf),

    /**
     * Admin: sends the confirmation mail to the buyer's e-mail again (Aisle). `MAIL_NOT_SENT` (502) when the
     * mail server refuses it; `BUYER_EMAIL_MISSING`, `ORDER_CANCELED`, `ORDER_IS_REJECTED` otherwise.
     */
    resendConfirmationEmail: (id: string): Promise<{ sentTo: string }> =>
      http.request<{ sentTo: string }>({
        method: 'POST',
        path: `${ORDERS_PATH}/{id}/send-confirmation`,
        data: { id },
      }),

    /** Admin: `STATUS_ALREADY_SET` / `UNSUPPORTED_TRANSITION` when the move is not allowed. */
    updateOrderStatus: (orderId: string, status: OrderStatus): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'POST',
          path: `${ORDERS_PATH}/{orderId}/update-status`,
          data: { orderId, status },
        })
        .then(orderOf),

    /** Admin: totals and counts over the orders a filter matches. */
    aggregateOrders: (
      options: AggregateOrdersOptions = {},
    ): Promise<{ aggregates: Record<string, unknown> }> =>
      http.request<{ aggregates: Record<string, unknown> }>({
        method: 'POST',
        path: `${ORDERS_PATH}/aggregate`,
        data: options,
      }),

    /**
     * Admin (Aisle): sales, order count and average order value per day of a period against the period
     * before, the best-selling products and the orders waiting for fulfilment, computed by the server.
     */
    getSalesAnalytics: (request: SalesAnalyticsRequest): Promise<SalesAnalytics> =>
      http.request<SalesAnalytics>({ method: 'POST', path: `${ORDERS_PATH}/get-analytics`, data: request }),

    /** Admin: assigns and removes tags on several orders. */
    bulkUpdateOrderTags: (
      orderIds: readonly string[],
      options: BulkUpdateOrderTagsOptions,
    ): Promise<OrdersBulkResult> => bulk('update-tags', { orderIds: [...orderIds], ...options }),

    /** Admin: an order from another system, kept as given (`imported: true`). */
    importOrder: (order: OrderInput): Promise<Order> =>
      http
        .request<{ order?: unknown }>({
          method: 'POST',
          path: `${ORDERS_PATH}/import`,
          data: { order: orderToWire(order) },
        })
        .then(orderOf),

    /** Admin: the next order number; lower than now only with `allowLowerCounter`. Counters are int64 strings. */
    setOrderNumberCounter: (
      counter: string | number | bigint,
      options: { allowLowerCounter?: boolean } = {},
    ): Promise<SetOrderNumberCounterResponse> =>
      http.request<SetOrderNumberCounterResponse>({
        method: 'POST',
        path: `${ORDERS_PATH}/import/set-order-number-counter`,
        data: { ...options, counter: String(counter) },
      }),

    bulkDeleteImportedOrders: (orderIds: readonly string[]): Promise<{ jobId: string }> =>
      http.request<{ jobId: string }>({
        method: 'POST',
        path: `${ORDERS_PATH}/import/bulk-delete-imported-orders`,
        data: { orderIds: [...orderIds] },
      }),

    // ---- Fulfilments (admin): the buyer sees them on the order (`order.fulfillments`) with their tracking.

    listFulfillmentsForOrder: (orderId: string): Promise<OrderWithFulfillments> =>
      fulfillments(
        http.request<{ orderWithFulfillments: OrderWithFulfillments }>({
          method: 'GET',
          path: `${FULFILLMENTS_PATH}/orders/{orderId}`,
          data: { orderId },
          transform: WITH_FULFILLMENTS,
        }),
      ),

    /**
     * Ships lines (every unit not fulfilled yet when no lines are given), with tracking; the order's
     * `fulfillmentStatus` follows and the buyer is mailed the tracking.
     */
    createFulfillment: (
      orderId: string,
      fulfillment: FulfillmentInput = {},
    ): Promise<{ fulfillmentId: string; orderWithFulfillments: OrderWithFulfillments }> =>
      http.request<{ fulfillmentId: string; orderWithFulfillments: OrderWithFulfillments }>({
        method: 'POST',
        path: `${FULFILLMENTS_PATH}/orders/{orderId}/create-fulfillment`,
        data: { orderId, fulfillment },
        transform: WITH_FULFILLMENTS,
      }),

    updateFulfillment: (
      orderId: string,
      fulfillmentId: string,
      fulfillment: { trackingInfo?: TrackingInfo; completed?: boolean },
    ): Promise<OrderWithFulfillments> =>
      fulfillments(
        http.request<{ orderWithFulfillments: OrderWithFulfillments }>({
          method: 'PATCH',
          path: `${FULFILLMENTS_PATH}/{fulfillment.id}/orders/{orderId}`,
          data: { orderId, fulfillment: { ...fulfillment, id: fulfillmentId } },
          transform: WITH_FULFILLMENTS,
        }),
      ),

    deleteFulfillment: (orderId: string, fulfillmentId: string): Promise<OrderWithFulfillments> =>
      fulfillments(
        http.request<{ orderWithFulfillments: OrderWithFulfillments }>({
          method: 'DELETE',
          path: `${FULFILLMENTS_PATH}/{fulfillmentId}/orders/{orderId}`,
          data: { orderId, fulfillmentId },
          transform: WITH_FULFILLMENTS,
        }),
      ),

    // ---- Invoices (admin): Draft → Sent (mailed to the buyer) → Paid / Overdue, or Void.

    listInvoices: (orderId: string): Promise<OrderInvoice[]> =>
      http
        .request<{ invoices?: OrderInvoice[] }>({
          method: 'GET',
          path: `${ORDERS_PATH}/{id}/invoices`,
          data: { id: orderId },
          transform: INVOICES,
        })
        .then((response) => response.invoices ?? []),

    createInvoice: (orderId: string, options: { dueDate?: Date | string } = {}): Promise<OrderInvoice> =>
      invoice(http, 'POST', `${ORDERS_PATH}/{id}/invoices`, { id: orderId, invoice: options }),

    sendInvoice: (orderId: string, invoiceId: string): Promise<OrderInvoice> =>
      invoice(http, 'POST', `${ORDERS_PATH}/{id}/invoices/{invoiceId}/send`, { id: orderId, invoiceId }),

    voidInvoice: (orderId: string, invoiceId: string): Promise<OrderInvoice> =>
      invoice(http, 'POST', `${ORDERS_PATH}/{id}/invoices/{invoiceId}/void`, { id: orderId, invoiceId }),

    deleteInvoice: async (orderId: string, invoiceId: string): Promise<void> => {
      await http.request<unknown>({
        method: 'DELETE',
        path: `${ORDERS_PATH}/{id}/invoices/{invoiceId}`,
        data: { id: orderId, invoiceId },
      });
    },
  };
};

const fulfillments = (
  response: Promise<{ orderWithFulfillments: OrderWithFulfillments }>,
): Promise<OrderWithFulfillments> => response.then((r) => r.orderWithFulfillments);

const invoice = (http: Http, method: 'POST', path: string, data: object): Promise<OrderInvoice> =>
  http
    .request<{ invoice: OrderInvoice }>({ method, path, data, transform: ONE_INVOICE })
    .then((response) => response.invoice);

export type OrdersModule = ReturnType<typeof orders>;
