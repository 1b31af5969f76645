import {
  type AisleClient,
  collections,
  createClient,
  currentCart,
  type ModuleMap,
  members,
  products,
  type StoreSettings,
  storeSettings,
} from '@aisle/sdk';
import type { Connection } from './sdk.ts';

/**
 * What every page needs: the catalogue, the cart and the member. A page's other modules (checkout, orders,
 * recovery, …) are bound where they are used (`clientWith`), so they stay out of the first page load.
 */
const MODULES = { products, collections, members, currentCart };

export type StoreClient = AisleClient<typeof MODULES>;

/**
 * The storefront's client over any transport: the browser's fetch, or the server's in-process one. Its own
 * module: the server renders with it at once, the browser loads it with the first call (`Store.api()`), so a
 * page paints and hydrates without the SDK's client.
 */
export const createStoreClient = (connection: Connection): StoreClient =>
  createClient({ modules: MODULES, ...connection });

/** A client of `modules` over the connection. */
export const clientOver = <M extends ModuleMap>(connection: Connection, modules: M): AisleClient<M> =>
  createClient({ modules, ...connection });

/** The store's public settings (its name and logo), read by anyone. */
export const readPublicStoreSettings = (connection: Connection): Promise<StoreSettings> =>
  clientOver(connection, { storeSettings }).storeSettings.getPublicStoreSettings();
