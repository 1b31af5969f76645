import { createHmac } from 'node:crypto';
import { seedDemoStore } from '@aisle/server/seed';
import { startTestServer, type TestServer } from '@aisle/server/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ADMIN_DIST, launchBrowser, releaseBrowser, STOREFRONT_DIST } from './browser.ts';

export const CLIENT_ID = 'demo-storefront';
export const PASSWORD = 'correct horse battery';

/**
 * The demo store on a test server (storefront at `/`, admin app at `/admin/`), with the demo OAuth client
 * pointing at the server's real URL (`startTestServer` installs it once it listens, as the start-up bootstrap
 * does).
 */
export function startStore(config: { abandonedCheckoutMinutes?: number } = {}): Promise<TestServer> {
  return startTestServer({
    config: { storefrontDir: STOREFRONT_DIST, adminDir: ADMIN_DIST, ...config },
    seed: async (s) => {
      await seedDemoStore(s.ctx);
    },
  });
}

/**
 * A test file's demo store and the shared browser: started before its tests, stopped after them.
 * `const { server, browser } = withStore();` at the top of the file: both stand for the started ones from the
 * file's first hook on (they forward to them, so helpers take them as they are).
 */
export function withStore(start: () => Promise<TestServer> = startStore): {
  server: TestServer;
  browser: Browser;
} {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });
  return { server: startedLater('server', () => server), browser: startedLater('browser', () => browser) };
}

/** A stand-in for an object that `beforeAll` makes: each property read or write goes to the object itself. */
function startedLater<T extends object>(name: string, current: () => T | undefined): T {
  const target = (): T => {
    const started = current();
    if (!started) throw new Error(`The store's ${name} is not started: use it in a test or a hook`);
    return started;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const started = target();
      const value: unknown = Reflect.get(started, key, started);
      return typeof value === 'function' ? value.bind(started) : value;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
  });
}

let counter = 0;
export const uniqueEmail = (prefix = 'shopper') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

/**
 * A member made through the HTTP API (the demo store needs neither e-mail verification nor approval), with this
 * first and last name (what the header shows once they sign in).
 */
export async function registerMember(
  server: TestServer,
  email = uniqueEmail(),
  name = 'Ada Lovelace',
): Promise<string> {
  const [firstName, lastName] = name.split(' ');
  const res = await server.call('POST', '/_api/iam/authentication/v2/register', {
    body: { loginId: { email }, password: PASSWORD, profile: { firstName, lastName } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.state).toBe('SUCCESS');
  return email;
}

export async function setPolicies(server: TestServer, policies: Record<string, unknown>): Promise<void> {
  const res = await server.call('PATCH', '/members/v1/policies', { token: server.adminKey, body: policies });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface Mail {
  to: string;
  subject: string;
  tag: string | null;
  data: Record<string, string>;
}

/** The newest dev-mailbox message to `to` with this tag, waiting briefly for it. */
export async function lastMail(server: TestServer, to: string, tag: string): Promise<Mail> {
  // As long as an `expect.poll` waits (vitest.config.ts): a loaded CI machine may take seconds to send it.
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const res = await server.call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`, {
      token: server.adminKey,
    });
    const found = (res.body.messages as Mail[] | undefined)?.find((m) => m.tag === tag);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${tag} mail to ${to}`);
}

/** RFC 6238 code of a base32 secret, `offset` 30-second steps from now (what an authenticator app shows). */
export function totpCode(secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret.replace(/\s+/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const start = digest[digest.length - 1]! & 0xf;
  return String((digest.readUInt32BE(start) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const pageErrors = new WeakMap<Page, Error[]>();

/** A fresh browser context (its own localStorage: one shopper) and page; see `errorsOf` for script errors. */
export async function newShopper(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: Error[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error));
  // A storefront page loads its scripts after its `load` event (entry-server.tsx `startScripts`), where
  // `goto` and `reload` return: they wait for hydration too (unless asked to return earlier, `waitUntil`
  // 'commit' or 'domcontentloaded'), as a shopper's next tap would find the page live.
  const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
  const early = (options?: { waitUntil?: string }) =>
    options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
  Object.assign(page, {
    goto: async (url: string, options?: Parameters<Page['goto']>[1]) => {
      const response = await goto(url, options);
      return early(options) ? response : hydrated(page, response);
    },
    reload: async (options?: Parameters<Page['reload']>[0]) => {
      const response = await reload(options);
      return early(options) ? response : hydrated(page, response);
    },
  });
  return page;
}

/**
 * Waits until a storefront page has hydrated (`<html data-hydrated>`); other pages (the admin app, hosted
 * pages, files) at once. Returns `value`.
 */
export async function hydrated<T>(page: Page, value?: T): Promise<T | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(
        () =>
          !document.getElementById('aisle-router-data') ||
          document.documentElement.dataset.hydrated === 'true',
      );
      return value;
    } catch (error) {
      // The page moved on meanwhile (a redirect): wait on the new one.
      if (attempt < 3 && /context was destroyed|navigat/i.test(String(error))) continue;
      throw error;
    }
  }
}

/** Uncaught script errors of the page so far (messages), for `expect(...).toEqual([])`. */
export const errorsOf = (page: Page): string[] => (pageErrors.get(page) ?? []).map((e) => e.message);

/** Signs in on the storefront's own form (direct login: the hidden frame exchanges the session token). */
export async function signInDirect(page: Page, server: TestServer, email: string, password = PASSWORD) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The storefront's header (banner): the member's name, Account, Sign in and Sign out. */
export const header = (page: Page) => page.getByRole('banner');

/** Signs in on the storefront's own form and waits until the header names the member. */
export async function signInMember(page: Page, server: TestServer, email: string): Promise<void> {
  await signInDirect(page, server, email);
  await header(page).getByTestId('member-name').waitFor({ timeout: 20_000 });
}

/** A new member (`registerMember`) signed in on a new shopper's page (`newShopper`): the page and the e-mail. */
export async function memberShopper(
  server: TestServer,
  browser: Browser,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; email: string }> {
  const email = await registerMember(server);
  const page = await newShopper(browser, viewport);
  await signInMember(page, server, email);
  return { page, email };
}

/** Waits until the header names the signed-in member and links to their account. */
export async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => header(page).getByTestId('member-name').textContent({ timeout: 20_000 }))
    .toBe(name);
  await header(page).getByRole('link', { name: 'Account' }).waitFor();
}

/** Signs out from the header and waits until the session is no longer a member's. */
export async function signOut(page: Page): Promise<void> {
  await header(page).getByRole('button', { name: 'Sign out' }).click();
  await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
  expect((await shopperSession(page))?.role).not.toBe('member');
}

/** On the account page, adds an address through the form of its Addresses region (the fields given). */
export async function addAccountAddress(
  page: Page,
  address: {
    label?: string;
    street: string;
    city: string;
    postalCode?: string;
    country: string;
    state?: string;
  },
): Promise<void> {
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await addresses.getByRole('button', { name: 'Add an address' }).click();
  if (address.label) await addresses.getByLabel('Label (optional)').fill(address.label);
  await addresses.getByLabel('Street address').fill(address.street);
  await addresses.getByLabel('City').fill(address.city);
  if (address.postalCode) await addresses.getByLabel('Postal code').fill(address.postalCode);
  await addresses.getByLabel('Country').selectOption(address.country);
  if (address.state)
    await addresses.getByLabel('State', { exact: true }).selectOption({ label: address.state });
  await addresses.getByRole('button', { name: 'Add address' }).click();
}

/** Waits for a status message with this text (other live regions of the layout may come first). */
export const waitForStatus = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

/** Presses the button `button` (in `scope`) and waits for the text it brings there (saved, created, refused…). */
export async function pressAndWaitFor(
  scope: Page | Locator,
  button: string,
  text: string | RegExp,
): Promise<void> {
  await scope.getByRole('button', { name: button }).click();
  await scope.getByText(text).waitFor();
}

/** Waits for an alert with this text (other live regions of the layout may come first). */
export const waitForAlert = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

// ---------------------------------------------------------------------------------------------------------
// The API as another site's visitor uses it
// ---------------------------------------------------------------------------------------------------------

/** A JSON object of an API answer: the body `apiOk` returns, and the objects in it. */
export type ApiBody = Record<string, unknown>;

/** A call with the admin key (or `token`) that must answer 200: the answer's body. */
export async function apiOk(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token = server.adminKey,
): Promise<ApiBody> {
  const res = await server.call(method, path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A product made through the admin API (`product`: its wire fields, at least a name and a price): its id. */
export async function createProduct(server: TestServer, product: Record<string, unknown>): Promise<string> {
  const body = await apiOk(server, 'POST', '/stores/v1/products', { product });
  return (body.product as { id: string }).id;
}

/** The catalogue's app id in a line item's `catalogReference`. */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** A new anonymous visitor of the demo storefront's OAuth client (another site's shopper, say): its token. */
export async function visitorToken(server: TestServer): Promise<string> {
  const res = await server.call('POST', '/oauth2/token', {
    body: { grantType: 'anonymous', clientId: CLIENT_ID },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
}

/** The first product a shopper's query with this filter finds (with its variants when asked). */
export async function shopperProduct<T = { id: string }>(
  server: TestServer,
  filter: Record<string, unknown>,
  includeVariants = false,
): Promise<T> {
  const res = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { filter }, ...(includeVariants ? { includeVariants } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.products as T[])[0]!;
}

/** The product with this slug as shoppers read it (with its variants when asked). */
export const productBySlug = <T = { id: string }>(
  server: TestServer,
  slug: string,
  includeVariants = false,
) => shopperProduct<T>(server, { slug: { $eq: slug } }, includeVariants);

/** A San Francisco address as the wire writes it (a checkout's shipping and billing address). */
export const SAN_FRANCISCO_WIRE = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'San Francisco',
  postalCode: '94103',
  addressLine: '500 Howard St',
};

/**
 * The visitor's cart gets `quantity` of a product and becomes a checkout with these details (e-mail,
 * addresses, channel), through the API; returns the checkout id.
 */
export async function apiCheckout(
  server: TestServer,
  token: string,
  productId: string,
  quantity: number,
  details: Record<string, unknown>,
): Promise<string> {
  const added = await server.call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ quantity, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } }] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const created = await server.call('POST', '/ecom/v1/carts/current/create-checkout', {
    token,
    body: details,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.checkoutId as string;
}

// ---------------------------------------------------------------------------------------------------------
// Checkout and orders (e2e/checkout*.test.ts, e2e/orders*.test.ts)
// ---------------------------------------------------------------------------------------------------------

/** On the cart or checkout page, applies a code that does not exist: a plain message says so. Its field. */
export async function applyUnknownCoupon(page: Page): Promise<Locator> {
  const coupon = page.getByLabel('Coupon code');
  await coupon.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(() => page.getByTestId('coupon-error').textContent())
    .toBe('“NOSUCHCODE” is not a valid coupon code. Check the spelling and try again.');
  return coupon;
}

export type ShownTotals = Record<'subtotal' | 'discount' | 'shipping' | 'tax' | 'total', string | null>;

/** The figures the cart, checkout or confirmation page shows (null: not shown, e.g. no discount or no address yet). */
export const shownTotals = (page: Page): Promise<ShownTotals> =>
  page.evaluate(() => {
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
    return {
      subtotal: text('total-subtotal'),
      discount: text('total-discount'),
      shipping: text('total-shipping'),
      tax: text('total-tax'),
      total: text('total-total'),
    };
  });

/** Sandbox test cards (docs/CHECKOUT.md): any future expiry and any CVC. */
export const CARDS = {
  approves: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  needsConfirmation: '4000 0000 0000 3220',
} as const;

/**
 * The shopper's session as the storefront server keeps it, in its HttpOnly cookie (page scripts cannot read
 * it): the access token that owns their cart, checkouts and orders, and whether it is a visitor's or a member's.
 */
export async function shopperSession(page: Page): Promise<{ accessToken: string; role: string } | undefined> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'aisle_session');
  if (!cookie?.value) return undefined;
  const parsed = JSON.parse(Buffer.from(cookie.value, 'base64url').toString('utf8')) as {
    a: string;
    m: string;
  };
  return { accessToken: parsed.a, role: parsed.m };
}

/** The shopper's access token (the owner of their cart, checkouts and orders). */
export async function shopperToken(page: Page): Promise<string> {
  return (await shopperSession(page))?.accessToken ?? '';
}

/** Adds a product from its page, choosing the options named (radio labels), and closes the drawer. */
export async function addFromProductPage(
  page: Page,
  server: TestServer,
  slug: string,
  choices: string[] = [],
): Promise<void> {
  await page.goto(`${server.url}/product-page/${slug}`);
  // A page not opened by `newShopper` (another tab) returns from `goto` before hydrating; before it, the add
  // button posts the form (no drawer: the scriptless path) rather than opening the drawer this waits for.
  await hydrated(page);
  for (const choice of choices) {
    const radio = page.getByRole('radio', { name: choice, exact: true });
    for (let i = 0; i < 50 && !(await radio.isChecked()); i++) {
      if (i % 10 === 0) await radio.click();
      await page.waitForTimeout(100);
    }
  }
  await page.getByTestId('add-to-cart').click();
  const drawer = page.getByRole('dialog', { name: /Added to your cart/ });
  await drawer.waitFor();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

/** From the cart page to the hosted checkout page; returns the checkout id. */
export async function startCheckout(page: Page, server: TestServer): Promise<string> {
  await page.goto(`${server.url}/cart`);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
  await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  /** ISO 3166-2, e.g. `US-CA`. */
  state: string;
  zip: string;
}

export const SAN_FRANCISCO: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'US-CA',
  zip: '94105',
};

/** Fills a checkout address form inside `scope` (shipping or billing): the names, the country when given, the rest. */
export async function fillCheckoutAddress(
  scope: Locator,
  address: CheckoutAddress,
  country?: string,
): Promise<void> {
  await scope.getByLabel('First name').fill(address.firstName);
  await scope.getByLabel('Last name').fill(address.lastName);
  if (country) await scope.getByLabel('Country').selectOption(country);
  await scope.getByLabel('Street and house number').fill(address.street);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('State').selectOption(address.state);
  await scope.getByLabel('ZIP code').fill(address.zip);
}

/** Fills the checkout's contact and shipping form (US address) and continues to delivery. */
export async function fillCheckoutDetails(
  page: Page,
  email: string | undefined,
  address: CheckoutAddress = SAN_FRANCISCO,
): Promise<void> {
  const step = page.getByTestId('details-step');
  if (email !== undefined) await step.getByLabel('E-mail').fill(email);
  await fillCheckoutAddress(step, address, 'US');
  await step.getByRole('button', { name: 'Continue to delivery' }).click();
  await step.getByTestId('details-summary').waitFor();
}

/** Picks a delivery option by its title and waits until the server's totals for it are on the page. */
export async function chooseDelivery(page: Page, title: string): Promise<void> {
  const step = page.getByTestId('delivery-step');
  const option = step.getByTestId('shipping-option').filter({ hasText: title });
  await option.locator('input').check();
  await expect.poll(() => option.locator('input').isChecked()).toBe(true);
  const totals = page.getByTestId('checkout-totals');
  await expect
    .poll(async () => `${await totals.getAttribute('aria-busy')} ${await totals.textContent()}`)
    .toMatch(new RegExp(`^false .*Shipping \\(${title}\\)`));
}

/** Fills the card form and presses Pay. */
export async function payByCard(page: Page, number: string, name = 'Ada Lovelace'): Promise<void> {
  const step = page.getByTestId('payment-step');
  await step.getByLabel('Card number').fill(number);
  await step.getByLabel('Expiry date').fill('12 / 34');
  await step.getByLabel('Security code').fill('123');
  await step.getByLabel('Name on card').fill(name);
  await step.getByTestId('place-order').click();
}

/**
 * From the cart page through the checkout's details (this e-mail, or a member's filled in already) and delivery
 * steps, to the payment step; returns the checkout id.
 */
export async function checkoutToPayment(
  page: Page,
  server: TestServer,
  email: string | undefined,
  delivery: string,
): Promise<string> {
  const checkoutId = await startCheckout(page, server);
  await fillCheckoutDetails(page, email);
  await chooseDelivery(page, delivery);
  return checkoutId;
}

/**
 * A new visitor's tab (`newShopper`) that added the product `slug` and went through the checkout, as a fresh
 * e-mail with this prefix and with Standard delivery, to the payment step.
 */
export async function visitorAtPayment(
  browser: Browser,
  server: TestServer,
  slug: string,
  emailPrefix: string,
): Promise<Page> {
  const page = await newShopper(browser);
  await addFromProductPage(page, server, slug);
  await checkoutToPayment(page, server, uniqueEmail(emailPrefix), 'Standard');
  return page;
}

/** Waits for the order confirmation page the checkout ends on; returns the order id in its address. */
export async function confirmedOrderId(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

interface ApiMoney {
  amount: string;
  formattedAmount: string;
}

/** The parts of a wire order the browser tests compare with the pages. */
export interface ApiOrder {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  priceSummary: Record<'subtotal' | 'discount' | 'shipping' | 'tax' | 'total', ApiMoney>;
  lineItems: Array<{
    id: string;
    quantity: number;
    productName: { original: string };
    price?: ApiMoney;
    /** `MEMBERSHIP`: paid by the member's membership. */
    paymentOption?: string;
  }>;
  appliedDiscounts?: Array<{ coupon?: { code: string } }>;
  buyerInfo?: { email?: string; memberId?: string; visitorId?: string };
}

/** An order as the merchant reads it (admin key). */
export async function adminOrder(server: TestServer, id: string): Promise<ApiOrder> {
  const res = await server.call('GET', `/ecom/v1/orders/${id}`, { token: server.adminKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order as unknown as ApiOrder;
}

/** The order of the confirmation page the checkout ends on, as the merchant reads it. */
export async function confirmedOrder(page: Page, server: TestServer): Promise<ApiOrder> {
  return adminOrder(server, await confirmedOrderId(page));
}
