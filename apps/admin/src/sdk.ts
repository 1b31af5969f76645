import {
  ApiKeyStrategy,
  coupons,
  createClient,
  inventory,
  orders,
  paymentsCollector,
  products,
  storeSettings,
} from '@aisle/sdk';
import { redirect } from 'react-router';

/**
 * What the admin app calls: catalogue writes, stock, orders, payment collection, coupons and the store
 * settings, all as the merchant.
 */
const modules = { products, inventory, orders, paymentsCollector, coupons, storeSettings };

/** A client that sends this admin API key (`Authorization: <key>`) with every call. */
export const adminClient = (apiKey: string) => createClient({ modules, auth: ApiKeyStrategy({ apiKey }) });
export type AdminClient = ReturnType<typeof adminClient>;

/**
 * The key lives in this tab's sessionStorage only: closing the tab signs the merchant out, other tabs and
 * windows never see it, and it is never put in a URL or logged.
 */
const STORAGE_KEY = 'aisle.admin.apiKey';

let current: { key: string; client: AdminClient } | undefined;

/** The signed-in merchant's client, or undefined before sign-in. */
export function signedInClient(): AdminClient | undefined {
  const key = sessionStorage.getItem(STORAGE_KEY);
  if (!key) {
    current = undefined;
    return undefined;
  }
  if (current?.key !== key) current = { key, client: adminClient(key) };
  return current.client;
}

/** For loaders and actions of signed-in pages: the client, or off to the sign-in page. */
export function requireClient(): AdminClient {
  const client = signedInClient();
  if (!client) throw redirect('/sign-in');
  return client;
}

/**
 * Checks the key with one admin-only call (an order count: member and visitor tokens are refused too) and
 * keeps it for the tab. Throws the SDK's error for a key the server refuses.
 */
export async function signIn(apiKey: string): Promise<void> {
  const client = adminClient(apiKey);
  await client.orders.aggregateOrders({ aggregation: { orders: { metrics: { count: { count: {} } } } } });
  sessionStorage.setItem(STORAGE_KEY, apiKey);
  current = { key: apiKey, client };
}

export function signOut(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  current = undefined;
}
