import { describe, expect, it } from 'vitest';
import { expectClean, expectPhoneWidth, withAdminStore } from './admin-helpers.ts';
import { apiCheckout, createProduct, pressAndWaitFor, SAN_FRANCISCO_WIRE, visitorToken } from './store.ts';

// The catalogue's import with its dry run and progress, inventory history, picture details and collection
// order (issue 15), as a merchant uses them.

const { server, merchant } = withAdminStore();

const tag = () => Date.now().toString(36);

interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  priceData: { price: number };
}

async function productBySlug(slug: string): Promise<ApiProduct | undefined> {
  const res = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
    token: server.adminKey,
    body: { query: { filter: { slug } }, includeMerchantSpecificData: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.products as ApiProduct[])[0];
}

describe('catalogue import: check first, then import with progress', () => {
  it('shows the plan per product and the problems, writes nothing until asked, then imports', async () => {
    const page = await merchant();
    await page.goto(`${server.url}/admin/catalogue-csv`);
    await page.getByRole('heading', { name: 'Import and export', level: 1 }).waitFor();

    // Nothing chosen yet.
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('alert').getByText('Choose a CSV file first.').waitFor();

    const t = tag();
    const csv = [
      'Handle,Name,Price,Collections',
      `new-lamp-${t},Desk lamp ${t},24.00,`,
      `stoneware-table-lamp,Stoneware Table Lamp,58.00,`,
      `no-price-${t},No price ${t},,`,
      `bad-collection-${t},Lost ${t},5.00,no-such-shelf`,
      '',
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    const plan = page.getByTestId('import-plan');
    await plan
      .getByText(
        'Checked, nothing written yet: 1 product will be created, 1 updated, 2 will not be imported.',
      )
      .waitFor();
    const rows = plan.getByTestId('import-product');
    await expect.poll(() => rows.count()).toBe(4);
    await expect
      .poll(() => plan.getByTestId('import-action').allTextContents())
      .toEqual(['Will be created', 'Will be updated', 'Will not be imported', 'Will not be imported']);
    const problems = plan.getByTestId('import-error');
    await expect.poll(() => problems.count()).toBe(2);
    await expect.poll(() => problems.nth(0).textContent()).toContain('Price');
    await expect.poll(() => problems.nth(1).textContent()).toContain('no-such-shelf');
    // Checked, not written.
    expect(await productBySlug(`new-lamp-${t}`)).toBeUndefined();
    const lampBefore = await productBySlug('stoneware-table-lamp');
    expect(lampBefore?.priceData.price).not.toBe(58);
    await expectClean(page);

    // The import, with its progress bar while it runs.
    await plan.getByRole('button', { name: 'Import 2 products' }).click();
    const result = page.getByTestId('import-result');
    await result.getByText('1 created, 1 updated, 2 not imported.').waitFor();
    await expect
      .poll(() => result.getByTestId('import-action').allTextContents())
      .toEqual(['Created', 'Updated', 'Not imported', 'Not imported']);
    expect((await productBySlug(`new-lamp-${t}`))?.name).toBe(`Desk lamp ${t}`);
    expect((await productBySlug('stoneware-table-lamp'))?.priceData.price).toBe(58);
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await expectClean(page);

    // The export has the new product.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download products.csv' }).click();
    const file = await download;
    const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
    expect(text).toContain(`new-lamp-${t},Desk lamp ${t}`);
    await page.context().close();
  });

  it('follows a longer import on the progress bar to the end', async () => {
    const page = await merchant({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/catalogue-csv`);
    const t = tag();
    const lines = ['Handle,Name,Price'];
    for (let i = 0; i < 60; i++) lines.push(`bulk-${t}-${i},Bulk ${i},${i + 1}.00`);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    // Every state of the bar is recorded as the page shows it (a short import may pass in a moment).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('progress#import-progress');
        const label = document.querySelector('label[for="import-progress"]')?.textContent ?? '';
        const state = bar ? `${label} [${bar.value}/${bar.max}]` : '';
        if (state && seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Import 60 products' }).click();
    await page.getByTestId('import-result').getByText('60 created, 0 updated, 0 not imported.').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen[0]).toBe('Importing: 0 of 60 products [0/60]');
    const done = seen.map((s) => Number(/\[(\d+)\//.exec(s)?.[1]));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    expect((await productBySlug(`bulk-${t}-59`))?.priceData.price).toBe(60);
    await expectPhoneWidth(page);
    await expectClean(page);
    await page.context().close();
  });
});

/** Every product without options has this variant. */
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';

/** A visitor orders `quantity` of a product through the API (to pay offline); the order's id. */
async function placeOrder(productId: string, quantity: number, coupon?: string): Promise<string> {
  const token = await visitorToken(server);
  const checkoutId = await apiCheckout(server, token, productId, quantity, {
    email: `history-${tag()}@example.com`,
    shippingAddress: SAN_FRANCISCO_WIRE,
    billingAddress: SAN_FRANCISCO_WIRE,
  });
  if (coupon) {
    const applied = await server.call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      token,
      body: { couponCode: coupon },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  }
  const placed = await server.call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
    token,
    body: {},
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.orderId as string;
}

describe('inventory: the stock history of a variant', () => {
  it('shows an order and restocks by hand with why and by whom, newest first, as cards on a phone', {
    timeout: 120_000,
  }, async () => {
    const t = tag();
    const id = await createProduct(server, { name: `History mug ${t}`, priceData: { price: 12 } });
    await server.call('PATCH', `/stores/v2/inventoryItems/product/${id}`, {
      body: {
        inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT, quantity: 6 }] },
      },
      token: server.adminKey,
    });
    const placed = await placeOrder(id, 2);
    const page = await merchant();
    await page.goto(`${server.url}/admin/inventory`);
    await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await page.getByLabel('Product name or SKU').fill(`History mug ${t}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.getByTestId('inventory-row');
    await expect.poll(() => rows.count()).toBe(1);
    // A restock from the list, then the variant's page.
    await rows.first().getByRole('textbox').fill('10');
    await rows.first().getByRole('button', { name: /Save/ }).click();
    await page.getByText(/: 10 in stock\./).waitFor();
    await rows
      .first()
      .getByRole('link', { name: `History mug ${t}` })
      .click();
    await page.getByRole('heading', { name: `History mug ${t}`, level: 1 }).waitFor();
    const history = page.getByTestId('stock-history');
    const changes = history.getByTestId('stock-change');
    // Newest first: the restock, the order, the tracking turned on with 6 (through the API).
    await expect.poll(() => changes.count()).toBe(3);
    await expect
      .poll(() => changes.nth(0).textContent())
      .toMatch(/\+6.*6 added.*10.*Changed by hand.*API key/);
    await expect
      .poll(() => changes.nth(1).textContent())
      .toMatch(/−2.*2 taken.*4.*Order placed · Order.*Shopper/);
    await expect.poll(() => changes.nth(2).textContent()).toMatch(/\+6.*6.*Changed by hand/);
    await changes.nth(1).getByRole('link', { name: 'Order' }).click();
    await page.waitForURL(`**/admin/orders/${placed}`);
    await page.goBack();
    await page.getByRole('heading', { name: `History mug ${t}`, level: 1 }).waitFor();

    // Saved on the variant's page: a third line, at the top.
    await page.getByLabel('Stock', { exact: true }).fill('7');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    await expect.poll(() => changes.count()).toBe(4);
    await expect.poll(() => changes.nth(0).textContent()).toMatch(/−3.*7.*Changed by hand/);
    await expectClean(page);
    await page.context().close();

    // On a phone, each change is a card.
    const phone = await merchant({ width: 390, height: 844 });
    await phone.goto(page.url());
    await phone.getByRole('heading', { name: `History mug ${t}`, level: 1 }).waitFor();
    const card = phone.getByTestId('stock-change').first();
    await expect.poll(() => card.evaluate((row) => getComputedStyle(row).display)).toBe('block');
    await expectPhoneWidth(phone);
    await expectClean(phone);
    await phone.context().close();
  });
});

describe('product pictures: order, descriptions, focal point', () => {
  it('reorders by dragging and by keyboard, describes a picture and sets its focal point, all kept', {
    timeout: 120_000,
  }, async () => {
    const t = tag();
    // Three pictures uploaded to the media library (a demo picture's bytes).
    const demo = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
      body: { query: { paging: { limit: 100 } } },
    });
    const url = (demo.body.products as Array<{ media?: { items?: Array<{ image: { url: string } }> } }>).find(
      (p) => p.media?.items?.length,
    )!.media!.items![0]!.image.url;
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    const mediaIds: string[] = [];
    for (const name of ['front.jpg', 'side.jpg', 'top.jpg']) {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
      const res = await fetch(`${server.url}/site-media/v1/files/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: server.adminKey, accept: 'application/json' },
      });
      expect(res.status).toBe(200);
      mediaIds.push(((await res.json()) as { file: { id: string } }).file.id);
    }
    const id = await createProduct(server, {
      name: `Gallery vase ${t}`,
      priceData: { price: 30 },
      productOptions: [{ name: 'Glaze', choices: [{ value: 'Blue', description: 'Blue' }] }],
      manageVariants: true,
    });
    await server.call('POST', `/stores/v1/products/${id}/media`, {
      body: { media: mediaIds.map((mediaId) => ({ mediaId })) },
      token: server.adminKey,
    });
    await server.call('PATCH', `/stores/v1/products/${id}/choices/media`, {
      body: { media: [{ option: 'Glaze', choice: 'Blue', mediaIds: [mediaIds[2]] }] },
      token: server.adminKey,
    });
    const order = async () => {
      const read = await server.call('GET', `/stores-reader/v1/products/${id}`, { token: server.adminKey });
      return read.body.product as {
        media: {
          items: Array<{ id: string; image: { altText?: string; focalPoint?: { x: number; y: number } } }>;
        };
        productOptions: Array<{ choices: Array<{ media: { items: Array<{ id: string }> } }> }>;
      };
    };

    const page = await merchant();
    await page.goto(`${server.url}/admin/products/${id}`);
    await page.getByRole('heading', { name: `Gallery vase ${t}`, level: 1 }).waitFor();
    const items = page.getByTestId('media-item');
    await expect.poll(() => items.count()).toBe(3);

    // Keyboard: picture 1 later, then picture 3 earlier.
    await pressAndWaitFor(page, 'Move picture 1 later', 'Picture 1 is now picture 2.');
    await expect
      .poll(async () => (await order()).media.items.map((m) => m.id))
      .toEqual([mediaIds[1], mediaIds[0], mediaIds[2]]);
    await page.getByRole('button', { name: 'Move picture 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Picture 3 is now picture 2.').waitFor();
    await expect
      .poll(async () => (await order()).media.items.map((m) => m.id))
      .toEqual([mediaIds[1], mediaIds[2], mediaIds[0]]);

    // Drag picture 3 onto picture 1: it becomes the main picture; ids and the choice's picture kept.
    await items.nth(2).dragTo(items.nth(0));
    await page.getByText('Picture 3 is now picture 1.').waitFor();
    await expect
      .poll(async () => (await order()).media.items.map((m) => m.id))
      .toEqual([mediaIds[0], mediaIds[1], mediaIds[2]]);
    expect((await order()).productOptions[0]!.choices[0]!.media.items.map((m) => m.id)).toEqual([
      mediaIds[2],
    ]);
    await expect.poll(() => items.nth(0).textContent()).toContain('Picture 1 (main)');

    // A description, read back by the API and shown as the picture's alt text.
    await page.getByLabel('Description of picture 2 (alt text)').fill('Blue vase on a shelf');
    await pressAndWaitFor(page, 'Save description of picture 2', 'The description of picture 2 was saved.');
    expect((await order()).media.items[1]!.image.altText).toBe('Blue vase on a shelf');
    await expect.poll(() => items.nth(1).locator('img').getAttribute('alt')).toBe('Blue vase on a shelf');

    // The focal point: a click on the picture, stored on the media file and shown after a reload.
    const frame = items
      .nth(0)
      .getByRole('button', { name: 'Picture 1: set the focal point where you click' });
    const box = (await frame.boundingBox())!;
    await frame.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    await page.getByText(/Focal point set at 2\d %, 7\d %\./).waitFor();
    const focal = (await order()).media.items[0]!.image.focalPoint!;
    expect(focal.x).toBeGreaterThanOrEqual(20);
    expect(focal.x).toBeLessThanOrEqual(30);
    expect(focal.y).toBeGreaterThanOrEqual(70);
    expect(focal.y).toBeLessThanOrEqual(80);
    await page.reload();
    await page.getByRole('heading', { name: `Gallery vase ${t}`, level: 1 }).waitFor();
    await expect.poll(() => items.nth(0).textContent()).toContain(`focal point ${focal.x} %, ${focal.y} %`);
    await expectClean(page);
    await page.context().close();
  });
});

describe('order page: each discount by name', () => {
  it('shows the coupon and the automatic discount each with its name, taken off', async () => {
    const t = tag();
    const rule = await server.call('POST', '/ecom/v1/discount-rules', {
      token: server.adminKey,
      body: {
        discountRule: {
          name: `Spring ${t}`,
          trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '1' } },
          discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 5 }] },
        },
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const id = await createProduct(server, { name: `Discount bowl ${t}`, priceData: { price: 40 } });
    const orderId = await placeOrder(id, 1, 'WELCOME10');
    await server.call('DELETE', `/ecom/v1/discount-rules/${(rule.body.discountRule as { id: string }).id}`, {
      token: server.adminKey,
    });
    const page = await merchant();
    await page.goto(`${server.url}/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: /^Order #/, level: 1 }).waitFor();
    const totals = page.locator('dl.totals');
    await totals.getByText(/^Coupon WELCOME10/).waitFor();
    await totals.getByText(`Automatic discount: Spring ${t}`).waitFor();
    const amounts = await page.getByTestId('total-discount').allTextContents();
    expect(amounts).toHaveLength(2);
    for (const amount of amounts) expect(amount).toMatch(/^−\$\d+\.\d\d$/);
    await expectClean(page);
    await page.context().close();
  });
});
