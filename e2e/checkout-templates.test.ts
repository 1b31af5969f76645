import { describe, expect, it } from 'vitest';
import { expectClean, pick, withAdminStore } from './admin-helpers.ts';
import { watchConsole } from './page-checks.ts';
import { newShopper, pressAndWaitFor, productBySlug, STORES_APP_ID } from './store.ts';

// Checkout templates in the browser: the merchant's editor (product finder, flags, copy link) and the hosted
// checkout page honouring a template's flags.

const { server, browser, merchant } = withAdminStore();

/** The id of the demo catalogue's lamp. */
const lampId = async () => (await productBySlug(server, 'stoneware-table-lamp')).id;

describe('checkout templates: the admin editor', () => {
  it('creates a template, adds a product with the finder, activates it and copies its link', async () => {
    const page = await merchant();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Checkout links' })
      .click();
    await page.getByRole('heading', { name: 'Checkout templates', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New checkout template' }).click();
    await page.getByRole('heading', { name: 'New checkout template', level: 1 }).waitFor();
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByLabel('Lock the coupon').check();
    await page.getByLabel('Hide “Back to cart”').check();
    await pressAndWaitFor(page, 'Create checkout template', 'The checkout template was created.');
    await expectClean(page);

    // An inactive draft: add the lamp, twice over.
    await pick(page, 'Find products for the template', 'Stoneware', 'Stoneware Table Lamp');
    await page.getByText('“Stoneware Table Lamp” was added.').waitFor();
    const lines = page.getByTestId('template-lines');
    await lines.getByRole('button', { name: 'Take out Stoneware Table Lamp' }).waitFor();
    await lines.getByLabel('Quantity of Stoneware Table Lamp').fill('2');
    await lines.getByLabel('Quantity of Stoneware Table Lamp').press('Enter');
    await page.getByText('The quantity was changed.').waitFor();

    await page.getByLabel('Status').selectOption('ACTIVE');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').getByText('The link was copied.').waitFor();
    const shown = await page.getByLabel('Shareable link').inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect(shown).toMatch(/\/ecom\/v1\/checkout-templates\/[0-9a-f-]{36}\/create-and-redirect-to-checkout$/);
    await expectClean(page);

    // The template as stored.
    const templateId = new URL(shown).pathname.split('/')[4]!;
    const stored = await server.call('GET', `/ecom/v1/checkout-templates/${templateId}`, {
      token: server.adminKey,
    });
    expect(stored.body.checkoutTemplate).toMatchObject({
      status: 'ACTIVE',
      couponCode: 'WELCOME10',
      customization: { lockedCoupon: true, webClient: { disabledContinueShoppingButton: true } },
      lineItems: [{ quantity: 2, catalogReference: { catalogItemId: await lampId() } }],
    });

    // The copied link, opened by a shopper, is a checkout of those products.
    const shopper = await newShopper(browser);
    await shopper.goto(shown);
    await shopper.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await shopper.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await shopper.getByText('Stoneware Table Lamp').first().waitFor();
    await page.context().close();
    await shopper.context().close();
  });
});

describe('the hosted checkout page for a template checkout', () => {
  it('hides the way back to the shop and keeps the coupon locked; each visit is its own checkout', async () => {
    const created = await server.call('POST', '/ecom/v1/checkout-templates', {
      token: server.adminKey,
      body: {
        checkoutTemplate: {
          lineItems: [
            {
              quantity: 1,
              catalogReference: {
                catalogItemId: await lampId(),
                appId: STORES_APP_ID,
              },
            },
          ],
          couponCode: 'WELCOME10',
          customization: {
            lockedCoupon: true,
            disabledManualPayment: true,
            webClient: { disabledContinueShoppingButton: true },
          },
        },
      },
    });
    expect(created.status).toBe(200);
    const link = `${server.url}/ecom/v1/checkout-templates/${(created.body.checkoutTemplate as { id: string }).id}/create-and-redirect-to-checkout`;

    const page = await newShopper(browser);
    watchConsole(page);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    const first = new URL(page.url()).pathname;
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText('WELCOME10').first().waitFor();
    // Locked: no way to remove the coupon or type another; no way back to the shop.
    await expect.poll(() => summary.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    await expect.poll(() => summary.getByLabel('Coupon code').count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: '← Back to cart' }).count()).toBe(0);
    await expectClean(page);

    // A second visit of the link starts a checkout of its own.
    const again = await newShopper(browser);
    await again.goto(link);
    await again.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await again.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    expect(new URL(again.url()).pathname).not.toBe(first);
    await page.context().close();
    await again.context().close();
  });
});
