import type { TestServer } from '@aisle/server/testing';
import { expect } from 'vitest';
import {
  type Address,
  checkout,
  createClient,
  currentCart,
  DEFAULT_VARIANT_ID,
  type LineItemInput,
  OAuthStrategy,
  orders,
  paymentsCollector,
  products,
  STORES_APP_ID,
  sandboxPayments,
} from '../src/index.ts';
import { adminClient, type StartedServer, serverForFile, startServer } from './test-server.ts';

/** Shared by the SDK's checkout and orders tests: the demo store on a real server, and its shoppers. */

export const CLIENT_ID = 'demo-storefront';
export const PASSWORD = 'correct horse battery';

export const CARDS = {
  approves: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export const SAN_FRANCISCO: Address = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'San Francisco',
  postalCode: '94105',
  addressLine1: '500 Howard St',
};

/** The demo store, with the storefront's OAuth client for the server's URL (`startTestServer` installs it). */
export const startStore = (): Promise<StartedServer> => startServer({ demo: true });

/** The test file's demo store: started before its tests, stopped after them. */
export function storeForFile(): { readonly server: TestServer } {
  let started: TestServer | undefined;
  serverForFile((s) => {
    started = s;
  }, startStore);
  return {
    get server() {
      if (!started) throw new Error('The demo store has not started');
      return started;
    },
  };
}

const modules = { currentCart, checkout, sandboxPayments, orders, products };

/** A new visitor (its own anonymous tokens) or, with `headers`, a client presenting them on every call. */
export function shopper(server: TestServer, headers?: Record<string, string>) {
  const auth = OAuthStrategy({ clientId: CLIENT_ID, baseUrl: server.url });
  return { ...createClient({ modules, baseUrl: server.url, auth, ...(headers ? { headers } : {}) }), auth };
}

export type Shopper = ReturnType<typeof shopper>;

/** A registered member signed in through the trusted-server grant. */
export async function member(server: TestServer, email: string): Promise<Shopper & { memberId: string }> {
  const res = await server.call('POST', '/_api/iam/authentication/v2/register', {
    body: { loginId: { email }, password: PASSWORD, profile: { firstName: 'Ada', lastName: 'Lovelace' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const memberId = (res.body.identity as { id: string }).id;
  const client = shopper(server);
  await client.auth.getMemberTokensForExternalLogin(memberId, server.adminKey);
  return { ...client, memberId };
}

export const admin = (server: TestServer) => adminClient(server, { checkout, orders, paymentsCollector });

/** A catalogue line of a product (by slug) and, for products with options, its first in-stock variant. */
export async function lineOf(client: Shopper, slug: string, quantity = 1): Promise<LineItemInput> {
  const page = await client.products.queryProducts({ includeVariants: true }).eq('slug', slug).find();
  const product = page.items[0];
  if (!product) throw new Error(`no product ${slug}`);
  const variant = (product.variants ?? []).find((v) => v.stock?.inStock !== false);
  return {
    quantity,
    catalogReference: {
      catalogItemId: product.id,
      appId: STORES_APP_ID,
      options: { variantId: variant?.id ?? DEFAULT_VARIANT_ID },
    },
  };
}

/** A one-use payment token of a sandbox card. */
export async function cardToken(client: Shopper, number: string): Promise<string> {
  const { paymentToken } = await client.sandboxPayments.createCardToken({
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
    holderName: 'Ada Lovelace',
  });
  return paymentToken;
}

/** A checkout of `lines` from `client`'s cart with an e-mail, the San Francisco address and Standard shipping. */
export async function readyCheckout(client: Shopper, lines: LineItemInput[], email = 'ada@example.com') {
  await client.currentCart.addToCurrentCart({ lineItems: lines });
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
  const withAddress = await client.checkout.updateCheckout(
    checkoutId,
    {
      buyerInfo: { email },
      shippingInfo: {
        shippingDestination: {
          address: SAN_FRANCISCO,
          contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
        },
      },
    },
    { fieldMask: ['buyerInfo.email', 'shippingInfo.shippingDestination'] },
  );
  const standard = withAddress.shippingInfo?.carrierServiceOptions
    ?.flatMap((c) => c.shippingOptions ?? [])
    .find((o) => o.title === 'Standard');
  return client.checkout.updateCheckout(
    checkoutId,
    { shippingInfo: { selectedCarrierServiceOption: { code: standard?.code ?? '' } } },
    { fieldMask: ['shippingInfo.selectedCarrierServiceOption'] },
  );
}
