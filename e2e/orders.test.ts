import { describe, expect, it } from 'vitest';
import {
  addAccountAddress,
  addFromProductPage,
  adminOrder,
  CARDS,
  chooseDelivery,
  confirmedOrderId,
  errorsOf,
  fillCheckoutDetails,
  memberShopper,
  payByCard,
  startCheckout,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

describe('member orders', () => {
  it('a member buys, finds the order in the account, and sees the tracking once the merchant ships it', async () => {
    const { page, email } = await memberShopper(server, browser, { width: 390, height: 844 });

    // No orders yet.
    await page.goto(`${server.url}/account/orders`);
    await page.getByText('You have not placed any orders yet.').waitFor();

    await addFromProductPage(page, server, 'stoneware-table-lamp');
    await startCheckout(page, server);
    // A member's e-mail is filled in already.
    await expect.poll(() => page.getByTestId('details-step').getByLabel('E-mail').inputValue()).toBe(email);
    await fillCheckoutDetails(page, undefined);
    await chooseDelivery(page, 'Express');
    await payByCard(page, CARDS.approves, 'Ada Lovelace');
    const orderId = await confirmedOrderId(page);
    const order = await adminOrder(server, orderId);
    expect(order.buyerInfo?.memberId).toBeTruthy();
    expect(order.fulfillmentStatus).toBe('NOT_FULFILLED');

    // The account lists it with its status, total and date.
    await page.getByRole('link', { name: 'View in my account' }).click();
    await page.waitForURL((url) => url.pathname === `/account/orders/${orderId}`);
    await page.getByRole('link', { name: '← All orders' }).click();
    await page.waitForURL((url) => url.pathname === '/account/orders');
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.getByRole('link', { name: `Order ${order.number}` }).waitFor();
    await expect
      .poll(() => rows.getByTestId('order-total').textContent())
      .toBe(order.priceSummary.total.formattedAmount);
    await expect.poll(() => rows.getByTestId('order-state').textContent()).toBe('Confirmed');
    await rows.getByText(/Paid · Not shipped yet/).waitFor();

    // The merchant ships it with a tracking number and link (admin API).
    const shipped = await server.call('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
      token: server.adminKey,
      body: {
        fulfillment: {
          trackingInfo: {
            trackingNumber: '1Z999AA10123456784',
            shippingProvider: 'UPS',
            trackingLink: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          },
        },
      },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await adminOrder(server, orderId)).fulfillmentStatus).toBe('FULFILLED');

    await page.reload();
    await expect.poll(() => rows.getByTestId('order-state').textContent()).toBe('Fulfilled');
    await rows.getByRole('link', { name: `Order ${order.number}` }).click();
    await page.waitForURL((url) => url.pathname === `/account/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('fulfillment-status').textContent()).toBe('Shipped');
    await expect.poll(() => page.getByTestId('tracking-number').textContent()).toBe('1Z999AA10123456784');
    const link = page.getByTestId('tracking-link');
    await expect
      .poll(() => link.getAttribute('href'))
      .toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await expect.poll(() => link.textContent()).toContain('Track your parcel');
    await expect.poll(() => page.getByTestId('summary-line').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('total-total').textContent())
      .toBe(order.priceSummary.total.formattedAmount);

    // The order page (the confirmation link) says what happened since: shipped, then refunded.
    await page.goto(`${server.url}/orders/${orderId}`);
    await page.getByRole('heading', { name: 'Your order is on its way' }).waitFor();
    await expect.poll(() => page.getByText('Order shipped', { exact: true }).count()).toBe(1);
    const refundability = await server.call(
      'GET',
      `/ecom/v1/payments-collector/orders/${orderId}/refundability`,
      { token: server.adminKey },
    );
    const [payment] = refundability.body.refundabilities as Array<{ paymentId: string }>;
    const refund = await server.call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      token: server.adminKey,
      body: { payments: [{ paymentId: payment!.paymentId, amount: order.priceSummary.total.amount }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect((await adminOrder(server, orderId)).paymentStatus).toBe('FULLY_REFUNDED');
    await page.reload();
    await page.getByRole('heading', { name: 'Your order was refunded' }).waitFor();
    await expect
      .poll(() => page.getByTestId('order-note').textContent())
      .toBe('The payment was refunded to you.');
    await page.goto(`${server.url}/account/orders`);
    await expect.poll(() => rows.getByTestId('order-state').textContent()).toBe('Refunded');

    // Another member's order is not there for them.
    const stranger = (await memberShopper(server, browser)).page;
    await stranger.goto(`${server.url}/account/orders/${orderId}`);
    await stranger.getByText('There is no such order in your account.').waitFor();
    await stranger.goto(`${server.url}/account/orders`);
    await stranger.getByText('You have not placed any orders yet.').waitFor();
    await stranger.context().close();

    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a saved address fills the checkout, its state picked in the checkout’s list', async () => {
    const { page } = await memberShopper(server, browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/account/info`);
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await addAccountAddress(page, {
      street: '500 Howard St',
      city: 'San Francisco',
      postalCode: '94105',
      country: 'US',
      state: 'California',
    });
    const saved = addresses.locator('address');
    await saved.getByText('500 Howard St', { exact: true }).waitFor();
    await saved.getByText('94105 San Francisco', { exact: true }).waitFor();
    await saved.getByText('California, United States', { exact: true }).waitFor();

    await addFromProductPage(page, server, 'stoneware-table-lamp');
    await startCheckout(page, server);
    const step = page.getByTestId('details-step');
    await expect.poll(() => step.getByLabel('Street and house number').inputValue()).toBe('500 Howard St');
    await expect.poll(() => step.getByLabel('City').inputValue()).toBe('San Francisco');
    await expect.poll(() => step.getByLabel('State').inputValue()).toBe('US-CA');
    await expect.poll(() => step.getByLabel('ZIP code').inputValue()).toBe('94105');
    await expect.poll(() => step.getByLabel('First name').inputValue()).toBe('Ada');
    await step.getByRole('button', { name: 'Continue to delivery' }).click();
    await step.getByTestId('details-summary').waitFor();
    await step.getByTestId('details-summary').getByText('San Francisco', { exact: false }).first().waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
