import { beforeAll, describe, expect, it } from 'vitest';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import type { TestServer } from '../src/testing.ts';
import { line, newCheckout, product } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { CLIENT_ID, PASSWORD, visitorTokens } from './identity-helpers.ts';
import { seedDemo } from './openapi-operations.ts';

/**
 * Requests a hostile client sends (issue 17): each answered 500 before. Every one now gets a 4xx in the wire
 * envelope, validation errors naming the field, and changes nothing.
 */

const { server } = serverForFile({ seed: seedDemo });
let visitor = '';
let productId = '';

beforeAll(async () => {
  visitor = (await visitorTokens(server())).access_token;
  const products = await server().call('POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { paging: { limit: 1 } } },
  });
  productId = (products.body.products as { id: string }[])[0]!.id;
}, 120_000);

type Answer = Awaited<ReturnType<TestServer['call']>>;
interface Violation {
  field: string;
  violatedRule: string;
}
const violations = (body: Record<string, unknown>): Violation[] =>
  (body.details as { validationError?: { fieldViolations: Violation[] } } | undefined)?.validationError
    ?.fieldViolations ?? [];

function expectEnvelope(res: Answer, label = ''): void {
  expect(res.status, `${label} ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  expect(res.status, label).not.toBe(200);
  expect(res.body.message, label).toBeTypeOf('string');
  expect(res.body.details, label).toBeTypeOf('object');
}

/** A 400 validation error naming `field`. */
function expectViolation(res: Answer, field: string, rule?: string): void {
  expectEnvelope(res, field);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const found = violations(res.body).find((v) => v.field === field);
  expect(found, `${field} in ${JSON.stringify(violations(res.body))}`).toBeDefined();
  if (rule) expect(found?.violatedRule).toBe(rule);
}

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';
const QUERY = '/stores-reader/v1/products/query-platformized';

describe('NUL and unpaired surrogates are refused at the edge, naming the field', () => {
  it('in bodies, anonymous and signed in', async () => {
    expectViolation(
      await server().call('POST', '/oauth2/token', { body: { grantType: 'anonymous', clientId: NUL } }),
      'clientId',
      'FORMAT',
    );
    for (const path of ['/_api/iam/authentication/v2/login', '/_api/iam/authentication/v2/register']) {
      expectViolation(
        await server().call('POST', path, {
          body: { loginId: { email: `x${NUL}@example.com` }, password: PASSWORD },
        }),
        'loginId.email',
      );
    }
    expectViolation(
      await server().call('POST', '/_api/iam/recovery/v1/send-email', {
        body: { email: `r${NUL}@example.com` },
      }),
      'email',
    );
    expectViolation(
      await server().call('POST', QUERY, { body: { query: { filter: { name: NUL } } } }),
      'query.filter.name',
    );
    expectViolation(
      await server().call('PATCH', '/ecom/v1/carts/current', { token: visitor, body: { couponCode: NUL } }),
      'couponCode',
    );
    expectViolation(
      await server().call('PATCH', '/ecom/v1/carts/current', {
        token: visitor,
        body: { cartInfo: { buyerNote: NUL } },
      }),
      'cartInfo.buyerNote',
    );
    expectViolation(
      await server().call('PATCH', '/ecom/v1/carts/current', {
        token: visitor,
        body: { cartInfo: { buyerNote: LONE } },
      }),
      'cartInfo.buyerNote',
    );
    expectViolation(
      await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
        token: visitor,
        body: { login: {}, origin: NUL },
      }),
      'origin',
    );
    expectViolation(
      await server().call('POST', '/stores/v3/brands', {
        token: server().adminKey,
        body: { brand: { name: LONE } },
      }),
      'brand.name',
    );
    // A NUL in a key is refused like one in a value.
    expectViolation(
      await server().call('POST', QUERY, { body: { query: { filter: { [`na${'\u0000'}me`]: 'x' } } } }),
      'query.filter',
    );
  });

  it('in path parameters and query strings', async () => {
    expectViolation(await server().call('GET', '/v2/collections/slug/a%00b'), 'slug');
    // A surrogate cannot be percent-encoded as UTF-8: the router refuses the path.
    expectViolation(await server().call('GET', '/v2/collections/slug/a%ED%A0%80b'), 'path', 'FORMAT');
    expectViolation(
      await server().call('GET', `${QUERY}?${encodeComplexQuery({ query: { filter: { name: NUL } } })}`),
      'query.filter.name',
    );
    expectViolation(await server().call('GET', `${QUERY}?query.filter.name=a%00b`), 'query.filter.name');
    const authorize = await server().call('GET', `/oauth2/authorize?client_id=a%00b&response_type=code`);
    expectViolation(authorize, 'client_id');
  });
});

describe('numbers that JSON cannot hold', () => {
  it('1e309 in a money field is a validation error, not a RangeError', async () => {
    const res = await server().call('POST', '/stores/v1/bulk/products/update', {
      token: server().adminKey,
      body: `{"ids":["${productId}"],"set":{"price":1e309}}`,
    });
    expectViolation(res, 'set.price');
    const after = await server().call('GET', `/stores-reader/v1/products/${productId}`, {
      headers: { 'x-aisle-consistent': 'true' },
    });
    expect(after.status).toBe(200);
  });
});

describe('cursors are validated before they reach the database', () => {
  it('a forged cursor with keys of the wrong type is a 400 on the cursor', async () => {
    for (const keys of [['abc'], ['abc', 'def'], ['abc', 'def', 'ghi'], [null, 'x', 'y']]) {
      for (const sort of [null, [{ fieldName: 'price', order: 'ASC' }], [{ fieldName: 'numericId' }]]) {
        const cursor = Buffer.from(JSON.stringify({ v: 1, f: null, s: sort, k: keys, d: 'next' })).toString(
          'base64url',
        );
        const res = await server().call('POST', QUERY, { body: { query: { cursorPaging: { cursor } } } });
        if (res.status === 200) continue;
        expectViolation(res, 'query.cursorPaging.cursor');
      }
    }
    // The first of these is always forged: keys that are no numbers for a price sort.
    const forged = Buffer.from(
      JSON.stringify({
        v: 1,
        f: null,
        s: [{ fieldName: 'price', order: 'ASC' }],
        k: ['abc', 'def'],
        d: 'next',
      }),
    ).toString('base64url');
    expectViolation(
      await server().call('POST', QUERY, { body: { query: { cursorPaging: { cursor: forged } } } }),
      'query.cursorPaging.cursor',
    );
  });
});

describe('filter keys named like object members', () => {
  it('are unknown fields on every queried entity, also under GET .r=', async () => {
    const targets: Array<[string, string, string]> = [
      ['POST', QUERY, 'query.filter'],
      ['POST', '/stores-reader/v1/variants/query', 'query.filter'],
      ['POST', '/v2/collections/query', 'query.filter'],
      ['POST', '/stores/v3/brands/query', 'query.filter'],
      ['POST', '/stores/v3/ribbons/query', 'query.filter'],
    ];
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const [method, path, at] of targets) {
        const res = await server().call(method, path, { body: { query: { filter: { [key]: 'x' } } } });
        expectViolation(res, `${at}.${key}`, 'FIELD_NOT_ALLOWED');
      }
      const get = await server().call(
        'GET',
        `${QUERY}?${encodeComplexQuery({ query: { filter: { [key]: 'x' } } })}`,
      );
      expectViolation(get, `query.filter.${key}`, 'FIELD_NOT_ALLOWED');
      const sorted = await server().call('POST', QUERY, { body: { query: { sort: [{ fieldName: key }] } } });
      expectViolation(sorted, 'query.sort[0].fieldName', 'FIELD_NOT_ALLOWED');
    }
    for (const key of ['constructor', 'toString']) {
      const grouped = await server().call('POST', '/ecom/v1/orders/aggregate', {
        token: server().adminKey,
        body: { aggregation: { g: { groupBy: [key], metrics: { n: { count: {} } } } } },
      });
      expectViolation(grouped, 'aggregation.g.groupBy[0].field', 'FIELD_NOT_ALLOWED');
    }
    // `__proto__` as a key is refused anywhere in a request.
    const proto = await server().call('POST', QUERY, { body: '{"query":{"filter":{"__proto__":{"x":1}}}}' });
    expectViolation(proto, 'query.filter.__proto__', 'FIELD_NOT_ALLOWED');
    const protoGet = await server().call(
      'GET',
      `${QUERY}?.r=${Buffer.from('{"query":{"filter":{"__proto__":"x"}}}').toString('base64url')}`,
    );
    expectViolation(protoGet, 'query.filter.__proto__', 'FIELD_NOT_ALLOWED');
  });
});

describe('deep nesting is refused before anything recurses', () => {
  const nested = (depth: number): string => {
    let text = '{"name":"x"}';
    for (let i = 0; i < depth; i++) text = `{"$and":[${text}]}`;
    return text;
  };

  it('2,500 nested $and on the anonymous product query', async () => {
    const res = await server().call('POST', QUERY, { body: `{"query":{"filter":${nested(2500)}}}` });
    expectEnvelope(res);
    expect(res.status).toBe(400);
    expect(violations(res.body)[0]?.violatedRule).toBe('MAX');
    // A GET carries less (the URL limit is 16 KiB): 600 levels.
    const get = await server().call(
      'GET',
      `${QUERY}?.r=${Buffer.from(`{"query":{"filter":${nested(600)}}}`).toString('base64url')}`,
    );
    expect(get.status).toBe(400);
    expect(violations(get.body)[0]?.violatedRule).toBe('MAX');
  });

  it('2,000 nested $and on the admin orders search', async () => {
    const res = await server().call('POST', '/ecom/v1/orders/search', {
      token: server().adminKey,
      body: `{"search":{"filter":${nested(2000)}}}`,
    });
    expectEnvelope(res);
    expect(res.status).toBe(400);
  });
});

describe('bad percent-encoding in a path', () => {
  it.each(['/v2/collections/slug/%FF', '/v2/collections/slug/%E0%A4%A', '/stores-reader/v1/products/%'])(
    'answers the wire envelope: %s',
    async (path) => {
      expectViolation(await server().call('GET', path), 'path', 'FORMAT');
    },
  );
});

describe('requests Node cannot read', () => {
  it('an over-long request line answers 431 in the wire envelope', async () => {
    const res = await server().call('GET', `${QUERY}?.r=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ details: { applicationError: { code: 'HEADERS_TOO_LARGE' } } });
  });
});

describe('redirect targets that parsers read differently', () => {
  const manual = (path: string) => fetch(`${server().url}${path}`, { redirect: 'manual' });

  it('logout refuses backslashes and control characters, with and without clientId', async () => {
    const host = new URL(server().url).host;
    for (const target of [
      `http://${host}\\@evil.example/`,
      `http://${host}/\\evil.example/`,
      `http://${host}/a\tb`,
    ]) {
      for (const client of [`&clientId=${CLIENT_ID}`, '']) {
        const res = await manual(
          `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${encodeURIComponent(target)}${client}`,
        );
        expect(res.status, target).toBe(400);
        expect(res.headers.get('location')).toBeNull();
      }
    }
    // An allowed target goes out in its normalised form.
    const ok = await manual(
      `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${encodeURIComponent(`HTTP://${host}/bye/../shop?x=1`)}`,
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(`${server().url}/shop?x=1`);
  });

  it('mark-checkout-as-completed-and-redirect-to-url refuses them too', async () => {
    const token = visitor;
    const item = await product(server(), { name: 'Plain mug', price: '9.00' });
    const checkout = await newCheckout(server(), token, [line(item)]);
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, {
      token,
      body: {},
    });
    const confirmation = placed.body.confirmationToken as string | undefined;
    expect(confirmation, JSON.stringify(placed.body)).toBeTypeOf('string');
    const host = new URL(server().url).host;
    const path = '/ecom/v1/checkouts/mark-checkout-as-completed-and-redirect-to-url';
    const res = await server().call(
      'GET',
      `${path}?token=${encodeURIComponent(confirmation!)}&redirectUrl=${encodeURIComponent(`http://${host}\\@evil.example/`)}`,
    );
    expectViolation(res, 'redirectUrl');
    // The allowed form goes out normalised.
    const ok = await fetch(
      `${server().url}${path}?token=${encodeURIComponent(confirmation!)}&redirectUrl=${encodeURIComponent(`HTTP://${host}/thanks/./done`)}`,
      { redirect: 'manual' },
    );
    expect(ok.headers.get('location')).toBe(`${server().url}/thanks/done`);
  });

  it('redirect-session callbacks and recovery links refuse them and keep the normalised form', async () => {
    const host = new URL(server().url).host;
    const bad = `http://${host}\\@evil.example/`;
    const session = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: visitor,
      body: { login: {}, callbacks: { postFlowUrl: bad } },
    });
    expectViolation(session, 'callbacks.postFlowUrl');
    const recovery = await server().call('POST', '/_api/iam/recovery/v1/send-email', {
      body: { email: 'someone@example.com', redirect: { url: bad, clientId: CLIENT_ID } },
    });
    expectViolation(recovery, 'redirect.url');
    const good = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: visitor,
      body: { logout: { clientId: CLIENT_ID }, callbacks: { postFlowUrl: `HTTP://${host}/a/../back` } },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const details = (good.body.redirectSession as { urlDetails: { searchParams: Record<string, string> } })
      .urlDetails;
    expect(details.searchParams.postLogoutRedirectUri).toBe(`${server().url}/back`);
  });
});

describe('unknown keys are never stored', () => {
  /** Patches the settings at `path` as the admin (answered 200), then reads them back: what is stored, as text. */
  async function patchedAndRead(path: string, body: unknown): Promise<string> {
    const res = await server().call('PATCH', path, { token: server().adminKey, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return JSON.stringify((await server().call('GET', path)).body);
  }

  it('checkout settings: an unknown key under the header is dropped', async () => {
    const stored = await patchedAndRead('/ecom/v1/checkout-settings', {
      checkoutSettings: { checkoutBrand: { header: { alignment: 'SIDE', prototype: { polluted: true } } } },
    });
    expect(stored).not.toContain('polluted');
    expect(stored).not.toContain('prototype');
  });

  it('store settings: `__proto__` under an address is refused, other unknown keys dropped', async () => {
    const proto = await server().call('PATCH', '/ecom/v1/store-settings', {
      token: server().adminKey,
      body: '{"storeSettings":{"businessAddress":{"streetAddress":{"name":"Main","__proto__":{"polluted":true}}}}}',
    });
    expectViolation(proto, 'storeSettings.businessAddress.streetAddress.__proto__', 'FIELD_NOT_ALLOWED');
    const stored = await patchedAndRead('/ecom/v1/store-settings', {
      storeSettings: { businessAddress: { streetAddress: { name: 'Main', extra: { polluted: true } } } },
    });
    expect(stored).not.toContain('polluted');
  });

  it('policies: a wrapped body stores nothing unknown', async () => {
    const before = await server().call('GET', '/members/v1/policies', { token: server().adminKey });
    const res = await server().call('PATCH', '/members/v1/policies', {
      token: server().adminKey,
      body: { policies: { requireEmailVerification: true, polluted: { deep: 1 } } },
    });
    expect(res.status).toBe(200);
    const after = await server().call('GET', '/members/v1/policies', { token: server().adminKey });
    expect(after.body).toEqual(before.body);
    expect(JSON.stringify(after.body)).not.toContain('polluted');
  });
});
describe('the e-mail existence oracle is rate limited', () => {
  it('validate-email answers 429 in the wire envelope after a burst', async () => {
    let limited: Answer | undefined;
    // 20 a minute by default (VALIDATE_EMAIL_PER_MINUTE); the burst is far over it.
    let answered = 0;
    for (let i = 0; i < 80 && !limited; i++) {
      const res = await server().call('POST', '/_api/iam/authentication/v2/validate-email', {
        body: { email: `probe${i}@example.com` },
      });
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        answered++;
      }
    }
    expect(limited, 'no 429 within 80 probes').toBeDefined();
    expect(answered).toBe(20);
    expect(limited!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited!.body).toMatchObject({
      message: expect.any(String),
      details: {
        applicationError: { code: 'THROTTLED_FEATURE', data: { retryAfterSeconds: expect.any(Number) } },
      },
    });
  });
});
