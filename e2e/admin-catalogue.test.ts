import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectClean, pick, submitRefused, withAdminStore } from './admin-helpers.ts';
import { createProduct, pressAndWaitFor } from './store.ts';

const { server, merchant } = withAdminStore();

/** Opens a catalogue section from the catalogue navigation. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Opens a catalogue section (checked clean), then its form for a new one (`newLink`). */
async function openNewIn(page: Page, section: string, newLink: string): Promise<void> {
  await openSection(page, section);
  await expectClean(page);
  await page.getByRole('link', { name: newLink }).click();
}

const unique = (word: string) => `${word} ${Date.now().toString(36)}`;

describe('catalogue admin: brands, ribbons, info sections', () => {
  it('creates a brand (a missing name refused on its field), finds, renames and deletes it', async () => {
    const page = await merchant();
    await openNewIn(page, 'Brands', 'New brand');
    await page.getByRole('heading', { name: 'New brand', level: 1 }).waitFor();
    await submitRefused(page, 'Create brand');
    await expect.poll(() => page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter a name.').waitFor();
    await expectClean(page);

    const name = unique('Fjord Works');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('The brand was created.').waitFor();

    // A second brand of the same name is refused next to the name.
    await page.goto(`${server.url}/admin/brands/new`);
    await page.getByLabel('Name').fill(name);
    await submitRefused(page, 'Create brand');
    await expect.poll(() => page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('This name is already used. Choose another.').waitFor();
    // The request id stands only in the alert's details line.
    await expect
      .poll(() => page.getByRole('alert').locator('p').first().textContent())
      .toBe('Please correct the fields marked below.');

    await openSection(page, 'Brands');
    await page.getByLabel('Name starts with').fill(name.slice(0, 12));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('link', { name }).click();
    // The list has a "Name starts with" field: fill the editor's, once it is there.
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(`${name} Co`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: `${name} Co`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete brand' }).click();
    await pressAndWaitFor(page, 'Yes, delete it', `“${name} Co” was deleted.`);
    await expectClean(page);
    await page.context().close();
  });
});

interface ApiProduct {
  id: string;
  name: string;
  visible: boolean;
  priceData: { price: number };
  media: { items: { id: string; image: { url: string } }[] };
  productOptions: {
    name: string;
    optionType: string;
    choices: { value: string; description: string; media: { items: { id: string }[] } }[];
  }[];
}

async function apiProduct(id: string): Promise<ApiProduct> {
  const read = await server.call('GET', `/stores-reader/v1/products/${id}`, { token: server.adminKey });
  expect(read.status).toBe(200);
  return read.body.product as ApiProduct;
}

/** A JPEG of the demo store, base64 (for a drop). */
async function demoPicture(): Promise<string> {
  const found = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { paging: { limit: 5 } } },
  });
  const url = (found.body.products as ApiProduct[]).find((p) => p.media.items.length)!.media.items[0]!.image
    .url;
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  return bytes.toString('base64');
}

describe('catalogue admin: products', () => {
  it('creates a product, gives it options, sets a variant’s stock and price in the variants table', async () => {
    const page = await merchant();
    await page.goto(`${server.url}/admin/products/new`);
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();
    const name = unique('Linen shirt');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price', { exact: true }).fill('40');
    await page.getByLabel('Discount', { exact: true }).selectOption('PERCENT');
    await page.getByRole('button', { name: 'Create product' }).click();
    // The discount needs its value: refused on that field, before any call.
    await page.getByText('Enter the discount, or choose “No discount”.').waitFor();
    await page.getByLabel('Discount amount or percent').fill('10');
    await pressAndWaitFor(page, 'Create product', 'The product was created.');
    await expectClean(page);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    // Options: Size (S, M) and Colour swatches (Black, White).
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByLabel('Option 1 name').fill('Size');
    await page.getByLabel('Option 1 choice 1', { exact: true }).fill('S');
    await page.getByRole('button', { name: 'Add a choice to option 1' }).click();
    await page.getByLabel('Option 1 choice 2', { exact: true }).fill('M');
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByLabel('Option 2 name').fill('Colour');
    await page.getByLabel('Option 2 shown as').selectOption('color');
    await page.getByLabel('Option 2 choice 1', { exact: true }).fill('White');
    await page.getByLabel('Option 2 choice 1 colour').fill('#ffffff');
    await page.getByRole('button', { name: 'Add a choice to option 2' }).click();
    await page.getByLabel('Option 2 choice 2', { exact: true }).fill('Black');
    // Reorder: Black first.
    await page.getByRole('button', { name: 'Move up Option 2 choice 2' }).click();
    await pressAndWaitFor(page, 'Save options', 'Options saved: the variants below follow them.');
    const variantRows = page.getByTestId('variant-row');
    await expect.poll(() => variantRows.count()).toBe(4);
    const stored = await apiProduct(id);
    expect(
      stored.productOptions.map((o) => [o.name, o.optionType, o.choices.map((c) => c.description)]),
    ).toEqual([
      ['Size', 'drop_down', ['S', 'M']],
      ['Colour', 'color', ['Black', 'White']],
    ]);
    expect(stored.productOptions[1]!.choices[1]!.value).toBe('#ffffff');

    // Track stock per variant, then 5 of M in Black at 44.00; a bad price is refused in its cell.
    await page.getByLabel('Track stock per variant').check();
    await pressAndWaitFor(page, 'Save variants', 'Variants saved.');
    await page.getByLabel('Stock of Size: M · Colour: Black').fill('5');
    await page.getByLabel('Price of Size: M · Colour: Black').fill('4x');
    await pressAndWaitFor(page, 'Save variants', 'Enter an amount such as 19.99 (at most two decimals).');
    await page.getByLabel('Price of Size: M · Colour: Black').fill('44');
    await pressAndWaitFor(page, 'Save variants', 'Variants saved.');
    const variants = await server.call('POST', `/stores-reader/v1/products/${id}/variants/query`, {
      body: { choices: { Size: 'M', Colour: 'Black' } },
      token: server.adminKey,
    });
    expect(variants.body.variants).toMatchObject([
      { variant: { priceData: { price: 44 } }, stock: { trackQuantity: true, quantity: 5 } },
    ]);
    await expect.poll(() => page.getByLabel('Stock of Size: M · Colour: Black').inputValue()).toBe('5');
    await expectClean(page);

    // Duplicate: a hidden copy with the same options.
    await page.getByRole('button', { name: 'Duplicate product' }).click();
    await page.getByRole('heading', { name: `${name} (copy)`, level: 1 }).waitFor();
    const copyId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(copyId).not.toBe(id);
    const copy = await apiProduct(copyId);
    expect(copy.visible).toBe(false);
    expect(copy.productOptions.map((o) => o.name)).toEqual(['Size', 'Colour']);
    await page.context().close();
  });

  it('uploads pictures by drag and drop, shows one for a choice, removes one, then all', async () => {
    const page = await merchant();
    const id = await createProduct(server, {
      name: unique('Picture lamp'),
      priceData: { price: 12 },
      productOptions: [{ name: 'Finish', choices: [{ value: 'Oak', description: 'Oak' }] }],
      manageVariants: true,
    });
    await page.goto(`${server.url}/admin/products/${id}`);
    await page.getByText('No pictures yet.').waitFor();
    const picture = await demoPicture();
    for (const filename of ['one.jpg', 'two.jpg']) {
      const transfer = await page.evaluateHandle(
        ({ b64, filename }) => {
          const data = new DataTransfer();
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          data.items.add(new File([bytes], filename, { type: 'image/jpeg' }));
          return data;
        },
        { b64: picture, filename },
      );
      await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
      await page.getByText(`“${filename}” was added.`).waitFor();
    }
    const items = page.getByTestId('media-item');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(async () => (await apiProduct(id)).media.items.length).toBe(2);
    await expectClean(page);

    await items.nth(1).getByLabel('Finish: Oak').check();
    await page.getByText('The picture is shown for Finish: Oak.').waitFor();
    const second = (await apiProduct(id)).media.items[1]!.id;
    expect((await apiProduct(id)).productOptions[0]!.choices[0]!.media.items.map((m) => m.id)).toEqual([
      second,
    ]);

    await pressAndWaitFor(page, 'Remove picture 1', 'The picture was removed.');
    await expect.poll(() => items.count()).toBe(1);
    expect((await apiProduct(id)).media.items.map((m) => m.id)).toEqual([second]);

    await page.getByTestId('drop-zone').dispatchEvent('drop', {
      dataTransfer: await page.evaluateHandle((b64) => {
        const data = new DataTransfer();
        data.items.add(
          new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'three.jpg', { type: 'image/jpeg' }),
        );
        return data;
      }, picture),
    });
    await page.getByText('“three.jpg” was added.').waitFor();
    await page.getByRole('button', { name: 'Remove all pictures' }).click();
    await pressAndWaitFor(page, 'Yes, remove them all', 'All pictures were removed.');
    await page.getByText('No pictures yet.').waitFor();
    const after = await apiProduct(id);
    expect(after.media.items).toEqual([]);
    expect(after.productOptions[0]!.choices[0]!.media.items).toEqual([]);
    await expectClean(page);
    await page.context().close();
  });

  it('filters and sorts the list, changes prices of ticked products by a percentage, and shows cards on a phone', async () => {
    const page = await merchant();
    const word = `zq${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (const [n, price] of [
      [1, 10],
      [2, 20],
    ] as const) {
      const id = await createProduct(server, {
        name: `Bulk ${word} ${n}`,
        priceData: { price },
        visible: n === 1,
      });
      ids.push(id);
    }
    await page.goto(`${server.url}/admin/products`);
    await page.getByLabel('Search products').fill(word);
    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.getByTestId('product-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe(`Bulk ${word} 2`);
    await page.getByLabel('Visibility').selectOption('hidden');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL((url) => !url.searchParams.has('visibility'));
    // The URL changes before the cleared form is drawn (a transition): typed before then, the word is wiped.
    await expect.poll(() => page.getByLabel('Search products').inputValue()).toBe('');
    await page.getByLabel('Search products').fill(word);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await expectClean(page);

    await page.getByLabel(`Select Bulk ${word} 1`).check();
    await page.getByLabel(`Select Bulk ${word} 2`).check();
    await page.getByLabel('Change the ticked products').selectOption('adjust-price');
    await page.getByLabel('Amount').fill('10');
    await pressAndWaitFor(page, 'Change ticked products', '2 products changed.');
    expect((await apiProduct(ids[0]!)).priceData.price).toBe(11);
    expect((await apiProduct(ids[1]!)).priceData.price).toBe(22);
    await expect.poll(() => rows.first().getByTestId('product-price').textContent()).toBe('$22.00');
    await page.context().close();

    const phone = await merchant({ width: 390, height: 800 });
    await phone.goto(`${server.url}/admin/products?q=${word}`);
    await expect.poll(() => phone.getByTestId('product-row').count()).toBe(2);
    // A card per product: the row is a block, its cells name their column.
    await expect(
      phone
        .getByTestId('product-row')
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    ).resolves.toBe('block');
    await expect(
      phone
        .getByTestId('product-row')
        .first()
        .locator('td[data-label="Price"]')
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).resolves.toBe('"Price"');
    await expectClean(phone);
    await phone.context().close();
  });
});

describe('catalogue admin: collections', () => {
  it('creates a collection, adds products with the picker, takes one out', async () => {
    const page = await merchant();
    const word = `zc${Date.now().toString(36)}`;
    for (const n of [1, 2])
      await createProduct(server, { name: `Picker ${word} ${n}`, priceData: { price: 5 } });
    await openNewIn(page, 'Collections', 'New collection');
    const name = unique('Summer picks');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Light things for warm days.');
    await pressAndWaitFor(page, 'Create collection', 'The collection was created.');
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()?.split('?')[0] ?? '');
    await page.getByText('No products yet.').waitFor();

    await pick(page, 'Find products to add', word, `Picker ${word} 1`);
    await page.getByText(`“Picker ${word} 1” was added.`).waitFor();
    await pressAndWaitFor(page, `Add Picker ${word} 2`, `“Picker ${word} 2” was added.`);
    const members = page.getByTestId('collection-members').getByRole('listitem');
    await expect.poll(() => members.count()).toBe(2);
    await pressAndWaitFor(page, `Take out Picker ${word} 1`, `“Picker ${word} 1” was taken out.`);
    const read = await server.call('GET', `/v2/collections/${id}`, { token: server.adminKey });
    expect((read.body.collection as { numberOfProducts: number; description: string }).numberOfProducts).toBe(
      1,
    );
    await expectClean(page);

    // The products list filters by it.
    await page.goto(`${server.url}/admin/products?collection=${id}`);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    await page.context().close();
  });
});

describe('catalogue admin: inventory', () => {
  it('restocks a size from the low-stock view and sets pre-orders on a variant', async () => {
    const page = await merchant();
    const word = `zi${Date.now().toString(36)}`;
    const id = await createProduct(server, {
      name: `Stock tee ${word}`,
      priceData: { price: 15 },
      productOptions: [{ name: 'Size', choices: ['S', 'M'].map((v) => ({ value: v, description: v })) }],
      manageVariants: true,
    });
    const variants = (
      await server.call('POST', `/stores-reader/v1/products/${id}/variants/query`, {
        body: {},
        token: server.adminKey,
      })
    ).body.variants as { id: string; choices: { Size: string } }[];
    await server.call('PATCH', `/stores/v2/inventoryItems/product/${id}`, {
      body: {
        inventoryItem: {
          trackQuantity: true,
          variants: variants.map((v) => ({ variantId: v.id, quantity: v.choices.Size === 'S' ? 2 : 30 })),
        },
      },
      token: server.adminKey,
    });

    await openSection(page, 'Inventory');
    await page.getByLabel('Product name or SKU').fill(word);
    await page.getByLabel('Show', { exact: true }).selectOption('low');
    await page.getByRole('button', { name: 'Apply' }).click();
    const rows = page.getByTestId('inventory-row');
    await expect.poll(() => rows.count()).toBe(1);
    await expectClean(page);
    await rows.first().getByRole('textbox').fill('25');
    await rows.first().getByRole('button', { name: /Save/ }).click();
    await page.getByText(/: 25 in stock\./).waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    const stock = await server.call('POST', `/stores-reader/v1/products/${id}/variants/query`, {
      body: { choices: { Size: 'S' } },
      token: server.adminKey,
    });
    expect(stock.body.variants).toMatchObject([{ stock: { trackQuantity: true, quantity: 25 } }]);

    // Pre-orders on M, with a limit and a message.
    await page.getByLabel('Show', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await rows.getByRole('link', { name: /M$/ }).click();
    await page.getByLabel('Take pre-orders when sold out').check();
    await page.getByLabel('Pre-order limit').fill('-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter 0 or more.').waitFor();
    await page.getByLabel('Pre-order limit').fill('10');
    await page.getByLabel('Pre-order message').fill('Ships in May');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    await expectClean(page);
    const items = await server.call('POST', '/stores/v3/inventory-items/query', {
      body: { query: { filter: { productId: id, 'preorderInfo.enabled': true } } },
      token: server.adminKey,
    });
    expect(items.body.inventoryItems).toMatchObject([
      { preorderInfo: { enabled: true, limit: 10, message: 'Ships in May' } },
    ]);
    await page.context().close();
  });
});

describe('catalogue admin: customizations, import and export', () => {
  it('creates a customization with swatches, imports a CSV (bad rows listed) and downloads the export', async () => {
    const page = await merchant();
    await openNewIn(page, 'Customizations', 'New customization');
    const name = unique('Engraving colour');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Shown as').selectOption('SWATCH_CHOICES');
    await page.getByLabel('Choices', { exact: true }).fill('Gold #d4af37, Silver #c0c0c0');
    await pressAndWaitFor(page, 'Create customization', 'The customization was created.');
    await expect
      .poll(() => page.getByLabel('Choices', { exact: true }).inputValue())
      .toBe('Gold #d4af37, Silver #c0c0c0');
    await expectClean(page);

    await openSection(page, 'Import and export');
    const handle = `csv-${Date.now().toString(36)}`;
    const csv = `Handle,Name,Price\n${handle},CSV lamp,19.90\n${handle}-bad,Bad lamp,abc\n`;
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'lamps.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await pressAndWaitFor(page, 'Import 1 product', '1 created, 0 updated, 1 not imported.');
    await expect.poll(() => page.getByTestId('import-error').count()).toBe(1);
    await expect.poll(() => page.getByTestId('import-error').textContent()).toContain('Price');
    await expectClean(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download products.csv' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('products.csv');
    const text = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(text).toString('utf8')).toContain(`${handle},CSV lamp`);
    await page.context().close();
  });
});
