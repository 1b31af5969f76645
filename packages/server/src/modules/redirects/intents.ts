import { invalid } from '../../platform/errors.ts';
import type { RedirectSessionRequest, Section } from './schemas.ts';

export const INTENTS = [
  'ecomCheckout',
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
  'membersAccount',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Storefront paths of the member area; sections of verticals Aisle does not have land on an honest page. */
export const SECTION_PATHS: Record<Section, string> = {
  ACCOUNT_INFO: '/account/info',
  ORDERS: '/account/orders',
  SUBSCRIPTIONS: '/account/subscriptions',
  BOOKINGS: '/unavailable/bookings',
  EVENTS: '/unavailable/events',
};

/** A target before the session exists: where to, with which query, and which parameters are secrets. */
export interface Target {
  intent: Intent;
  /** Absolute URL without query. */
  endpoint: string;
  searchParams: Record<string, string>;
  /** Parameters never stored (the auth session token). */
  secrets: string[];
  /** Storefront pages get the session id so they can read its checked callbacks. */
  storefrontPage: boolean;
}

export function intentOf(body: RedirectSessionRequest): Intent {
  const present = INTENTS.filter((name) => body[name] !== undefined && body[name] !== null);
  if (present.length !== 1)
    throw invalid(
      'body',
      present.length === 0
        ? `needs one intent: ${INTENTS.join(', ')}`
        : `has ${present.length} intents (${present.join(', ')}); send exactly one`,
      'REQUIRED_ONE_OF_FIELD',
      { intents: [...INTENTS] },
    );
  return present[0]!;
}

const required = (value: string | undefined, field: string): string => {
  if (!value) throw invalid(field, 'is required', 'REQUIRED_FIELD');
  return value;
};

function compact(entries: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries))
    if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/** Map a request to its target on the store (`publicUrl`). Callbacks and clients are checked by the caller. */
export function targetOf(publicUrl: string, body: RedirectSessionRequest, fallbackClientId?: string): Target {
  const intent = intentOf(body);
  const page = (path: string, searchParams: Record<string, string> = {}): Target => ({
    intent,
    endpoint: `${publicUrl}${path}`,
    searchParams,
    secrets: [],
    storefrontPage: true,
  });
  switch (intent) {
    case 'auth': {
      const a = body.auth?.authRequest ?? {};
      return {
        intent,
        endpoint: `${publicUrl}/oauth2/authorize`,
        searchParams: compact({
          client_id: required(a.clientId, 'auth.authRequest.clientId'),
          redirect_uri: a.redirectUri,
          response_type: a.responseType ?? 'code',
          response_mode: a.responseMode,
          state: a.state,
          code_challenge: a.codeChallenge,
          code_challenge_method: a.codeChallengeMethod,
          scope: a.scope,
          prompt: body.auth?.prompt ?? a.prompt,
          nonce: a.nonce,
          idp: a.idp,
          sessionToken: a.sessionToken,
        }),
        secrets: ['sessionToken'],
        storefrontPage: false,
      };
    }
    case 'logout': {
      const clientId = body.logout?.clientId ?? fallbackClientId;
      return {
        intent,
        endpoint: `${publicUrl}/_api/iam/authentication/v1/logout`,
        searchParams: compact({
          postLogoutRedirectUri: body.callbacks?.postFlowUrl ?? `${publicUrl}/`,
          clientId,
        }),
        secrets: [],
        storefrontPage: false,
      };
    }
    case 'login':
      return page('/login');
    case 'ecomCheckout':
      return page(
        `/checkout/${encodeURIComponent(required(body.ecomCheckout?.checkoutId, 'ecomCheckout.checkoutId'))}`,
      );
    case 'storesProduct':
      return page(
        `/products/${encodeURIComponent(required(body.storesProduct?.productSlug, 'storesProduct.productSlug'))}`,
      );
    case 'membersAccount':
      return page(SECTION_PATHS[body.membersAccount?.section ?? 'ACCOUNT_INFO']);
    case 'bookingsCheckout':
    case 'bookingsBook':
      return page('/unavailable/bookings');
    case 'eventsCheckout':
      return page('/unavailable/events');
    case 'paidPlansCheckout':
      return page('/unavailable/paid-plans');
    case 'ecomOrderPaymentRequest':
      return page('/unavailable/payment-requests');
  }
}

/** The final URL: our parameters win over `additionalQueryParameters`. */
export function buildUrl(target: Target, extra: Record<string, string> = {}, omit: string[] = []): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (!(key in target.searchParams)) params.set(key, value);
  for (const [key, value] of Object.entries(target.searchParams))
    if (!omit.includes(key)) params.set(key, value);
  const query = params.toString();
  return query ? `${target.endpoint}?${query}` : target.endpoint;
}
