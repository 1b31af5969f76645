import { existsSync } from 'node:fs';
import type { TestServer } from '@aisle/server/testing';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_DIST, launchBrowser, releaseBrowser } from './browser.ts';
import {
  addFromProductPage,
  CARDS,
  chooseDelivery,
  fillCheckoutDetails,
  newShopper,
  payByCard,
  startCheckout,
  startStore,
  uniqueEmail,
} from './store.ts';

// Helpers of the admin app's browser tests (e2e/admin*.test.ts).

/** The demo store with the built admin app, and the shared browser (for `beforeAll`). */
export async function openAdminStore(): Promise<{ server: TestServer; browser: Browser }> {
  if (!existsSync(`${ADMIN_DIST}/index.html`)) {
    throw new Error('The admin app is not built: run `npm run build -w apps/admin` (npm test does it)');
  }
  const server = await startStore();
  return { server, browser: await launchBrowser() };
}

/** Undoes `openAdminStore` (for `afterAll`; either may be missing when it failed). */
export async function closeAdminStore(server: TestServer | undefined, browser: Browser | undefined) {
  await releaseBrowser(browser);
  await server?.stop();
}

/** A merchant's tab (its own sessionStorage), signed in through the sign-in page. */
export async function signedInMerchant(
  browser: Browser,
  server: TestServer,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await newShopper(browser, viewport);
  await page.goto(`${server.url}/admin/`);
  await page.waitForURL((url) => url.pathname === '/admin/sign-in');
  await page.getByLabel('Admin API key').fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
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
  await startCheckout(page, server);
  await fillCheckoutDetails(page, uniqueEmail('admin-buyer'));
  await chooseDelivery(page, 'Standard');
  if (method === 'card') {
    await payByCard(page, CARDS.approves);
  } else {
    await page.getByTestId('payment-step').getByText('Pay offline', { exact: true }).click();
    await page.getByTestId('place-order').click();
  }
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
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
