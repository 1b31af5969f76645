import {
  AisleError,
  abandonedCheckouts,
  ApiKeyStrategy,
  backInStockRequests,
  brands,
  catalogueCsv,
  collections,
  coupons,
  discountRules,
  customizations,
  infoSections,
  inventoryItems,
  media,
  ribbons,
  createClient,
  customers,
  devMailbox,
  inventory,
  orders,
  paymentsCollector,
  products,
  type StaffPermission,
  type StaffSession,
  staffAccounts,
  storeSettings,
  subscriptionContracts,
  checkoutTemplates,
  deliveryRegions,
  shippoConfigurations,
  checkoutSettings,
  ordersSettings,
  shippingOptions,
  taxGroups,
  taxRates,
  taxRegions,
  tips,
  webhooks,
} from '@aisle/sdk';
import { redirect } from 'react-router';

/**
 * What the admin app calls: catalogue writes, stock, orders, payment collection, coupons, the store
 * settings, customers, staff accounts, abandoned checkouts and back-in-stock requests, all as the merchant.
 */
const modules = {
  products,
  inventory,
  orders,
  paymentsCollector,
  coupons,
  // Automatic discounts (discount rules), with the coupons.
  discountRules,
  storeSettings,
  // The catalogue screens.
  collections,
  inventoryItems,
  brands,
  ribbons,
  customizations,
  infoSections,
  media,
  catalogueCsv,
  // Staff and customers.
  staffAccounts,
  customers,
  // Recovery: abandoned checkouts and back-in-stock requests.
  abandonedCheckouts,
  backInStockRequests,
  // Subscription contracts (list, detail, cancel).
  subscriptionContracts,
  // Checkout templates and shipping labels.
  checkoutTemplates,
  shippoConfigurations,
  // The settings screens.
  deliveryRegions,
  shippingOptions,
  taxGroups,
  taxRegions,
  taxRates,
  checkoutSettings,
  ordersSettings,
  tips,
  webhooks,
  // The dev mailbox (owners).
  devMailbox,
};

/**
 * A client that sends this credential (`Authorization: <credential>`) with every call: a staff session token
 * (`aisle_st_…`, from signing in with e-mail and password) or an admin API key (`aisle_sk_…`).
 */
export const adminClient = (credential: string) =>
  createClient({ modules, auth: ApiKeyStrategy({ apiKey: credential }) });
export type AdminClient = ReturnType<typeof adminClient>;

/** Calls made before signing in (sign-in, the first owner, invitations). */
export const publicClient = () => createClient({ modules: { staffAccounts } });

/**
 * The credential lives in this tab's sessionStorage only: closing the tab signs the merchant out, other tabs
 * and windows never see it, and it is never put in a URL or logged.
 */
const STORAGE_KEY = 'aisle.admin.apiKey';

let current: { key: string; client: AdminClient; session?: Promise<StaffSession> } | undefined;

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
 * Who is signed in: role, permissions, and the staff account (none for an API key); asked once per
 * credential. A credential the server no longer accepts (a session ended, a key revoked) signs the tab out.
 */
export async function currentSession(): Promise<StaffSession> {
  const client = requireClient();
  if (!current) throw redirect('/sign-in');
  current.session ??= client.staffAccounts.getSession();
  try {
    return await current.session;
  } catch (error) {
    if (current) current.session = undefined;
    if (error instanceof AisleError && error.status === 401) {
      forget();
      throw redirect('/sign-in?ended=1');
    }
    throw error;
  }
}

/** Ask the server again who is signed in (after changing one's own account). */
export function forgetSession(): void {
  if (current) current.session = undefined;
}

/** Whether the signed-in role may do this (the server checks it too; the app only hides what would fail). */
export const can = (session: StaffSession | undefined, permission: StaffPermission): boolean =>
  session?.permissions.includes(permission) ?? false;

/** Keeps a credential for the tab once the server has accepted it. */
function keep(credential: string, client = adminClient(credential)): void {
  sessionStorage.setItem(STORAGE_KEY, credential);
  current = { key: credential, client };
}

/**
 * Checks an admin API key with one call every role may make and keeps it for the tab. Throws the SDK's error
 * for a key the server refuses.
 */
export async function signIn(apiKey: string): Promise<void> {
  const client = adminClient(apiKey);
  const session = client.staffAccounts.getSession();
  await session;
  keep(apiKey, client);
  current!.session = session;
}

/** Keeps the session token a staff sign-in (or an accepted invitation, or the first owner) answered. */
export function startStaffSession(token: string): void {
  keep(token);
}

function forget(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  current = undefined;
}

/** Forgets the credential; a staff session is ended on the server too. */
export async function signOut(): Promise<void> {
  const key = sessionStorage.getItem(STORAGE_KEY);
  const client = signedInClient();
  forget();
  if (key?.startsWith('aisle_st_') && client) await client.staffAccounts.signOut().catch(() => undefined);
}
