import type { ConversionSpec } from '../core/convert.ts';
import { declaredCalls } from '../core/entity.ts';
import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { OrderLineItem, OrderPriceSummary } from './order-types.ts';
import { ORDER_CONVERSION } from './orders.ts';

export const SUBSCRIPTION_CONTRACTS_PATH = '/ecom/subscription-contracts/v1/subscription-contracts';

export type SubscriptionFrequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
/** Aisle: ACTIVE (charged when due), PAUSED, SUSPENDED (charges failed), CANCELED, ENDED (all cycles billed). */
export type SubscriptionContractStatus = 'ACTIVE' | 'PAUSED' | 'SUSPENDED' | 'CANCELED' | 'ENDED';

export interface SubscriptionSettings {
  frequency: SubscriptionFrequency;
  interval?: number;
  autoRenewal?: boolean;
  billingCycles?: number;
  enableCustomerCancellation?: boolean;
  freeTrialPeriod?: { frequency: SubscriptionFrequency; interval?: number };
  startDate?: Date;
}

/** A subscription contract: the reference fields plus Aisle's status, next charge date and billed cycles. */
export interface SubscriptionContract {
  id: string;
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
  title?: string;
  description?: string;
  subscriptionSettings: SubscriptionSettings;
  lineItems: OrderLineItem[];
  buyerInfo?: { memberId?: string; visitorId?: string; contactId?: string; email?: string };
  priceSummary?: Partial<OrderPriceSummary>;
  billingInfo?: Record<string, unknown>;
  shippingInfo?: Record<string, unknown>;
  recipientInfo?: Record<string, unknown>;
  appliedDiscounts?: unknown[];
  channelInfo?: { type?: string };
  customFields?: unknown[];
  additionalFees?: unknown[];
  activities?: Array<{ id?: string; type?: string; createdDate?: Date; [key: string]: unknown }>;
  status?: SubscriptionContractStatus;
  nextChargeDate?: Date;
  billedCycles?: number;
  orderId?: string;
  paymentMethod?: { card?: { brand: string; lastFourDigits: string } };
}

/** One charge attempt of a cycle (Aisle). */
export interface SubscriptionCharge {
  id: string;
  cycleNumber: number;
  attempt: number;
  status: 'APPROVED' | 'DECLINED';
  orderId?: string;
  declineReason?: string;
  createdDate: Date;
}

export const SUBSCRIPTION_CONTRACT_CONVERSION: ConversionSpec = {
  dates: [
    'createdDate',
    'updatedDate',
    'subscriptionSettings.startDate',
    'nextChargeDate',
    'lineItems.subscriptionInfo.subscriptionSettings.startDate',
    'activities.createdDate',
  ],
  floats: ['lineItems.physicalProperties.weight'],
  addresses: ['billingInfo.address', 'recipientInfo.address'],
  images: ORDER_CONVERSION.images ?? [],
};

/** Subscription contracts: a member reads their own, the merchant every one (get and query). */
export const subscriptionContracts = (http: Http) => {
  const { calls } = declaredCalls<SubscriptionContract, never, never>()(
    http,
    ['SubscriptionContract', 'SubscriptionContracts'],
    { path: SUBSCRIPTION_CONTRACTS_PATH, queryMethod: 'GET', conversion: SUBSCRIPTION_CONTRACT_CONVERSION },
  );
  const act = (id: string, action: string, revision?: string): Promise<SubscriptionContract> =>
    http
      .request<{ subscriptionContract: unknown }>({
        method: 'POST',
        path: `${SUBSCRIPTION_CONTRACTS_PATH}/${encodeURIComponent(id)}/${action}`,
        data: revision === undefined ? {} : { revision },
      })
      .then((r) => calls.fromWire(r.subscriptionContract));
  return {
    getSubscriptionContract: (subscriptionContractId: string): Promise<SubscriptionContract> =>
      calls.get(subscriptionContractId),
    /** Offset-paged; `.find()` sends GET* `/query` (POST fallback). Members get their own contracts only. */
    querySubscriptionContracts: (): QueryBuilder<SubscriptionContract> => calls.query(),
    /** No cycle is charged while paused. Send the `revision` you read to refuse a stale action (409). */
    pauseSubscriptionContract: (id: string, revision?: string) => act(id, 'pause', revision),
    /** From PAUSED or SUSPENDED; the next charge is the one it waited for, or now if that has passed. */
    resumeSubscriptionContract: (id: string, revision?: string) => act(id, 'resume', revision),
    /** Members: 403 CANCELLATION_NOT_ALLOWED unless the plan has `enableCustomerCancellation`. */
    cancelSubscriptionContract: (id: string, revision?: string) => act(id, 'cancel', revision),
    /** Every charge attempt of the contract's cycles, oldest first. */
    listSubscriptionCharges: (id: string): Promise<SubscriptionCharge[]> =>
      http
        .request<{ charges?: SubscriptionCharge[] }>({
          method: 'GET',
          path: `${SUBSCRIPTION_CONTRACTS_PATH}/${encodeURIComponent(id)}/charges`,
        })
        .then((r) =>
          (r.charges ?? []).map((c) => ({ ...c, createdDate: new Date(c.createdDate as unknown as string) })),
        ),
  };
};

export type SubscriptionContractsModule = ReturnType<typeof subscriptionContracts>;
