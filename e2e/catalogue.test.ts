import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose } from './browser.ts';
import { noSeriousA11yIssues } from './page-checks.ts';
import { errorsOf, newShopper, withStore } from './store.ts';

const { server, browser } = withStore();

interface WireProduct {
  name: string;
  brand?: string;
  collectionIds: string[];
  priceData: { discountedPrice: number; formatted: { price: string; discountedPrice: string } };
  stock: { inStock: boolean };
  variants?: Array<{
    choices: Record<string, string>;
    variant: { sku?: string; priceData: { formatted: { discountedPrice: string } } };
    stock: { inStock: boolean };
  }>;
}

/** What the API says for a filter, to compare the page with. */
async function query(filter: Record<string, unknown>, includeVariants = false) {
  const res = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { filter, paging: { limit: 100 } }, includeVariants },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    products: res.body.products as WireProduct[],
    total: (res.body.metadata as { total: number }).total,
  };
}

const resultCount = async (page: Page) => (await page.getByTestId('result-count').textContent())?.trim();

/** Waits for the grid to show `total` results (the count line follows the loader). */
async function expectCount(page: Page, total: number) {
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid="result-count"]')?.textContent?.trim() === text,
    `${total} ${total === 1 ? 'product' : 'products'}`,
    { timeout: 15_000 },
  );
}

/** Reloads the page: the same address comes back, its grid again `total` long. */
async function reloadKeeps(page: Page, total: number) {
  const before = page.url();
  await page.reload();
  await expectCount(page, total);
  expect(page.url()).toBe(before);
}

/**
 * Takes the filter chip `chip` off (the grid widens to `wider` results), then clears every filter (back to
 * `all`); the page had no script error, and its tab is closed.
 */
async function removeThenClear(page: Page, chip: string, wider: number, all: number) {
  await page.getByRole('link', { name: `Remove filter ${chip}` }).click();
  await expectCount(page, wider);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expectCount(page, all);
  expect(errorsOf(page)).toEqual([]);
  await page.context().close();
}

/** A new shopper's tab on the shop page, its grid showing every product (`all`, as the API says), and its filters. */
async function openShop() {
  const page = await newShopper(browser);
  await page.goto(`${server.url}/shop`);
  const all = await query({});
  await expectCount(page, all.total);
  return { page, all, filters: page.getByRole('form', { name: 'Filters' }) };
}

const cardTexts = (page: Page, selector: string) =>
  page.getByTestId('product-card').locator(selector).allTextContents();

/** The storefront's `LOW_STOCK_THRESHOLD` (apps/storefront/src/resources/products.ts). */
const LOW_STOCK_THRESHOLD = 5;

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

describe('shop filters and search', () => {
  it('narrows the grid by brand, price and stock, keeps it all in the URL and survives a reload', async () => {
    const { page, all, filters } = await openShop();

    await choose(filters.getByRole('checkbox', { name: 'Strider' }));
    await page.waitForURL((url) => url.searchParams.getAll('brand').join() === 'Strider');
    const strider = await query({ brand: { $eq: 'Strider' } });
    expect(strider.total).toBeGreaterThan(1);
    expect(strider.total).toBeLessThan(all.total);
    await expectCount(page, strider.total);
    expect(new Set(await cardTexts(page, '.product-brand'))).toEqual(new Set(['Strider']));

    // A second brand widens the match.
    await choose(filters.getByRole('checkbox', { name: 'Cobble & Co.' }));
    await page.waitForURL((url) => url.searchParams.getAll('brand').length === 2);
    const both = await query({ brand: { $in: ['Strider', 'Cobble & Co.'] } });
    await expectCount(page, both.total);

    await filters.getByLabel('Min ($)').fill('70');
    await filters.getByLabel('Max ($)').fill('130');
    await filters.getByRole('button', { name: 'Apply price' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('min') === '70' && url.searchParams.get('max') === '130',
    );
    const priced = await query({
      brand: { $in: ['Strider', 'Cobble & Co.'] },
      discountedPrice: { $gte: 70, $lte: 130 },
    });
    await expectCount(page, priced.total);
    for (const price of await cardTexts(page, '.product-price')) {
      const now = dollars(price.split('Now').at(-1) ?? price);
      expect(now).toBeGreaterThanOrEqual(70);
      expect(now).toBeLessThanOrEqual(130);
    }

    await choose(filters.getByRole('checkbox', { name: 'In stock only' }));
    await page.waitForURL((url) => url.searchParams.get('inStock') === '1');
    const stocked = await query({
      brand: { $in: ['Strider', 'Cobble & Co.'] },
      discountedPrice: { $gte: 70, $lte: 130 },
      inStock: { $eq: true },
    });
    expect(stocked.total).toBeLessThan(priced.total); // the demo's sold-out Strider runner drops out
    await expectCount(page, stocked.total);
    await expect.poll(() => page.getByText('Out of stock').count()).toBe(0);

    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc');
    await expectCount(page, stocked.total);
    // The count does not change with the order, and the router shows the new address before the
    // new page renders: wait for the cards themselves to come in price order.
    const prices = async () =>
      (await cardTexts(page, '.product-price')).map((p) => dollars(p.split('Now').at(-1) ?? p));
    await expect
      .poll(async () => {
        const now = await prices();
        return now.every((price, i) => i === 0 || now[i - 1]! >= price);
      })
      .toBe(true);
    const names = await cardTexts(page, '.product-name');

    // A reload brings back the same page, filters and all.
    await reloadKeeps(page, stocked.total);
    await expect(cardTexts(page, '.product-name')).resolves.toEqual(names);
    await expect.poll(() => filters.getByRole('checkbox', { name: 'Strider' }).isChecked()).toBe(true);
    await expect.poll(() => filters.getByRole('checkbox', { name: 'In stock only' }).isChecked()).toBe(true);
    await expect.poll(() => filters.getByLabel('Min ($)').inputValue()).toBe('70');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('price-desc');

    // Removing a filter chip widens the match again.
    await removeThenClear(page, 'In stock', priced.total, all.total);
  });

  it('narrows the grid by size and colour, keeps them in the URL and survives a reload', async () => {
    const { page, all, filters } = await openShop();
    const size = filters.getByRole('group', { name: 'Size', exact: true });
    const colour = filters.getByRole('group', { name: 'Color', exact: true });

    await choose(size.getByRole('checkbox', { name: 'M', exact: true }));
    await page.waitForURL((url) => url.searchParams.getAll('choice').join() === 'Size:M');
    const medium = await query({ optionChoices: { $hasSome: ['Size:M'] } });
    expect(medium.total).toBeGreaterThan(1);
    expect(medium.total).toBeLessThan(all.total);
    await expectCount(page, medium.total);

    // Two sizes: either one.
    await choose(size.getByRole('checkbox', { name: 'L', exact: true }));
    await page.waitForURL((url) => url.searchParams.getAll('choice').length === 2);
    const mediumOrLarge = await query({ optionChoices: { $hasSome: ['Size:M', 'Size:L'] } });
    await expectCount(page, mediumOrLarge.total);

    // And a colour: both the size and the colour.
    await choose(colour.getByRole('checkbox', { name: 'Navy', exact: true }));
    await page.waitForURL((url) => url.searchParams.getAll('choice').includes('Color:Navy'));
    const navy = await query({
      $and: [
        { optionChoices: { $hasSome: ['Size:M', 'Size:L'] } },
        { optionChoices: { $hasSome: ['Color:Navy'] } },
      ],
    });
    expect(navy.total).toBeGreaterThan(0);
    expect(navy.total).toBeLessThan(mediumOrLarge.total);
    await expectCount(page, navy.total);
    await expect(cardTexts(page, '.product-name')).resolves.toEqual(navy.products.map((p) => p.name));

    await reloadKeeps(page, navy.total);
    await expect
      .poll(() => colour.getByRole('checkbox', { name: 'Navy', exact: true }).isChecked())
      .toBe(true);
    await expect.poll(() => size.getByRole('checkbox', { name: 'L', exact: true }).isChecked()).toBe(true);
    await noSeriousA11yIssues(page);

    await removeThenClear(page, 'Navy', mediumOrLarge.total, all.total);
  });

  it('says “Only N left” when a tracked item runs low, on its card and its page', async () => {
    const press = (await query({ slug: { $eq: 'classic-french-press' } })).products[0] as WireProduct & {
      id: string;
    };
    const stock = async (quantity: number) => {
      const res = await server.call('PATCH', `/stores/v2/inventoryItems/product/${press.id}`, {
        token: server.adminKey,
        body: {
          inventoryItem: {
            trackQuantity: true,
            variants: [{ variantId: '00000000-0000-0000-0000-000000000000', quantity }],
          },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await stock(LOW_STOCK_THRESHOLD);
    const page = await newShopper(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/shop?q=${encodeURIComponent('french press')}`);
    const card = page.getByTestId('product-card').filter({ hasText: 'Classic French Press' });
    await card.getByText(`Only ${LOW_STOCK_THRESHOLD} left`).waitFor();
    await card.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/product-page/classic-french-press');
    await expect
      .poll(() => page.getByTestId('stock-status').textContent())
      .toBe(`Only ${LOW_STOCK_THRESHOLD} left`);

    // One more than the threshold is simply in stock.
    await stock(LOW_STOCK_THRESHOLD + 1);
    await page.reload();
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toBe('In stock');
    await page.goto(`${server.url}/shop?q=${encodeURIComponent('french press')}`);
    await card.waitFor();
    await expect.poll(() => card.getByText(/Only \d+ left/).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('searches by text from the header, pages through results and survives a reload', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    await page.goto(server.url);
    await page.getByRole('combobox', { name: 'Search products' }).fill('leather');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'leather');
    const leather = await query({ search: 'leather' });
    expect(leather.total).toBeGreaterThan(1);
    await expectCount(page, leather.total);
    await page.getByRole('heading', { name: 'Results for “leather”' }).waitFor();
    const names = await cardTexts(page, '.product-name');
    expect(new Set(names)).toEqual(new Set(leather.products.map((p) => p.name)));

    await page.reload();
    await expectCount(page, leather.total);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Search products' }).inputValue())
      .toBe('leather');

    // Paging: the whole shop is more than one page; the second page is a different set.
    await page.goto(`${server.url}/shop`);
    const first = await cardTexts(page, '.product-name');
    await page.getByRole('link', { name: 'Next →' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    const second = await cardTexts(page, '.product-name');
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((name) => first.includes(name))).toBe(false);

    // Nothing found is said plainly.
    await page.goto(`${server.url}/shop?q=${encodeURIComponent('zzyzx unobtainium')}`);
    await page.getByText('No products match “zzyzx unobtainium”.').waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('suggests products as the shopper types (typos forgiven), by keyboard: arrows, Enter, Escape', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    const box = page.getByRole('combobox', { name: 'Search products' });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await box.click();
    await box.pressSequentially('skilet');
    await list.getByRole('option', { name: /Cast Iron Skillet/ }).waitFor();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('status')
      .filter({ hasText: /\d+ suggestions?/ })
      .waitFor();
    await noSeriousA11yIssues(page);

    // Escape closes the list and keeps the text.
    await box.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expect.poll(() => box.inputValue()).toBe('skilet');

    // Down opens it on the first suggestion; Enter opens that product.
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    const firstId = await first.getAttribute('id');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(firstId);
    const name = (await first.locator('.suggestion-name').textContent()) ?? '';
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/product-page/'));
    await page.getByRole('heading', { level: 1, name }).waitFor();

    // Enter without a highlighted suggestion searches the shop for the text.
    await box.fill('');
    await box.pressSequentially('leather');
    await list.getByRole('option').first().waitFor();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('q') === 'leather');
    await list.waitFor({ state: 'hidden' });
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('lists a collection from the header, searchable inside the collection', async () => {
    const page = await newShopper(browser);
    await page.goto(server.url);
    await page
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('link', { name: 'Kitchen' })
      .click();
    await page.waitForURL((url) => url.pathname === '/collections/kitchen');
    await page.getByRole('heading', { name: 'Kitchen' }).waitFor();
    const collection = await server.call('GET', '/v2/collections/slug/kitchen');
    const id = (collection.body.collection as { id: string }).id;
    const kitchen = await query({ collectionIds: { $hasSome: [id] } });
    await expectCount(page, kitchen.total);

    await page.getByRole('searchbox', { name: 'Search Kitchen' }).fill('coffee');
    await page.getByRole('searchbox', { name: 'Search Kitchen' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'coffee');
    const coffee = await query({ collectionIds: { $hasSome: [id] }, search: 'coffee' });
    expect(coffee.total).toBeGreaterThan(0);
    expect(coffee.total).toBeLessThan(kitchen.total);
    await expectCount(page, coffee.total);

    await page.goto(`${server.url}/collections/staff-picks`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});

describe('product page', () => {
  it('updates price and SKU with the chosen variant and shows sold-out choices', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    const [tee] = (await query({ slug: 'classic-cotton-tee' }, true)).products;
    const variant = (size: string, color: string) =>
      tee!.variants!.find((v) => v.choices.Size === size && v.choices.Color === color)!;

    await page.goto(`${server.url}/shop`);
    await page.getByRole('link', { name: /Classic Cotton Tee/ }).click();
    await page.waitForURL((url) => url.pathname === '/product-page/classic-cotton-tee');
    await page.getByRole('heading', { name: 'Classic Cotton Tee' }).waitFor();
    await expect.poll(() => page.getByTestId('product-price').textContent()).toBe('From $24.00');
    await expect
      .poll(() => page.getByTestId('stock-status').textContent())
      .toMatch(/^Choose a size and color/);

    await choose(page.getByRole('radio', { name: 'XL' }));
    await choose(page.getByRole('radio', { name: 'Navy' }));
    await page.waitForURL(
      (url) => url.searchParams.get('Size') === 'XL' && url.searchParams.get('Color') === 'Navy',
    );
    const xl = variant('XL', 'Navy');
    await expect
      .poll(() => page.getByTestId('product-price').textContent())
      .toBe(xl.variant.priceData.formatted.discountedPrice);
    await expect.poll(() => page.getByTestId('product-sku').textContent()).toBe(xl.variant.sku);
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toMatch(/In stock|Only \d+ left/);
    // The colour's picture leads the gallery.
    await expect
      .poll(() => page.locator('.gallery-main img').getAttribute('alt'))
      .toBe('Classic Cotton Tee in navy');

    await choose(page.getByRole('radio', { name: 'M', exact: true }));
    const m = variant('M', 'Navy');
    await expect
      .poll(() => page.getByTestId('product-price').textContent())
      .toBe(m.variant.priceData.formatted.discountedPrice);
    expect(m.variant.priceData.formatted.discountedPrice).not.toBe(
      xl.variant.priceData.formatted.discountedPrice,
    );
    await expect.poll(() => page.getByTestId('product-sku').textContent()).toBe(m.variant.sku);

    // The choice survives a reload (it is in the URL).
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('product-sku').textContent()).toBe(m.variant.sku);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('marks sold-out sizes and says so when one is chosen', async () => {
    const page = await newShopper(browser);
    const [runner] = (await query({ slug: 'trail-runner-gtx' }, true)).products;
    const soldOut = runner!.variants!.filter((v) => !v.stock.inStock).map((v) => v.choices.Size!);
    const available = runner!.variants!.find((v) => v.stock.inStock)!;
    expect(soldOut.length).toBeGreaterThan(0);

    // The redirect intent's path works as well as the catalogue's page URL.
    await page.goto(`${server.url}/products/trail-runner-gtx`);
    await page.getByRole('heading', { name: 'Trail Runner GTX' }).waitFor();
    for (const size of soldOut) {
      await page.getByRole('radio', { name: `${size} (out of stock)` }).waitFor();
    }
    await choose(page.getByRole('radio', { name: available.choices.Size, exact: true }));
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toMatch(/In stock|Only \d+ left/);
    await expect.poll(() => page.getByTestId('product-sku').textContent()).toBe(available.variant.sku);

    await choose(page.getByRole('radio', { name: `${soldOut[0]} (out of stock)` }));
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toBe('Out of stock');
    const sold = runner!.variants!.find((v) => v.choices.Size === soldOut[0])!;
    await expect.poll(() => page.getByTestId('product-sku').textContent()).toBe(sold.variant.sku);

    // A sold-out product says so everywhere; an unknown one is a plain not-found page.
    await page.goto(`${server.url}/product-page/quilted-field-jacket`);
    await expect.poll(() => page.getByTestId('stock-status').textContent()).toBe('Out of stock');
    await page.goto(`${server.url}/product-page/no-such-thing`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('There is no product at “no-such-thing”.').waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('shows names and prices before images load, with sized lazy images', async () => {
    const page = await newShopper(browser);
    // Hold every image back: the text must be there anyway.
    await page.route('**/media/**', () => {});
    await page.goto(`${server.url}/product-page/scented-soy-candle`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Scented Soy Candle' }).waitFor();
    await expect.poll(() => page.getByTestId('product-price').textContent()).toMatch(/\$\d/);
    await expect.poll(() => page.getByTestId('price-per-unit').textContent()).toBe('$13.00 / 100 g');
    await page.goto(`${server.url}/shop`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('product-card').first().waitFor();
    const images = await page.locator('.product-card img').evaluateAll((list) =>
      list.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
      })),
    );
    expect(images.length).toBeGreaterThan(4);
    for (const image of images) {
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
    }
    expect(images.slice(4).every((image) => image.loading === 'lazy')).toBe(true);
    expect(await resultCount(page)).toMatch(/^\d+ products$/);
    await page.context().close();
  });
});
