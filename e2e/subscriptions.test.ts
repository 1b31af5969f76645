import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscriptionProduct } from '../packages/server/test/subscription-helpers.ts';
import { expectClean } from './admin-helpers.ts';
import { watchConsole } from './page-checks.ts';
import {
  adminOrder,
  CARDS,
  checkoutToPayment,
  confirmedOrderId,
  newShopper,
  payByCard,
  registerMember,
  shopperProduct,
  signInMember,
  withStore,
} from './store.ts';

// Subscriptions on the storefront (docs/SUBSCRIPTIONS.md): the product page's one-time / subscribe choice,
// a member buying a plan by card, and the member area's /account/subscriptions with pause, resume, cancel.

const { server, browser } = withStore();

let slug = '';
let name = '';

beforeAll(async () => {
  const { productId } = await subscriptionProduct(
    server,
    { interval: 1, billingCycles: 6 },
    { allowOneTimePurchases: true, enableCustomerCancellation: true },
  );
  ({ slug, name } = await shopperProduct<{ slug: string; name: string }>(server, { id: { $eq: productId } }));
});

/** Picks "Subscribe: Monthly" on the product page and adds it to the cart. */
async function subscribeOnProductPage(page: Page): Promise<void> {
  await page.goto(`${server.url}/product-page/${slug}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  const plan = page.getByRole('radio', { name: 'Subscribe: Monthly (save 10%)', exact: true });
  for (let i = 0; i < 50 && !(await plan.isChecked()); i++) {
    if (i % 10 === 0) await plan.click();
    await page.waitForTimeout(100);
  }
  await expect.poll(() => plan.isChecked()).toBe(true);
  await page.getByTestId('add-to-cart').click();
}

describe('subscribing on the storefront', () => {
  it('a visitor who chooses Subscribe is asked to sign in', async () => {
    const page = await newShopper(browser);
    watchConsole(page);
    await page.goto(`${server.url}/product-page/${slug}`);
    await page.getByRole('radio', { name: 'One-time purchase', exact: true }).waitFor();
    await expectClean(page);
    await subscribeOnProductPage(page);
    await page
      .getByRole('alert')
      .getByText(/^Sign in to subscribe/)
      .waitFor();
    await expect.poll(() => page.getByText('Your session has ended.', { exact: false }).count()).toBe(0);
    // Nothing was added: the cart stays empty.
    await expect.poll(() => page.getByRole('dialog', { name: /Added to your cart/ }).count()).toBe(0);
    await expectClean(page);
    await page.context().close();
  });

  it('a member subscribes, pays by card, sees the order, then pauses, resumes and cancels it', async () => {
    const email = await registerMember(server);
    const page = await newShopper(browser, { width: 390, height: 844 });
    watchConsole(page);
    await signInMember(page, server, email);

    await page.goto(`${server.url}/account/subscriptions`);
    await page.getByRole('heading', { name: 'Subscriptions', level: 2 }).waitFor();
    await page.getByText('You have no subscriptions yet.', { exact: false }).waitFor();

    await subscribeOnProductPage(page);
    const drawer = page.getByRole('dialog', { name: /Added to your cart/ });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await checkoutToPayment(page, server, undefined, 'Standard');
    await expectClean(page);
    await payByCard(page, CARDS.approves);
    const orderId = await confirmedOrderId(page);
    const order = await adminOrder(server, orderId);
    expect(order.buyerInfo?.memberId).toBeTruthy();
    expect(order.paymentStatus).toBe('PAID');
    await page.getByText(name).first().waitFor();

    // The contract, as the merchant reads it.
    const query = await server.call('POST', '/ecom/subscription-contracts/v1/subscription-contracts/query', {
      token: server.adminKey,
      body: { query: { filter: { orderId: { $eq: orderId } } } },
    });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    const contract = (query.body.subscriptionContracts as Array<Record<string, unknown>>)[0]!;
    expect(contract).toMatchObject({ status: 'ACTIVE', billedCycles: 1 });
    const next = new Date(String(contract.nextChargeDate));

    // The member area lists it with its next charge.
    await page.goto(`${server.url}/account/subscriptions`);
    const row = page.getByTestId('subscription-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('heading', { name }).waitFor();
    await expect.poll(() => row.getByTestId('subscription-status').textContent()).toBe('Active');
    const nextText = (await row.getByTestId('next-charge').textContent()) ?? '';
    expect(nextText).toContain('Next charge:');
    expect(nextText).toContain(String(next.getUTCFullYear()));
    await row.getByText('1 of 6 paid', { exact: false }).waitFor();
    await expectClean(page);

    await row.getByRole('button', { name: 'Pause', exact: true }).click();
    await row.getByText('Your subscription is paused.', { exact: false }).waitFor();
    await expect.poll(() => row.getByTestId('subscription-status').textContent()).toBe('Paused');

    await row.getByRole('button', { name: 'Resume', exact: true }).click();
    await row.getByText('Your subscription is active again.').waitFor();
    await expect.poll(() => row.getByTestId('subscription-status').textContent()).toBe('Active');

    await row.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await row.getByText('Your subscription is cancelled.').waitFor();
    await expect.poll(() => row.getByTestId('subscription-status').textContent()).toBe('Cancelled');
    await row.getByText('No further charges').waitFor();
    await expect.poll(() => row.getByRole('button').count()).toBe(0);
    await expectClean(page);

    const after = await server.call(
      'GET',
      `/ecom/subscription-contracts/v1/subscription-contracts/${String(contract.id)}`,
      { token: server.adminKey },
    );
    expect(after.body.subscriptionContract).toMatchObject({ status: 'CANCELED' });
    await page.context().close();
  });
});
