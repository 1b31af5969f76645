import {
  type Checkout,
  checkout,
  createClient,
  REDIRECT_SESSION_HEADER,
  sandboxPayments,
  tips,
} from '@aisle/sdk';
import { auth, client } from '../../sdk.ts';

export type CheckoutApi = Pick<typeof client, 'checkout' | 'sandboxPayments' | 'tips'>;

/** Runs one checkout call with the page's client; its answer replaces the checkout shown. */
export type CheckoutWrite = (call: (api: CheckoutApi) => Promise<Checkout>) => Promise<Checkout>;

const bySession = new Map<string, CheckoutApi>();

/**
 * The checkout calls of the page. A checkout opened through another site's `ecomCheckout` redirect session
 * belongs to that site's visitor, not to ours: the page presents the session with every checkout call
 * and tip choice call (`X-Aisle-Redirect-Session`), which grants this browser that one checkout
 * (docs/CHECKOUT.md). Without a session, the storefront's own client (the shopper's own checkouts).
 */
export function checkoutApi(redirectSessionId: string | undefined): CheckoutApi {
  if (!redirectSessionId) return client;
  let api = bySession.get(redirectSessionId);
  if (!api) {
    api = createClient({
      modules: { checkout, sandboxPayments, tips },
      auth,
      headers: { [REDIRECT_SESSION_HEADER]: redirectSessionId },
    });
    bySession.set(redirectSessionId, api);
  }
  return api;
}
