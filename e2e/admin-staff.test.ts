import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertMember } from '../packages/server/src/modules/identity/members.ts';
import { base32Decode, hotp, stepAt } from '../packages/server/src/modules/identity/totp.ts';
import { createStaffToken } from '../packages/server/src/modules/staff/tokens.ts';
import { shopperBuys, signedInMerchant, startAdminStore } from './admin-helpers.ts';
import { noSeriousA11yIssues } from './page-checks.ts';
import { adminOrder, errorsOf, newShopper, pressAndWaitFor, withStore } from './store.ts';

const { server, browser } = withStore(startAdminStore);

const OWNER = 'olive@staff-e2e.example';
const PACKER = 'pat@staff-e2e.example';
const PASSWORD = 'a long admin password';

/** Fixes the server's clock (TOTP steps) at `at`. */
const clockAt = (at: Date) => {
  server.ctx.clock = () => at;
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** The invitation link mailed to `to` (read through the dev mailbox API). */
async function inviteLink(to: string): Promise<string> {
  const res = await server.call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`, {
    token: server.adminKey,
  });
  const mail = (res.body.messages as Array<{ tag: string; data: { link: string } }>).find(
    (m) => m.tag === 'staff-invite',
  );
  expect(mail).toBeDefined();
  return mail!.data.link;
}

describe('staff accounts in the admin app', () => {
  let secret: string;
  const start = new Date();

  it('creates the owner account with the setup code, turns on TOTP, and signs in with it', async () => {
    const page = await newShopper(browser);
    await page.goto(`${server.url}/admin/`);
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    await page.getByRole('heading', { name: 'Create the owner account' }).waitFor();
    await noSeriousA11yIssues(page);

    const { token: code } = await createStaffToken(server.ctx, server.ctx.db, 'setup', null);
    await page.getByLabel('Setup code or admin API key').fill('setup-wrong');
    await page.getByLabel('Your name').fill('Olive Owner');
    await page.getByLabel('E-mail').fill(OWNER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await page
      .getByRole('alert')
      .getByText('The setup code is wrong or was used', { exact: false })
      .waitFor();
    await page.getByLabel('Setup code or admin API key').fill(code);
    await page.getByRole('button', { name: 'Create the owner account' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // Own account: two-step sign-in with an authenticator app.
    clockAt(start);
    await page.getByRole('link', { name: /Olive Owner/ }).click();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await noSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('alert').getByText('The code does not match', { exact: false }).waitFor();
    await page.getByLabel('Code from the app').fill(hotp(base32Decode(secret), stepAt(start)));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByText('Two-step sign-in is on.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    // Half a minute on: the next code.
    const later = new Date(start.getTime() + 30_000);
    clockAt(later);
    await page.getByLabel('E-mail').fill(OWNER);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('Wrong e-mail address or password').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').fill(hotp(base32Decode(secret), stepAt(later)));
    await noSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(() => nav(page).getByRole('link', { name: 'Staff' }).count()).toBe(1);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  // A long walk (an order placed, a user invited and signed in, every refused screen visited): 27 s on a quiet
  // machine, past the default 60 s on a loaded one.
  it('invites a fulfilment user, who cannot see or use refund, cancel or settings of staff', async () => {
    // Bought with the demo store's 10 % coupon: the line's own total is its price × quantity, the discount
    // shows in the totals (the lines table showed the discounted amount as the line's total).
    const orderId = await shopperBuys(browser, server, 'card', 'WELCOME10');
    const order = await adminOrder(server, orderId);
    const line = (order as unknown as { lineItems: Array<Record<string, { formattedAmount: string }>> })
      .lineItems[0]!;
    expect(line.lineItemPrice!.formattedAmount).not.toBe(line.totalPriceAfterTax!.formattedAmount);

    const owner = await newShopper(browser);
    const at = new Date(start.getTime() + 60_000);
    clockAt(at);
    await owner.goto(`${server.url}/admin/sign-in`);
    await owner.getByLabel('E-mail').fill(OWNER);
    await owner.getByLabel('Password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByLabel('Authentication code').fill(hotp(base32Decode(secret), stepAt(at)));
    await owner.getByRole('button', { name: 'Verify' }).click();
    await owner.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    server.ctx.clock = () => new Date();

    // The owner sees the refund on the paid order.
    await owner.goto(`${server.url}/admin/orders/${orderId}`);
    await owner.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    await expect.poll(() => owner.getByTestId('refund-panel').count()).toBe(1);
    await expect
      .poll(() => owner.getByTestId('line-total').first().textContent())
      .toBe(line.lineItemPrice!.formattedAmount);

    // Orders found by number and by the buyer's e-mail address.
    await nav(owner).getByRole('link', { name: 'Orders' }).click();
    for (const q of [`#${order.number}`, String(order.buyerInfo?.email ?? '').toUpperCase()]) {
      await owner.getByLabel('Order number, e-mail or name').fill(q);
      await owner.getByRole('button', { name: 'Filter' }).click();
      // Each search lands before the next is typed (e2e/admin-search-forms.test.ts types one while a search loads).
      await owner.waitForURL((url) => url.searchParams.get('q') === q);
      await expect.poll(() => owner.getByTestId('order-row').count()).toBe(1);
      await owner.getByRole('link', { name: `#${order.number}`, exact: true }).waitFor();
    }
    await owner.getByLabel('Order number, e-mail or name').fill('nobody-like-this');
    await owner.getByRole('button', { name: 'Filter' }).click();
    await owner.waitForURL((url) => url.searchParams.get('q') === 'nobody-like-this');
    await owner.getByText('No order matches these filters.').waitFor();
    await noSeriousA11yIssues(owner);

    await nav(owner).getByRole('link', { name: 'Staff' }).click();
    await owner.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await owner.getByLabel('E-mail').fill(PACKER);
    await owner.getByLabel('Name').fill('Pat Packer');
    await owner.getByLabel('Role', { exact: true }).selectOption('FULFILMENT');
    await pressAndWaitFor(owner, 'Send invitation', `An invitation was sent to ${PACKER}.`);
    await expect(
      owner.getByTestId('staff-row').filter({ hasText: PACKER }).getByTestId('staff-status').textContent(),
    ).resolves.toBe('Invited');
    await noSeriousA11yIssues(owner);

    const packer = await newShopper(browser);
    await packer.goto(await inviteLink(PACKER));
    await packer.getByText('You are invited as', { exact: false }).waitFor();
    await packer.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await packer.getByLabel('Password again').fill(PASSWORD);
    await noSeriousA11yIssues(packer);
    await packer.getByRole('button', { name: 'Accept and sign in' }).click();
    await packer.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // Fulfilment: no staff, keys or audit log in the navigation; the order offers fulfilment only.
    for (const name of ['Staff', 'API keys', 'Audit log'])
      await expect.poll(() => nav(packer).getByRole('link', { name }).count()).toBe(0);
    await packer.goto(`${server.url}/admin/orders/${orderId}`);
    await packer.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    await packer.getByTestId('fulfil-panel').waitFor();
    await expect.poll(() => packer.getByTestId('refund-panel').count()).toBe(0);
    await expect.poll(() => packer.getByTestId('cancel-panel').count()).toBe(0);
    // The server refuses it too (the app only hides it).
    const token = await packer.evaluate(() => sessionStorage.getItem('aisle.admin.apiKey'));
    const refund = await server.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      token: token!,
      body: { payments: [{ paymentId: 'x', amount: '1.00' }] },
    });
    expect(refund.status).toBe(403);
    // The staff page itself is refused, in the app's words.
    await packer.goto(`${server.url}/admin/staff`);
    await packer.getByText('Your role does not allow this.', { exact: false }).waitFor();
    expect(errorsOf(packer)).toEqual([]);

    // The owner revokes the packer: their next page sends them to sign in.
    await owner.reload();
    const row = owner.getByTestId('staff-row').filter({ hasText: PACKER });
    await row.getByRole('button', { name: `Revoke ${PACKER}` }).click();
    await pressAndWaitFor(owner, 'Revoke access', `${PACKER} can no longer sign in.`);
    await packer.goto(`${server.url}/admin/orders`);
    await packer.waitForURL((url) => url.pathname === '/admin/sign-in');

    // API keys: made (shown once), listed, revoked.
    await nav(owner).getByRole('link', { name: 'API keys' }).click();
    await owner.waitForURL((url) => url.pathname === '/admin/api-keys');
    await owner.getByLabel('Name').fill('Warehouse sync');
    await owner.getByLabel('Role', { exact: true }).selectOption('FULFILMENT');
    await owner.getByRole('button', { name: 'Create key' }).click();
    const key = (await owner.getByTestId('new-key-value').textContent()) ?? '';
    expect(key).toMatch(/^aisle_sk_/);
    expect((await server.call('GET', '/ecom/v1/store-settings', { token: key })).status).toBe(200);
    await noSeriousA11yIssues(owner);
    const keyRow = owner.getByTestId('key-row').filter({ hasText: 'Warehouse sync' });
    await keyRow.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
    await owner.getByRole('button', { name: 'Revoke the key' }).click();
    await expect.poll(() => keyRow.getByTestId('key-status').textContent()).toMatch(/^Revoked/);
    expect((await server.call('GET', '/ecom/v1/store-settings', { token: key })).status).toBe(401);
    await owner.reload();
    await expect.poll(() => owner.getByText(key).count()).toBe(0);

    // The audit log names who did it.
    await server.ctx.events.drain();
    await nav(owner).getByRole('link', { name: 'Audit log' }).click();
    await owner.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const rows = owner.getByTestId('audit-row');
    await rows.filter({ hasText: 'Api key revoked' }).first().waitFor();
    await expect
      .poll(() => rows.filter({ hasText: 'Staff user revoked' }).first().textContent())
      .toContain(OWNER);
    await noSeriousA11yIssues(owner);

    // A refund by line, with the item back in stock, asked twice.
    await owner.goto(`${server.url}/admin/orders/${orderId}`);
    const refundPanel = owner.getByTestId('refund-panel');
    await refundPanel.getByLabel('Amount to refund').fill('1.00');
    await refundPanel.getByText('Items and shipping refunded').click();
    await refundPanel.getByLabel(/returned \(of 1\)/).fill('1');
    await refundPanel.getByRole('button', { name: 'Refund', exact: true }).click();
    await refundPanel.getByText('It cannot be undone.', { exact: false }).waitFor();
    await noSeriousA11yIssues(owner);
    await refundPanel.getByRole('button', { name: 'Yes, refund' }).click();
    await owner.getByTestId('action-result').getByText('The refund was made.').waitFor();
    await expect.poll(() => owner.getByTestId('payment-status').textContent()).toBe('Partially refunded');
    const after = (await adminOrder(server, orderId)) as unknown as {
      lineItems: Array<{ refundQuantity?: number }>;
    };
    expect(after.lineItems[0]!.refundQuantity).toBe(1);
    expect(errorsOf(owner)).toEqual([]);
    await owner.context().close();
    await packer.context().close();
  }, 150_000);
});

describe('customers in the admin app', () => {
  it('lists and searches customers, shows a profile, and blocks a customer', async () => {
    await server.ctx.events.transaction((tx) =>
      insertMember(server.ctx, tx, {
        email: 'quinn@customers-e2e.example',
        passwordHash: null,
        status: 'ACTIVE',
        emailVerified: true,
        profile: {
          firstName: 'Quinn',
          lastName: 'Quartz',
          customFields: [{ name: 'Favourite colour', value: { strValue: 'Teal' } }],
          addresses: [
            { address: { country: 'US', city: 'Portland', addressLine: '1 Main St' }, tag: 'HOME' },
          ],
        },
      }),
    );
    const page = await signedInMerchant(browser, server, { width: 390, height: 844 });
    await nav(page).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByLabel('Search by name or e-mail').fill('quartz');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'quartz');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
    await noSeriousA11yIssues(page);
    await page.getByRole('link', { name: 'Quinn Quartz' }).click();
    await page.getByRole('heading', { name: 'Quinn Quartz', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('custom-fields').textContent()).toContain('Teal');
    await page.getByText('1 Main St, Portland, US').waitFor();
    await noSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('button', { name: 'Block the customer' }).click();
    await expect.poll(() => page.getByTestId('member-status').textContent()).toContain('Blocked');
    await page.getByRole('button', { name: 'Unblock' }).waitFor();

    // The sign-up settings page.
    await page.goto(`${server.url}/admin/customers/settings`);
    await page.getByLabel('New members wait for your approval', { exact: false }).check();
    await pressAndWaitFor(page, 'Save', 'The sign-up settings were saved.');
    const policies = await server.call('GET', '/members/v1/policies', { token: server.adminKey });
    expect(policies.body.policies).toMatchObject({ requireOwnerApproval: true });
    await noSeriousA11yIssues(page);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
