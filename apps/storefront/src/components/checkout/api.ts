import {
  type AisleClient,
  type Checkout,
  type CheckoutInfo,
  checkout,
  createClient,
  REDIRECT_SESSION_HEADER,
  sandboxPayments,
  tips,
} from '@aisle/sdk';
import { browserStore } from '../../sdk.ts';

const MODULES = { checkout, sandboxPayments, tips };

export type CheckoutApi = AisleClient<typeof MODULES>;

/** Runs one checkout call with the page's client; its answer replaces the checkout shown. */
export type CheckoutWrite = (call: (api: CheckoutApi) => Promise<Checkout>) => Promise<Checkout>;

/** Writes the fields of the checkout that `fieldMask` names, through `write`. */
export const writeFields = (
  write: CheckoutWrite,
  id: string,
  patch: CheckoutInfo,
  fieldMask: readonly string[],
) => write((api) => api.checkout.updateCheckout(id, patch, { fieldMask }));

const bySession = new Map<string, CheckoutApi>();

/**
 * The checkout calls of the page. A checkout opened through another site's `ecomCheckout` redirect session
 * belongs to that site's visitor, not to ours: the page presents the session with every checkout call
 * and tip choice call (`X-Aisle-Redirect-Session`), which grants this browser that one checkout
 * (docs/CHECKOUT.md). Without a session, the storefront's own client (the shopper's own checkouts).
 */
export function checkoutApi(redirectSessionId: string | undefined): CheckoutApi {
  const key = redirectSessionId ?? '';
  let api = bySession.get(key);
  if (!api) {
    const { connection } = browserStore();
    api = redirectSessionId
      ? createClient({
          modules: MODULES,
          auth: connection.auth,
          headers: { [REDIRECT_SESSION_HEADER]: redirectSessionId },
        })
      : createClient({ modules: MODULES, ...connection });
    bySession.set(key, api);
  }
  return api;
}
