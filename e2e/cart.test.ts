import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose } from './browser.ts';
import {
  applyUnknownCoupon,
  errorsOf,
  newShopper,
  productBySlug,
  registerMember,
  shopperSession,
  shopperToken,
  shownTotals,
  type ShownTotals,
  signInMember,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

interface Money {
  amount: string;
  formattedAmount: string;
}

interface Estimate {
  priceSummary: { subtotal: Money; discount: Money; shipping: Money; tax: Money; total: Money };
  shippingInfo: {
    selectedCarrierServiceOption?: { code: string; title: string };
    carrierServiceOptions: Array<{ shippingOptions: Array<{ title: string; cost: { price: Money } }> }>;
  };
  cart: { checkoutId?: string; lineItems: Array<{ quantity: number; descriptionLines: unknown[] }> };
}

interface WireProduct {
  id: string;
  variants: Array<{
    id: string;
    choices: Record<string, string>;
    variant: { priceData: { formatted: { discountedPrice: string } } };
    stock: { inStock: boolean };
  }>;
}

/** The product as shoppers read it, with its variants. */
const productOf = (slug: string) => productBySlug<WireProduct>(server, slug, true);

/** The shopper's access token, as the storefront keeps it (the cart belongs to it). */
const tokenOf = shopperToken;

/** The server's estimate for the shopper's cart as it stands (its own address and shipping choice). */
async function apiEstimate(page: Page): Promise<Estimate> {
  const res = await server.call('POST', '/ecom/v1/carts/current/estimate-totals', {
    token: await tokenOf(page),
    body: {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Estimate;
}

/** The same figures from the API's answer, as the page is meant to show them. */
function expectedTotals(estimate: Estimate, withAddress: boolean): ShownTotals {
  const s = estimate.priceSummary;
  return {
    subtotal: s.subtotal.formattedAmount,
    discount: Number(s.discount.amount) !== 0 ? s.discount.formattedAmount : null,
    shipping: withAddress ? s.shipping.formattedAmount : null,
    tax: withAddress ? s.tax.formattedAmount : null,
    total: s.total.formattedAmount,
  };
}

/** Waits until the page shows exactly what the API estimates for the same cart; returns that estimate. */
async function expectTotalsMatchApi(page: Page, withAddress: boolean): Promise<Estimate> {
  let estimate: Estimate | undefined;
  await expect
    .poll(
      async () => {
        estimate = await apiEstimate(page);
        const expected = expectedTotals(estimate, withAddress);
        const shown = await shownTotals(page);
        return JSON.stringify(shown) === JSON.stringify(expected) ? 'same' : { shown, expected };
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe('same');
  return estimate!;
}

const cartCount = (page: Page) => page.getByTestId('cart-count').textContent();

const stepper = (scope: Page | Locator, name: string) => scope.getByRole('group', { name });

/**
 * Estimates the cart for a state and ZIP code (in the country chosen): waits until the estimate names the address
 * as `shown` and offers these shipping options.
 */
async function estimate(page: Page, state: string, zip: string, shown: string, options: string[]) {
  await page.getByLabel('State').selectOption(state);
  await page.getByLabel('ZIP code').fill(zip);
  await page.getByRole('button', { name: 'Estimate' }).click();
  await expect.poll(() => page.getByTestId('estimate-address').textContent()).toBe(shown);
  await expect
    .poll(() => page.getByTestId('shipping-option').locator('.shipping-choice-title').allTextContents())
    .toEqual(options);
}

const checkedOption = (page: Page) =>
  page.getByTestId('shipping-option').filter({ has: page.locator('input:checked') });

describe('cart', () => {
  it('adds two variants, changes a quantity, applies and removes coupons, estimates two addresses', async () => {
    const page = await newShopper(browser);
    const tee = await productOf('classic-cotton-tee');
    const price = (size: string) =>
      tee.variants.find((v) => v.choices.Size === size && v.choices.Color === 'Navy')!.variant.priceData
        .formatted.discountedPrice;

    // Options first: the button says which are missing.
    await page.goto(`${server.url}/product-page/classic-cotton-tee`);
    await page.getByRole('heading', { name: 'Classic Cotton Tee' }).waitFor();
    await expect(cartCount(page)).resolves.toBe('0');
    await page.getByTestId('add-to-cart').click();
    await page.getByText('Choose a size and color first.').waitFor();

    await choose(page.getByRole('radio', { name: 'M', exact: true }));
    await choose(page.getByRole('radio', { name: 'Navy' }));
    await page.getByTestId('add-to-cart').click();
    const drawer = page.getByRole('dialog', { name: /Added to your cart/ });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId('cart-line').count(), { timeout: 15_000 }).toBe(1);
    await drawer.getByText('Size: M').waitFor();
    await expect.poll(() => cartCount(page)).toBe('1');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The second variant goes on its own line.
    await page.getByRole('radio', { name: 'XL' }).click();
    await page.waitForURL((url) => url.searchParams.get('Size') === 'XL');
    await page.getByTestId('add-to-cart').click();
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId('cart-line').count()).toBe(2);
    await expect.poll(() => cartCount(page)).toBe('2');
    const subtotal = drawer.getByTestId('drawer-subtotal');
    await expect
      .poll(() => subtotal.textContent())
      .toBe((await apiEstimate(page)).priceSummary.subtotal.formattedAmount);

    await drawer.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await drawer.waitFor({ state: 'hidden' });
    const lines = page.getByRole('main').getByTestId('cart-line');
    // The cart page loads the cart after navigation: wait for its lines rather than counting at once.
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(2);
    const m = lines.filter({ hasText: 'Size: M' });
    const xl = lines.filter({ hasText: 'Size: XL' });
    await expect.poll(() => m.getByTestId('line-unit-price').textContent()).toContain(price('M'));
    await expect.poll(() => xl.getByTestId('line-unit-price').textContent()).toContain(price('XL'));
    await expect.poll(() => m.locator('img').getAttribute('src')).toMatch(/^\/media\//);
    await expectTotalsMatchApi(page, false);

    // One more of the M: the line, the header count and the totals follow.
    await stepper(m, 'Quantity of Classic Cotton Tee, M, Navy')
      .getByRole('button', { name: 'Increase quantity' })
      .click();
    await expect.poll(() => cartCount(page)).toBe('3');
    await expect.poll(() => m.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    // The page shows the new quantity at once; the server has it once the update's request has landed (before
    // it, the page's totals and the API's still agree on the old cart).
    const quantities = async () => (await apiEstimate(page)).cart.lineItems.map((l) => l.quantity).sort();
    await expect.poll(quantities).toEqual([1, 2]);
    const afterQuantity = await expectTotalsMatchApi(page, false);
    expect(afterQuantity.cart.lineItems.map((l) => l.quantity).sort()).toEqual([1, 2]);

    // A code that does not exist: a plain message, nothing applied.
    const coupon = await applyUnknownCoupon(page);
    await expect.poll(() => coupon.getAttribute('aria-invalid')).toBe('true');
    expect((await shownTotals(page)).discount).toBeNull();

    await coupon.fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('applied-coupon').getByText('WELCOME10', { exact: true }).waitFor();
    await page.getByText('Coupon WELCOME10 applied.').waitFor();
    await expect.poll(() => page.getByTestId('coupon-error').count()).toBe(0);
    await page.getByTestId('total-discount').waitFor();
    const discounted = await expectTotalsMatchApi(page, false);
    const { subtotal: sub, discount } = discounted.priceSummary;
    expect(Number(discount.amount)).toBeCloseTo(Number(sub.amount) / 10, 2);

    await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).click();
    await page.getByText('Coupon WELCOME10 removed.').waitFor();
    await page.getByTestId('total-discount').waitFor({ state: 'detached' });
    await expectTotalsMatchApi(page, false);
    await expect(
      page.getByLabel('Coupon code').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);

    // California: three ways to get it, the free pickup chosen until the shopper picks another.
    await page.getByLabel('Country').selectOption('US');
    await estimate(page, 'US-CA', '94105', 'California 94105, United States', [
      'Standard',
      'Express',
      'Store pickup',
    ]);
    await expect
      .poll(() => checkedOption(page).locator('.shipping-choice-title').textContent())
      .toBe('Store pickup');
    await checkedOption(page).getByText('Pick up at Aisle Market Street, 500 Market St').waitFor();
    const pickup = await expectTotalsMatchApi(page, true);
    expect(pickup.shippingInfo.selectedCarrierServiceOption?.title).toBe('Store pickup');
    expect(pickup.priceSummary.shipping.amount).toBe('0.00');
    expect(Number(pickup.priceSummary.tax.amount)).toBeGreaterThan(0);

    await choose(page.getByRole('radio', { name: /Standard/ }));
    await expect.poll(() => page.getByTestId('total-shipping').textContent()).toBe('$5.99');
    const standard = await expectTotalsMatchApi(page, true);
    expect(standard.shippingInfo.selectedCarrierServiceOption?.title).toBe('Standard');
    await expect
      .poll(() => checkedOption(page).locator('.shipping-choice-title').textContent())
      .toBe('Standard');
    expect(standard.priceSummary.total.amount).not.toBe(pickup.priceSummary.total.amount);

    // New York: no pickup there, other tax.
    await page.getByRole('button', { name: 'Change address' }).click();
    await estimate(page, 'US-NY', '10001', 'New York 10001, United States', ['Standard', 'Express']);
    const newYork = await expectTotalsMatchApi(page, true);
    expect(newYork.priceSummary.tax.amount).not.toBe(standard.priceSummary.tax.amount);
    expect(newYork.priceSummary.subtotal.amount).toBe(standard.priceSummary.subtotal.amount);
    await expect.poll(() => checkedOption(page).getByText('3–5 business days').count()).toBe(1);

    // Everything is on the server: a reload shows the same cart, address and totals.
    const before = await shownTotals(page);
    await page.reload();
    await expect.poll(() => lines.count()).toBe(2);
    await expect
      .poll(() => page.getByTestId('estimate-address').textContent())
      .toBe('New York 10001, United States');
    await expect.poll(() => shownTotals(page)).toEqual(before);
    await expect(cartCount(page)).resolves.toBe('3');
    await expect.poll(() => m.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    const checkoutId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect((await apiEstimate(page)).cart.checkoutId).toBe(checkoutId);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('adds from a listing card, shows stock problems next to the line and refuses sold-out variants', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/shop?q=${encodeURIComponent('french press')}`);
    const card = page.getByTestId('product-card').filter({ hasText: 'Classic French Press' });
    await card.getByRole('button', { name: 'Add to cart: Classic French Press' }).click();
    const drawer = page.getByRole('dialog', { name: /Added to your cart/ });
    await drawer.getByRole('link', { name: 'Classic French Press' }).waitFor();
    await expect.poll(() => cartCount(page)).toBe('1');
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Products with options are chosen on their page: their card has no add button.
    await page.goto(`${server.url}/shop?q=${encodeURIComponent('cotton tee')}`);
    const teeCard = page.getByTestId('product-card').filter({ hasText: 'Classic Cotton Tee' });
    await teeCard.getByText('Choose options').waitFor();
    await expect.poll(() => teeCard.getByRole('button').count()).toBe(0);

    // Three in the cart, typed in.
    await page.getByTestId('cart-button').click();
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('link', { name: 'View cart' })
      .click();
    await page.waitForURL((url) => url.pathname === '/cart');
    const line = page.getByRole('main').getByTestId('cart-line');
    const quantity = line.getByLabel('Quantity', { exact: true });
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect.poll(() => cartCount(page)).toBe('3');
    await expectTotalsMatchApi(page, false);

    // The shop runs low, then out: said next to the line; out of stock stops the checkout.
    const press = (await productOf('classic-french-press')).id;
    const stock = async (quantity: number) => {
      const res = await server.call('PATCH', `/stores/v2/inventoryItems/product/${press}`, {
        token: server.adminKey,
        body: {
          inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT_ID, quantity }] },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await stock(2);
    await page.reload();
    await expect.poll(() => line.getByTestId('line-note').textContent()).toBe('Only 2 left');
    await expect
      .poll(() => page.getByRole('button', { name: 'Checkout', exact: true }).isEnabled())
      .toBe(true);
    await expectTotalsMatchApi(page, false);
    // A typed 0 or more than the stock is explained beside the field, not silently put back.
    await quantity.fill('0');
    await quantity.press('Enter');
    await expect
      .poll(() => line.getByTestId('quantity-note').textContent())
      .toBe('The quantity is at least 1, so it stays at 3. To take it out, use Remove.');
    // The field names the note as its description (the server's ids and the browser's agree after hydration).
    await expect
      .poll(() =>
        quantity.evaluate(
          (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
        ),
      )
      .toBe('The quantity is at least 1, so it stays at 3. To take it out, use Remove.');
    await expect.poll(() => quantity.inputValue()).toBe('3');
    await quantity.fill('9');
    await quantity.press('Enter');
    await expect.poll(() => line.getByTestId('quantity-note').textContent()).toBe('Only 2 in stock.');
    await expect.poll(() => cartCount(page)).toBe('3');

    await stock(0);
    await page.reload();
    await expect.poll(() => line.getByTestId('line-note').textContent()).toBe('Out of stock');
    await line.getByText('Not counted in the totals. Remove it to check out.').waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Checkout', exact: true }).isDisabled())
      .toBe(true);
    await expectTotalsMatchApi(page, false);

    await line.getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('main').getByText('Your cart is empty.').waitFor();
    await expect.poll(() => cartCount(page)).toBe('0');

    // A sold-out size cannot be added.
    const runner = await productOf('trail-runner-gtx');
    const soldOut = runner.variants.find((v) => !v.stock.inStock)!.choices.Size!;
    await page.goto(`${server.url}/product-page/trail-runner-gtx`);
    await choose(page.getByRole('radio', { name: `${soldOut} (out of stock)` }));
    await expect.poll(() => page.getByTestId('add-to-cart').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('add-to-cart').textContent()).toBe('Sold out');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps what a visitor added when they sign in (merged into the member cart)', async () => {
    const email = await registerMember(server);
    const page = await newShopper(browser);
    await page.goto(`${server.url}/product-page/stoneware-table-lamp`);
    await page.getByTestId('add-to-cart').click();
    const drawer = page.getByRole('dialog', { name: /Added to your cart/ });
    await drawer.getByRole('link', { name: 'Stoneware Table Lamp' }).waitFor();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
    await expect.poll(() => cartCount(page)).toBe('1');

    await signInMember(page, server, email);
    await expect.poll(() => cartCount(page)).toBe('1');
    await page.getByTestId('cart-button').click();
    await page
      .getByRole('dialog', { name: /Your cart/ })
      .getByRole('link', { name: 'View cart' })
      .click();
    await page.getByRole('main').getByRole('link', { name: 'Stoneware Table Lamp' }).waitFor();
    expect((await shopperSession(page))?.role).toBe('member');
    const estimate = await apiEstimate(page);
    expect(estimate.cart.lineItems.map((l) => l.quantity)).toEqual([1]);
    await expectTotalsMatchApi(page, false);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
