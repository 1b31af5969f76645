import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectClean,
  fieldError,
  pick,
  signedInMerchant,
  submitRefused,
  withAdminStore,
} from './admin-helpers.ts';
import { watchConsole } from './page-checks.ts';
import {
  addFromProductPage,
  adminOrder,
  CARDS,
  chooseDelivery,
  fillCheckoutDetails,
  newShopper,
  payByCard,
  pressAndWaitFor,
  registerMember,
  startCheckout,
  uniqueEmail,
} from './store.ts';

// Automatic discounts (discount rules) in the browser: a merchant makes a rule in the admin (plain-language
// condition and discount, the server's refusals next to their fields), previews a cart, and a shopper sees
// the discount by the rule's name in the cart, the checkout and the placed order; an expired rule no longer
// applies; the builder's nested conditions, bundles and chosen products reach the wire; a phone works.

const { server, browser, merchant } = withAdminStore();

const RULES = '/ecom/v1/discount-rules';
const RULE = 'Spend 50, save 10 %';

type ApiRule = { id: string; name: string; status: string; usageCount: number; [field: string]: unknown };

/** Every rule as the API reads it, oldest first. */
async function apiRules(): Promise<ApiRule[]> {
  const res = await server.call('POST', `${RULES}/query`, {
    token: server.adminKey,
    body: { query: { sort: [{ fieldName: 'createdDate', order: 'ASC' }], paging: { limit: 100 } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.discountRules as ApiRule[];
}

/** Waits until the builder's plain-language sentence of its conditions, or of its discounts, says `text`. */
const expectSentence = (page: Page, which: 'condition' | 'discount', text: string) =>
  expect.poll(() => page.getByTestId(`${which}-sentence`).textContent()).toBe(text);

/** A signed-in merchant (its console watched) on the page of a new rule, with the rule's name typed in. */
async function newRulePage(name: string): Promise<Page> {
  const page = await merchant();
  await page.goto(`${server.url}/admin/discount-rules/new`);
  await page.getByRole('heading', { name: 'New automatic discount', level: 1 }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill(name);
  return page;
}

/** Creates the rule on the builder's page, clean (no accessibility or script problems), and waits for the word. */
async function createRule(page: Page): Promise<void> {
  await expectClean(page);
  await pressAndWaitFor(page, 'Create automatic discount', 'The automatic discount was created.');
}

/** The page's HTML as the server renders it for this shopper (their cookies) names the automatic discount. */
async function expectServerRendered(shopper: Page, path: string): Promise<void> {
  const cookies = await shopper.context().cookies();
  const html = await fetch(`${server.url}${path}`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  }).then((r) => r.text());
  expect(html).toContain('data-testid="automatic-discount"');
  expect(html).toContain(RULE);
}

const ruleRow = (page: Page, name: string) =>
  page.getByTestId('discount-rules-row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function openRules(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Automatic discounts' })
    .click();
  await page.getByRole('heading', { name: 'Automatic discounts', level: 1 }).waitFor();
}

/** The automatic discount rows of a cart, checkout or order summary: name → amount. */
async function automaticDiscounts(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId('automatic-discount');
  const found: Record<string, string> = {};
  for (const row of await rows.all())
    found[(await row.getByTestId('automatic-discount-name').textContent()) ?? ''] =
      (await row.getByTestId('automatic-discount-amount').textContent()) ?? '';
  return found;
}

describe('automatic discounts: made in the admin, given to shoppers', () => {
  it('creates a rule in plain words, previews a cart, and the shopper gets it in cart, checkout and order', async () => {
    const page = await merchant();
    await openRules(page);
    await page.getByText('No automatic discounts yet.').waitFor();
    await expectClean(page);

    await page.getByRole('link', { name: 'New automatic discount' }).click();
    await page.getByRole('heading', { name: 'New automatic discount', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(RULE);
    const condition = page.getByTestId('rule-condition');
    await expect.poll(() => condition.getByLabel('Applies to').inputValue()).toBe('SUBTOTAL_RANGE');
    await condition.getByLabel('Subtotal from (USD)').fill('50');
    const discounts = page.getByTestId('rule-discounts');
    await discounts.getByLabel('Percentage off').fill('10');
    // The sentences say what the rule does as it is typed.
    await expectSentence(page, 'condition', 'Applies to carts when the subtotal is $50.00 or more.');
    await expectSentence(page, 'discount', 'Gives 10 % off every item.');
    await createRule(page);
    await page.getByRole('heading', { name: RULE, level: 1 }).waitFor();
    const [stored] = await apiRules();
    expect(stored).toMatchObject({
      name: RULE,
      active: true,
      status: 'LIVE',
      trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50.00' } },
      discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10, targetType: 'ALL_ITEMS' }] },
    });

    // The preview: the lamp (98.00) gets 9.80 off; a pillow alone (38.00) is under the threshold.
    const preview = page.getByTestId('rule-preview');
    await pick(preview, 'Find products for the preview cart', 'Stoneware', 'Stoneware Table Lamp');
    await preview.getByRole('button', { name: 'See what this cart gets' }).click();
    const applied = preview.getByTestId('preview-rule');
    await applied.waitFor();
    await expect.poll(() => applied.textContent()).toBe(`${RULE} (this one)$9.80`);
    await expect.poll(() => preview.getByTestId('preview-total').textContent()).toBe('$88.20');
    await preview.getByRole('button', { name: 'Take out Stoneware Table Lamp' }).click();
    await pick(preview, 'Find products for the preview cart', 'Linen Throw', 'Linen Throw Pillow');
    await pressAndWaitFor(preview, 'See what this cart gets', 'No automatic discount applies to this cart.');
    await expect
      .poll(() => preview.getByTestId('preview-why').textContent())
      .toMatch(/condition does not hold/);
    await expectClean(page);

    // The shopper: the rule by its name in the cart (server-rendered too), the checkout and the order.
    const shopper = await newShopper(browser);
    watchConsole(shopper);
    await addFromProductPage(shopper, server, 'stoneware-table-lamp');
    await shopper.goto(`${server.url}/cart`);
    await shopper.getByTestId('automatic-discount').waitFor();
    await expect(automaticDiscounts(shopper)).resolves.toEqual({ [RULE]: '$9.80' });
    await expect.poll(() => shopper.getByTestId('total-discount').textContent()).toBe('$9.80');
    await expectServerRendered(shopper, '/cart');
    await expectClean(shopper);

    await startCheckout(shopper, server);
    // The checkout page renders in the browser only (it needs the tab's own state: docs/ARCHITECTURE.md).
    await shopper.getByTestId('automatic-discount').waitFor();
    await expect(automaticDiscounts(shopper)).resolves.toEqual({ [RULE]: '$9.80' });
    await fillCheckoutDetails(shopper, uniqueEmail('rule-buyer'));
    await chooseDelivery(shopper, 'Standard');
    await expect(automaticDiscounts(shopper)).resolves.toEqual({ [RULE]: '$9.80' });
    const checkoutTotal = await shopper.getByTestId('total-total').textContent();
    await payByCard(shopper, CARDS.approves);
    await shopper.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await expect(automaticDiscounts(shopper)).resolves.toEqual({ [RULE]: '$9.80' });
    await expect.poll(() => shopper.getByTestId('total-total').textContent()).toBe(checkoutTotal);
    await expectServerRendered(shopper, new URL(shopper.url()).pathname + new URL(shopper.url()).search);
    await expectClean(shopper);
    const orderId = decodeURIComponent(new URL(shopper.url()).pathname.split('/')[2] ?? '');
    const order = (await adminOrder(server, orderId)) as unknown as {
      appliedDiscounts: Array<{
        discountRule?: { id: string; name: { original: string }; amount: { amount: string } };
      }>;
      priceSummary: { discount: { amount: string }; total: { formattedAmount: string } };
    };
    expect(order.appliedDiscounts.map((d) => d.discountRule)).toEqual([
      expect.objectContaining({
        id: stored!.id,
        name: expect.objectContaining({ original: RULE }),
        amount: expect.objectContaining({ amount: '9.80' }),
      }),
    ]);
    expect(order.priceSummary.discount.amount).toBe('9.80');
    expect(order.priceSummary.total.formattedAmount).toBe(checkoutTotal);

    // The list: live, used once, in plain words.
    await page.goto(`${server.url}/admin/discount-rules`);
    const row = ruleRow(page, RULE);
    await expect.poll(() => row.getByTestId('rule-status').textContent()).toBe('Live');
    await expect.poll(() => row.getByTestId('rule-uses').textContent()).toBe('1 order');
    await expect
      .poll(() => row.getByTestId('rule-sentence').textContent())
      .toBe('10 % off every item when the subtotal is $50.00 or more.');
    await expectClean(page);
    await shopper.context().close();
    await page.context().close();
  });

  it('puts the server’s refusals next to their fields in plain words, and saves nothing', async () => {
    const before = (await apiRules()).length;
    const page = await newRulePage('Upside down');
    const condition = page.getByTestId('rule-condition');
    await condition.getByLabel('Subtotal from (USD)').fill('100');
    await condition.getByLabel('Subtotal up to (USD)').fill('50');
    await page.getByTestId('rule-discounts').getByLabel('Percentage off').fill('5');
    await page.getByLabel('Starts').fill('2030-05-02T10:00');
    await page.getByLabel('Ends').fill('2030-05-01T10:00');
    await submitRefused(page, 'Create automatic discount');
    // Both are the server's own checks (the page does not judge ranges or windows itself).
    await expect(fieldError(page, 'Subtotal up to (USD)', condition)).resolves.toBe(
      'The highest amount is below the lowest: make it the same or higher.',
    );
    await expect(fieldError(page, 'Ends')).resolves.toBe('Choose an end after the start.');
    // What was typed is still there.
    await expect.poll(() => condition.getByLabel('Subtotal from (USD)').inputValue()).toBe('100');
    expect((await apiRules()).length).toBe(before);
    await expectClean(page);

    // A local check too: a percentage over 100.
    await condition.getByLabel('Subtotal up to (USD)').fill('');
    await page.getByLabel('Ends').fill('');
    await page.getByTestId('rule-discounts').getByLabel('Percentage off').fill('120');
    await page.getByRole('button', { name: 'Create automatic discount' }).click();
    await expect(fieldError(page, 'Percentage off', page.getByTestId('rule-discounts'))).resolves.toBe(
      'Enter a percentage above 0 and up to 100, such as 10 or 12.5.',
    );
    expect((await apiRules()).length).toBe(before);
    await page.context().close();
  });

  it('an expired or switched-off rule no longer applies; the list says so', async () => {
    const page = await merchant();
    await openRules(page);
    await ruleRow(page, RULE).getByRole('link', { name: RULE }).click();
    await page.getByRole('heading', { name: RULE, level: 1 }).waitFor();
    // Ended an hour ago (in the browser's time zone, as the merchant types it).
    const local = (d: Date) =>
      new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Starts').fill(local(new Date(Date.now() - 48 * 3600_000)));
    await page.getByLabel('Ends').fill(local(new Date(Date.now() - 3600_000)));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await apiRules()).find((r) => r.name === RULE)?.status).toBe('EXPIRED');

    const shopper = await newShopper(browser);
    await addFromProductPage(shopper, server, 'stoneware-table-lamp');
    await shopper.goto(`${server.url}/cart`);
    await shopper.getByTestId('cart-totals').waitFor();
    await expect.poll(() => shopper.getByTestId('automatic-discount').count()).toBe(0);
    await expect.poll(() => shopper.getByTestId('total-discount').count()).toBe(0);

    await page.goto(`${server.url}/admin/discount-rules?status=EXPIRED`);
    await expect.poll(() => ruleRow(page, RULE).getByTestId('rule-status').textContent()).toBe('Expired');
    await page.goto(`${server.url}/admin/discount-rules?status=LIVE`);
    await page.getByText('No automatic discounts match.').waitFor();

    // Live again, then switched off: still nothing for the shopper.
    await page.goto(`${server.url}/admin/discount-rules`);
    await ruleRow(page, RULE).getByRole('link', { name: RULE }).click();
    await page.getByRole('heading', { name: RULE, level: 1 }).waitFor();
    await page.getByLabel('Ends').fill('');
    await page.getByLabel('Active', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    await page.goto(`${server.url}/admin/discount-rules?q=spend`);
    await expect.poll(() => ruleRow(page, RULE).getByTestId('rule-status').textContent()).toBe('Off');
    await shopper.reload();
    await shopper.getByTestId('cart-totals').waitFor();
    await expect.poll(() => shopper.getByTestId('automatic-discount').count()).toBe(0);
    await expectClean(page);
    await shopper.context().close();
    await page.context().close();
  });

  it('builds nested conditions, bundle prices on chosen products, and keeps an app’s condition', async () => {
    const page = await newRulePage('Two pillows for 60');
    const condition = page.getByTestId('rule-condition');
    await condition.getByLabel('Applies to').first().selectOption('OR');
    const first = condition.getByRole('group', { name: 'Condition 1' });
    await first.getByLabel('Applies to').selectOption('ITEM_QUANTITY_RANGE');
    await first.getByLabel('Items from').fill('2');
    await first.getByLabel('Only chosen products and collections').check();
    await pick(first, 'Find products or collections for condition 1', 'Linen Throw', 'Linen Throw Pillow');
    await condition.getByRole('button', { name: 'Add condition' }).click();
    const second = condition.getByRole('group', { name: 'Condition 2' });
    await expect(
      second.getByLabel('Applies to').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await second.getByLabel('Applies to').selectOption('MEMBERS');
    await expectSentence(
      page,
      'condition',
      'Applies to carts when the cart holds 2 or more items of Linen Throw Pillow or the shopper is signed in.',
    );
    const discounts = page.getByTestId('rule-discounts');
    await discounts.getByLabel('Kind of discount').selectOption('QUANTITY_BASED');
    await discounts.getByLabel('Items in bundle 1').fill('2');
    await discounts.getByLabel('Price of bundle 1 (USD)').fill('60');
    await discounts.getByLabel('Chosen products and collections').check();
    await pick(discounts, 'Find products or collections for discount', 'Linen Throw', 'Linen Throw Pillow');
    await expectSentence(page, 'discount', 'Gives 2 for $60.00 on Linen Throw Pillow.');
    await createRule(page);
    const rule = (await apiRules()).find((r) => r.name === 'Two pillows for 60');
    const pillow = expect.arrayContaining([
      expect.objectContaining({
        type: 'CATALOG_ITEM',
        catalogItemFilter: expect.objectContaining({ catalogItemIds: [expect.any(String)] }),
      }),
    ]);
    expect(rule).toMatchObject({
      trigger: {
        triggerType: 'OR',
        or: {
          triggers: [
            { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2, scopes: pillow } },
            { triggerType: 'CUSTOMER_ELIGIBILITY', customerEligibility: { eligibilityType: 'MEMBERS' } },
          ],
        },
      },
      discounts: {
        values: [
          {
            discountType: 'QUANTITY_BASED',
            quantityBased: { configurations: [{ quantity: 2, price: '60.00' }] },
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: { scopes: pillow },
          },
        ],
      },
    });
    // Read back: the picked product by its name.
    await page.reload();
    await page.getByRole('heading', { name: 'Two pillows for 60', level: 1 }).waitFor();
    await expectSentence(
      page,
      'condition',
      'Applies to carts when the cart holds 2 or more items of Linen Throw Pillow or the shopper is signed in.',
    );

    // Two pillows (2 × 38.00) cost 60.00: 16.00 off, as the preview says.
    const preview = page.getByTestId('rule-preview');
    await pick(preview, 'Find products for the preview cart', 'Linen Throw', 'Linen Throw Pillow');
    await preview.getByLabel('Quantity of Linen Throw Pillow').fill('2');
    await preview.getByRole('button', { name: 'See what this cart gets' }).click();
    await expect
      .poll(() => preview.getByTestId('preview-rule').textContent())
      .toBe('Two pillows for 60 (this one)$16.00');

    // An app's condition (set through the API) is shown and kept when the rule is saved.
    const created = await server.call('POST', RULES, {
      token: server.adminKey,
      body: {
        discountRule: {
          name: 'Loyalty app',
          trigger: { triggerType: 'CUSTOM', customTrigger: { appId: 'loyalty-app', id: 'gold-tier' } },
          discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: '5.00' }] },
        },
      },
    });
    expect(created.status).toBe(200);
    const loyalty = created.body.discountRule as ApiRule;
    await page.goto(`${server.url}/admin/discount-rules/${loyalty.id}`);
    await page.getByRole('heading', { name: 'Loyalty app', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('custom-condition').textContent()).toContain('“gold-tier”');
    await page.getByLabel('Name', { exact: true }).fill('Loyalty app gold');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await apiRules()).find((r) => r.id === loyalty.id)).toMatchObject({
      name: 'Loyalty app gold',
      trigger: { triggerType: 'CUSTOM', customTrigger: { appId: 'loyalty-app', id: 'gold-tier' } },
    });

    // Deleted after a confirmation.
    await page.getByRole('button', { name: 'Delete automatic discount' }).click();
    await pressAndWaitFor(page, 'Yes, delete it', '“Loyalty app gold” was deleted.');
    expect((await apiRules()).some((r) => r.id === loyalty.id)).toBe(false);
    await expectClean(page);
    await page.context().close();
  });

  it('a rule for a chosen customer: picked by name, refused without one, previewed as that customer', async () => {
    const email = await registerMember(server, uniqueEmail('grace'), 'Grace Hopper');
    const page = await newRulePage('Thank you, Grace');
    const condition = page.getByTestId('rule-condition');
    await condition.getByLabel('Applies to').selectOption('SPECIFIC_MEMBERS');
    const discounts = page.getByTestId('rule-discounts');
    await discounts.getByLabel('Kind of discount').selectOption('FIXED_AMOUNT');
    await discounts.getByLabel('Amount off each item (USD)').fill('5');
    await discounts.getByLabel('The cheapest item (one unit)').check();
    // No customer chosen yet: said by the picker, nothing sent.
    await page.getByRole('button', { name: 'Create automatic discount' }).click();
    await condition.getByText('Choose at least one customer.').waitFor();
    await pick(
      condition,
      'Find customers by name or e-mail for the condition',
      'Grace',
      `Grace Hopper <${email}>`,
    );
    await condition
      .getByRole('list', { name: 'Chosen customers for the condition' })
      .getByRole('button', { name: 'Remove Grace Hopper' })
      .waitFor();
    await expectSentence(page, 'condition', 'Applies to carts when the shopper is the chosen customer.');
    await expectSentence(page, 'discount', 'Gives $5.00 off the cheapest item.');
    await createRule(page);
    const rule = (await apiRules()).find((r) => r.name === 'Thank you, Grace');
    expect(rule).toMatchObject({
      trigger: {
        triggerType: 'CUSTOMER_ELIGIBILITY',
        customerEligibility: { eligibilityType: 'SPECIFIC_MEMBERS', memberIds: [expect.any(String)] },
      },
      discounts: {
        values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: '5.00', targetType: 'LOWEST_PRICED_ITEM' }],
      },
    });
    // Read back with the customer's name.
    await page.reload();
    await condition
      .getByRole('list', { name: 'Chosen customers for the condition' })
      .getByRole('button', { name: 'Remove Grace Hopper' })
      .waitFor();

    // A visitor's cart gets nothing from it; Grace's gets 5.00 off.
    const preview = page.getByTestId('rule-preview');
    await pick(preview, 'Find products for the preview cart', 'Stoneware', 'Stoneware Table Lamp');
    await pressAndWaitFor(preview, 'See what this cart gets', 'No automatic discount applies to this cart.');
    await preview.getByText('As a signed-in customer').click();
    await preview.getByLabel('Find customers by name or e-mail for the preview').fill(email);
    await preview.getByRole('button', { name: 'Find', exact: true }).last().click();
    await preview.getByRole('button', { name: `Add Grace Hopper <${email}>` }).click();
    await preview.getByRole('button', { name: 'See what this cart gets' }).click();
    await expect(
      preview.getByTestId('preview-rule').filter({ hasText: 'Thank you, Grace' }).textContent(),
    ).resolves.toBe('Thank you, Grace (this one)$5.00');
    await expectClean(page);
    await page.context().close();
  });

  it('works on a phone: the list as cards, the form and the preview in one column', async () => {
    const page = await signedInMerchant(browser, server, { width: 390, height: 844 });
    watchConsole(page);
    await page.goto(`${server.url}/admin/discount-rules`);
    await ruleRow(page, 'Two pillows for 60').waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect(fits()).resolves.toBeLessThanOrEqual(390);
    await expectClean(page);
    await ruleRow(page, 'Two pillows for 60').getByRole('link', { name: 'Two pillows for 60' }).click();
    await page.getByRole('heading', { name: 'Two pillows for 60', level: 1 }).waitFor();
    await page.getByTestId('rule-condition').getByRole('group', { name: 'Condition 1' }).waitFor();
    await expect(fits()).resolves.toBeLessThanOrEqual(390);
    await expectClean(page);
    await page.context().close();
  });
});
