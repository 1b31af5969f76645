import type { TestServer } from '@aisle/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser } from './browser.ts';
import { startStore } from './store.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // Every catalogue call carries a visitor token, so the demo OAuth client must exist (see store.ts).
  server = await startStore();
  browser = await launchBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe('storefront shell', () => {
  it('shows demo products on the home page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    const firstName = await cards.first().locator('h3').textContent();
    expect(firstName?.trim().length).toBeGreaterThan(2);
    // Prices are formatted by the store currency.
    await expect(cards.first().locator('.product-price').textContent()).resolves.toMatch(/\$\d/);
    // The header lists the visible collections (the hidden draft one stays hidden).
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await nav.getByRole('link', { name: 'Kitchen' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Staff Picks' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('serves the app for client-side routes and shows a not-found page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });

  it('is usable with the keyboard alone: skip link, visible focus', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByTestId('product-card').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    // Tab on to the first product link and open it with Enter.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const onCard = await page.evaluate(
        () => document.activeElement?.closest('[data-testid="product-card"]') !== null,
      );
      if (onCard) break;
    }
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/product-page/'));
    await page.getByTestId('product-price').waitFor();
    await page.close();
  });
});
