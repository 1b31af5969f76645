import { describe, expect, it } from 'vitest';
import { signedInMerchant } from './admin-helpers.ts';
import {
  addFromProductPage,
  errorsOf,
  fillCheckoutDetails,
  lastMail,
  newShopper,
  productBySlug,
  shopperToken,
  startCheckout,
  startStore,
  STORES_APP_ID,
  uniqueEmail,
  visitorToken,
  withStore,
} from './store.ts';

const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';
const BACK_IN_STOCK = '/back-in-stock-service/v1/back-in-stock-notification-requests';

// A checkout with an e-mail and no order is abandoned after 1.2 seconds; the job looks every second.
const { server, browser } = withStore(() => startStore({ abandonedCheckoutMinutes: 0.02 }));

const admin = (method: string, path: string, body?: unknown) =>
  server.call(method, path, { token: server.adminKey, body });

async function setStock(productId: string, quantity: number): Promise<void> {
  const res = await admin('PATCH', `/stores/v2/inventoryItems/product/${productId}`, {
    inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT_ID, quantity }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('notify me when available', () => {
  it('takes the e-mail on a sold-out product, confirms, knows a second ask, and mails on restock', async () => {
    const slug = 'classic-french-press';
    const productId = (await productBySlug(server, slug)).id;
    await setStock(productId, 0);
    const email = uniqueEmail('notify');

    const page = await newShopper(browser);
    await page.goto(`${server.url}/product-page/${slug}`);
    await expect.poll(() => page.getByTestId('add-to-cart').textContent()).toBe('Sold out');
    const form = page.getByTestId('notify-me');
    await form.getByRole('heading', { name: 'Notify me when available' }).waitFor();
    // A malformed address never reaches the server: the browser asks for a real one.
    await form.getByLabel('E-mail address').fill(email);
    await form.getByRole('button', { name: 'Notify me' }).click();
    const confirmation = page.getByTestId('notify-me-confirmation');
    await confirmation.waitFor();
    await expect.poll(() => confirmation.textContent()).toContain(`We will e-mail ${email} as soon as`);

    const listed = await admin('POST', `${BACK_IN_STOCK}/query`, { query: { filter: { email } } });
    expect(listed.body.requests).toMatchObject([
      { status: 'RECEIVED', catalogReference: { catalogItemId: productId } },
    ]);

    // Asking again from another browser: already on the list, said plainly.
    const again = await newShopper(browser);
    await again.goto(`${server.url}/product-page/${slug}`);
    await again.getByTestId('notify-me').getByLabel('E-mail address').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Notify me' }).click();
    await expect
      .poll(() => again.getByTestId('notify-me-confirmation').textContent())
      .toContain('You are already on the list');

    // Back in stock: the shopper gets the mail, the form is gone and the product can be bought.
    await setStock(productId, 5);
    const mail = await lastMail(server, email, 'back-in-stock');
    expect(mail.subject).toContain('is back in stock');
    await page.goto(mail.data.link!);
    await expect.poll(() => page.getByTestId('add-to-cart').textContent()).toBe('Add to cart');
    await expect.poll(() => page.getByTestId('notify-me').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    expect(errorsOf(again)).toEqual([]);
  });
});

describe('abandoned checkout recovery', () => {
  it('mails the buyer a link that opens the same checkout in another browser; the order recovers it', async () => {
    const email = uniqueEmail('recover');
    const buyer = await newShopper(browser);
    await addFromProductPage(buyer, server, 'stoneware-table-lamp');
    const checkoutId = await startCheckout(buyer, server);
    await fillCheckoutDetails(buyer, email);

    // The job abandons the checkout and sends the recovery mail.
    const mail = await lastMail(server, email, 'checkout-recovery');
    expect(mail.subject).toContain('You left something in your cart');

    // Another browser (the buyer's phone): the link lands in the restored checkout.
    const phone = await newShopper(browser);
    await phone.goto(mail.data.link!);
    await phone.waitForURL((url) => url.pathname === `/checkout/${checkoutId}`);
    await phone.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await phone.getByText('Stoneware Table Lamp').first().waitFor();
    expect(errorsOf(phone)).toEqual([]);

    // The buyer places the order: the abandoned checkout becomes RECOVERED.
    const token = await shopperToken(buyer);
    const placed = await server.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await expect
      .poll(
        async () => {
          const res = await admin('POST', '/ecom/v1/abandoned-checkout/query', {
            query: { filter: { checkoutId } },
          });
          return (res.body.abandonedCheckouts as Array<{ status: string }>)[0]?.status;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe('RECOVERED');
  });
});

describe('admin: abandoned checkouts and back in stock', () => {
  it('lists abandoned checkouts with the recovery figures and chart, shows one, sends its mail now', async () => {
    const email = uniqueEmail('admin-abandoned');
    const buyer = await newShopper(browser);
    await addFromProductPage(buyer, server, 'stoneware-table-lamp');
    await startCheckout(buyer, server);
    await fillCheckoutDetails(buyer, email);
    await lastMail(server, email, 'checkout-recovery');

    const page = await signedInMerchant(browser, server);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Abandoned checkouts' })
      .click();
    await page.getByRole('heading', { name: 'Abandoned checkouts', level: 1 }).waitFor();
    await page.getByTestId('recovery-chart').waitFor();
    await expect.poll(() => page.getByTestId('recovery-rate').textContent()).toMatch(/^\d+(\.\d)? %$/);
    await page.getByTestId('abandoned-row').getByRole('link', { name: email }).click();
    await page.getByRole('heading', { name: `Abandoned checkout of ${email}` }).waitFor();
    await expect.poll(() => page.getByTestId('abandoned-status').textContent()).toBe('Abandoned');
    await page.getByTestId('abandoned-activities').getByText('Recovery e-mail sent').waitFor();

    await page.getByRole('button', { name: 'Send recovery e-mail now' }).click();
    await page.getByText(`The recovery e-mail went to ${email}.`).waitFor();
    await expect(
      page.getByTestId('abandoned-activities').getByText('Recovery e-mail sent').count(),
    ).resolves.toBe(2);
    expect(errorsOf(page)).toEqual([]);
  });

  it('shows the items shoppers wait for with their count, and notifies them now', async () => {
    const slug = 'classic-french-press';
    const productId = (await productBySlug(server, slug)).id;
    await setStock(productId, 0);
    for (const who of ['wait-a', 'wait-b']) {
      const token = await visitorToken(server);
      const res = await server.call('POST', BACK_IN_STOCK, {
        token,
        body: {
          request: {
            email: uniqueEmail(who),
            catalogReference: { catalogItemId: productId, appId: STORES_APP_ID },
          },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const page = await signedInMerchant(browser, server);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Back in stock' })
      .click();
    const row = page.getByTestId('waiting-item').filter({ hasText: 'Classic French Press' });
    await expect.poll(() => row.getByTestId('waiting-count').textContent()).toBe('2');
    await row.getByRole('button', { name: /Notify now/ }).click();
    await page.getByText('The shoppers waiting for Classic French Press were told.').waitFor();
    await expect(
      page.getByTestId('waiting-item').filter({ hasText: 'Classic French Press' }).count(),
    ).resolves.toBe(0);
    const sent = await admin('POST', `${BACK_IN_STOCK}/query`, {
      query: {
        filter: {
          'catalogReference.catalogItemId': productId,
          status: 'NOTIFICATION_SENT',
          autoNotified: false,
        },
      },
    });
    expect((sent.body.requests as unknown[]).length).toBe(2);
    expect(errorsOf(page)).toEqual([]);
  });
});
