import type { ConversionSpec } from '../core/convert.ts';
import { declaredCalls } from '../core/entity.ts';
import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { CatalogReference } from './cart-types.ts';
import type { BulkResult, MultiCurrencyPrice, TranslatableString } from './common-types.ts';

export const ABANDONED_CHECKOUTS_PATH = '/ecom/v1/abandoned-checkout';

export type AbandonedCheckoutStatus = 'ABANDONED' | 'RECOVERED';
export type AbandonedCheckoutActivityType =
  | 'SCHEDULED'
  | 'EMAIL_SENT'
  | 'EMAIL_NOT_SENT'
  | 'NOTIFICATION_SENT'
  | 'TASK_CREATED'
  | 'AUTOMATION_SKIPPED';

export interface AbandonedCheckoutActivity {
  type: AbandonedCheckoutActivityType;
  createdDate: Date;
}

export interface AbandonedCheckoutLine {
  id?: string;
  quantity?: number;
  catalogReference?: CatalogReference;
  productName?: TranslatableString;
  price?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
  [field: string]: unknown;
}

/** A checkout with a buyer e-mail and no order after the store's delay (docs/RECOVERY.md). */
export interface AbandonedCheckout {
  id: string;
  checkoutId: string;
  cartId?: string;
  status: AbandonedCheckoutStatus;
  buyerLanguage?: string;
  buyerInfo: { email: string; visitorId?: string; memberId?: string; contactId?: string };
  contactDetails?: { firstName?: string; lastName?: string; phone?: string; company?: string };
  currency: string;
  conversionCurrency?: string;
  totalPrice: MultiCurrencyPrice;
  subtotalPrice: MultiCurrencyPrice;
  activities: AbandonedCheckoutActivity[];
  checkoutRecoveredDate?: Date;
  /** The recovery link: opens this checkout again in any browser. */
  checkoutUrl: string;
  lineItems: AbandonedCheckoutLine[];
  appliedDiscounts: unknown[];
  revision: string;
  createdDate: Date;
  updatedDate: Date;
}

export interface AbandonedCheckoutAnalyticsOptions {
  startDate?: Date;
  endDate?: Date;
  statuses?: AbandonedCheckoutStatus[];
  /** Aisle: the same figures per period, in `periods`. */
  interval?: 'DAY' | 'WEEK' | 'MONTH';
}

export interface AbandonedCheckoutFigures {
  currency: string;
  recoverableValue: string;
  recoveredValue: string;
  averageRecoverableCheckoutValue: string;
  recoverableCheckoutCount: number;
  recoveredCheckoutCount: number;
  /** Recovered / recoverable, 0 to 1. */
  recoveryRate: number;
}

export interface AbandonedCheckoutAnalytics extends AbandonedCheckoutFigures {
  periods?: Array<AbandonedCheckoutFigures & { startDate: Date }>;
}

export interface RecoverySettings {
  recoveryEmailsEnabled: boolean;
  /** The store's delay in minutes. */
  delayMinutes: number;
  /** What applies: the environment's `ABANDONED_CHECKOUT_MINUTES` when set, else `delayMinutes`. */
  effectiveDelayMinutes: number;
  revision: string;
  updatedDate?: Date;
}

/** The older store-level abandoned cart. */
export interface AbandonedCart {
  id: string;
  cartId?: string;
  checkoutId: string;
  status: AbandonedCheckoutStatus;
  abandonTime: Date;
  recoveredTime?: Date;
  createdDate: Date;
  buyerInfo: { id?: string; identityType: 'ADMIN' | 'MEMBER' | 'VISITOR' | 'CONTACT'; email?: string };
  currency: string;
  subtotal: string;
  total: string;
  activities: Array<{ activityType: string; message: string; timestamp: Date }>;
}

export const ABANDONED_CHECKOUT_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'checkoutRecoveredDate', 'activities.createdDate'],
};

const ANALYTICS_CONVERSION: ConversionSpec = { dates: ['periods.startDate'] };
const CART_CONVERSION: ConversionSpec = {
  dates: ['abandonTime', 'recoveredTime', 'createdDate', 'activities.timestamp'],
};

/** Abandoned checkouts and their recovery (admin). */
export const abandonedCheckouts = (http: Http) => {
  const { calls } = declaredCalls<AbandonedCheckout, never, never>()(
    http,
    ['AbandonedCheckout', 'AbandonedCheckouts'],
    {
      path: ABANDONED_CHECKOUTS_PATH,
      queryMethod: 'POST',
      metadataKey: 'metadata',
      conversion: ABANDONED_CHECKOUT_CONVERSION,
    },
  );
  const post = <T>(path: string, data: object) => http.request<T>({ method: 'POST', path, data });
  type One = { abandonedCheckout?: unknown };
  const one = (response: One) => calls.fromWire(response.abandonedCheckout);
  const iso = (date: Date | undefined) => date?.toISOString();
  return {
    getAbandonedCheckout: (abandonedCheckoutId: string): Promise<AbandonedCheckout> =>
      calls.get(abandonedCheckoutId),
    deleteAbandonedCheckout: (abandonedCheckoutId: string): Promise<void> =>
      calls.remove(abandonedCheckoutId),
    bulkDeleteAbandonedCheckouts: (abandonedCheckoutIds: string[]): Promise<BulkResult<never>> =>
      post('/ecom/v1/bulk/abandoned-checkout/delete', { abandonedCheckoutIds }),
    /** Offset-paged; `.find()` sends `POST /query`. */
    queryAbandonedCheckouts: (): QueryBuilder<AbandonedCheckout> => calls.query(),
    /** A free-text search of the buyer's e-mail and name, with an optional wire query. */
    searchAbandonedCheckouts: (
      expression: string,
      query: object = {},
    ): Promise<{ abandonedCheckouts: AbandonedCheckout[]; pagingMetadata: unknown }> =>
      post<{ abandonedCheckouts?: unknown[]; pagingMetadata?: unknown }>(
        `${ABANDONED_CHECKOUTS_PATH}/search`,
        { search: { ...query, search: { expression } } },
      ).then((r) => ({
        abandonedCheckouts: (r.abandonedCheckouts ?? []).map(calls.fromWire),
        pagingMetadata: r.pagingMetadata,
      })),
    addActivity: (
      abandonedCheckoutId: string,
      activityType: AbandonedCheckoutActivityType,
      options: { revision?: string } = {},
    ): Promise<AbandonedCheckout> =>
      post<One>(`/ecom/v1/abandoned-checkouts/${encodeURIComponent(abandonedCheckoutId)}/add-activity`, {
        activityType,
        ...options,
      }).then(one),
    /** Aisle: schedules and sends the recovery mail now (409 ALREADY_RECOVERED once an order was placed). */
    sendRecoveryEmail: (abandonedCheckoutId: string): Promise<AbandonedCheckout> =>
      post<One>(
        `/ecom/v1/abandoned-checkouts/${encodeURIComponent(abandonedCheckoutId)}/send-recovery-email`,
        {},
      ).then(one),
    getAnalytics: (options: AbandonedCheckoutAnalyticsOptions = {}): Promise<AbandonedCheckoutAnalytics> =>
      http.request<AbandonedCheckoutAnalytics>({
        method: 'POST',
        path: `${ABANDONED_CHECKOUTS_PATH}/get-analytics`,
        data: { ...options, startDate: iso(options.startDate), endDate: iso(options.endDate) },
        transform: ANALYTICS_CONVERSION,
      }),
    /** Where `redirect-to-checkout` sends a browser (asked as JSON): the storefront checkout, restored. */
    redirectToCheckout: (abandonedCheckoutId: string): Promise<{ redirectUrl: string }> =>
      http.request({
        method: 'GET',
        path: `${ABANDONED_CHECKOUTS_PATH}/{abandonedCheckoutId}/redirect-to-checkout`,
        data: { abandonedCheckoutId },
        headers: { accept: 'application/json' },
      }),
    getRecoverySettings: (): Promise<RecoverySettings> =>
      http
        .request<{ abandonedCheckoutSettings: RecoverySettings }>({
          method: 'GET',
          path: '/ecom/v1/abandoned-checkout-settings',
          transform: { dates: ['abandonedCheckoutSettings.updatedDate'] },
        })
        .then((r) => r.abandonedCheckoutSettings),
    updateRecoverySettings: (
      settings: Partial<Pick<RecoverySettings, 'recoveryEmailsEnabled' | 'delayMinutes' | 'revision'>>,
    ): Promise<RecoverySettings> =>
      http
        .request<{ abandonedCheckoutSettings: RecoverySettings }>({
          method: 'PATCH',
          path: '/ecom/v1/abandoned-checkout-settings',
          data: { abandonedCheckoutSettings: settings },
          transform: { dates: ['abandonedCheckoutSettings.updatedDate'] },
        })
        .then((r) => r.abandonedCheckoutSettings),
    getAbandonedCart: (id: string): Promise<AbandonedCart> =>
      http
        .request<{ abandonedCart: AbandonedCart }>({
          method: 'GET',
          path: '/v1/abandonedCarts/{id}',
          data: { id },
          transform: { dates: CART_CONVERSION.dates!.map((d) => `abandonedCart.${d}`) },
        })
        .then((r) => r.abandonedCart),
    queryAbandonedCarts: (
      query: object = {},
    ): Promise<{ abandonedCarts: AbandonedCart[]; totalResults: number }> =>
      http.request({
        method: 'POST',
        path: '/v1/abandonedCarts/query',
        data: { query },
        transform: { dates: CART_CONVERSION.dates!.map((d) => `abandonedCarts.${d}`) },
      }),
  };
};

export type AbandonedCheckoutsModule = ReturnType<typeof abandonedCheckouts>;
