import { beforeAll, describe, expect, it } from 'vitest';
import { expectClean, fieldError, pick, withAdminStore } from './admin-helpers.ts';
import { apiOk, createProduct, pressAndWaitFor } from './store.ts';

// The product page's "Subscriptions" section (docs/SUBSCRIPTIONS.md "Admin"): a merchant gives a product a plan
// (period, billing cycles, free trial, discount), makes it a membership plan paying for a collection and a
// product found by name, and the product as the API reads it has exactly that; a wrong number is marked.

let planId: string;
let coveredId: string;
let collectionId: string;

const { server, merchant } = withAdminStore();

beforeAll(async () => {
  const product = (name: string) => createProduct(server, { name, priceData: { price: 20 } });
  planId = await product('Gold Club');
  coveredId = await product('Club Espresso Beans');
  collectionId = (
    (await apiOk(server, 'POST', '/stores/v1/collections', { collection: { name: 'Club picks' } }))
      .collection as {
      id: string;
    }
  ).id;
}, 240_000);

describe('subscription options in the product editor', () => {
  it('sets a plan and its membership coverage; the API reads them back', async () => {
    const page = await merchant();
    await page.goto(`${server.url}/admin/products/${planId}`);
    await page.getByRole('heading', { name: 'Gold Club', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Subscriptions' });

    // A wrong number is marked, nothing saved.
    await section.getByLabel('Plan 1 title', { exact: true }).fill('Gold monthly');
    await section.getByLabel('Plan 1 billing cycles', { exact: true }).fill('0');
    await section.getByRole('button', { name: 'Save subscriptions' }).click();
    expect(await fieldError(page, 'Plan 1 billing cycles', section)).toBe(
      'Enter a whole number of 1 or more.',
    );

    await section.getByLabel('Plan 1 billing cycles', { exact: true }).fill('12');
    await section.getByLabel('Plan 1 free trial', { exact: true }).fill('2');
    await section.getByLabel('Plan 1 trial period', { exact: true }).selectOption('WEEK');
    await section.getByLabel('Plan 1 discount', { exact: true }).selectOption('PERCENT');
    await section.getByLabel('Plan 1 discount value', { exact: true }).fill('15');
    await section.getByLabel('Members may cancel their subscription themselves').uncheck();
    await section.getByLabel('Membership plan: an active subscription pays for chosen products').check();
    await section.getByLabel('Products in “Club picks”').check();
    await pick(section, 'Find products the membership pays for', 'Espresso', 'Club Espresso Beans');
    await section
      .getByRole('list', { name: 'Products the membership pays for' })
      .getByRole('button', { name: 'Remove Club Espresso Beans' })
      .waitFor();
    await pressAndWaitFor(section, 'Save subscriptions', 'Subscription options saved.');
    await expectClean(page);

    const read = async () =>
      (
        (await server.call('GET', `/stores-reader/v1/products/${planId}`, { token: server.adminKey })).body
          .product as {
          subscriptionDetails?: Record<string, unknown>;
        }
      ).subscriptionDetails;
    await expect.poll(read).toMatchObject({
      subscriptions: [
        {
          title: 'Gold monthly',
          frequency: 'MONTH',
          interval: 1,
          autoRenewal: false,
          billingCycles: 12,
          freeTrialPeriod: { frequency: 'WEEK', interval: 2 },
          discount: { type: 'PERCENT', value: 15 },
        },
      ],
      allowOneTimePurchases: true,
      enableCustomerCancellation: false,
      membership: { productIds: [coveredId], collectionIds: [collectionId] },
    });

    // The page shows what was saved: the plan, and a blank row to add another.
    await expect
      .poll(() => section.getByLabel('Plan 1 title', { exact: true }).inputValue())
      .toBe('Gold monthly');
    await expect.poll(() => section.getByLabel('Plan 2 title', { exact: true }).inputValue()).toBe('');
    await section
      .getByRole('list', { name: 'Products the membership pays for' })
      .getByRole('button', { name: 'Remove Club Espresso Beans' })
      .waitFor();

    // Removing the only plan stops selling by subscription.
    await section.getByLabel('Membership plan: an active subscription pays for chosen products').uncheck();
    await section.getByLabel('Remove plan 1 (running subscriptions go on)').check();
    await pressAndWaitFor(section, 'Save subscriptions', 'The product is no longer sold by subscription.');
    await expect.poll(read).toBeUndefined();
  });
});
