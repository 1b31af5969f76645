import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectPhoneWidth,
  fieldError,
  openSettings,
  shopperBuys,
  signedInMerchant,
  startAdminStore,
  submitRefused,
} from './admin-helpers.ts';
import { addFromProductPage, adminOrder, errorsOf, newShopper, pressAndWaitFor, withStore } from './store.ts';

const { server, browser } = withStore(startAdminStore);

/** The row of the coupons list for this code. */
const couponRow = (page: Page, code: string) =>
  page.getByTestId('coupon-row').filter({ has: page.getByRole('link', { name: code, exact: true }) });

/** The coupon as the API reads it, or undefined once it is gone. */
async function apiCoupon(code: string): Promise<Record<string, unknown> | undefined> {
  const res = await server.call('POST', '/ecom/v1/coupons/query', {
    token: server.adminKey,
    body: { query: { filter: { code }, paging: { limit: 5 } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.coupons as Array<Record<string, unknown>>)[0];
}

describe('admin coupons', () => {
  it('creates, refuses, toggles, limits to products, counts uses and deletes coupons', async () => {
    const page = await signedInMerchant(browser, server);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();
    // The demo store's coupons are listed.
    await couponRow(page, 'WELCOME10').waitFor();

    // A percentage coupon without its percentage: the server's message stands next to the field.
    await page.getByRole('link', { name: 'New coupon' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/new'));
    await page.getByRole('heading', { name: 'New coupon', level: 1 }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill('SAVE15');
    await page.getByLabel('Name', { exact: true }).fill('Fifteen off');
    await page.getByLabel('Minimum subtotal').fill('50');
    await submitRefused(page, 'Create coupon');
    await expect(fieldError(page, 'Percentage')).resolves.toBe('is required for a PERCENTAGE coupon');

    await page.getByLabel('Percentage').fill('15');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByRole('heading', { name: 'Coupon SAVE15', level: 1 }).waitFor();
    await page.getByText('The coupon was created.').waitFor();
    await expect
      .poll(() => page.getByTestId('coupon-summary').textContent())
      .toBe('15 % off orders from $50.00 · used 0 · Always');
    const created = await apiCoupon('SAVE15');
    expect(created).toMatchObject({
      name: 'Fifteen off',
      active: true,
      discountType: 'PERCENTAGE',
      percentage: 15,
      minimumSubtotal: '50',
      scope: { type: 'ALL_ITEMS' },
    });

    // The same code in other capitals is taken: said next to the Code field.
    await page.getByRole('link', { name: '← All coupons' }).click();
    await page.getByRole('link', { name: 'New coupon' }).click();
    await page.getByLabel('Code', { exact: true }).fill('save15');
    await page.getByLabel('Percentage').fill('10');
    await submitRefused(page, 'Create coupon');
    await expect(fieldError(page, 'Code')).resolves.toBe(
      'Another coupon already has this code. Choose a different one.',
    );

    // A fixed amount off the lamp only, picked by searching products by name; none picked is refused.
    await page.getByLabel('Code', { exact: true }).fill('LAMP5');
    await page.getByLabel('Kind of discount').selectOption('FIXED_AMOUNT');
    await page.getByLabel('Amount off').fill('5');
    await page.getByLabel('Specific products').check();
    await pressAndWaitFor(page, 'Create coupon', 'must name at least one id for this scope');
    await page.getByLabel('Find products by name').fill('lamp');
    await page.getByLabel('Find products by name').press('Enter');
    await page.getByRole('button', { name: 'Add Stoneware Table Lamp' }).click();
    await page
      .getByRole('list', { name: 'Chosen products' })
      .getByText('Stoneware Table Lamp', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByRole('heading', { name: 'Coupon LAMP5', level: 1 }).waitFor();
    await page
      .getByRole('list', { name: 'Chosen products' })
      .getByText('Stoneware Table Lamp', { exact: true })
      .waitFor();
    const lamp = await apiCoupon('LAMP5');
    expect(lamp).toMatchObject({ discountType: 'FIXED_AMOUNT', fixedAmount: '5' });
    expect(lamp?.scope).toEqual({ type: 'SPECIFIC_PRODUCTS', productIds: [expect.any(String)] });

    // Edited: a usage limit and a new name are saved.
    await page.getByLabel('Name', { exact: true }).fill('Five off the lamp');
    await page.getByLabel('Usage limit').fill('100');
    await pressAndWaitFor(page, 'Save changes', 'Saved.');
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Five off the lamp');
    await expect(apiCoupon('LAMP5')).resolves.toMatchObject({ name: 'Five off the lamp', usageLimit: 100 });

    // Deactivated and activated again from the list.
    await page.getByRole('link', { name: '← All coupons' }).click();
    const row = couponRow(page, 'SAVE15');
    await expect
      .poll(() => row.getByTestId('coupon-discount').textContent())
      .toBe('15 % off orders from $50.00');
    await expect.poll(() => row.getByTestId('coupon-status').textContent()).toBe('Active');
    await row.getByRole('button', { name: 'Deactivate SAVE15' }).click();
    await page.getByText('SAVE15 is inactive now.').waitFor();
    await expect.poll(() => row.getByTestId('coupon-status').textContent()).toBe('Inactive');
    await expect(apiCoupon('SAVE15')).resolves.toMatchObject({ active: false });
    await row.getByRole('button', { name: 'Activate SAVE15' }).click();
    await page.getByText('SAVE15 is active now.').waitFor();
    await expect.poll(() => row.getByTestId('coupon-status').textContent()).toBe('Active');
    await expect
      .poll(() => couponRow(page, 'LAMP5').getByTestId('coupon-uses').textContent())
      .toBe('0 / 100');

    // A shopper applies SAVE15 in the cart and pays 15 % less for the $98 lamp.
    const order = await adminOrder(server, await shopperBuys(browser, server, 'card', 'SAVE15'));
    expect(order.appliedDiscounts?.some((d) => d.coupon?.code === 'SAVE15')).toBe(true);
    expect(order.priceSummary.discount.amount).toBe('14.70');

    // The list counts the use.
    await page.reload();
    await expect.poll(() => row.getByTestId('coupon-uses').textContent()).toBe('1');

    // Deleting asks first; keeping it changes nothing, confirming removes it.
    await row.getByRole('link', { name: 'SAVE15', exact: true }).click();
    await page.getByRole('heading', { name: 'Coupon SAVE15', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('coupon-summary').textContent()).toContain('used 1');
    await page.getByRole('button', { name: 'Delete coupon' }).click();
    await page.getByText('Delete the coupon “SAVE15”?', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect(apiCoupon('SAVE15')).resolves.toBeDefined();
    await page.getByRole('button', { name: 'Delete coupon' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/coupons');
    await page.getByText('The coupon “SAVE15” was deleted.').waitFor();
    await expect.poll(() => couponRow(page, 'SAVE15').count()).toBe(0);
    await expect(apiCoupon('SAVE15')).resolves.toBeUndefined();

    // On a phone the list scrolls sideways inside its frame, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectPhoneWidth(page);
    expect(errorsOf(page)).toEqual([]);
  });
});

describe('admin store settings', () => {
  it('saves currency, weight unit, tax-included prices and the business address; the store follows', async () => {
    const page = await signedInMerchant(browser, server);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Store settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Currency').inputValue()).toBe('USD');

    // A currency that is not a code is refused next to its field.
    await page.getByLabel('Currency').fill('EURO');
    await submitRefused(page, 'Save settings');
    await expect(fieldError(page, 'Currency')).resolves.toBe(
      'Enter a three-letter currency code, such as USD or EUR.',
    );

    await page.getByLabel('Currency').fill('eur');
    await page.getByLabel('Weight unit').selectOption('LB');
    await page.getByLabel('Prices include tax').check();
    await page.getByLabel('Street and house number').fill('1 Market St');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State').selectOption('US-CA');
    await page.getByLabel('Postal code').fill('94105');
    await pressAndWaitFor(page, 'Save settings', 'Saved.');

    const res = await server.call('GET', '/ecom/v1/store-settings', { token: server.adminKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.storeSettings).toMatchObject({
      currency: 'EUR',
      weightUnit: 'LB',
      taxIncludedInPrices: true,
      businessAddress: {
        addressLine: '1 Market St',
        city: 'San Francisco',
        country: 'US',
        subdivision: 'US-CA',
        postalCode: '94105',
      },
    });

    // A reload shows what was saved.
    await page.reload();
    await page.getByRole('heading', { name: 'Store settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Currency').inputValue()).toBe('EUR');
    await expect.poll(() => page.getByLabel('Weight unit').inputValue()).toBe('LB');
    await expect.poll(() => page.getByLabel('Prices include tax').isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('US-CA');

    // The storefront's cart is priced in the new currency.
    const shopper = await newShopper(browser);
    await addFromProductPage(shopper, server, 'stoneware-table-lamp');
    await shopper.goto(`${server.url}/cart`);
    await expect.poll(() => shopper.getByTestId('total-subtotal').textContent()).toContain('€');
    await shopper.context().close();
    expect(errorsOf(page)).toEqual([]);
  });

  it("names the store and gives it a logo; the storefront's header, titles and link previews follow", async () => {
    const settings = async () =>
      (await server.call('GET', '/ecom/v1/store-settings', { token: server.adminKey })).body
        .storeSettings as {
        storeName?: string;
        logo?: { url: string; filename: string };
        defaultTaxableAddress?: string;
      };
    const demo = await settings();
    expect(demo.storeName).toBe('Aisle Demo Store');
    expect(demo.logo?.url).toBeDefined();

    // A shopper's first look (the page is kept in the storefront's HTML cache): the demo store's logo and name.
    const shopper = await newShopper(browser);
    await shopper.goto(`${server.url}/`);
    const brand = shopper.getByTestId('store-brand');
    await expect.poll(() => brand.textContent()).toBe('Aisle Demo Store');
    await expect.poll(() => brand.locator('img.brand-logo').getAttribute('height')).toBe('32');

    const page = await signedInMerchant(browser, server);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Store settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Store name').inputValue()).toBe('Aisle Demo Store');
    await page.getByRole('img', { name: 'Logo of Aisle Demo Store' }).waitFor();

    // No name is refused next to its field, in words.
    await page.getByLabel('Store name').fill('   ');
    await submitRefused(page, 'Save settings');
    await expect(fieldError(page, 'Store name')).resolves.toBe('Enter a store name.');
    await page.getByLabel('Store name').fill('  Corner Shop ');
    await pressAndWaitFor(page, 'Save settings', 'Saved.');
    await expect.poll(async () => (await settings()).storeName).toBe('Corner Shop');
    await expect.poll(() => page.getByLabel('Store name').inputValue()).toBe('Corner Shop');

    // A new logo, uploaded with the file picker.
    const bytes = Buffer.from(await (await fetch(demo.logo!.url)).arrayBuffer());
    await page
      .getByLabel('Upload a logo')
      .setInputFiles({ name: 'corner-logo.png', mimeType: 'image/png', buffer: bytes });
    await page.getByText('“corner-logo.png” is the store’s logo now.').waitFor();
    await expect.poll(async () => (await settings()).logo?.filename).toBe('corner-logo.png');
    await expect
      .poll(() => page.getByRole('img', { name: 'Logo of Corner Shop' }).getAttribute('src'))
      .toContain('corner-logo.png');

    // The storefront's header, title and link previews say so (the cached page was dropped).
    await shopper.reload();
    await expect.poll(() => brand.textContent()).toBe('Corner Shop');
    // Beside the name it repeats, the logo is decorative: no text of its own.
    const logo = brand.locator('img.brand-logo');
    await expect.poll(() => logo.getAttribute('alt')).toBe('');
    await expect.poll(() => logo.getAttribute('src')).toContain('corner-logo.png');
    await expect.poll(() => logo.getAttribute('width')).toBe('32');
    await expect.poll(() => logo.getAttribute('height')).toBe('32');
    await expect(
      logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).resolves.toBe(true);
    await expect.poll(() => shopper.title()).toBe('Corner Shop');
    await expect
      .poll(() => shopper.locator('meta[property="og:site_name"]').getAttribute('content'))
      .toBe('Corner Shop');
    await expect(
      shopper.locator('script[type="application/ld+json"]').first().textContent(),
    ).resolves.toContain('"name":"Corner Shop"');
    // A page of its own: "<page> · <store>", in the browser after a client-side navigation too.
    await shopper
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('link', { name: 'Shop all' })
      .click();
    await shopper.waitForURL((url) => url.pathname === '/shop');
    await expect.poll(() => shopper.title()).toMatch(/ · Corner Shop$/);

    // Removed: the store shows its name alone.
    await pressAndWaitFor(page, 'Remove the logo', 'The logo was removed. The store shows its name alone.');
    await page.getByText('No logo yet: the store shows its name alone.').waitFor();
    await expect.poll(async () => (await settings()).logo).toBeUndefined();
    await shopper.goto(`${server.url}/`);
    await expect.poll(() => brand.textContent()).toBe('Corner Shop');
    await expect.poll(() => brand.locator('img.brand-logo').count()).toBe(0);
    expect(errorsOf(shopper)).toEqual([]);
    await shopper.context().close();

    // Tax settings: where tax is calculated, in plain words.
    await openSettings(page, 'Tax', 'Tax settings');
    const from = page.getByLabel('Tax is calculated from');
    await expect.poll(() => from.inputValue()).toBe('SHIPPING');
    await expect
      .poll(() => from.locator('option').allTextContents())
      .toEqual(['The shipping address', 'The billing address', 'The business address']);
    await from.selectOption({ label: 'The billing address' });
    await pressAndWaitFor(page, 'Save settings', 'Saved.');
    await expect.poll(async () => (await settings()).defaultTaxableAddress).toBe('BILLING');
    await page.reload();
    await page.getByRole('heading', { name: 'Tax settings', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Tax is calculated from').inputValue()).toBe('BILLING');
    expect(errorsOf(page)).toEqual([]);

    // The demo store as it was, for the files after this one.
    const back = await server.call('PATCH', '/ecom/v1/store-settings', {
      token: server.adminKey,
      body: { storeSettings: { storeName: 'Aisle Demo Store', defaultTaxableAddress: 'SHIPPING' } },
    });
    expect(back.status).toBe(200);
  });
});
