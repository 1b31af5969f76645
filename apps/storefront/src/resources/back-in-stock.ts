import {
  type BackInStockItemDetails,
  type BackInStockRequest,
  type BackInStockRequestInput,
  backInStockRequests,
} from '@aisle/sdk';
import { browserClientWith } from '../sdk.ts';

/**
 * Asks the store to e-mail the shopper when an item is back in stock. Its own module, loaded with the request
 * (`notify-me.tsx`), so that the product page's first load does without the module's SDK code.
 */
export const requestBackInStock = async (
  request: BackInStockRequestInput,
  itemDetails?: BackInStockItemDetails,
): Promise<BackInStockRequest> =>
  (await browserClientWith({ backInStockRequests })).backInStockRequests.createRequest(request, itemDetails);
