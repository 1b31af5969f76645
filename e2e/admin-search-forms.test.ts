import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInMerchant, startAdminStore } from './admin-helpers.ts';
import { withStore } from './store.ts';

// The admin lists' search forms while a search is on its way, and with Back and Forward.

const { server, browser } = withStore(startAdminStore);

/** Holds the orders searches the page sends until `release` is called; later ones go through. */
async function holdOrderSearches(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/ecom/v1/orders/search', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

describe('admin search forms', () => {
  it('keeps the next search typed while the last one loads, and shows the URL’s search after Back and Forward', async () => {
    const page = await signedInMerchant(browser, server);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const search = page.getByLabel('Order number, e-mail or name');

    const release = await holdOrderSearches(page);
    await search.fill('first-search');
    await page.getByRole('button', { name: 'Filter' }).click();
    // The merchant types the next search while the first is still on its way.
    await search.fill('second-search');
    await release();
    await page.waitForURL((url) => url.searchParams.get('q') === 'first-search');
    await page.getByText('No order matches these filters.').waitFor();
    await expect.poll(() => search.inputValue()).toBe('second-search');

    // Back and Forward change the search without this form: its fields show the URL's.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(() => search.inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('q') === 'first-search');
    await expect.poll(() => search.inputValue()).toBe('first-search');
  });
});
