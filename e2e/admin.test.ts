import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectPhoneWidth,
  shopperBuys,
  signedInMerchant,
  startAdminStore,
  turnPage,
} from './admin-helpers.ts';
import { adminOrder, errorsOf, newShopper, pressAndWaitFor, withStore } from './store.ts';

const { server, browser } = withStore(startAdminStore);

const KEY_STORAGE = 'aisle.admin.apiKey';

/** The merchant opens an order from the orders list. */
async function openOrder(page: Page, number: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  await page.getByRole('link', { name: `#${number}`, exact: true }).click();
  await page.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
}

describe('admin app', () => {
  it('refuses a wrong key, keeps the right one for the tab only, and signs out', async () => {
    const page = await newShopper(browser);
    // Any admin page sends a signed-out merchant to the sign-in page; the skip link comes first.
    await page.goto(`${server.url}/admin/orders`);
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.getByRole('link', { name: 'Use an admin API key instead' }).click();
    await page.waitForURL((url) => url.searchParams.get('with') === 'key');
    await page.getByLabel('Admin API key', { exact: true }).fill('aisle_sk_not-the-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('This is not a valid admin API key.', { exact: false }).waitFor();
    await expect.poll(() => page.evaluate((k) => sessionStorage.getItem(k), KEY_STORAGE)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');

    await page.getByLabel('Admin API key', { exact: true }).fill(server.adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(page.url()).not.toContain(server.adminKey);
    await expect
      .poll(() => page.evaluate((k) => sessionStorage.getItem(k), KEY_STORAGE))
      .toBe(server.adminKey);
    await expect.poll(() => page.evaluate(() => JSON.stringify(localStorage))).not.toContain(server.adminKey);

    // A reload keeps the tab signed in; a deep link is served the app (SPA fallback under /admin/).
    await page.goto(`${server.url}/admin/products`);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();

    // Another tab does not have the key.
    const otherTab = await page.context().newPage();
    await otherTab.goto(`${server.url}/admin/`);
    await otherTab.waitForURL((url) => url.pathname === '/admin/sign-in');
    await otherTab.close();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    await expect.poll(() => page.evaluate((k) => sessionStorage.getItem(k), KEY_STORAGE)).toBeNull();
    await page.goto(`${server.url}/admin/products`);
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');

    // The storefront keeps its own fallback.
    const shop = await page.goto(`${server.url}/account/orders`);
    expect(shop?.status()).toBe(200);
    await expect.poll(() => page.locator('#root').count()).toBe(1);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('creates a product, finds it by search, edits its price and stock, and deletes it', async () => {
    const page = await signedInMerchant(browser, server);
    const word = `zq${Date.now().toString(36)}`;
    const name = `Harbour lantern ${word}`;

    // The demo store's 69 products (shoppers see 68: the hidden one counts here), 20 a page, by cursor.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
    await page.getByText('20 products on this page, more on the next').waitFor();
    const rows = page.getByTestId('product-row');
    await expect.poll(() => rows.count()).toBe(20);
    const first = await rows.first().getByRole('link').textContent();
    for (let n = 2; n <= 4; n++) {
      await turnPage(page, 'Next page');
      expect(new URL(page.url()).searchParams.has('cursor')).toBe(true);
    }
    await expect.poll(() => rows.count()).toBe(9);
    await expect.poll(() => page.getByRole('link', { name: 'Next page' }).count()).toBe(0);
    for (let n = 3; n >= 1; n--) await turnPage(page, 'Previous page');
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe(first);
    await expect.poll(() => page.getByRole('link', { name: 'Previous page' }).count()).toBe(0);

    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();

    // The server's validation errors land next to the field they name.
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByLabel('Price', { exact: true }).fill('-5');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('alert').waitFor();
    const nameField = page.getByLabel('Name', { exact: true });
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    const priceField = page.getByLabel('Price', { exact: true });
    await expect.poll(() => priceField.getAttribute('aria-invalid')).toBe('true');

    await nameField.fill(name);
    await priceField.fill('42.50');
    await page.getByLabel('Description', { exact: true }).fill('A lantern for the harbour wall.');
    await page.getByLabel('Visible in the store').uncheck();
    await page.getByLabel('Quantity in stock', { exact: true }).fill('7');
    await pressAndWaitFor(page, 'Create product', 'The product was created.');
    await expect.poll(() => page.getByTestId('product-summary').textContent()).toBe('$42.50 · 7 in stock');
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    // The API agrees: hidden, 42.5, 7 tracked units.
    const stored = await server.call('GET', `/stores-reader/v1/products/${productId}`, {
      token: server.adminKey,
    });
    expect(stored.status).toBe(200);
    const product = stored.body.product as {
      visible: boolean;
      priceData: { price: number };
      stock: { trackInventory: boolean; quantity: number };
    };
    expect(product.visible).toBe(false);
    expect(product.priceData.price).toBe(42.5);
    expect(product.stock).toMatchObject({ trackInventory: true, quantity: 7 });

    // Search finds it (hidden products too); another word finds nothing.
    await page.getByRole('link', { name: '← All products' }).click();
    await page.getByLabel('Search products').fill(word);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.getByTestId('product-price').textContent()).toBe('$42.50');
    await expect.poll(() => rows.getByTestId('product-visibility').textContent()).toBe('Hidden');
    await expect.poll(() => rows.getByTestId('product-stock').textContent()).toBe('7 in stock');

    // Edit: a new price and stock, then visible.
    await rows.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByLabel('Price', { exact: true }).fill('39.99');
    await page.getByLabel('Quantity in stock', { exact: true }).fill('12');
    await page.getByLabel('Visible in the store').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('product-summary').textContent()).toBe('$39.99 · 12 in stock');
    await expect.poll(() => page.getByTestId('product-visibility').textContent()).toBe('Visible');
    await page.getByRole('link', { name: '← All products' }).click();
    await page.getByLabel('Search products').fill(word);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.getByTestId('product-price').textContent()).toBe('$39.99');
    await expect.poll(() => rows.getByTestId('product-visibility').textContent()).toBe('Visible');
    // Shoppers see the new price.
    const shopperRead = await server.call('GET', `/stores-reader/v1/products/${productId}`);
    expect((shopperRead.body.product as { priceData: { price: number } }).priceData.price).toBe(39.99);

    // Delete, after a confirmation that can be declined.
    await rows.getByRole('link', { name }).click();
    // Focus goes to the question's button and back, so the keyboard alone can do it.
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.getByRole('button', { name: 'Delete product' }).click();
    await expect.poll(focused).toBe('Yes, delete it');
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(focused).toBe('Delete product');
    await expect(server.call('GET', `/stores-reader/v1/products/${productId}`)).resolves.toMatchObject({
      status: 200,
    });
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Yes, delete it');
    await page.keyboard.press('Enter');
    await page.getByText(`“${name}” was deleted.`).waitFor();
    expect(
      (await server.call('GET', `/stores-reader/v1/products/${productId}`, { token: server.adminKey }))
        .status,
    ).toBe(404);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('lists a shopper’s order, fulfils it with tracking, refunds, marks paid and cancels others, and sums the sales', {
    timeout: 120_000,
  }, async () => {
    const fulfilled = await adminOrder(server, await shopperBuys(browser, server, 'card'));
    const refunded = await adminOrder(server, await shopperBuys(browser, server, 'card'));
    const offline = await adminOrder(server, await shopperBuys(browser, server, 'offline'));
    expect(offline.paymentStatus).toBe('NOT_PAID');

    // On a phone.
    const page = await signedInMerchant(browser, server, { width: 390, height: 844 });
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    // The dashboard's "to fulfil" list has order rows too (oldest first): wait for the orders page itself.
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first.
    await expect.poll(() => rows.first().getByRole('link').first().textContent()).toBe(`#${offline.number}`);
    const row = rows.filter({ hasText: `#${fulfilled.number}` });
    await expect.poll(() => row.getByTestId('order-payment').textContent()).toBe('Paid');
    await expect.poll(() => row.getByTestId('order-fulfillment').textContent()).toBe('Not fulfilled');

    // Cursor paging, two at a time: older, older, then back to newer.
    await page.goto(`${server.url}/admin/orders?limit=2`);
    await expect.poll(() => rows.count()).toBe(2);
    await rows.getByRole('link', { name: `#${offline.number}` }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Newer orders' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Older orders' }).click();
    await rows.getByRole('link', { name: `#${fulfilled.number}` }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Older orders' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Newer orders' }).click();
    await rows.getByRole('link', { name: `#${offline.number}` }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);

    // Fulfil the first with a tracking number and link.
    await openOrder(page, fulfilled.number);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    await expect
      .poll(() => page.getByTestId('total-total').textContent())
      .toBe(fulfilled.priceSummary.total.formattedAmount);
    await expect.poll(() => page.getByTestId('order-line').textContent()).toContain('Stoneware Table Lamp');
    await expect.poll(() => page.getByTestId('shipping-address').textContent()).toContain('500 Howard St');
    await expect.poll(() => page.getByTestId('buyer-email').textContent()).toBe(fulfilled.buyerInfo?.email);
    // Nothing sticks out sideways on the phone's screen (wide tables scroll in their own box).
    await expectPhoneWidth(page);
    const fulfil = page.getByTestId('fulfil-panel');
    // A link that is not one: the server's message stands next to the field, and nothing is shipped.
    await fulfil.getByLabel('Tracking link').fill('not a link');
    await fulfil.getByRole('button', { name: 'Mark as fulfilled' }).click();
    await page.getByTestId('action-result').getByRole('alert').waitFor();
    await expect.poll(() => fulfil.getByLabel('Tracking link').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByTestId('fulfillment-status').textContent()).toBe('Not fulfilled');
    await fulfil.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await fulfil.getByLabel('Carrier').fill('UPS');
    await fulfil.getByLabel('Tracking link').fill('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await fulfil.getByRole('button', { name: 'Mark as fulfilled' }).click();
    await expect.poll(() => page.getByTestId('fulfillment-status').textContent()).toBe('Fulfilled');
    await expect.poll(() => page.getByTestId('tracking-number').textContent()).toBe('1Z999AA10123456784');
    await expect
      .poll(() => page.getByTestId('tracking-link').getAttribute('href'))
      .toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await expect.poll(() => page.getByTestId('fulfil-panel').count()).toBe(0);
    expect((await adminOrder(server, fulfilled.id)).fulfillmentStatus).toBe('FULFILLED');

    // The list filters by fulfilment status.
    await page.getByRole('link', { name: '← All orders' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await page.getByLabel('Fulfilment').selectOption('FULFILLED');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('fulfilment') === 'FULFILLED');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole('link', { name: `#${fulfilled.number}` }).waitFor();

    // Refund the second in full through the payments collector.
    await openOrder(page, refunded.number);
    const refund = page.getByTestId('refund-panel');
    await expect
      .poll(() => refund.getByLabel('Amount to refund').inputValue())
      .toBe(refunded.priceSummary.total.amount);
    // More than was paid: the server says no, and nothing changes.
    await refund.getByLabel('Amount to refund').fill('100000');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.getByRole('button', { name: 'Yes, refund' }).click();
    await page.getByTestId('action-result').getByRole('alert').waitFor();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    await refund.getByLabel('Amount to refund').fill(refunded.priceSummary.total.amount);
    await refund.getByLabel('Reason (optional)').fill('Damaged in transit');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.getByRole('button', { name: 'Yes, refund' }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Fully refunded');
    await expect
      .poll(() => page.getByTestId('total-refunded').textContent())
      .toBe(refunded.priceSummary.total.formattedAmount);
    expect((await adminOrder(server, refunded.id)).paymentStatus).toBe('FULLY_REFUNDED');

    // The offline order: marked as paid, then canceled.
    await openOrder(page, offline.number);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Not paid');
    await page.getByTestId('mark-paid-panel').getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Canceled');
    await expect.poll(() => page.getByTestId('cancel-panel').count()).toBe(0);
    const canceled = await adminOrder(server, offline.id);
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.paymentStatus).toBe('PAID');

    // A page gone stale (the order was paid elsewhere) shows the server's refusal, then the order as it is.
    const lateOrder = await adminOrder(server, await shopperBuys(browser, server, 'offline'));
    await page.goto(`${server.url}/admin/orders/${lateOrder.id}`);
    await page.getByRole('heading', { name: `Order #${lateOrder.number}` }).waitFor();
    const paidElsewhere = await server.call(
      'POST',
      `/ecom/v1/payments-collector/orders/${lateOrder.id}/mark-as-paid`,
      {
        token: server.adminKey,
        body: {},
      },
    );
    expect(paidElsewhere.status, JSON.stringify(paidElsewhere.body)).toBe(200);
    await page.getByTestId('mark-paid-panel').getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByTestId('action-result').getByRole('alert').waitFor();
    // The order is read again after the action, also after a refused one.
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    await expect.poll(() => page.getByTestId('mark-paid-panel').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Canceled');

    // Dashboard: approved orders of the last 30 days (not the canceled one).
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const expected = Number(fulfilled.priceSummary.total.amount) + Number(refunded.priceSummary.total.amount);
    expect(expected).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('sales-total').textContent())
      .toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(expected));
    await expect.poll(() => page.getByTestId('sales-orders').textContent()).toBe('2');
    await page.getByText('Sales by day as a table').click();
    await expect.poll(() => page.getByTestId('sales-by-day').getByRole('row').count()).toBe(31);
    // Nothing left to fulfil: one order shipped, one refunded in full, two canceled.
    await expect.poll(() => page.getByTestId('orders-to-fulfil').textContent()).toBe(' (0)');
    await page.getByText('Every order is fulfilled.').waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
