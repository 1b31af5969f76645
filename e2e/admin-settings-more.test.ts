import { verifyWebhook } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import { type Received, receiverForFile } from '../packages/server/test/webhook-receiver.ts';
import {
  expectClean,
  expectPhoneWidth,
  fieldError,
  openNewSettingsForm,
  openSettings,
  shopperBuys,
  submitRefused,
  withAdminStore,
} from './admin-helpers.ts';
import { type ApiBody, apiOk, lastMail, pressAndWaitFor } from './store.ts';

// The settings screens of checkout and orders, tips, webhooks and the dev mailbox, the dashboard, and what a
// fulfilment role sees of them (apps/admin/src/routes/settings-section.tsx, dashboard.tsx); each page
// checked with axe and for console errors.

const { server, browser, merchant, merchantOnSettings } = withAdminStore();

/** A webhook receiver: the first request to /aisle answers 500, later ones 200. */
const { url: receiverUrl, received, answers, at } = receiverForFile();
answers.set('/aisle', (n) => (n === 1 ? 500 : 200));
const signatureOf = (request: Received) => String(request.headers['aisle-signature'] ?? '');

describe('checkout and orders settings', () => {
  it('saves the logo, a return policy and the fields asked for, with mistakes said next to their fields', async () => {
    const page = await merchantOnSettings('Checkout', 'Checkout settings');
    await expectClean(page);
    await page.getByLabel('Logo image URL').fill('logo.png');
    await page.getByLabel('Logo size').selectOption('LARGE');
    await page.getByLabel('Logo alignment').selectOption('CENTER');
    await page.getByLabel('Show “Return policy” at checkout').check();
    await page.getByLabel('Ask shoppers to agree to the policies').check();
    // A phone number required but not asked for.
    await page.getByLabel('Ask for the phone number').uncheck();
    await page.getByLabel('Phone number required').check();
    await submitRefused(page, 'Save settings');
    await expect(fieldError(page, 'Logo image URL')).resolves.toBe(
      'Enter the picture’s full address, starting with https://',
    );
    await expect(fieldError(page, 'Return policy: text')).resolves.toBe(
      'Enter the text shoppers read, or stop showing it at checkout.',
    );
    await expect(fieldError(page, 'Phone number required')).resolves.toBe(
      'Tick “Ask for the phone number” too: a detail that is not asked for cannot be required.',
    );
    await expectClean(page);
    // Nothing was saved.
    expect(
      ((await apiOk(server, 'GET', '/ecom/v1/checkout-settings')).checkoutSettings as ApiBody).revision,
    ).toBe('0');

    await page.getByLabel('Logo image URL').fill(`${server.url}/favicon.svg`);
    await page
      .getByLabel('Return policy: text')
      .fill('Return anything within 30 days: https://shop.example/returns');
    await page.getByLabel('Ask for the phone number').check();
    await pressAndWaitFor(page, 'Save settings', 'Saved.');
    const saved = (await apiOk(server, 'GET', '/ecom/v1/checkout-settings')).checkoutSettings as ApiBody;
    expect(saved).toMatchObject({
      checkoutBrand: { header: { logo: { size: 'LARGE' }, alignment: 'CENTER' } },
      checkoutPolicies: {
        returnPolicy: {
          visible: true,
          content: 'Return anything within 30 days: https://shop.example/returns',
        },
      },
      checkoutFields: { policyAgreementCheckbox: { visible: true } },
      checkoutBillingFields: { phone: { visible: true, required: true } },
    });
    // Shoppers read the policy too.
    const shopper = await server.call('GET', '/ecom/v1/checkout-settings');
    expect(shopper.body.checkoutSettings).toMatchObject({
      checkoutPolicies: { returnPolicy: { content: expect.stringContaining('30 days') } },
    });
    // The page shows what was saved; a stale page (saved elsewhere meanwhile) is refused.
    await expect.poll(() => page.getByLabel('Logo size').inputValue()).toBe('LARGE');
    await apiOk(server, 'PATCH', '/ecom/v1/checkout-settings', {
      checkoutSettings: { giftCardRedeemEnabled: false },
    });
    await page.getByLabel('Header text').fill('Welcome');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').waitFor();
    expect(
      ((await apiOk(server, 'GET', '/ecom/v1/checkout-settings')).checkoutSettings as ApiBody).checkoutBrand,
    ).not.toMatchObject({
      header: { text: 'Welcome' },
    });
    await expectClean(page);

    await openSettings(page, 'Orders', 'Orders settings');
    await page.getByLabel('Take items out of stock').selectOption('ON_ORDER_PAID');
    await page.getByLabel('Create an invoice with each order').check();
    await pressAndWaitFor(page, 'Save settings', 'Saved.');
    expect((await apiOk(server, 'GET', '/ecom/v1/orders-settings')).ordersSettings).toMatchObject({
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      createInvoice: true,
    });
    await expectClean(page);
    await apiOk(server, 'PATCH', '/ecom/v1/orders-settings', {
      ordersSettings: { inventoryUpdateTrigger: 'ON_ORDER_PLACED', createInvoice: false },
    });
    await page.context().close();
  });
});

describe('tips', () => {
  it('creates tip settings with percentages, refusing bad choices and a default outside them', async () => {
    const page = await merchant();
    await openNewSettingsForm(page, 'Tips', 'New tip setting', 'New tip settings');
    await page.getByLabel('Name', { exact: true }).fill('Support the team');
    const choices = page.getByRole('group', { name: 'Choices' });
    // The starting choices 10, 15, 20: make the third 150 and add a repeated 10.
    await choices.getByRole('group', { name: 'Choice 3' }).getByLabel('Percentage or amount').fill('150');
    await choices.getByRole('button', { name: 'Add choice' }).click();
    await choices.getByRole('group', { name: 'Choice 4' }).getByLabel('Percentage or amount').fill('10');
    await page.getByLabel('Preselected choice').fill('12');
    await submitRefused(page, 'Create tip setting');
    await expect(
      fieldError(page, 'Percentage or amount', choices.getByRole('group', { name: 'Choice 3' })),
    ).resolves.toBe('Enter a percentage of 100 or less.');
    await expect(
      fieldError(page, 'Percentage or amount', choices.getByRole('group', { name: 'Choice 4' })),
    ).resolves.toBe('This choice is already in the list.');
    await expect(fieldError(page, 'Preselected choice')).resolves.toBe(
      'Enter one of the choices (10, 15, 150, 10), or leave it empty.',
    );
    await expectClean(page);

    await choices.getByRole('group', { name: 'Choice 3' }).getByLabel('Percentage or amount').fill('20');
    await choices.getByRole('button', { name: 'Remove choice 4' }).click();
    await page.getByLabel('Preselected choice').fill('15');
    await pressAndWaitFor(page, 'Create tip setting', 'The tip setting was created.');
    const tips = (await apiOk(server, 'GET', '/tips/v1/tip-settings/default')).tipSettings as ApiBody;
    expect(tips).toMatchObject({
      title: 'Support the team',
      enabled: true,
      isDefault: true,
      tipType: 'PERCENTAGE',
      choices: ['10', '15', '20'],
      defaultChoice: '15',
    });

    // Fixed amounts with two decimals at most; then listed.
    await page.getByLabel('Tips are').selectOption('AMOUNT');
    await choices.getByRole('group', { name: 'Choice 1' }).getByLabel('Percentage or amount').fill('2.505');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      fieldError(page, 'Percentage or amount', choices.getByRole('group', { name: 'Choice 1' })),
    ).resolves.toBe('Enter an amount such as 2 or 2.50 (at most two decimals).');
    await choices.getByRole('group', { name: 'Choice 1' }).getByLabel('Percentage or amount').fill('2.50');
    await pressAndWaitFor(page, 'Save changes', 'Saved.');
    await page.getByRole('link', { name: '← All tip settings' }).click();
    const row = page.getByTestId('settings/tips-row').filter({ hasText: 'Support the team' });
    await expect.poll(() => row.textContent()).toContain('2.5, 15, 20');
    await expectClean(page);
    await page.context().close();
  });
});

describe('webhooks', () => {
  it('creates an endpoint with events from the list, shows its secret once, logs deliveries and redelivers', async () => {
    const page = await merchantOnSettings('Webhooks');
    await page.getByRole('link', { name: 'New webhook' }).click();
    await page.getByLabel('Address (URL)').fill('erp.example.com/hooks');
    await submitRefused(page, 'Create webhook');
    await expect(fieldError(page, 'Address (URL)')).resolves.toBe(
      'Enter the full address of your receiver, such as https://example.com/aisle-webhooks.',
    );
    // No event: said on the list of events.
    const events = page.getByRole('group', { name: 'Events to send' });
    await expect.poll(() => events.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => events.textContent()).toContain('Choose at least one event to send.');
    await expectClean(page);

    await page.getByLabel('Address (URL)').fill(`${receiverUrl()}/aisle`);
    await page.getByLabel('Description').fill('ERP sync');
    // Each entity's events are folded under its name.
    await events
      .locator('summary')
      .filter({ hasText: /^Orders$/ })
      .click();
    await events.getByLabel('Every one (order.*)').check();
    await events
      .locator('summary')
      .filter({ hasText: /^Products$/ })
      .click();
    await events.getByLabel('Created (product.created)').check();
    await page.getByLabel('Other events').fill('subscription.created, Orders');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expect(fieldError(page, 'Other events')).resolves.toBe(
      '“Orders” is not an event name: write it as entity.type, such as order.created.',
    );
    await page.getByLabel('Other events').fill('subscription.created');
    await page.getByRole('button', { name: 'Create webhook' }).click();

    // The secret, once.
    await page.getByText('The webhook was created.').waitFor();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectClean(page);
    const [hook] = (await apiOk(server, 'GET', '/aisle/v1/webhooks')).webhooks as ApiBody[];
    expect(hook).toMatchObject({
      url: `${receiverUrl()}/aisle`,
      description: 'ERP sync',
      active: true,
      events: ['order.*', 'product.created', 'subscription.created'],
    });
    await page.getByRole('link', { name: 'Open the webhook' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/settings/webhooks/${hook!.id}`);
    await page.getByRole('link', { name: 'Delivery log' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    // The saved events are ticked, the one outside the list kept apart.
    await expect.poll(() => page.getByLabel('Every one (order.*)').isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Other events').inputValue()).toBe('subscription.created');

    // A test event: the receiver's first answer is a 500, logged; redelivered, it goes through.
    await pressAndWaitFor(page, 'Send a test event', 'A test event (aisle.ping) is on its way');
    await expect.poll(() => at('/aisle').length, { timeout: 15_000 }).toBe(1);
    const ping = received[0]!;
    await expect(
      verifyWebhook({ body: ping.body, signature: signatureOf(ping), secret }),
    ).resolves.toMatchObject({
      valid: true,
    });
    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.getByRole('heading', { name: 'Delivery log: ERP sync', level: 1 }).waitFor();
    const row = page.getByTestId('delivery-row').filter({ hasText: 'aisle.ping' });
    await expect.poll(() => row.textContent()).toContain('HTTP 500');
    await expect.poll(() => row.textContent()).toContain('Waiting');
    await expectClean(page);
    await row.getByRole('button', { name: /Redeliver/ }).click();
    await page.getByText('aisle.ping is queued again').waitFor();
    await expect.poll(() => at('/aisle').length, { timeout: 15_000 }).toBe(2);
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('Delivered');
    await expect.poll(() => row.textContent()).toContain('HTTP 200');

    // The log on a phone: a card per delivery.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => row.locator('[data-label="Attempts"]').textContent()).toBe('1');
    await expectPhoneWidth(page);
    await expectClean(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A new secret: shown once, and what signs from now on.
    await page.getByRole('link', { name: '← The webhook' }).click();
    await page.getByRole('button', { name: 'Rotate the signing secret' }).click();
    await pressAndWaitFor(page, 'Yes, make a new secret', 'A new signing secret was made');
    const rotated = await page.getByLabel('New signing secret').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await expect.poll(() => at('/aisle').length, { timeout: 15_000 }).toBe(3);
    const last = received.at(-1)!;
    await expect(
      verifyWebhook({ body: last.body, signature: signatureOf(last), secret: rotated }),
    ).resolves.toMatchObject({ valid: true });
    await expect(
      verifyWebhook({ body: last.body, signature: signatureOf(last), secret }),
    ).resolves.toMatchObject({ valid: false });
    await expectClean(page);
    await page.context().close();
  });
});

describe('dev mailbox', () => {
  it('lists the mail kept without SMTP and opens one with its text, HTML and links', async () => {
    const email = `invitee.${Date.now()}@staff.example`;
    await apiOk(server, 'POST', '/aisle/v1/staff/invites', { email, name: 'Ivy', role: 'MANAGER' });
    const mail = await lastMail(server, email, 'staff-invite');

    const page = await merchantOnSettings('Mailbox');
    await page.getByText('No SMTP server is set up').waitFor();
    await page.getByLabel('To (e-mail address or phone number)').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.getByTestId('mail-row');
    await expect.poll(() => rows.count()).toBe(1);
    await expectClean(page);
    await rows.getByRole('link', { name: mail.subject }).click();
    await page.getByRole('heading', { name: mail.subject, level: 1 }).waitFor();
    await expect.poll(() => page.getByText(email, { exact: true }).count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('mail-text').textContent())
      .toContain('Choose your password to accept');
    const link = page.getByRole('link', { name: mail.data.link });
    await expect.poll(() => link.getAttribute('href')).toBe(mail.data.link);
    const frame = page.frameLocator('iframe.mail-html');
    await expect.poll(() => frame.locator('body').textContent()).toContain('Accept the invitation');
    await expectClean(page);
    await page.context().close();
  });
});

describe('dashboard', () => {
  it('charts sales over the chosen period against the one before, with the top product and orders to fulfil', async () => {
    await shopperBuys(browser, server, 'card');
    await shopperBuys(browser, server, 'card');
    const page = await merchant();
    const sales = await apiOk(server, 'POST', '/ecom/v1/orders/get-analytics', {
      startDate: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
      endDate: new Date().toISOString().slice(0, 10),
    });
    const period = sales.period as { sales: string; orders: number };
    expect(period.orders).toBeGreaterThanOrEqual(2);

    await page.getByLabel('Period').selectOption('7');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('period') === '7');
    await page.getByTestId('sales-chart').locator('.recharts-surface').first().waitFor();
    // The previous period's figures stay on screen until the new ones load: wait for them.
    await expect.poll(() => page.getByTestId('sales-orders').textContent()).toBe(String(period.orders));
    await expect
      .poll(() => page.getByTestId('sales-total').textContent())
      .toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(period.sales)),
      );
    // Nothing before this store's first week: said in words.
    await expect
      .poll(() => page.getByTestId('sales-total').locator('..').textContent())
      .toContain('Nothing in the 7 days before to compare');
    await page.getByText('Sales by day as a table').click();
    await expect.poll(() => page.getByTestId('sales-by-day').getByRole('row').count()).toBe(8);
    const top = page.getByTestId('top-product').first();
    await expect.poll(() => top.textContent()).toContain('Stoneware Table Lamp');
    await expect.poll(() => page.getByTestId('orders-to-fulfil').textContent()).toMatch(/\(\d+\)/);
    await expect
      .poll(() => page.getByTestId('orders-to-fulfil-list').getByTestId('order-row').count())
      .toBeGreaterThan(0);
    await expectClean(page);

    // A custom period the wrong way round is refused next to its field; then a period of its own.
    await page.getByLabel('Period').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(fieldError(page, 'To')).resolves.toBe('The last day cannot be before the first.');
    await expect.poll(() => page.getByTestId('sales-chart').count()).toBe(0);
    await expectClean(page);

    // On a phone: cards, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Period').selectOption('30');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('sales-chart').locator('.recharts-surface').first().waitFor();
    await expect.poll(() => top.locator('[data-label="Units sold"]').count()).toBe(1);
    await expectPhoneWidth(page);
    await expectClean(page);
    await page.context().close();
  });
});

describe('a fulfilment role', () => {
  it('sees no settings in the navigation and is told the pages are not for its role', async () => {
    const key = (await apiOk(server, 'POST', '/aisle/v1/api-keys', { name: 'packer', role: 'FULFILMENT' }))
      .key as string;
    const page = await merchant(undefined, key);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Orders' }).waitFor();
    for (const name of ['Settings', 'Checkout links', 'Shipping labels'])
      await expect.poll(() => nav.getByRole('link', { name }).count()).toBe(0);
    for (const path of ['settings/webhooks', 'settings/checkout', 'settings/tips']) {
      await page.goto(`${server.url}/admin/${path}`);
      await page.getByRole('heading', { name: 'Not for your role', level: 1 }).waitFor();
    }
    // The server says so too.
    const refused = await server.call('GET', '/aisle/v1/webhooks', { token: key });
    expect(refused.status).toBe(403);
    // Its dashboard still works.
    await page.goto(`${server.url}/admin/`);
    await page.getByTestId('sales-total').waitFor();
    await expectClean(page);
    await page.context().close();
  });
});
