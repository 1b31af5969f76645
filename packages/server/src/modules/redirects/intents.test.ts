import { describe, expect, it } from 'vitest';
import { ValidationFailure } from '../../platform/errors.ts';
import { buildUrl, intentOf, targetOf } from './intents.ts';

const BASE = 'https://shop.example';

describe('redirect intents', () => {
  it('needs exactly one intent', () => {
    expect(() => intentOf({})).toThrow(ValidationFailure);
    expect(() => intentOf({ login: {}, logout: {} })).toThrow(/2 intents/);
    expect(intentOf({ login: {} })).toBe('login');
  });

  it('sends auth to the authorize endpoint with snake_case parameters', () => {
    const target = targetOf(BASE, {
      auth: {
        authRequest: {
          clientId: 'c',
          redirectUri: `${BASE}/callback`,
          codeChallenge: 'x',
          state: 's',
          sessionToken: 't',
        },
        prompt: 'none',
      },
    });
    expect(target.endpoint).toBe(`${BASE}/oauth2/authorize`);
    expect(target.searchParams).toMatchObject({
      client_id: 'c',
      prompt: 'none',
      response_type: 'code',
      sessionToken: 't',
    });
    expect(target.secrets).toEqual(['sessionToken']);
  });

  it('maps store pages, member sections and missing verticals', () => {
    expect(targetOf(BASE, { ecomCheckout: { checkoutId: 'a/b' } }).endpoint).toBe(`${BASE}/checkout/a%2Fb`);
    expect(targetOf(BASE, { storesProduct: { productSlug: 'red-shoe' } }).endpoint).toBe(
      `${BASE}/products/red-shoe`,
    );
    expect(targetOf(BASE, { membersAccount: {} }).endpoint).toBe(`${BASE}/account/info`);
    expect(targetOf(BASE, { membersAccount: { section: 'ORDERS' } }).endpoint).toBe(`${BASE}/account/orders`);
    expect(targetOf(BASE, { membersAccount: { section: 'BOOKINGS' } }).endpoint).toBe(
      `${BASE}/unavailable/bookings`,
    );
    expect(targetOf(BASE, { bookingsBook: { resourceId: 'r' } }).endpoint).toBe(
      `${BASE}/unavailable/bookings`,
    );
    expect(targetOf(BASE, { eventsCheckout: {} }).endpoint).toBe(`${BASE}/unavailable/events`);
    expect(targetOf(BASE, { paidPlansCheckout: {} }).endpoint).toBe(`${BASE}/unavailable/paid-plans`);
    expect(() => targetOf(BASE, { ecomCheckout: {} })).toThrow(ValidationFailure);
  });

  it('sends logout to the logout endpoint with the post-flow URL', () => {
    const target = targetOf(BASE, { logout: {}, callbacks: { postFlowUrl: `${BASE}/bye` } }, 'demo');
    expect(buildUrl(target)).toBe(
      `${BASE}/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${encodeURIComponent(`${BASE}/bye`)}&clientId=demo`,
    );
  });

  it('keeps its own parameters over additional ones and can omit secrets', () => {
    const target = targetOf(BASE, { auth: { authRequest: { clientId: 'c', sessionToken: 'secret' } } });
    const url = buildUrl(target, { client_id: 'evil', lang: 'de' }, ['sessionToken']);
    expect(url).toContain('client_id=c');
    expect(url).toContain('lang=de');
    expect(url).not.toContain('secret');
  });
});
