import { describe, expect, it } from 'vitest';
import {
  expectClean,
  expectPhoneWidth,
  fieldError,
  openNewSettingsForm,
  openSettings,
  submitRefused,
  withAdminStore,
} from './admin-helpers.ts';
import {
  addFromProductPage,
  type ApiBody,
  apiOk,
  newShopper,
  pressAndWaitFor,
  shopperToken,
} from './store.ts';

// The settings screens (apps/admin/src/routes/settings-section.tsx): store, shipping, tax, checkout and
// orders, tips, webhooks and the dev mailbox, each page checked with axe and for console errors.

const { server, browser, merchant, merchantOnSettings } = withAdminStore();

describe('store settings', () => {
  it('refuses a currency that is not ISO 4217 next to the field and saves EUR and a locale', async () => {
    const page = await merchantOnSettings('Store', 'Store settings');
    await expectClean(page);
    await page.getByLabel('Currency').fill('XYZ');
    await submitRefused(page, 'Save settings');
    await expect(fieldError(page, 'Currency')).resolves.toBe('Choose a currency from the list.');
    expect((await apiOk(server, 'GET', '/ecom/v1/store-settings')).storeSettings).toMatchObject({
      currency: 'USD',
    });
    await expectClean(page);

    await page.getByLabel('Currency').fill('EUR');
    await page.getByLabel('Language and region').fill('de-DE');
    await pressAndWaitFor(page, 'Save settings', 'Saved.');
    expect((await apiOk(server, 'GET', '/ecom/v1/store-settings')).storeSettings).toMatchObject({
      currency: 'EUR',
      locale: 'de-DE',
    });
    await apiOk(server, 'PATCH', '/ecom/v1/store-settings', {
      storeSettings: { currency: 'USD', locale: 'en-US' },
    });
  });
});

describe('shipping', () => {
  it('creates a delivery region and a shipping option with a weight rule that prices a cart', async () => {
    const page = await merchant();
    await openNewSettingsForm(page, 'Delivery regions', 'New delivery region');
    await page.getByLabel('Name', { exact: true }).fill('Iceland and Greece');
    const destinations = page.getByRole('group', { name: 'Destinations' });
    await destinations.getByRole('group', { name: 'Destination 1' }).getByLabel('Country').selectOption('IS');
    await destinations.getByRole('button', { name: 'Add destination' }).click();
    // The new row's picker has the focus.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent,
        ),
      )
      .toBe('Destination 2');
    await destinations.getByRole('group', { name: 'Destination 2' }).getByLabel('Country').selectOption('GR');
    await destinations.getByRole('button', { name: 'Add destination' }).click();
    await destinations.getByRole('group', { name: 'Destination 3' }).getByLabel('Country').selectOption('CA');
    await destinations
      .getByRole('group', { name: 'Destination 3' })
      .getByLabel('Province')
      .selectOption('CA-QC');
    await destinations.getByRole('button', { name: 'Remove destination 3' }).click();
    await expectClean(page);
    await pressAndWaitFor(page, 'Create delivery region', 'The delivery region was created.');
    const regions = (await apiOk(server, 'GET', '/ecom/v1/delivery-regions/query'))
      .deliveryRegions as ApiBody[];
    const region = regions.find((r) => r.name === 'Iceland and Greece');
    expect(region?.destinations).toEqual([{ countryCode: 'IS' }, { countryCode: 'GR' }]);

    // The option: a region, a rate up to 5 kg, a dearer one above, a handling fee.
    await openNewSettingsForm(page, 'Shipping options', 'New shipping option');
    await page.getByLabel('Title', { exact: true }).fill('Island Parcel');
    const where = page.getByRole('group', { name: 'Delivery regions' });
    await where.getByRole('button', { name: 'Add region' }).click();
    await where.getByLabel('Region').selectOption({ label: 'Iceland and Greece' });
    const rates = page.getByRole('group', { name: 'Rates', exact: true });
    const first = rates.getByRole('group', { name: 'Rate 1' });
    await first.getByLabel('Price').fill('7.5');
    await first.getByRole('button', { name: 'Add condition' }).click();
    const condition = first.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('When').selectOption('BY_TOTAL_WEIGHT');
    await condition.getByLabel('Comparison').selectOption('LTE');
    await condition.getByLabel('Value').fill('heavy');
    await rates.getByRole('button', { name: 'Add rate' }).click();
    await rates.getByRole('group', { name: 'Rate 2' }).getByLabel('Price').fill('19');
    const charges = page.getByRole('group', { name: 'Other charges' });
    await charges.getByRole('button', { name: 'Add charge' }).click();
    await charges.getByLabel('Amount').fill('1.25');
    await page.getByRole('button', { name: 'Create shipping option' }).click();
    // A bad condition value is refused next to it.
    await page.getByRole('alert').getByText('Please correct the fields marked below.').waitFor();
    await expect(fieldError(page, 'Value', condition)).resolves.toBe('Enter a number.');
    await condition.getByLabel('Value').fill('5');
    await expectClean(page);
    await pressAndWaitFor(page, 'Create shipping option', 'The shipping option was created.');
    const option = (
      (await apiOk(server, 'GET', '/ecom/v1/shipping-options/query')).shippingOptions as ApiBody[]
    ).find((o) => o.title === 'Island Parcel');
    expect(option).toMatchObject({
      deliveryRegionIds: [region?.id],
      rates: [
        { amount: '7.50', conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'LTE', value: '5' }] },
        { amount: '19.00' },
      ],
      otherCharges: [{ type: 'HANDLING_FEE', price: '1.25' }],
    });

    // A shopper's 2.4 kg lamp to Reykjavík: the first rate and the fee.
    const shopper = await newShopper(browser);
    await addFromProductPage(shopper, server, 'stoneware-table-lamp');
    const token = await shopperToken(shopper);
    const estimate = await server.call('POST', '/ecom/v1/carts/current/estimate-totals', {
      token,
      body: {
        shippingAddress: { country: 'IS', city: 'Reykjavík', postalCode: '101' },
        selectedShippingOption: { code: option?.id },
      },
    });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body.priceSummary, JSON.stringify(estimate.body.shippingInfo)).toMatchObject({
      shipping: { amount: '8.75' },
    });
    await shopper.context().close();

    // The option lists its rates; on a phone the list is cards.
    await page.getByRole('link', { name: '← All shipping options' }).click();
    const row = page.getByTestId('settings/shipping-options-row').filter({ hasText: 'Island Parcel' });
    await expect.poll(() => row.textContent()).toContain('7.50 when weight ≤ 5; 19.00');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectPhoneWidth(page);
    await expectClean(page);
  });
});

describe('tax', () => {
  it('creates a tax region and a rate split over a jurisdiction, which taxes a cart there', async () => {
    const page = await merchantOnSettings('Tax regions');
    await page.getByRole('link', { name: 'New tax region' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/new'));
    await page.getByLabel('Country', { exact: true }).selectOption('IS');
    await pressAndWaitFor(page, 'Create tax region', 'The tax region was created.');
    await page.getByRole('heading', { name: 'Iceland', level: 1 }).waitFor();

    await openSettings(page, 'Tax rates');
    await page.getByRole('link', { name: 'New tax rate' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/new'));
    await page.getByLabel('Tax region').selectOption({ label: 'Iceland' });
    await page.getByLabel('Tax group').selectOption({ label: 'Products' });
    // Neither a rate nor a jurisdiction: said next to the rate.
    await submitRefused(page, 'Create tax rate');
    await expect(fieldError(page, 'Rate (%)')).resolves.toBe('Enter a rate, or add a jurisdiction.');
    const jurisdictions = page.getByRole('group', { name: 'Jurisdictions' });
    await jurisdictions.getByRole('button', { name: 'Add jurisdiction' }).click();
    await jurisdictions.getByLabel('Name', { exact: true }).fill('Iceland');
    await jurisdictions.getByLabel('Level').selectOption('COUNTRY');
    await jurisdictions.getByLabel('Rate (%)').fill('24');
    await jurisdictions.getByLabel('Tax name').fill('VSK');
    await expectClean(page);
    await pressAndWaitFor(page, 'Create tax rate', 'The tax rate was created.');
    await page.getByRole('link', { name: '← All tax rates' }).click();
    const row = page.getByTestId('settings/tax-rates-row').filter({ hasText: 'Iceland' });
    await expect.poll(() => row.textContent()).toContain('Products');
    await expect.poll(() => row.textContent()).toContain('24 %');
    await expectClean(page);

    const shopper = await newShopper(browser);
    await addFromProductPage(shopper, server, 'stoneware-table-lamp');
    const estimate = await server.call('POST', '/ecom/v1/carts/current/estimate-totals', {
      token: await shopperToken(shopper),
      body: { shippingAddress: { country: 'IS', city: 'Reykjavík', postalCode: '101' } },
    });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body.priceSummary).toMatchObject({
      subtotal: { amount: '98.00' },
      tax: { amount: '23.52' },
    });
    await shopper.context().close();
  });
});
