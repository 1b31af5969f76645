import { demoProductId } from '@aisle/server/seed';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectPhoneWidth, shopperBuys, signedInMerchant, startAdminStore } from './admin-helpers.ts';
import { noSeriousA11yIssues } from './page-checks.ts';
import {
  adminOrder,
  apiCheckout,
  CARDS,
  errorsOf,
  lastMail,
  payByCard,
  pressAndWaitFor,
  SAN_FRANCISCO_WIRE,
  uniqueEmail,
  visitorAtPayment,
  visitorToken,
  withStore,
} from './store.ts';

// The order page's payments, invoices, notes and mails (issue 15), as a merchant uses them.

const { server, browser } = withStore(startAdminStore);

/** An order paid by a card that is only authorised (delayed capture), placed through the API. */
async function authorisedOrder(email: string): Promise<{ id: string; number: string; total: string }> {
  const token = await visitorToken(server);
  const lamp = await demoProductId(server.ctx, 'stoneware-table-lamp');
  const checkoutId = await apiCheckout(server, token, lamp, 2, {
    email,
    shippingAddress: SAN_FRANCISCO_WIRE,
    billingAddress: SAN_FRANCISCO_WIRE,
  });
  const card = await server.call('POST', '/payments/sandbox/v1/card-tokens', {
    token,
    body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1 },
  });
  const placed = await server.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`, {
    token,
    body: { paymentToken: card.body.paymentToken, delayCapture: true },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = await adminOrder(server, placed.body.orderId as string);
  return { id: order.id, number: order.number, total: order.priceSummary.total.amount };
}

async function openOrder(page: Page, id: string, number: string) {
  await page.goto(`${server.url}/admin/orders/${id}`);
  await page.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
}

const result = (page: Page) => page.getByTestId('action-result');

describe('order page: payments, invoices, notes and mails', () => {
  it('captures part of one authorisation and voids another', async () => {
    const first = await authorisedOrder(uniqueEmail('auth'));
    const second = await authorisedOrder(uniqueEmail('auth'));
    const page = await signedInMerchant(browser, server);

    await openOrder(page, first.id, first.number);
    await expect
      .poll(() => page.getByTestId('payment-row-status').textContent())
      .toBe('Authorised, not captured');
    const panel = page.getByTestId('capture-panel');
    await expect.poll(() => panel.getByLabel('Amount to capture (USD)').inputValue()).toBe(first.total);
    // Not an amount: the message stands next to the field, nothing is captured.
    await panel.getByLabel('Amount to capture (USD)').fill('ten');
    await pressAndWaitFor(panel, 'Capture payment', 'Enter an amount such as 19.99 (at most two decimals).');
    await expect
      .poll(() => panel.getByLabel('Amount to capture (USD)').getAttribute('aria-invalid'))
      .toBe('true');
    // More than authorised: the server's refusal, in words.
    await panel.getByLabel('Amount to capture (USD)').fill('100000');
    await panel.getByRole('button', { name: 'Capture payment' }).click();
    await result(page)
      .getByRole('alert')
      .getByText(/at most/)
      .waitFor();
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Not paid');
    await panel.getByLabel('Amount to capture (USD)').fill('10.00');
    await panel.getByRole('button', { name: 'Capture payment' }).click();
    await result(page).getByText('The payment was captured.').waitFor();
    await expect.poll(() => page.getByTestId('payment-row-status').textContent()).toBe('Paid');
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Partially paid');
    await expect.poll(() => page.getByTestId('capture-panel').count()).toBe(0);
    const captured = (await adminOrder(server, first.id)) as unknown as {
      balanceSummary: { paid: { amount: string } };
    };
    expect(captured.balanceSummary.paid.amount).toBe('10.00');

    await openOrder(page, second.id, second.number);
    await page.getByRole('button', { name: 'Void authorisation' }).click();
    // Kept: nothing happens.
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect
      .poll(() => page.getByTestId('payment-row-status').textContent())
      .toBe('Authorised, not captured');
    await page.getByRole('button', { name: 'Void authorisation' }).click();
    await page.getByRole('button', { name: 'Yes, void it' }).click();
    await result(page).getByText('The authorisation was voided: the buyer is not charged.').waitFor();
    await expect.poll(() => page.getByTestId('payment-row-status').textContent()).toBe('Voided');
    await expect.poll(() => page.getByTestId('capture-panel').count()).toBe(0);
    await noSeriousA11yIssues(page);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('creates an invoice, prints it on a clean page, sends and voids it; notes; resends the confirmation', async () => {
    const orderId = await shopperBuys(browser, server, 'offline');
    const order = await adminOrder(server, orderId);
    const email = order.buyerInfo?.email ?? '';
    const page = await signedInMerchant(browser, server, { width: 390, height: 844 });
    await openOrder(page, order.id, order.number);

    // Invoices: one with a due date.
    const invoices = page.getByTestId('invoices-panel');
    await invoices.getByText('No invoice yet.').waitFor();
    await invoices.getByLabel('Due date (optional)').fill('2031-03-15');
    await invoices.getByRole('button', { name: 'Create invoice' }).click();
    await result(page)
      .getByText(/^Invoice \d+ was created/)
      .waitFor();
    const invoice = invoices.getByTestId('invoice');
    await expect.poll(() => invoice.getByTestId('invoice-status').textContent()).toBe('Draft');
    const number = ((await invoice.locator('strong').textContent()) ?? '').replace('Invoice ', '');
    expect(number).toMatch(/^\d+$/);

    // Its print view: no admin menus, the lines, the totals and what is due.
    await invoice.getByRole('link', { name: `Print view of invoice ${number}` }).click();
    await page.getByRole('heading', { name: `Invoice ${number}`, level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('order-line').textContent()).toContain('Stoneware Table Lamp');
    await expect
      .poll(() => page.getByTestId('total-total').textContent())
      .toBe(order.priceSummary.total.formattedAmount);
    await expect
      .poll(() => page.getByTestId('invoice-due-amount').textContent())
      .toBe(order.priceSummary.total.formattedAmount);
    await expect.poll(() => page.getByTestId('invoice-due').textContent()).toContain('2031');
    await expect.poll(() => page.getByTestId('invoice-billing').textContent()).toContain('500 Howard St');
    await noSeriousA11yIssues(page);
    // Printed, the buttons are left out.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: `← Order #${order.number}` }).click();
    await page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }).waitFor();

    // Sent to the buyer, then voided.
    await invoice.getByRole('button', { name: `Send to buyer invoice ${number}` }).click();
    await result(page).getByText(`Invoice ${number} was sent to the buyer.`).waitFor();
    await expect.poll(() => invoice.getByTestId('invoice-status').textContent()).toBe('Sent');
    const mail = await lastMail(server, email, 'order-invoice');
    expect(mail.subject).toContain(`Invoice ${number}`);
    await invoice.getByRole('button', { name: `Void invoice ${number}` }).click();
    await page.getByRole('button', { name: 'Yes, void it' }).click();
    await expect.poll(() => invoice.getByTestId('invoice-status').textContent()).toBe('Void');
    await expect.poll(() => invoice.getByRole('button', { name: /Send/ }).count()).toBe(0);

    // Notes: an empty one is refused at its field; a note shows in the list and the activity.
    const notes = page.getByTestId('notes-panel');
    await pressAndWaitFor(notes, 'Add note', 'Write the note first.');
    await notes.getByLabel('Add a note').fill('Gift wrap, please.\nLeave at the back door.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => notes.getByTestId('note').count()).toBe(1);
    await expect
      .poll(() => notes.getByTestId('note').locator('.note-text').textContent())
      .toBe('Gift wrap, please.\nLeave at the back door.');
    await expect.poll(() => notes.getByLabel('Add a note').inputValue()).toBe('');
    const buyerView = await server.call('GET', `/ecom/v1/orders/${order.id}`);
    expect(JSON.stringify(buyerView.body)).not.toContain('Gift wrap');

    // The confirmation, sent again.
    await page.getByRole('button', { name: 'Resend confirmation e-mail' }).click();
    await result(page).getByText(`The confirmation e-mail was sent again to ${email}.`).waitFor();
    await page.getByTestId('activity').getByText(`Confirmation e-mail sent again to ${email}`).waitFor();
    const sent = await server.call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(email)}`, {
      token: server.adminKey,
    });
    const confirmations = (sent.body.messages as Array<{ tag: string }>).filter(
      (m) => m.tag === 'order-confirmation',
    );
    expect(confirmations).toHaveLength(2);
    await expectPhoneWidth(page);
    await noSeriousA11yIssues(page);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('offers nothing but notes on a rejected order, and refunds a paid order in the cancel step', async () => {
    // A card whose bank step fails: the order is rejected.
    const shopper = await visitorAtPayment(browser, server, 'stoneware-table-lamp', 'rejected');
    await payByCard(shopper, CARDS.needsConfirmation);
    await shopper.waitForURL((url) => url.pathname === '/payments/sandbox/v1/confirm');
    await shopper.getByRole('button', { name: 'Fail payment' }).click();
    await shopper.getByRole('heading', { name: 'Your payment did not go through' }).waitFor();
    const rejectedId = decodeURIComponent(new URL(shopper.url()).pathname.split('/')[2] ?? '');
    await shopper.context().close();
    const rejected = await adminOrder(server, rejectedId);
    expect(rejected.status).toBe('REJECTED');

    const page = await signedInMerchant(browser, server);
    await openOrder(page, rejected.id, rejected.number);
    for (const panel of ['fulfil', 'mark-paid', 'refund', 'cancel', 'capture', 'resend-confirmation'])
      await expect(page.getByTestId(`${panel}-panel`).count(), panel).resolves.toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Create invoice' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('payment-row-status').textContent()).toBe('Declined');
    await page.getByTestId('notes-panel').getByRole('button', { name: 'Add note' }).waitFor();

    // A paid order: canceled with its refund in the same step.
    const paid = await adminOrder(server, await shopperBuys(browser, server, 'card'));
    await openOrder(page, paid.id, paid.number);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const refund = page.getByLabel(/^Refund what was paid/);
    await expect.poll(() => refund.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Canceled');
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Fully refunded');
    await expect
      .poll(() => page.getByTestId('total-refunded').textContent())
      .toBe(paid.priceSummary.total.formattedAmount);
    await lastMail(server, paid.buyerInfo?.email ?? '', 'order-refunded');
    await noSeriousA11yIssues(page);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
