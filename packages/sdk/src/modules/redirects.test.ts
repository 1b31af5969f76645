import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { StaticTokenStrategy } from '../core/auth.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import type { CreateRedirectSessionRequest } from './identity-types.ts';
import { REDIRECT_SESSION_PATH, redirects } from './redirects.ts';

const intents: CreateRedirectSessionRequest[] = [
  { ecomCheckout: { checkoutId: 'c1' }, callbacks: { thankYouPageUrl: 'https://shop.test/thanks' } },
  {
    bookingsCheckout: {
      timezone: 'Europe/Berlin',
      slotAvailability: {
        slot: { serviceId: 's', startDate: '2024-05-01T10:00:00', endDate: '2024-05-01T11:00:00' },
      },
    },
  },
  { eventsCheckout: { reservationId: 'r1', eventSlug: 'gala' } },
  { paidPlansCheckout: { planId: 'p1' } },
  { login: {} },
  { logout: { clientId: 'demo-storefront' }, callbacks: { postFlowUrl: 'https://shop.test/' } },
  {
    auth: {
      authRequest: {
        clientId: 'demo-storefront',
        responseType: 'code',
        state: 's',
        responseMode: 'fragment',
      },
      prompt: 'login',
    },
  },
  { storesProduct: { productSlug: 'shirt' } },
  { bookingsBook: { resourceId: 'res-1' } },
  { ecomOrderPaymentRequest: { paymentRequestId: 'pr-1' } },
  {
    membersAccount: { section: 'ORDERS' },
    preferences: { useGenericAislePages: true },
    origin: 'https://shop.test',
  },
];

describe('redirects.createRedirectSession', () => {
  it.each(intents)('POSTs %j as is, with the caller’s token, and returns the session', async (request) => {
    const session = {
      id: 'rs1',
      fullUrl: 'https://shop.test/r?x=1',
      urlDetails: { endpoint: 'https://shop.test/r', searchParams: { x: '1' } },
      sessionToken: 'st',
    };
    const { fetch, calls } = fakeFetch(() => json({ redirectSession: session }));
    const client = createClient({
      modules: { redirects },
      fetch,
      auth: StaticTokenStrategy({ token: 'visitor' }),
    });
    expect(await client.redirects.createRedirectSession(request)).toEqual(session);
    expect(calls[0]?.method).toBe('POST');
    expect(parseUrl(calls[0]?.url ?? '').path).toBe('/_api/redirects-api/v1/redirect-session');
    expect(REDIRECT_SESSION_PATH).toBe('/_api/redirects-api/v1/redirect-session');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(request);
    expect(calls[0]?.headers.get('Authorization')).toBe('visitor');
  });
});

// Compile-time checks (run by `tsc -p packages/sdk`, not by vitest): a request carries exactly one intent.
expectTypeOf<{
  login: Record<string, never>;
  logout: { clientId: string };
}>().not.toExtend<CreateRedirectSessionRequest>();
expectTypeOf<{ callbacks: { postFlowUrl: string } }>().not.toExtend<CreateRedirectSessionRequest>();
expectTypeOf<{
  logout: { clientId: string };
  callbacks: { postFlowUrl: string };
}>().toExtend<CreateRedirectSessionRequest>();
