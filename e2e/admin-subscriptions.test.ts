import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberTokens } from '../packages/server/test/identity-helpers.ts';
import {
  buySubscription,
  subscriptionLine,
  subscriptionProduct,
} from '../packages/server/test/subscription-helpers.ts';
import { expectClean, signedInMerchant, withAdminStore } from './admin-helpers.ts';
import { watchConsole } from './page-checks.ts';
import { pressAndWaitFor } from './store.ts';

// The admin's subscription contracts (docs/ADMIN.md "Subscriptions"): the list with its status filter and
// cursor paging (cards on a phone), a contract's page (lines, buyer, billing, charges) and the merchant's
// cancel after a confirmation; a role with orders.read only reads.

const CONTRACTS = '/ecom/subscription-contracts/v1/subscription-contracts';
const bought: Array<{ orderId: string; subscriptionId: string; email: string }> = [];

const { server, browser, merchant } = withAdminStore();

beforeAll(async () => {
  const { productId, optionId } = await subscriptionProduct(server);
  // 22 contracts: more than one page of 20. The newest is paused.
  for (let i = 0; i < 22; i++) {
    const member = await memberTokens(server);
    const ids = await buySubscription(
      server,
      member.access_token,
      subscriptionLine(productId, optionId),
      undefined,
      { buyerInfo: { email: member.email } },
    );
    bought.push({ ...ids, email: member.email });
  }
  const newest = bought.at(-1)!;
  const paused = await server.call('POST', `${CONTRACTS}/${newest.subscriptionId}/pause`, {
    token: server.adminKey,
    body: {},
  });
  expect(paused.status, JSON.stringify(paused.body)).toBe(200);
}, 240_000);

async function openList(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscriptions' }).click();
  await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
}

describe('subscriptions in the admin', () => {
  it('lists contracts by status with cursor paging, and cancels one after a confirmation', async () => {
    const page = await merchant();
    await openList(page);
    const rows = page.getByTestId('subscription-row');
    await expect.poll(() => rows.count()).toBe(20);
    // Newest first: the paused one, with its buyer and next charge.
    const newest = bought.at(-1)!;
    await expect.poll(() => rows.first().getByTestId('subscription-status').textContent()).toBe('Paused');
    await rows.first().getByText(newest.email).waitFor();
    await expect.poll(() => rows.first().getByTestId('next-charge').textContent()).not.toBe('—');
    await expectClean(page);

    // The next page has the other two.
    await page.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL((url) => url.searchParams.has('cursor'));
    await expect.poll(() => rows.count()).toBe(2);
    await rows.getByText(bought[0]!.email).waitFor();

    // The status filter.
    await page.goto(`${server.url}/admin/subscriptions`);
    await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
    await page.getByLabel('Status').selectOption('PAUSED');
    await page
      .getByRole('button', { name: 'Apply' })
      .click()
      .catch(() => undefined);
    await page.waitForURL((url) => url.searchParams.get('status') === 'PAUSED');
    await expect.poll(() => rows.count()).toBe(1);

    // The contract's page.
    await rows.getByRole('link').first().click();
    await page.getByRole('heading', { name: /^Subscription to Coffee/, level: 1 }).waitFor();
    const summary = page.getByTestId('subscription-summary');
    await summary.getByText(newest.email).waitFor();
    await summary.getByText('Visa ending 4242', { exact: false }).waitFor();
    await page.getByTestId('subscription-billing').waitFor();
    const charges = page.getByTestId('charge-row');
    await expect.poll(() => charges.count()).toBe(1);
    await charges.getByText('Paid', { exact: true }).waitFor();
    await expectClean(page);

    // Cancel, asked twice.
    await pressAndWaitFor(page, 'Cancel subscription', /^Cancel this subscription of/);
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('The subscription was cancelled.', { exact: false }).waitFor();
    await expect.poll(() => summary.getByTestId('subscription-status').textContent()).toBe('Cancelled');
    await expect.poll(() => page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    const stored = await server.call('GET', `${CONTRACTS}/${newest.subscriptionId}`, {
      token: server.adminKey,
    });
    expect(stored.body.subscriptionContract).toMatchObject({ status: 'CANCELED' });
    await expectClean(page);
    await page.context().close();
  });

  it('shows contracts as cards on a phone; a role with orders.read only cannot cancel', async () => {
    const created = await server.call('POST', '/aisle/v1/api-keys', {
      token: server.adminKey,
      body: { name: 'packer', role: 'FULFILMENT' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const page = await signedInMerchant(
      browser,
      server,
      { width: 390, height: 844 },
      created.body.key as string,
    );
    watchConsole(page);
    await page.goto(`${server.url}/admin/subscriptions`);
    await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
    const rows = page.getByTestId('subscription-row');
    await expect.poll(() => rows.count()).toBe(20);
    // One card per contract: no sideways scrolling.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await rows.nth(1).getByRole('link').first().click();
    await page.getByRole('heading', { name: /^Subscription to Coffee/, level: 1 }).waitFor();
    await page.getByTestId('subscription-summary').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await expectClean(page);
    await page.context().close();
  });
});
