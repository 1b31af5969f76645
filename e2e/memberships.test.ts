import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buySubscription,
  subscriptionLine,
  subscriptionProduct,
} from '../packages/server/test/subscription-helpers.ts';
import { expectClean, signedInMerchant } from './admin-helpers.ts';
import { watchConsole } from './page-checks.ts';
import {
  addFromProductPage,
  adminOrder,
  CARDS,
  checkoutToPayment,
  confirmedOrder,
  confirmedOrderId,
  newShopper,
  payByCard,
  productBySlug,
  registerMember,
  shopperToken,
  signInMember,
  startCheckout,
  withStore,
} from './store.ts';

// Memberships on the storefront (docs/SUBSCRIPTIONS.md "Memberships"): a member holding a membership plan's
// contract sees in the cart which items it covers, chooses at checkout to let it pay for them (the line at 0,
// the totals lower), and places the order with that line paid by the membership. A paused membership is
// shown with its reason and offers no choice; a visitor sees nothing of it. The contract is bought through
// the API: e2e/subscriptions.test.ts already buys one in the browser.

const { server, browser } = withStore();

const COVERED = 'Classic French Press';
const OTHER = 'Stoneware Table Lamp';
const PLAN = 'Gold Club';
const CONTRACTS = '/ecom/subscription-contracts/v1/subscription-contracts';
let plan: { productId: string; optionId: string };

beforeAll(async () => {
  const press = (await productBySlug(server, 'classic-french-press')).id;
  // Gold Club: a monthly, renewing plan that pays for the French press.
  plan = await subscriptionProduct(
    server,
    { title: 'Gold monthly', autoRenewal: true, billingCycles: undefined },
    { membership: { productIds: [press], collectionIds: [] } },
  );
  const named = await server.call('PATCH', `/stores/v1/products/${plan.productId}`, {
    token: server.adminKey,
    body: { product: { name: PLAN } },
  });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
});

/** A new member signed in on `page` who holds a Gold Club membership (bought through the API): its id. */
async function signedInMember(page: Page): Promise<{ token: string; membershipId: string }> {
  const email = await registerMember(server);
  await signInMember(page, server, email);
  const token = await shopperToken(page);
  const { subscriptionId } = await buySubscription(
    server,
    token,
    subscriptionLine(plan.productId, plan.optionId),
    '4242424242424242',
    { buyerInfo: { email } },
  );
  return { token, membershipId: subscriptionId };
}

/** "$1,234.50" → 123450. */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** The checkout's figures as the page shows them, once no new totals are on their way. */
async function shownTotals(page: Page) {
  const totals = page.getByTestId('checkout-totals');
  await expect.poll(() => totals.getAttribute('aria-busy')).toBe('false');
  const figure = async (id: string) => cents(await totals.getByTestId(id).textContent());
  return {
    subtotal: await figure('total-subtotal'),
    shipping: await figure('total-shipping'),
    tax: await figure('total-tax'),
    total: await figure('total-total'),
    totalText: (await totals.getByTestId('total-total').textContent()) ?? '',
  };
}

/** The order's covered line, and no other, carries the note `text` (test id `note`) among the `line`s. */
async function expectOnlyCoveredMarked(page: Page, line: string, note: string, text: string): Promise<void> {
  const covered = page.getByTestId(line).filter({ hasText: COVERED });
  await expect.poll(() => covered.getByTestId(note).textContent()).toBe(text);
  await expect.poll(() => page.getByTestId(note).count()).toBe(1);
}

describe('paying with a membership on the storefront', () => {
  it('a member lets their membership pay for the covered item at checkout, on a phone, by keyboard', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    watchConsole(page);
    const { membershipId } = await signedInMember(page);
    await addFromProductPage(page, server, 'classic-french-press');
    await addFromProductPage(page, server, 'stoneware-table-lamp');

    // The cart says what the membership covers and where to use it.
    await page.goto(`${server.url}/cart`);
    const offer = page.getByTestId('membership-offer');
    await expect
      .poll(() => offer.textContent())
      .toBe(`Your ${PLAN} membership covers ${COVERED}. You can use it at checkout.`);
    await expectClean(page);

    // Chosen, not the cheapest offered: lower totals (Standard is free from $100) would move a default.
    const checkoutId = await checkoutToPayment(page, server, undefined, 'Express');
    const before = await shownTotals(page);
    expect(before.subtotal).toBe(4500 + 9800);
    expect(before.shipping).toBe(1699);

    // One choice, for the French press only: the lamp is not covered.
    const choices = page.getByTestId('checkout-memberships');
    await expect.poll(() => choices.getByRole('group').count()).toBe(1);
    const press = choices.getByRole('group', { name: COVERED });
    const useIt = press.getByRole('radio', {
      name: new RegExp(`^Use my ${PLAN} membership \\(valid until `),
    });
    const payAsUsual = press.getByRole('radio', { name: 'Pay as usual', exact: true });
    await expect.poll(() => payAsUsual.isChecked()).toBe(true);
    await expect.poll(() => useIt.isChecked()).toBe(false);
    await expectClean(page);

    // Chosen with the keyboard.
    await useIt.focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('status')
      .filter({ hasText: `${COVERED} is paid by your ${PLAN} membership.` })
      .waitFor();
    const pressLine = page.getByTestId('summary-line').filter({ hasText: COVERED });
    await expect
      .poll(() => pressLine.getByTestId('membership-paid').textContent())
      .toBe('Paid by your membership');
    await expect.poll(() => pressLine.locator('.summary-line-total').textContent()).toBe('$0.00');
    expect(
      await page
        .getByTestId('summary-line')
        .filter({ hasText: OTHER })
        .getByTestId('membership-paid')
        .count(),
    ).toBe(0);
    await expect.poll(async () => (await shownTotals(page)).subtotal).toBe(9800);
    const after = await shownTotals(page);
    // The press and its tax are no longer paid; shipping (it still ships) is unchanged.
    expect(after.shipping).toBe(before.shipping);
    expect(after.tax).toBeLessThan(before.tax);
    expect(before.total - after.total).toBe(4500 + (before.tax - after.tax));
    await expect.poll(() => useIt.isChecked()).toBe(true);

    // The checkout as the server keeps it: the press paid by the membership, the total the page shows.
    const saved = await server.call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token: server.adminKey });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const checkout = saved.body.checkout as {
      lineItems: Array<{ id: string; productName: { original: string }; paymentOption: string }>;
      membershipOptions: {
        selectedMemberships: { memberships: Array<{ id: string; lineItemIds: string[] }> };
      };
      priceSummary: { total: { formattedAmount: string } };
    };
    const pressId = checkout.lineItems.find((l) => l.productName.original === COVERED)!.id;
    expect(checkout.membershipOptions.selectedMemberships.memberships).toEqual([
      expect.objectContaining({ id: membershipId, lineItemIds: [pressId] }),
    ]);
    expect(checkout.priceSummary.total.formattedAmount).toBe(after.totalText);
    await expectClean(page);

    await payByCard(page, CARDS.approves);
    const orderId = await confirmedOrderId(page);
    const order = await adminOrder(server, orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.priceSummary.total.formattedAmount).toBe(after.totalText);
    const byName = new Map(order.lineItems.map((l) => [l.productName.original, l]));
    expect(byName.get(COVERED)).toMatchObject({ paymentOption: 'MEMBERSHIP', price: { amount: '0.00' } });
    expect(byName.get(OTHER)).toMatchObject({
      paymentOption: 'FULL_PAYMENT_ONLINE',
      price: { amount: '98.00' },
    });

    // The order page marks the press as paid by the membership, and only it; so does the member's account.
    await expectOnlyCoveredMarked(page, 'summary-line', 'membership-paid', 'Paid by your membership');
    await expectClean(page);
    await page.goto(`${server.url}/account/orders/${encodeURIComponent(orderId)}`);
    await expectOnlyCoveredMarked(page, 'summary-line', 'membership-paid', 'Paid by your membership');
    await page.context().close();

    // The merchant's order page says why the press cost nothing.
    const merchant = await signedInMerchant(browser, server);
    await merchant.goto(`${server.url}/admin/orders/${orderId}`);
    await merchant.getByRole('heading', { name: `Order #${order.number}`, level: 1 }).waitFor();
    await expectOnlyCoveredMarked(
      merchant,
      'order-line',
      'paid-by-membership',
      'Paid by the customer’s membership',
    );
    await merchant.context().close();
  });

  it('a paused membership is shown with its reason and cannot be chosen', async () => {
    const page = await newShopper(browser);
    watchConsole(page);
    const { token, membershipId } = await signedInMember(page);
    const paused = await server.call('POST', `${CONTRACTS}/${membershipId}/pause`, { token, body: {} });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    await addFromProductPage(page, server, 'classic-french-press');

    const reason = `Your ${PLAN} membership cannot be used for ${COVERED}: it is paused. Resume it in your account to use it again.`;
    await page.goto(`${server.url}/cart`);
    const cartNote = page.getByTestId('membership-unusable');
    await expect.poll(() => cartNote.locator('.line-note').textContent()).toBe(reason);
    await cartNote.getByRole('link', { name: 'Manage your subscriptions' }).waitFor();
    await expect.poll(() => page.getByTestId('membership-offer').count()).toBe(0);
    await expectClean(page);

    await startCheckout(page, server);
    const section = page.getByTestId('checkout-memberships');
    await expect
      .poll(() => section.getByTestId('membership-unusable').locator('.line-note').textContent())
      .toBe(reason);
    await expect.poll(() => section.getByRole('radio').count()).toBe(0);
    await expect.poll(() => page.getByTestId('membership-paid').count()).toBe(0);
    await expectClean(page);
    await page.context().close();
  });

  it('a membership paused after it was chosen: the order waits until the shopper pays as usual', async () => {
    const page = await newShopper(browser);
    watchConsole(page);
    const { token, membershipId } = await signedInMember(page);
    await addFromProductPage(page, server, 'classic-french-press');
    const checkoutId = await checkoutToPayment(page, server, undefined, 'Express');
    const press = page.getByTestId('checkout-memberships').getByRole('group', { name: COVERED });
    await press.getByRole('radio', { name: new RegExp(`^Use my ${PLAN} membership`) }).check();
    await expect.poll(async () => (await shownTotals(page)).subtotal).toBe(0);

    // Paused in another tab meanwhile: nothing is placed, and the page says why.
    const paused = await server.call('POST', `${CONTRACTS}/${membershipId}/pause`, { token, body: {} });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    await payByCard(page, CARDS.approves);
    await page
      .getByTestId('payment-step')
      .getByRole('alert')
      .filter({
        hasText: 'Your membership can no longer pay for some of these items, so your order was not placed.',
      })
      .waitFor();
    const stale = page.getByTestId('membership-stale');
    await stale.waitFor();
    await expect.poll(() => press.count()).toBe(0);
    await expectClean(page);

    await stale.getByRole('button', { name: 'Continue without it' }).click();
    await stale.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Those items are charged as usual.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Membership');
    await expect.poll(async () => (await shownTotals(page)).subtotal).toBe(4500);
    await expect.poll(() => page.getByTestId('membership-paid').count()).toBe(0);
    await payByCard(page, CARDS.approves);
    const order = await confirmedOrder(page, server);
    expect(order.lineItems[0]).toMatchObject({
      paymentOption: 'FULL_PAYMENT_ONLINE',
      price: { amount: '45.00' },
    });
    const after = await server.call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token: server.adminKey });
    expect(after.body.checkout).toMatchObject({ completed: true });
    await page.context().close();
  });

  it('a visitor sees nothing about memberships', async () => {
    const page = await newShopper(browser);
    watchConsole(page);
    await addFromProductPage(page, server, 'classic-french-press');
    await page.goto(`${server.url}/cart`);
    await page.getByTestId('cart-totals').waitFor();
    await expect.poll(() => page.getByTestId('cart-memberships').count()).toBe(0);
    await startCheckout(page, server);
    await page.getByTestId('checkout-totals').waitFor();
    await expect.poll(() => page.getByTestId('checkout-memberships').count()).toBe(0);
    await expectClean(page);
    await page.context().close();
  });
});
