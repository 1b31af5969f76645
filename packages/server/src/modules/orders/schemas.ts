import { type TSchema, Type } from '@sinclair/typebox';
import { Address, literals } from '../../platform/schema.ts';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from './state.ts';

/**
 * Requests of the order calls (wire/orders.md §2), fulfilments and invoices (Aisle routes, docs/ORDERS.md).
 * Unknown fields are ignored; fields the merchant may not change are refused by the service with the field.
 */

const Opt = Type.Optional;
const Str = (max = 200, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });
const Loose = Type.Record(Type.String(), Type.Unknown());
const Id = Str(100, { minLength: 1 });
const IdList = (max = 100) => Type.Array(Id, { minItems: 1, maxItems: max });
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Money = Type.String({
  pattern: '^\\d{1,12}(\\.\\d{1,4})?$',
  description: 'A non-negative decimal string, e.g. "19.90"',
});
const PriceInput = Type.Object({ amount: Money, formattedAmount: Opt(Str(100)) });
const TranslatableText = Type.Object({ original: Str(1000), translated: Opt(Str(1000)) });
const IsoDate = Type.String({ format: 'date-time', description: 'ISO-8601 date' });
const Email = Type.String({ format: 'email', maxLength: 320 });
/** A field mask: one comma-joined string of dotted paths (wire/README §3). */
const FieldMask = Str(2000, { description: 'Comma-joined dotted paths, e.g. "buyerNote,archived"' });

const ContactDetails = Type.Object({
  firstName: Opt(Str(200)),
  lastName: Opt(Str(200)),
  phone: Opt(Str(50)),
  company: Opt(Str(200)),
  vatId: Opt(Type.Object({ id: Str(100), type: Opt(literals(['CPF', 'CNPJ', 'UNSPECIFIED'] as const)) })),
});
const Contact = Type.Object({ address: Opt(Address), contactDetails: Opt(ContactDetails) });

const BuyerInfo = Type.Object({
  email: Opt(Email),
  contactId: Opt(Str(100)),
  visitorId: Opt(Str(100)),
  memberId: Opt(Str(100)),
});

const TagIds = Type.Object({ tagIds: Type.Array(Str(100), { maxItems: 100 }) });
export const Tags = Type.Object({ privateTags: Opt(TagIds), tags: Opt(TagIds) });

/** The order fields a merchant may update (PATCH, bulk update). */
export const OrderPatch = Type.Object({
  id: Opt(Str(100)),
  buyerInfo: Opt(BuyerInfo),
  buyerLanguage: Opt(Str(20)),
  buyerNote: Opt(Str(2000)),
  billingInfo: Opt(Contact),
  recipientInfo: Opt(Contact),
  shippingInfo: Opt(
    Type.Object({
      title: Opt(Str(500)),
      logistics: Opt(
        Type.Object({
          deliveryTime: Opt(Str(500)),
          instructions: Opt(Str(2000)),
          shippingDestination: Opt(Contact),
        }),
      ),
    }),
  ),
  archived: Opt(Type.Boolean()),
  seenByAHuman: Opt(Type.Boolean()),
  attributionSource: Opt(Str(50)),
  customFields: Opt(Type.Array(Loose, { maxItems: 50 })),
  extendedFields: Opt(Loose),
  businessLocation: Opt(Loose),
});

export const OrderParams = Type.Object({ id: Id });
export const OrderIdParams = Type.Object({ orderId: Id });

export const GetOrderQuery = Type.Object({
  id: Opt(Str(100)),
  confirmationToken: Opt(
    Str(500, { description: 'The confirmation token of placement, or the order mail link token' }),
  ),
});

export const UpdateOrderRequest = Type.Object({ order: OrderPatch, fieldMask: Opt(FieldMask) });

export const BulkUpdateOrdersRequest = Type.Object({
  orders: Type.Array(
    Type.Object({ order: Type.Intersect([OrderPatch, Type.Object({ id: Id })]), fieldMask: Opt(FieldMask) }),
    { minItems: 1, maxItems: 100 },
  ),
  returnEntity: Opt(Type.Boolean()),
});

export const LineItemPatch = Type.Object({
  id: Opt(Str(100)),
  productName: Opt(TranslatableText),
  descriptionLines: Opt(Type.Array(Loose, { maxItems: 50 })),
  image: Opt(Loose),
  physicalProperties: Opt(
    Type.Object({
      weight: Opt(Type.Number({ minimum: 0 })),
      sku: Opt(Str(100)),
      shippable: Opt(Type.Boolean()),
    }),
  ),
  itemType: Opt(
    Type.Object({
      preset: Opt(literals(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE', 'CUSTOM_AMOUNT_ITEM'] as const)),
      custom: Opt(Str(100)),
    }),
  ),
  digitalFile: Opt(orNull(Type.Object({ fileId: Type.String({ format: 'uuid' }) }))),
  fulfillerId: Opt(Str(100)),
  locations: Opt(Type.Array(Loose, { maxItems: 50 })),
  extendedFields: Opt(Loose),
});
export const UpdateLineItemRequest = Type.Object({
  id: Opt(Str(100)),
  lineItem: LineItemPatch,
  fieldMask: Opt(FieldMask),
});
export const LineItemParams = Type.Object({ id: Id, lineItemId: Id });

const CustomActivity = Type.Object({
  appId: Opt(Str(100)),
  type: Str(200, { minLength: 1 }),
  additionalData: Opt(Type.Record(Type.String(), Str(2000))),
});
const MerchantComment = Type.Object({ message: Str(5000, { minLength: 1 }) });
export const ActivityInput = Type.Object({
  customActivity: Opt(CustomActivity),
  merchantComment: Opt(MerchantComment),
  authorEmail: Opt(Email),
});
export const AddActivityRequest = Type.Object({ id: Opt(Str(100)), activity: ActivityInput });
export const AddActivitiesRequest = Type.Object({
  orderId: Opt(Str(100)),
  orderActivities: Type.Array(Type.Intersect([ActivityInput, Type.Object({ createdDate: Opt(IsoDate) })]), {
    minItems: 1,
    maxItems: 100,
  }),
});
export const ActivityParams = Type.Object({ id: Id, activityId: Id });
export const UpdateActivityRequest = Type.Object({
  id: Opt(Str(100)),
  activityId: Opt(Str(100)),
  activity: ActivityInput,
});

export const CancelOrderRequest = Type.Object({
  id: Opt(Str(100)),
  sendOrderCanceledEmail: Opt(Type.Boolean()),
  customMessage: Opt(Str(2000)),
  restockAllItems: Opt(Type.Boolean()),
});

export const UpdateStatusRequest = Type.Object({
  orderId: Opt(Str(100)),
  status: literals(ORDER_STATUSES),
});

export const BulkUpdateTagsRequest = Type.Object({
  orderIds: IdList(100),
  assignTags: Opt(Tags),
  unassignTags: Opt(Tags),
});

const LineItemInput = Type.Object({
  id: Opt(Str(100)),
  productName: TranslatableText,
  quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
  price: PriceInput,
  catalogReference: Opt(Loose),
  itemType: Opt(Loose),
  digitalFile: Opt(Type.Object({ fileId: Type.String({ format: 'uuid' }) })),
});

/** An order to import or create: the wire order, with lines and prices as the merchant gives them. */
export const OrderInput = Type.Object({
  number: Opt(Type.String({ pattern: '^[1-9]\\d{0,17}$', description: 'int64 as a string' })),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  lineItems: Type.Array(Type.Intersect([LineItemInput, Loose]), { minItems: 1, maxItems: 300 }),
  status: Opt(literals(ORDER_STATUSES)),
  paymentStatus: Opt(literals(ORDER_PAYMENT_STATUSES)),
  fulfillmentStatus: Opt(literals(['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED'] as const)),
  purchasedDate: Opt(IsoDate),
  createdDate: Opt(IsoDate),
  buyerInfo: Opt(BuyerInfo),
  priceSummary: Opt(
    Type.Object({
      subtotal: Opt(PriceInput),
      shipping: Opt(PriceInput),
      tax: Opt(PriceInput),
      discount: Opt(PriceInput),
      total: Opt(PriceInput),
      totalAdditionalFees: Opt(PriceInput),
    }),
  ),
  tags: Opt(Tags),
  archived: Opt(Type.Boolean()),
  channelInfo: Opt(
    Type.Object({ type: Opt(Str(50)), externalOrderId: Opt(Str(200)), externalOrderUrl: Opt(Str(2000)) }),
  ),
});
export const ImportOrderRequest = Type.Object({ order: Type.Intersect([OrderInput, Loose]) });
export const CreateOrderRequest = Type.Object({
  order: Type.Intersect([OrderInput, Loose]),
  settings: Opt(
    Type.Object({
      editableByEveryone: Opt(Type.Boolean()),
      editableByOwnerApps: Opt(Loose),
      orderApprovalStrategy: Opt(literals(['DEFAULT', 'PAYMENT_RECEIVED', 'PAYMENT_METHOD_SAVED'] as const)),
      notifications: Opt(
        Type.Object({
          sendNotificationToBuyer: Opt(Type.Boolean()),
          sendNotificationsToBusiness: Opt(Type.Boolean()),
        }),
      ),
    }),
  ),
});

export const SetCounterRequest = Type.Object({
  counter: Type.String({ pattern: '^\\d{1,18}$', description: 'int64 as a string' }),
  allowLowerCounter: Opt(Type.Boolean()),
});

export const BulkDeleteImportedRequest = Type.Object({ orderIds: IdList(1000) });

// ---- Fulfilments (Aisle routes, docs/ORDERS.md)

const TrackingInfo = Type.Object({
  trackingNumber: Opt(Str(200)),
  shippingProvider: Opt(Str(200)),
  trackingLink: Opt(Type.String({ maxLength: 2000, pattern: '^https?://' })),
});
const FulfillmentLines = Type.Array(
  Type.Object({ id: Id, quantity: Opt(Type.Integer({ minimum: 1, maximum: 100_000 })) }),
  { maxItems: 300 },
);
export const CreateFulfillmentRequest = Type.Object({
  orderId: Opt(Str(100)),
  fulfillment: Type.Object({
    lineItems: Opt(FulfillmentLines),
    trackingInfo: Opt(TrackingInfo),
    completed: Opt(Type.Boolean()),
  }),
});
export const UpdateFulfillmentRequest = Type.Object({
  orderId: Opt(Str(100)),
  fulfillment: Type.Object({
    id: Opt(Str(100)),
    trackingInfo: Opt(TrackingInfo),
    completed: Opt(Type.Boolean()),
  }),
});
export const FulfillmentParams = Type.Object({ orderId: Id, fulfillmentId: Id });

// ---- Invoices (Aisle routes, docs/ORDERS.md)

export const CreateInvoiceRequest = Type.Object({
  invoice: Opt(Type.Object({ dueDate: Opt(IsoDate) })),
});
export const InvoiceParams = Type.Object({ id: Id, invoiceId: Id });
