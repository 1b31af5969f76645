import { existsSync } from 'node:fs';
import type { TestServer } from '@aisle/server/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_DIST } from './browser.ts';
import { consoleErrorsOf, noSeriousA11yIssues, watchConsole } from './page-checks.ts';
import {
  addFromProductPage,
  CARDS,
  checkoutToPayment,
  confirmedOrderId,
  errorsOf,
  newShopper,
  payByCard,
  startStore,
  uniqueEmail,
  withStore,
} from './store.ts';

// Helpers of the admin app's browser tests (e2e/admin*.test.ts).

/** The demo store with the built admin app (for `withStore`). */
export async function startAdminStore(): Promise<TestServer> {
  if (!existsSync(`${ADMIN_DIST}/index.html`)) {
    throw new Error('The admin app is not built: run `npm run build -w apps/admin` (npm test does it)');
  }
  return startStore();
}

/**
 * A merchant's tab (its own sessionStorage), signed in with the admin API key (or another key, e.g. one
 * with a fulfilment role) through the sign-in page.
 */
export async function signedInMerchant(
  browser: Browser,
  server: TestServer,
  viewport?: { width: number; height: number },
  key = server.adminKey,
): Promise<Page> {
  const page = await newShopper(browser, viewport);
  await page.goto(`${server.url}/admin/`);
  await page.waitForURL((url) => url.pathname === '/admin/sign-in');
  await page.getByRole('link', { name: 'Use an admin API key instead' }).click();
  // The owner-setup form of the page before has a field "Setup code or admin API key": wait for the key form.
  await page.waitForURL((url) => url.searchParams.get('with') === 'key');
  await page.getByLabel('Admin API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
}

/**
 * The admin app's demo store for a test file (`withStore(startAdminStore)`), with `merchant(viewport?, key?)`:
 * a new signed-in merchant's tab whose console is watched (`watchedMerchant`), and `merchantOnSettings(link,
 * heading?)`: one opened on a settings page (`openSettings`).
 */
export function withAdminStore() {
  const { server, browser } = withStore(startAdminStore);
  const merchant = (viewport?: { width: number; height: number }, key?: string) =>
    watchedMerchant(browser, server, viewport, key);
  const merchantOnSettings = async (link: string, heading?: string): Promise<Page> => {
    const page = await merchant();
    await openSettings(page, link, heading);
    return page;
  };
  return { server, browser, merchant, merchantOnSettings };
}

/**
 * A visitor buys the table lamp on the storefront, by card or to pay offline, with the coupon given applied
 * in the cart first; returns the order id.
 */
export async function shopperBuys(
  browser: Browser,
  server: TestServer,
  method: 'card' | 'offline',
  coupon?: string,
): Promise<string> {
  const page = await newShopper(browser);
  await addFromProductPage(page, server, 'stoneware-table-lamp');
  if (coupon) await applyCartCoupon(page, server, coupon);
  await checkoutToPayment(page, server, uniqueEmail('admin-buyer'), 'Standard');
  if (method === 'card') {
    await payByCard(page, CARDS.approves);
  } else {
    await page.getByTestId('payment-step').getByText('Pay offline', { exact: true }).click();
    await page.getByTestId('place-order').click();
  }
  const orderId = await confirmedOrderId(page);
  await page.context().close();
  return orderId;
}

/** On the cart page, applies a coupon code and waits for the discount line. */
export async function applyCartCoupon(page: Page, server: TestServer, code: string): Promise<void> {
  await page.goto(`${server.url}/cart`);
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByTestId('applied-coupon').getByText(code.toUpperCase(), { exact: true }).waitFor();
  await page.getByTestId('total-discount').waitFor();
}

/** A signed-in merchant's tab (`signedInMerchant`) whose console is watched (for `expectClean`). */
export async function watchedMerchant(...args: Parameters<typeof signedInMerchant>): Promise<Page> {
  const page = await signedInMerchant(...args);
  watchConsole(page);
  return page;
}

/** No serious or critical axe violation, no page error, no console error (pages watched by `watchConsole`). */
export async function expectClean(page: Page): Promise<void> {
  await noSeriousA11yIssues(page);
  expect(errorsOf(page)).toEqual([]);
  expect(consoleErrorsOf(page)).toEqual([]);
}

/** The page fits a phone 390 px wide: nothing to scroll sideways (polled while the page settles). */
export const expectPhoneWidth = (page: Page): Promise<void> =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** Opens a settings page from the settings navigation. */
export async function openSettings(page: Page, link: string, heading = link): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Opens a settings list from the settings navigation, then its form for a new one (`newLink`), titled `heading`. */
export async function openNewSettingsForm(
  page: Page,
  list: string,
  newLink: string,
  heading = newLink,
): Promise<void> {
  await openSettings(page, list);
  await page.getByRole('link', { name: newLink }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** In a finder or picker (`scope`), looks `search` up through the field labelled `field` and adds `choice`. */
export async function pick(
  scope: Page | Locator,
  field: string,
  search: string,
  choice: string,
): Promise<void> {
  await scope.getByLabel(field).fill(search);
  await scope.getByRole('button', { name: 'Find', exact: true }).click();
  await scope.getByRole('button', { name: `Add ${choice}` }).click();
}

/** Presses the form's button `button` and waits for its refusal: "Please correct the fields marked below." */
export async function submitRefused(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('alert').getByText('Please correct the fields marked below.').waitFor();
}

/** The message next to the input labelled `label` (inside `scope`), which is marked invalid. */
export async function fieldError(
  page: Page,
  label: string,
  scope = page.locator('main'),
): Promise<string | null> {
  const input = scope.getByLabel(label, { exact: true });
  const errorId = async () =>
    (await input.getAttribute('aria-describedby'))?.split(' ').find((x) => x.endsWith('-error'));
  await expect.poll(errorId).toBeTruthy();
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  return page.locator(`[id="${await errorId()}"]`).textContent();
}

/**
 * Follows a list's "Next page" or "Previous page" link and waits for the new address. The router puts the new
 * address in the bar before it renders the new page (a transition), so a click straight after the last turn
 * could still hit the last page's link, which points at the address already shown: wait until the link leads
 * elsewhere first.
 */
export async function turnPage(page: Page, name: 'Next page' | 'Previous page'): Promise<void> {
  const link = page.getByRole('link', { name });
  const target = async () => new URL((await link.getAttribute('href')) ?? '', page.url()).href;
  await expect.poll(async () => (await target()) !== page.url()).toBe(true);
  const before = page.url();
  await link.click();
  await page.waitForURL((url) => url.href !== before);
}
