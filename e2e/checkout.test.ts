import { describe, expect, it } from 'vitest';
import {
  addFromProductPage,
  adminOrder,
  apiCheckout,
  applyUnknownCoupon,
  CARDS,
  chooseDelivery,
  confirmedOrder,
  confirmedOrderId,
  errorsOf,
  fillCheckoutAddress,
  fillCheckoutDetails,
  newShopper,
  payByCard,
  productBySlug,
  shownTotals,
  startCheckout,
  uniqueEmail,
  visitorAtPayment,
  visitorToken,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

/**
 * A headless site's visitor (its own anonymous token) fills a cart with French presses and asks for the hosted
 * checkout: the redirect session's URL.
 */
async function headlessCheckout(quantity: number, email: string, callbacks: Record<string, string> = {}) {
  const token = await visitorToken(server);
  const press = (await productBySlug(server, 'classic-french-press')).id;
  const checkoutId = await apiCheckout(server, token, press, quantity, { channelType: 'WEB', email });
  const session = await server.call('POST', '/_api/redirects-api/v1/redirect-session', {
    token,
    body: { ecomCheckout: { checkoutId }, callbacks },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return (session.body.redirectSession as { fullUrl: string }).fullUrl;
}

const PDF = '%PDF-1.4\n% Alpine trail maps\n%%EOF\n';

/** Uploads a secure (download-only) file through the media API; returns its id. */
async function uploadSecureFile(filename: string, content: string): Promise<string> {
  const form = new FormData();
  form.set('fileType', 'SECURE_DOCUMENT');
  form.set('file', new Blob([content], { type: 'application/pdf' }), filename);
  const res = await fetch(`${server.url}/site-media/v1/files/upload`, {
    method: 'POST',
    headers: { Authorization: server.adminKey },
    body: form,
  });
  const body = (await res.json()) as { file?: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.file?.id ?? '';
}

describe('hosted checkout', () => {
  it('on a phone the checkout drops the store’s header and shows the order summary before the pay button', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    await addFromProductPage(page, server, 'classic-french-press');
    await page.getByRole('combobox', { name: 'Search products' }).waitFor();
    await startCheckout(page, server);
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Aisle Demo Store, home' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Search products' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('navigation', { name: 'Collections' }).count()).toBe(0);
    await expect.poll(() => banner.getByTestId('cart-button').count()).toBe(0);
    const summary = await page.getByRole('complementary', { name: 'Order summary' }).boundingBox();
    const pay = await page.getByTestId('payment-step').boundingBox();
    expect(summary && pay && summary.y + summary.height <= pay.y).toBe(true);
    // On a wide screen the summary stands beside the steps.
    await page.setViewportSize({ width: 1280, height: 900 });
    const wideSummary = await page.getByRole('complementary', { name: 'Order summary' }).boundingBox();
    const details = await page.getByTestId('details-step').boundingBox();
    expect(wideSummary && details && wideSummary.x > details.x + details.width - 1).toBe(true);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('a visitor buys two items with a coupon: a declined card, then a good one, then the confirmation', async () => {
    const page = await newShopper(browser);
    const email = uniqueEmail('visitor');
    await addFromProductPage(page, server, 'classic-cotton-tee', ['M', 'Navy']);
    await addFromProductPage(page, server, 'classic-french-press');
    const checkoutId = await startCheckout(page, server);
    await expect
      .poll(() => page.getByRole('list', { name: 'Items in your order' }).getByTestId('summary-line').count())
      .toBe(2);

    // Nothing can be paid before the address: the payment step says what is missing.
    await page
      .getByTestId('payment-step')
      .getByText('Add your address and choose a delivery option first.')
      .waitFor();

    // The form checks itself before anything is sent.
    const details = page.getByTestId('details-step');
    await details.getByRole('button', { name: 'Continue to delivery' }).click();
    await details.getByText('Enter an e-mail address like name@example.com.').waitFor();
    await details.getByText('Enter the street and house number.').waitFor();
    await details.getByText('Choose a state.').waitFor();
    await expect
      .poll(() => details.getByLabel('E-mail').evaluate((el) => el === document.activeElement))
      .toBe(true);

    await fillCheckoutDetails(page, email);
    await details.getByText('500 Howard St').waitFor();
    await chooseDelivery(page, 'Standard');

    // A coupon on the checkout itself: a wrong code is refused, WELCOME10 takes 10 % off.
    const coupon = await applyUnknownCoupon(page);
    await coupon.fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('applied-coupon').getByText('WELCOME10', { exact: true }).waitFor();
    await page.getByTestId('total-discount').waitFor();

    // The page shows the engine's totals for this checkout.
    const res = await server.call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token: server.adminKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const priced = (
      res.body.checkout as { priceSummary: Record<string, { formattedAmount: string; amount: string }> }
    ).priceSummary;
    await expect
      .poll(() => shownTotals(page))
      .toEqual({
        subtotal: priced.subtotal?.formattedAmount,
        discount: priced.discount?.formattedAmount,
        shipping: priced.shipping?.formattedAmount,
        tax: priced.tax?.formattedAmount,
        total: priced.total?.formattedAmount,
      });
    expect(Number(priced.discount?.amount)).toBeCloseTo(Number(priced.subtotal?.amount) / 10, 2);
    const total = priced.total?.formattedAmount ?? '';
    await expect.poll(() => page.getByTestId('place-order').textContent()).toBe(`Pay ${total}`);

    // Declined: said plainly, nothing placed, and the shopper can try again on the same page.
    await payByCard(page, CARDS.declines);
    const declined = page.getByTestId('payment-declined');
    await declined.waitFor();
    await expect.poll(() => declined.textContent()).toContain('Your card was declined');
    await expect.poll(() => declined.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/checkout/${checkoutId}`);
    const none = await server.call('POST', '/ecom/v1/orders/search', {
      token: server.adminKey,
      body: { search: { filter: { checkoutId }, cursorPaging: { limit: 5 } } },
    });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.orders).toEqual([]);

    await payByCard(page, CARDS.approves);
    const orderId = await confirmedOrderId(page);
    const order = await adminOrder(server, orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.priceSummary.total.formattedAmount).toBe(total);
    expect(order.appliedDiscounts?.some((d) => d.coupon?.code === 'WELCOME10')).toBe(true);
    await expect.poll(() => page.getByTestId('order-number').textContent()).toBe(order.number);
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe(total);
    await expect
      .poll(() => page.getByTestId('total-discount').textContent())
      .toBe(order.priceSummary.discount.formattedAmount);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    await expect.poll(() => page.getByTestId('summary-line').count()).toBe(2);
    await page.getByText('Shipping to').waitFor();
    await page.getByRole('main').getByText('500 Howard St').first().waitFor();
    await page.getByText(`We sent a confirmation to ${email}.`).waitFor();
    // The cart became the order.
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');

    // The confirmation link works in another browser with its token, and not without it.
    const token = new URL(page.url()).searchParams.get('token');
    expect(token).toBeTruthy();
    const other = await newShopper(browser, { width: 390, height: 844 });
    await other.goto(`${server.url}/orders/${orderId}?token=${encodeURIComponent(token ?? '')}`);
    await expect.poll(() => other.getByTestId('order-number').textContent()).toBe(order.number);
    await other.goto(`${server.url}/orders/${orderId}`);
    await other.getByRole('heading', { name: 'Page not found' }).waitFor();
    await other.context().close();

    // Back to the checkout: it is complete and leads to the order again.
    await page.goto(`${server.url}/checkout/${checkoutId}`);
    await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
  it('keeps the cart through a declined card, and what another tab added after the checkout began stays after the order', async () => {
    const page = await visitorAtPayment(browser, server, 'classic-french-press', 'tabs');

    // Another tab of the same browser adds a tee while this checkout is open.
    const other = await page.context().newPage();
    await addFromProductPage(other, server, 'classic-cotton-tee', ['M', 'Navy']);
    const openCart = async () => {
      await other.goto(`${server.url}/cart`);
      await other.getByRole('heading', { name: 'Your cart' }).waitFor();
    };
    const lineNames = () =>
      other
        .getByRole('main')
        .getByTestId('cart-line')
        .evaluateAll((lines) =>
          lines.map((l) => (l.textContent?.includes('French Press') ? 'press' : 'tee')),
        );

    // Declined: the cart is as it was.
    await payByCard(page, CARDS.declines);
    await page.getByTestId('payment-declined').waitFor();
    await openCart();
    await expect.poll(lineNames).toEqual(['press', 'tee']);

    // Paid: the order takes the French press, the tee stays in the cart (and in this tab's header).
    await payByCard(page, CARDS.approves);
    const order = await confirmedOrder(page, server);
    expect(order.lineItems.map((l) => l.productName.original)).toEqual(['Classic French Press']);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await openCart();
    await expect.poll(lineNames).toEqual(['tee']);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('a digital item paid with a card that needs confirmation: the sandbox page, then the download link', async () => {
    // The merchant names the product's file (a secure media file): buyers get its download link once paid.
    const fileId = await uploadSecureFile('trail-maps.pdf', PDF);
    const maps = (await productBySlug(server, 'alpine-trail-maps-digital-pack')).id;
    const named = await server.call('PATCH', `/stores/v1/products/${maps}`, {
      token: server.adminKey,
      body: { product: { digitalFile: { fileId } } },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const page = await newShopper(browser, { width: 390, height: 844 });
    await addFromProductPage(page, server, 'alpine-trail-maps-digital-pack');
    await startCheckout(page, server);
    // Nothing ships: no address, no delivery step.
    const details = page.getByTestId('details-step');
    await expect.poll(() => details.getByLabel('First name').count()).toBe(0);
    await details.getByLabel('E-mail').fill(uniqueEmail('maps'));
    await details.getByRole('button', { name: 'Continue to payment' }).click();
    await details.getByTestId('details-summary').waitFor();
    await expect.poll(() => page.getByTestId('delivery-step').count()).toBe(0);

    // The billing address is asked for on its own.
    const payment = page.getByTestId('payment-step');
    await payByCard(page, CARDS.needsConfirmation);
    await payment.getByText('Enter the street and house number.').waitFor();
    await fillCheckoutAddress(payment, {
      firstName: 'Grace',
      lastName: 'Hopper',
      street: '1 Navy Way',
      city: 'Arlington',
      state: 'US-VA',
      zip: '22202',
    });
    await payment.getByTestId('place-order').click();

    // The bank's step (the sandbox page). Failed: nothing is charged and the checkout opens again.
    await page.waitForURL((url) => url.pathname === '/payments/sandbox/v1/confirm');
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await page.getByRole('heading', { name: 'Your payment did not go through' }).waitFor();
    const rejected = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    expect((await adminOrder(server, rejected)).status).toBe('REJECTED');
    await page.getByRole('link', { name: 'Back to checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    // What the shopper entered is still there; the same card, confirmed this time.
    await expect.poll(() => payment.getByLabel('Street and house number').inputValue()).toBe('1 Navy Way');
    await payByCard(page, CARDS.needsConfirmation);
    await page.waitForURL((url) => url.pathname === '/payments/sandbox/v1/confirm');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    const order = await confirmedOrder(page, server);
    expect(order.paymentStatus).toBe('PAID');
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Paid');
    await expect.poll(() => page.getByTestId('fulfillment-status').textContent()).toBe('Download');

    // Placement copied the product's file to the line: the page offers the download at once.
    const [line] = order.lineItems as Array<{ digitalFile?: { fileId: string } }>;
    expect(line?.digitalFile?.fileId).toBe(fileId);
    const download = page.getByTestId('download-link');
    await expect.poll(() => download.textContent()).toBe('Download Alpine Trail Maps (Digital Pack)');
    const href = (await download.getAttribute('href')) ?? '';
    const file = await page.request.get(new URL(href, server.url).href);
    expect(file.status()).toBe(200);
    expect((await file.body()).toString()).toBe(PDF);
    await page.getByText('Billing address').waitFor();
    await page.getByText('1 Navy Way').waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it("opens another site's checkout from a redirect session and places the order to pay offline", async () => {
    // A headless site's visitor (its own anonymous token) fills a cart and asks for the hosted checkout.
    const fullUrl = await headlessCheckout(2, 'headless@example.com', { postFlowUrl: `${server.url}/shop` });

    // The storefront's own visitor is someone else: the session is what opens the checkout.
    const page = await newShopper(browser);
    await page.goto(fullUrl);
    await page.getByRole('heading', { name: 'Checkout', exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('details-step').getByLabel('E-mail').inputValue())
      .toBe('headless@example.com');
    await expect.poll(() => page.getByTestId('summary-line').getByText('Qty 2').count()).toBe(1);
    await fillCheckoutDetails(page, undefined);
    await chooseDelivery(page, 'Standard');
    const total = await page.getByTestId('total-total').textContent();

    const payment = page.getByTestId('payment-step');
    await payment.getByText('Pay offline', { exact: true }).click();
    await expect.poll(() => payment.getByLabel('Card number').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('place-order').textContent())
      .toBe(`Place order (pay ${total} offline)`);
    await page.getByTestId('place-order').click();
    const order = await confirmedOrder(page, server);
    expect(order.paymentStatus).toBe('NOT_PAID');
    expect(order.priceSummary.total.formattedAmount).toBe(total);
    await expect.poll(() => page.getByTestId('total-total').textContent()).toBe(total);
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Not paid yet');
    await page.getByText(`${total} to pay. The store will tell you how to pay for this order.`).waitFor();
    // The way back goes to the site that sent the shopper.
    await expect
      .poll(() => page.getByRole('link', { name: 'Continue shopping' }).getAttribute('href'))
      .toBe(`${server.url}/shop`);

    // The session is bound to this browser: another one cannot use the link.
    const other = await newShopper(browser);
    await other.goto(fullUrl);
    await other.getByRole('heading', { name: 'Page not found' }).waitFor();
    await other.context().close();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('offers the store’s tips and charges the chosen one with the order', async () => {
    const tips = await server.call('POST', '/tips/v1/tip-settings', {
      token: server.adminKey,
      body: {
        tipSettings: {
          title: 'Tip the team',
          tipType: 'PERCENTAGE',
          choices: ['10', '15'],
          defaultChoice: '10',
          isDefault: true,
          allowCustomAmount: true,
        },
      },
    });
    expect(tips.status, JSON.stringify(tips.body)).toBe(200);
    try {
      const page = await visitorAtPayment(browser, server, 'classic-french-press', 'tipper');

      // 10 % is preselected and already in the totals.
      const tip = page.getByTestId('tip-step');
      await tip.getByRole('heading', { name: 'Tip the team' }).waitFor();
      await expect.poll(() => tip.getByRole('radio', { name: /^10%/ }).isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('total-fees').count()).toBe(1);
      const tenPercent = await page.getByTestId('total-fees').textContent();

      await tip.getByText('No tip').click();
      await expect.poll(() => page.getByTestId('total-fees').count()).toBe(0);
      await tip.getByLabel('Custom tip amount').fill('4.50');
      await tip.getByRole('button', { name: 'Set tip' }).click();
      await expect.poll(() => page.getByTestId('total-fees').textContent()).toBe('$4.50');
      await tip.getByText(/^15%/).click();
      await expect.poll(() => tip.getByRole('radio', { name: /^15%/ }).isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('total-fees').textContent()).not.toBe('$4.50');
      const fee = await page.getByTestId('total-fees').textContent();
      expect(fee).not.toBe(tenPercent);
      const total = await page.getByTestId('total-total').textContent();

      await payByCard(page, CARDS.approves);
      const order = await confirmedOrder(page, server);
      expect(order.priceSummary.total.formattedAmount).toBe(total);
      await expect.poll(() => page.getByTestId('total-fees').textContent()).toBe(fee);
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();

      // Another site's checkout, opened through its redirect session, offers the tip too.
      const hosted = await newShopper(browser);
      await hosted.goto(await headlessCheckout(1, uniqueEmail('headless-tipper')));
      const hostedTip = hosted.getByTestId('tip-step');
      await hostedTip.getByRole('heading', { name: 'Tip the team' }).waitFor();
      await expect.poll(() => hostedTip.getByRole('radio', { name: /^10%/ }).isChecked()).toBe(true);
      await expect.poll(() => hosted.getByTestId('total-fees').textContent()).toBe(tenPercent);
      await hostedTip.getByText(/^15%/).click();
      await expect.poll(() => hostedTip.getByRole('radio', { name: /^15%/ }).isChecked()).toBe(true);
      await expect.poll(() => hosted.getByTestId('total-fees').textContent()).toBe(fee);
      expect(errorsOf(hosted)).toEqual([]);
      await hosted.context().close();
    } finally {
      const id = (tips.body.tipSettings as { id: string }).id;
      await server.call('DELETE', `/tips/v1/tip-settings/${id}`, { token: server.adminKey });
    }
  });
});
