import { describe, expect, it } from 'vitest';
import {
  addFromProductPage,
  checkoutToPayment,
  errorsOf,
  newShopper,
  uniqueEmail,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

describe('storefront shell', () => {
  it('shows demo products on the home page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'Featured products' }).waitFor();
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(12);
    const firstName = await cards.first().locator('h3').textContent();
    expect(firstName?.trim().length).toBeGreaterThan(2);
    // Prices are formatted by the store currency.
    await expect.poll(() => cards.first().locator('.product-price').textContent()).toMatch(/\$\d/);
    // The header lists the visible collections (the hidden draft one stays hidden).
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await nav.getByRole('link', { name: 'Kitchen' }).waitFor();
    await expect.poll(() => nav.getByRole('link', { name: 'Staff Picks' }).count()).toBe(0);
    await page.close();
  });

  it('pre-warms the member area once a week for a shopper with a session; a first visit asks for no cart', async () => {
    const page = await newShopper(browser);
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404)
        notFound.push(`${response.request().method()} ${response.url()} on ${page.url()}`);
    });
    const warms: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('redirect-session'))
        warms.push(request.url());
    });
    const visit = async (path: string) => {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
    };

    // A first visit: no session, no cart, nothing asked for it, no pre-warm.
    for (const path of ['/', '/shop', '/product-page/classic-french-press', '/cart']) await visit(path);
    expect(notFound).toEqual([]);
    expect(warms).toEqual([]);

    // With a session (something added), the next page pre-warms the redirect session, once in 7 days.
    await addFromProductPage(page, server, 'classic-french-press');
    await visit('/');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('aisle.prewarm.lastRun')), { timeout: 20_000 })
      .not.toBeNull();
    expect(warms).toHaveLength(1);
    await visit('/shop');
    await page.waitForTimeout(500);
    expect(warms).toHaveLength(1);

    // The order ends the cart: the session stays, and neither the order page nor the next pages ask for a
    // cart that is no longer there (the session's token answer says there is none).
    await checkoutToPayment(page, server, uniqueEmail('no-cart'), 'Standard');
    await page.getByTestId('payment-step').getByText('Pay offline', { exact: true }).click();
    await page.getByTestId('place-order').click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const path of ['/', '/cart']) await visit(path);
    await page.locator('.cart-empty').getByText('Your cart is empty.').waitFor();
    expect(notFound.filter((url) => url.includes('/carts/'))).toEqual([]);

    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('answers an unknown page with a real 404 and the not-found page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.close();
  });

  it('is usable with the keyboard alone: skip link, visible focus', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.getByTestId('product-card').first().waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
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
