import type { ConversionSpec } from '../core/convert.ts';
import { resourceCalls } from '../core/entity.ts';
import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { CatalogReference } from './cart-types.ts';

export const BACK_IN_STOCK_PATH = '/back-in-stock-service/v1/back-in-stock-notification-requests';

export type BackInStockStatus = 'RECEIVED' | 'PROCESSING' | 'NOTIFICATION_SENT' | 'FAILED';

/** A shopper's "notify me when available" for one catalogue item (docs/RECOVERY.md). */
export interface BackInStockRequest {
  id: string;
  catalogReference: CatalogReference;
  email: string;
  contactId?: string;
  status: BackInStockStatus;
  /** Whether the stock change itself sent the notification (false: a merchant's report or mark). */
  autoNotified: boolean;
  /** Aisle: why a FAILED request failed. */
  failureReason?: string;
  itemUrl?: string;
  notifiedDate?: Date;
  revision: string;
  createdDate: Date;
  updatedDate: Date;
}

export interface BackInStockRequestInput {
  catalogReference: CatalogReference;
  email: string;
  contactId?: string;
  itemUrl?: string;
}

/** What the shopper's page shows of the item (the store's own products are named from the catalogue). */
export interface BackInStockItemDetails {
  name?: string;
  price?: string;
  image?: string;
}

export const BACK_IN_STOCK_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'notifiedDate'],
};

/** Back-in-stock notification requests: shoppers create them, merchants read, count and report. */
export const backInStockRequests = (http: Http) => {
  const calls = resourceCalls<BackInStockRequest, BackInStockRequestInput, never>(http, {
    path: BACK_IN_STOCK_PATH,
    key: 'request',
    plural: 'requests',
    queryMethod: 'GET',
    queryPath: BACK_IN_STOCK_PATH,
    queryFallbackPath: `${BACK_IN_STOCK_PATH}/query`,
    paging: 'offset',
    metadataKey: 'metadata',
    conversion: BACK_IN_STOCK_CONVERSION,
  });
  return {
    /** Visitor or member token: 409 ALREADY_EXISTS while an open request for this e-mail and item exists. */
    createRequest: (
      request: BackInStockRequestInput,
      itemDetails?: BackInStockItemDetails,
    ): Promise<BackInStockRequest> => calls.create(request, itemDetails ? { itemDetails } : {}),
    getRequest: (requestId: string): Promise<BackInStockRequest> => calls.get(requestId),
    deleteRequest: (requestId: string): Promise<void> => calls.remove(requestId),
    /** Offset-paged; `.find()` sends GET* on the collection path (POST `/query` fallback). */
    queryRequests: (): QueryBuilder<BackInStockRequest> => calls.query(),
    markAsNotificationSent: (
      requestId: string,
      options: { revision?: string } = {},
    ): Promise<BackInStockRequest> =>
      http
        .request<{ request: unknown }>({
          method: 'PUT',
          path: `${BACK_IN_STOCK_PATH}/${encodeURIComponent(requestId)}/mark-as-notification-sent`,
          data: options,
        })
        .then((r) => calls.fromWire(r.request)),
    countByCatalogReference: (
      catalogReferences: CatalogReference[],
      options: { statuses?: BackInStockStatus[] } = {},
    ): Promise<{ countsPerCatalogReference: Array<{ catalogReference: CatalogReference; count: number }> }> =>
      http.request({
        method: 'GET',
        path: `${BACK_IN_STOCK_PATH}/count-by-catalog-reference`,
        data: { catalogReferences, ...options },
        complex: true,
      }),
    /** Notifies the waiting requests of the item now (only `requestIds` when given). */
    reportItemsBackInStock: async (
      catalogReference: CatalogReference,
      options: { requestIds?: string[]; itemDetails?: BackInStockItemDetails } = {},
    ): Promise<void> => {
      await http.request({
        method: 'POST',
        path: `${BACK_IN_STOCK_PATH}/report-items-back-in-stock`,
        data: { catalogReference, ...options },
      });
    },
  };
};

export type BackInStockRequestsModule = ReturnType<typeof backInStockRequests>;
