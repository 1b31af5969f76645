import { type Static, Type } from '@sinclair/typebox';
import { Money } from '../../modules/orders/schemas.ts';
import { literals } from '../../platform/schema.ts';

/** Requests of the payments collector (wire/orders.md §3). Amounts: a decimal string or a price `{amount}`. */

const Opt = Type.Optional;
const Id = Type.String({ minLength: 1, maxLength: 100 });

export const AmountInput = Type.Union([
  Money,
  Type.Object({ amount: Money, formattedAmount: Opt(Type.String()) }),
]);
export type AmountInputValue = Static<typeof AmountInput>;
/** The decimal string of an amount input. */
export const amountOf = (value: AmountInputValue): string =>
  typeof value === 'string' ? value : value.amount;

export const EcomOrderParams = Type.Object({ ecomOrderId: Id });
export const OrderIdParams = Type.Object({ orderId: Id });
export const EcomOrderQuery = Type.Object({ ecomOrderId: Opt(Type.String({ maxLength: 100 })) });

export const PrepareRequest = Type.Object({
  ecomOrderId: Opt(Type.String({ maxLength: 100 })),
  amount: Opt(AmountInput),
  paymentGatewayOrderId: Opt(Type.String({ maxLength: 200 })),
  delayedCapture: Opt(Type.Boolean()),
  delayedCaptureSettings: Opt(
    Type.Object({
      scheduledAction: Opt(literals(['VOID', 'CAPTURE'] as const)),
      delayDuration: Opt(
        Type.Object({
          count: Type.Integer({ minimum: 1 }),
          unit: literals(['MINUTES', 'HOURS', 'DAYS'] as const),
        }),
      ),
    }),
  ),
});

export const MarkAsPaidRequest = Type.Object({ ecomOrderId: Opt(Type.String({ maxLength: 100 })) });
export const BulkMarkAsPaidRequest = Type.Object({
  ecomOrderIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
});
export const ManualPaymentRequest = Type.Object({
  orderId: Opt(Type.String({ maxLength: 100 })),
  amount: AmountInput,
});
export const GatewayOrderRequest = Type.Object({
  ecomOrderId: Opt(Type.String({ maxLength: 100 })),
  chargedBy: Opt(
    Type.Object({ id: Opt(Type.String({ maxLength: 100 })), fullName: Opt(Type.String({ maxLength: 200 })) }),
  ),
});
export const ChargeMembershipRequest = Type.Object({
  ecomOrderId: Opt(Type.String({ maxLength: 100 })),
  memberId: Opt(Type.String({ maxLength: 100 })),
  membershipCharges: Opt(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 300 })),
});

const LineQuantity = Type.Object({
  lineItemId: Id,
  quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
});
export const TriggerRefundRequest = Type.Object({
  ecomOrderId: Opt(Type.String({ maxLength: 100 })),
  payments: Type.Array(
    Type.Object({ paymentId: Id, amount: AmountInput, externalRefund: Opt(Type.Boolean()) }),
    { minItems: 1, maxItems: 50 },
  ),
  details: Opt(
    Type.Object({
      lineItems: Opt(Type.Array(LineQuantity, { maxItems: 300 })),
      shipping: Opt(Type.Object({ amount: AmountInput })),
      additionalFees: Opt(
        Type.Array(Type.Object({ additionalFeeId: Id, amount: AmountInput }), { maxItems: 100 }),
      ),
      reason: Opt(Type.String({ maxLength: 1000 })),
    }),
  ),
  sideEffects: Opt(
    Type.Object({
      restockInfo: Opt(
        Type.Object({
          type: literals(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS'] as const),
          items: Opt(Type.Array(LineQuantity, { maxItems: 300 })),
        }),
      ),
      sendOrderRefundedEmail: Opt(Type.Boolean()),
      customMessage: Opt(Type.String({ maxLength: 2000 })),
    }),
  ),
});
export type TriggerRefundInput = Static<typeof TriggerRefundRequest>;

export const VoidRequest = Type.Object({
  ecomOrderId: Opt(Type.String({ maxLength: 100 })),
  paymentIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
});
export const CaptureRequest = Type.Object({
  ecomOrderId: Opt(Type.String({ maxLength: 100 })),
  payments: Type.Array(Type.Object({ paymentId: Id, amount: Opt(AmountInput) }), {
    minItems: 1,
    maxItems: 50,
  }),
});
