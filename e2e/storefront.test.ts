import { seedDemoStore } from '@aisle/server/seed';
import { startTestServer, type TestServer } from '@aisle/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, STOREFRONT_DIST } from './browser.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({
    config: { storefrontDir: STOREFRONT_DIST },
    seed: (s) => seedDemoStore(s.ctx),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
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
    await page.close();
  });

  it('serves the app for client-side routes and shows a not-found page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });
});
