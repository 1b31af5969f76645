// Screenshots of the catalogue, automatic-discount, order, customer, staff, subscription, recovery and settings screens for docs/ADMIN.md (small PNGs in docs/admin/). Not a test: run it
// after `npm run build -w apps/storefront -w apps/admin` with
// `node --conditions=aisle-source --import tsx e2e/admin-screenshots.ts`.
import { fileURLToPath } from 'node:url';
import { signedInMerchant, startAdminStore } from './admin-helpers.ts';
import { launchBrowser } from './browser.ts';

const OUT = fileURLToPath(new URL('../docs/admin/', import.meta.url));
const server = await startAdminStore();
const browser = await launchBrowser();
try {
  const shots: [string, string][] = [
    ['products', '/admin/products'],
    ['collections', '/admin/collections'],
    ['inventory', '/admin/inventory?view=low'],
    ['brands', '/admin/brands'],
    ['catalogue-csv', '/admin/catalogue-csv'],
    ['dashboard', '/admin/'],
    ['orders', '/admin/orders'],
    ['customers', '/admin/customers'],
    ['staff', '/admin/staff'],
    ['audit-log', '/admin/audit-log'],
    ['tax-settings', '/admin/settings/tax'],
    ['checkout-settings', '/admin/settings/checkout'],
    ['orders-settings', '/admin/settings/orders'],
    ['tips', '/admin/settings/tips'],
    ['delivery-regions', '/admin/settings/delivery-regions'],
    ['shipping-options', '/admin/settings/shipping-options'],
    ['tax-rates', '/admin/settings/tax-rates'],
    ['webhooks', '/admin/settings/webhooks'],
    ['mailbox', '/admin/settings/mailbox'],
    ['customer-settings', '/admin/customers/settings'],
    ['api-keys', '/admin/api-keys'],
    ['subscriptions', '/admin/subscriptions'],
    ['abandoned-checkouts', '/admin/abandoned-checkouts'],
    ['back-in-stock', '/admin/back-in-stock'],
    ['checkout-templates', '/admin/checkout-templates'],
    ['shipping-labels', '/admin/shipping-labels'],
    ['coupons', '/admin/coupons'],
  ];
  // Two webhook endpoints, so the webhooks screen shows what a merchant sets up.
  for (const [url, events] of [
    ['https://erp.example.com/aisle/orders', ['order.*']],
    ['https://warehouse.example.com/hooks/stock', ['inventory_item.updated', 'product.*']],
  ] as const) {
    await server.call('POST', '/aisle/v1/webhooks', {
      token: server.adminKey,
      body: { webhook: { url, events } },
    });
  }
  const page = await signedInMerchant(browser, server, { width: 1100, height: 760 });
  for (const [name, path] of shots) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: `${OUT}${name}.png` });
  }
  // The store settings with the demo store's name, and its logo below the form (the whole page).
  await page.goto(`${server.url}/admin/settings`);
  await page.getByRole('img', { name: 'Logo of Aisle Demo Store' }).waitFor();
  await page.screenshot({ path: `${OUT}store-settings.png`, fullPage: true });
  await page.goto(`${server.url}/admin/products?sort=name`);
  await page.getByTestId('product-row').first().getByRole('link').click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Pictures' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}product.png` });
  // A collection's page: its image and its products in the merchant's order.
  await page.goto(`${server.url}/admin/collections`);
  await page.getByRole('link', { name: 'Kitchen', exact: true }).click();
  await page.getByRole('heading', { name: 'Image' }).scrollIntoViewIfNeeded();
  await page.getByTestId('collection-members').getByRole('listitem').first().waitFor();
  await page.screenshot({ path: `${OUT}collection.png` });
  // An automatic discount of two conditions: the list, and its condition builder.
  const rule = await server.call('POST', '/ecom/v1/discount-rules', {
    token: server.adminKey,
    body: {
      discountRule: {
        name: 'Members: spend $50, save 10 %',
        trigger: {
          triggerType: 'AND',
          and: {
            triggers: [
              { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50' } },
              { triggerType: 'CUSTOMER_ELIGIBILITY', customerEligibility: { eligibilityType: 'MEMBERS' } },
            ],
          },
        },
        discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10, targetType: 'ALL_ITEMS' }] },
      },
    },
  });
  await page.goto(`${server.url}/admin/discount-rules`);
  await page.getByTestId('discount-rules-row').first().waitFor();
  await page.screenshot({ path: `${OUT}discount-rules.png` });
  // Tall enough that the builder shows without scrolling under the sticky header.
  const tall = await signedInMerchant(browser, server, { width: 1100, height: 2400 });
  await tall.goto(`${server.url}/admin/discount-rules/${(rule.body.discountRule as { id: string }).id}`);
  await tall.getByTestId('condition-sentence').getByText('signed in').waitFor();
  await tall.getByTestId('rule-condition').screenshot({ path: `${OUT}discount-rule.png` });
  const phone = await signedInMerchant(browser, server, { width: 390, height: 760 });
  await phone.goto(`${server.url}/admin/products`);
  await phone.getByTestId('product-row').first().waitFor();
  await phone.screenshot({ path: `${OUT}products-phone.png` });
} finally {
  await server.stop();
  // The browser is shared by test files and kept open by them; a script closes it, or it never exits.
  await browser.close();
}
