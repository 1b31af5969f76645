import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectClean, withAdminStore } from './admin-helpers.ts';
import { newShopper, pressAndWaitFor } from './store.ts';

const { server, browser, merchant } = withAdminStore();

interface ApiCollection {
  id: string;
  name: string;
  media: { items: unknown[]; mainMedia?: { id: string; image: { url: string; altText?: string } } };
}

const kitchen = async () =>
  (await server.call('GET', '/v2/collections/slug/kitchen', { token: server.adminKey })).body
    .collection as ApiCollection;

/** A collection's products in the merchant's order: the merchant's view (hidden ones too) or the shoppers'. */
async function featured(collectionId: string, as: 'merchant' | 'shopper' = 'merchant'): Promise<string[]> {
  const page = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
    ...(as === 'merchant' ? { token: server.adminKey } : {}),
    body: {
      query: {
        filter: { collectionIds: { $hasSome: [collectionId] } },
        sort: [{ fieldName: 'collectionPosition', order: 'ASC' }],
        paging: { limit: 100 },
      },
    },
  });
  return (page.body.products as Array<{ name: string }>).map((p) => p.name);
}

async function openKitchen(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await page
    .getByRole('navigation', { name: 'Catalogue' })
    .getByRole('link', { name: 'Collections', exact: true })
    .click();
  await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
  // The demo's collections come with their pictures.
  await expect.poll(() => page.locator('img.thumb').count()).toBeGreaterThan(0);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describe('collections: image and order', () => {
  it('orders a collection by keyboard and by dragging; the store shows it as Featured', async () => {
    const collection = await kitchen();
    const before = await featured(collection.id);
    expect(before.length).toBeGreaterThan(3);
    const page = await merchant();
    await openKitchen(page, collection.name);
    const members = page.getByTestId('collection-members').getByRole('listitem');
    await expect.poll(() => members.count()).toBe(before.length);
    await expect.poll(() => members.first().textContent()).toContain(before[0]);

    // Keyboard: the first product one down; focus stays on its button.
    await page.getByRole('button', { name: `Move down ${before[0]}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`“${before[0]}” is now number 2 of the collection.`).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`Move down ${before[0]}`);
    await expect
      .poll(async () => (await featured(collection.id)).slice(0, 2))
      .toEqual([before[1], before[0]]);

    // Drag the third product onto the first: it leads.
    const third = before[2]!;
    await members.nth(2).dragTo(members.first());
    await page.getByText(`“${third}” is now number 1 of the collection.`).waitFor();
    const expected = [third, before[1]!, before[0]!, ...before.slice(3)];
    await expect.poll(() => featured(collection.id)).toEqual(expected);
    await expectClean(page);

    // Shoppers: "Featured" is the collection's default sort and follows the merchant's order (hidden ones left out).
    const shown = await featured(collection.id, 'shopper');
    expect(shown.length).toBeGreaterThan(1);
    expect(expected.filter((name) => shown.includes(name))).toEqual(shown);
    const shopper = await newShopper(browser);
    await shopper.goto(`${server.url}/collections/kitchen`);
    await shopper.getByRole('heading', { name: collection.name, level: 1 }).waitFor();
    const sort = shopper.getByLabel('Sort by');
    await expect.poll(() => sort.inputValue()).toBe('featured');
    const cards = shopper.getByTestId('product-card');
    await expect.poll(() => cards.first().getByRole('heading').textContent()).toBe(shown[0]);
    await expect.poll(() => cards.nth(1).getByRole('heading').textContent()).toBe(shown[1]);
    // Another sort, then Featured again (the default: no sort in the address).
    await sort.selectOption('name-asc');
    await shopper.waitForURL((url) => url.searchParams.get('sort') === 'name-asc');
    await sort.selectOption('featured');
    await shopper.waitForURL((url) => !url.searchParams.has('sort'));
    await expect.poll(() => cards.first().getByRole('heading').textContent()).toBe(shown[0]);
    // The shop itself has no "Featured".
    await shopper.goto(`${server.url}/shop`);
    await expect
      .poll(() => shopper.getByLabel('Sort by').locator('option[value="featured"]').count())
      .toBe(0);
    await shopper.context().close();
    await page.context().close();
  });

  it('uploads an image, describes it, picks an uploaded one instead, removes it', async () => {
    const collection = await kitchen();
    const page = await merchant();
    await openKitchen(page, collection.name);
    const seeded = collection.media.mainMedia!;
    await expect(
      page.getByRole('region', { name: 'Image' }).locator('img').first().getAttribute('alt'),
    ).resolves.toBe(seeded.image.altText);

    // Upload (the file picker): a picture of the demo store's.
    const bytes = Buffer.from(await (await fetch(seeded.image.url)).arrayBuffer());
    await page.getByLabel('Upload a picture').setInputFiles({
      name: 'kitchen-shelf.jpg',
      mimeType: 'image/jpeg',
      buffer: bytes,
    });
    await page.getByText('“kitchen-shelf.jpg” is the collection’s image now.').waitFor();
    await expect.poll(async () => (await kitchen()).media.mainMedia?.id).not.toBe(seeded.id);
    const uploaded = (await kitchen()).media.mainMedia!;
    expect(uploaded.image.url).toContain('/kitchen-shelf.jpg');

    await page.getByLabel('Description of the image (alt text)').fill('Mugs on an oak shelf');
    await pressAndWaitFor(page, 'Save description', 'The image’s description was saved.');
    expect((await kitchen()).media.mainMedia).toMatchObject({
      id: uploaded.id,
      image: { altText: 'Mugs on an oak shelf' },
    });

    // Choose the seeded picture again from the uploaded ones.
    await page.getByRole('button', { name: 'Choose an uploaded picture' }).click();
    await page.getByRole('heading', { name: 'Uploaded pictures', level: 3 }).waitFor();
    await expectClean(page);
    const filename = new URL(seeded.image.url).pathname.split('/').pop()!;
    const pick = page.getByRole('button', { name: `Use ${filename}`, exact: true });
    const shown = page.locator('.media-library li');
    // The seed made the collections' pictures first: they are the oldest, on the last pages.
    while ((await pick.count()) === 0) {
      const count = await shown.count();
      await page.getByRole('button', { name: 'More pictures' }).click();
      await expect.poll(() => shown.count()).toBeGreaterThan(count);
    }
    await pick.click();
    await page.getByText(`“${filename}” is the collection’s image now.`).waitFor();
    await expect.poll(async () => (await kitchen()).media.mainMedia?.id).toBe(seeded.id);

    // The store's collection page shows it.
    const shopper = await newShopper(browser);
    // (The page of the first test may still be cached for a moment: read it until it has the change.)
    await expect
      .poll(async () => {
        await shopper.goto(`${server.url}/collections/kitchen`);
        return shopper.locator('.collection-head img').getAttribute('src');
      })
      .toContain(seeded.id);
    await shopper.context().close();

    await pressAndWaitFor(page, 'Remove the image', 'The image was removed.');
    await page.getByText('No image yet.').waitFor();
    expect((await kitchen()).media.items).toEqual([]);
    await expectClean(page);
    await page.context().close();
  });

  it("sets a demo product picture's focal point (it has a media record)", async () => {
    const found = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
      body: { query: { paging: { limit: 1 } } },
    });
    const product = (found.body.products as Array<{ id: string; name: string }>)[0]!;
    const page = await merchant();
    await page.goto(`${server.url}/admin/products/${product.id}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    const frame = page
      .getByTestId('media-item')
      .first()
      .getByRole('button', { name: 'Picture 1: set the focal point where you click' });
    const box = (await frame.boundingBox())!;
    await frame.click({ position: { x: box.width * 0.5, y: box.height * 0.25 } });
    await page.getByText(/Focal point set at \d+ %, \d+ %\./).waitFor();
    await expectClean(page);
    await page.context().close();
  });

  it('filters orders by channel (audit of issue #15: a filter the list lacked)', async () => {
    const page = await merchant();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByLabel('Channel').selectOption({ label: 'Point of sale' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('channel') === 'POS');
    await page.getByText('No order matches these filters.').waitFor();
    await expect.poll(() => page.getByLabel('Channel').inputValue()).toBe('POS');
    await expectClean(page);
    await page.context().close();
  });
});
