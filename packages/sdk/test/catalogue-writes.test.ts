import type { TestServer } from '@aisle/server/testing';
import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleError,
  brands,
  catalogVersion,
  collections,
  createClient,
  customizations,
  getImageUrl,
  imageFromWire,
  infoSections,
  inventory,
  inventoryItems,
  type Product,
  products,
  ribbons,
} from '../src/index.ts';
import { adminClient, serverForFile, startServer } from './test-server.ts';

let server: TestServer;

const modules = {
  products,
  collections,
  inventory,
  inventoryItems,
  brands,
  ribbons,
  customizations,
  infoSections,
  catalogVersion,
};

const admin = () => adminClient(server, modules);
function visitor() {
  return createClient({ modules, baseUrl: server.url });
}

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

serverForFile(
  (s) => (server = s),
  () => startServer({ demo: true }),
);

describe('SDK against the real server: catalogue writes are visible through reads', () => {
  let product: Product;
  const name = unique('SDK Tee');

  it('creates a product with options; visitors read it, cost data stays merchant-only', async () => {
    const sdk = admin();
    product = await sdk.products.createProduct({
      name,
      description: '<p>Soft <b>cotton</b><script>alert(1)</script></p>',
      productType: 'physical',
      priceData: { price: 25 },
      costAndProfitData: { itemCost: 10 },
      weight: 0.25,
      sku: `SDK-${Date.now().toString(36)}`,
      visible: true,
      brand: unique('SDK Brand'),
      ribbon: 'New',
      productOptions: [
        {
          optionType: 'drop_down',
          name: 'Size',
          choices: [
            { value: 'S', description: 'S' },
            { value: 'M', description: 'M' },
          ],
        },
      ],
      manageVariants: true,
    });
    expect(product.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(product.createdDate).toBeInstanceOf(Date);
    expect(product.description).not.toContain('<script>');
    expect(product.priceData?.price).toBe(25);
    expect(product.costAndProfitData?.itemCost).toBe(10);
    expect(product.variants).toHaveLength(2);

    const seen = await visitor().products.getProduct(product.id, { includeMerchantSpecificData: true });
    expect(seen.name).toBe(name);
    expect(seen.weight).toBe(0.25);
    expect(seen.costAndProfitData).toBeUndefined();
    const found = await visitor().products.queryProducts().eq('slug', product.slug!).find();
    expect(found.items.map((p) => p.id)).toEqual([product.id]);
  });

  it('updates the product and its variants; option availability and variant queries follow', async () => {
    const sdk = admin();
    const updated = await sdk.products.updateProduct(product.id, {
      name: `${name} II`,
      priceData: { price: 30 },
    });
    expect(updated.name).toBe(`${name} II`);
    expect(updated.lastUpdated!.getTime()).toBeGreaterThanOrEqual(product.lastUpdated!.getTime());

    const variants = await sdk.products.updateVariants(product.id, [
      { choices: { Size: 'M' }, price: 35, weight: 0.3 },
    ]);
    const medium = variants.find((v) => v.choices?.Size === 'M');
    expect(medium?.variant?.priceData?.price).toBe(35);
    expect(medium?.variant?.weight).toBe(0.3);

    const reader = visitor().products;
    const byChoice = await reader.queryProductVariants(product.id, { choices: { Size: 'M' } });
    expect(byChoice.totalResults).toBe(1);
    expect(byChoice.variants[0]?.variant?.priceData?.price).toBe(35);
    const availability = await reader.productOptionsAvailability(product.id, { Size: 'M' });
    expect(availability.selectedVariant?.price?.price).toBe(35);
    expect(availability.selectedVariant?.weight).toBe(0.3);
    expect(availability.availableForPurchase).toBe(true);
    const partial = await reader.productOptionsAvailability(product.id);
    expect(partial.selectedVariant).toBeUndefined();
    expect(partial.productOptions?.[0]?.choices?.map((c) => c.inStock)).toEqual([true, true]);

    await sdk.products.resetVariantsToDefault(product.id);
    const reset = await reader.queryProductVariants(product.id, { choices: { Size: 'M' } });
    expect(reset.variants[0]?.variant?.priceData?.price).toBe(30);

    const storeVariants = await reader.queryStoreVariants().eq('productId', product.id).find();
    expect(storeVariants.items).toHaveLength(2);
    const one = await reader.getStoreVariant(storeVariants.items[0]!.id);
    expect(one.productId).toBe(product.id);
  });

  it('adds media from a stored image URI, assigns it to a choice and removes it again', async () => {
    const sdk = admin();
    const seeded = (await visitor().products.queryProducts().limit(20).find()).items.find(
      (p) => p.media?.items?.length,
    );
    const item = seeded?.media?.items?.[0];
    const uri = imageFromWire({ ...item?.image, id: item?.id });
    expect(uri).toMatch(/^aisle:image:\/\/v1\//);
    await sdk.products.addProductMedia(product.id, [{ url: uri! }]);
    let read = await sdk.products.getProduct(product.id);
    const mediaId = read.media?.items?.[0]?.id;
    expect(mediaId).toBeDefined();
    expect((await fetch(getImageUrl(uri!, { baseUrl: server.url }))).status).toBe(200);

    await sdk.products.addProductMediaToChoices(product.id, [
      { option: 'Size', choice: 'M', mediaIds: [mediaId!] },
    ]);
    read = await sdk.products.getProduct(product.id);
    const m = read.productOptions?.[0]?.choices?.find((c) => c.description === 'M');
    expect(m?.media?.items?.map((i) => i.id)).toEqual([mediaId]);
    const variantImage = (
      await visitor().products.queryStoreVariants().eq('productId', product.id).find()
    ).items.find((v) => v.choices?.Size === 'M')?.media?.image;
    expect(variantImage).toMatch(/^aisle:image:\/\/v1\/.+#originWidth=\d+&originHeight=\d+$/);

    await sdk.products.removeProductMediaFromChoices(product.id, [
      { option: 'Size', choice: 'M', mediaIds: [mediaId!] },
    ]);
    read = await sdk.products.getProduct(product.id);
    expect(read.productOptions?.[0]?.choices?.find((c) => c.description === 'M')?.media?.items ?? []).toEqual(
      [],
    );
    await sdk.products.removeProductMedia(product.id, [mediaId!]);
    expect((await sdk.products.getProduct(product.id)).media?.items ?? []).toEqual([]);

    // All at once, choices included.
    await sdk.products.addProductMedia(product.id, [
      { url: uri!, choice: { option: 'Size', choice: 'M' } },
      { url: 'https://images.example.com/sdk/all.png' },
    ]);
    expect((await sdk.products.getProduct(product.id)).media?.items).toHaveLength(2);
    await sdk.products.removeAllProductMedia(product.id);
    read = await sdk.products.getProduct(product.id);
    expect(read.media?.items ?? []).toEqual([]);
    expect(read.productOptions?.[0]?.choices?.every((c) => (c.media?.items ?? []).length === 0)).toBe(true);
  });

  it('brands and ribbons: the product ones are entities; remove and bulk set them through products', async () => {
    const sdk = admin();
    const before = await sdk.products.getProduct(product.id);
    const brand = await sdk.brands.getOrCreateBrand(before.brand!);
    const counted = await sdk.brands.getBrand(brand.id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(counted.assignedProductsCount).toBe(1);
    expect(counted.createdDate).toBeInstanceOf(Date);

    await sdk.products.removeBrand(product.id);
    await sdk.products.removeRibbon(product.id);
    const bare = await visitor().products.getProduct(product.id);
    expect(bare.brand ?? undefined).toBeUndefined();
    expect(bare.ribbon ?? undefined).toBeUndefined();

    const ribbon = unique('Hot');
    const bulk = await sdk.products.bulkUpdateProducts([product.id, '00000000-0000-4000-8000-000000000000'], {
      price: 40,
      ribbon,
    });
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(bulk.results[1]?.itemMetadata.error?.code).toBe('PRODUCT_NOT_FOUND');
    const adjusted = await sdk.products.bulkAdjustProductProperties([product.id], {
      price: { percentage: { rate: -25 } },
    });
    expect(adjusted.bulkActionMetadata.totalSuccesses).toBe(1);
    const read = await visitor().products.getProduct(product.id);
    expect(read.ribbon).toBe(ribbon);
    expect(read.priceData?.price).toBe(30);
    const ribbons = await visitor()
      .ribbons.queryRibbons({ fields: ['ASSIGNED_PRODUCTS_COUNT'] })
      .eq('name', ribbon)
      .find();
    expect(ribbons.items.map((r) => [r.name, r.assignedProductCount])).toEqual([[ribbon, 1]]);
  });

  it('collections: create, add and remove products, update, delete', async () => {
    const sdk = admin();
    const collection = await sdk.collections.createCollection({ name: unique('SDK picks'), visible: true });
    expect(collection.lastUpdated).toBeInstanceOf(Date);
    await sdk.collections.addProductsToCollection(collection.id, [product.id]);
    const members = await visitor().products.queryProducts().hasSome('collectionIds', [collection.id]).find();
    expect(members.items.map((p) => p.id)).toEqual([product.id]);
    expect((await visitor().collections.getCollection(collection.id)).numberOfProducts).toBe(1);

    const renamed = await sdk.collections.updateCollection(collection.id, { name: `${collection.name} 2` });
    expect((await visitor().collections.getCollectionBySlug(renamed.slug!)).name).toBe(
      `${collection.name} 2`,
    );

    await sdk.collections.removeProductsFromCollection(collection.id, [product.id]);
    expect((await visitor().products.getProduct(product.id)).collectionIds ?? []).not.toContain(
      collection.id,
    );
    await sdk.collections.deleteCollection(collection.id);
    const gone = await visitor()
      .collections.getCollection(collection.id)
      .catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(AisleError);
    expect((gone as AisleError).status).toBe(404);
  });

  it('inventory v1: track, set, decrement, increment, read and query', async () => {
    const sdk = admin();
    const [small, medium] = (await sdk.products.getProduct(product.id)).variants!;
    await sdk.inventory.updateInventoryVariants(product.id, {
      trackQuantity: true,
      variants: [
        { variantId: small!.id!, quantity: 5 },
        { variantId: medium!.id!, quantity: 1 },
      ],
    });
    await sdk.inventory.decrementInventory([
      { productId: product.id, variantId: small!.id!, decrementBy: 2 },
    ]);
    await sdk.inventory.incrementInventory([
      { inventoryId: product.id, variantId: medium!.id!, incrementBy: 4 },
    ]);
    const item = await visitor().inventory.getInventoryVariants(product.id);
    expect(item.trackQuantity).toBe(true);
    expect(item.lastUpdated).toBeInstanceOf(Date);
    expect(Object.fromEntries((item.variants ?? []).map((v) => [v.variantId, v.quantity]))).toEqual({
      [small!.id!]: 3,
      [medium!.id!]: 5,
    });
    const tooMany = await sdk.inventory
      .decrementInventory([{ productId: product.id, variantId: small!.id!, decrementBy: 10 }])
      .catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(AisleError);
    expect((tooMany as AisleError).requestId).toMatch(/.+/);

    const page = await sdk.inventory.queryInventory().eq('productId', product.id).find();
    expect(page.items.map((i) => i.productId)).toEqual([product.id]);
    expect(page.totalCount).toBe(1);
    const tracked = await sdk.inventory
      .queryInventory()
      .eq('trackQuantity', true)
      .descending('numericId')
      .limit(1)
      .find();
    expect(tracked.items[0]?.productId).toBe(product.id);
  });

  it('inventory items v3: the same stock per variant, updated with revisions, changed in bulk, searched', async () => {
    const sdk = admin();
    const page = await visitor().inventoryItems.queryInventoryItems().eq('productId', product.id).find();
    expect(page.items).toHaveLength(2);
    const [first] = page.items;
    expect(first?.createdDate).toBeInstanceOf(Date);
    expect(first?.trackQuantity).toBe(true);
    const item = await sdk.inventoryItems.getInventoryItem(first!.id);
    const updated = await sdk.inventoryItems.updateInventoryItem(
      item.id,
      { quantity: 7, revision: item.revision },
      { reason: 'MANUAL' },
    );
    expect(updated.quantity).toBe(7);
    const stale = await sdk.inventoryItems
      .updateInventoryItem(item.id, { quantity: 1, revision: item.revision })
      .catch((e: unknown) => e);
    expect(stale).toMatchObject({ status: 409 });

    const decremented = await sdk.inventoryItems.bulkDecrementInventoryItems([
      { inventoryItemId: item.id, decrementBy: 2 },
    ]);
    expect(decremented.results[0]?.item?.quantity).toBe(5);
    const v1 = await visitor().inventory.getInventoryVariants(product.id, { variantIds: [item.variantId!] });
    expect(v1.variants?.[0]?.quantity).toBe(5);

    expect(await visitor().inventoryItems.countInventoryItems({ filter: { productId: product.id } })).toBe(2);
    const found = await sdk.inventoryItems.searchInventoryItems({
      filter: { productId: product.id },
      aggregations: [{ name: 'units', fieldPath: 'quantity', type: 'SCALAR', scalar: { type: 'SUM' } }],
    });
    expect(found.inventoryItems).toHaveLength(2);
    const units = found.inventoryItems.reduce((sum, i) => sum + (i.quantity ?? 0), 0);
    expect(found.aggregationData?.results?.[0]?.scalar?.value).toBe(units);

    const job = await sdk.inventoryItems.bulkAdjustInventoryItemsByFilter({ productId: product.id }, 1);
    expect(job.jobId).toMatch(/.+/);
    const after = await sdk.inventoryItems.getInventoryItem(item.id);
    expect(after.quantity).toBe(6);
  });

  it('brands, ribbons, customizations and info sections: CRUD, query, count, bulk, get-or-create', async () => {
    const sdk = admin();
    const name = unique('Zeta');
    const brand = await sdk.brands.createBrand({ name });
    const renamed = await sdk.brands.updateBrand(brand.id, { name: `${name}!`, revision: brand.revision });
    expect(renamed.revision).not.toBe(brand.revision);
    expect(await sdk.brands.getOrCreateBrand(`${name}!`)).toMatchObject({ id: brand.id });
    const bulk = await sdk.brands.bulkCreateBrands([{ name: `${name} A` }, { name: `${name} B` }]);
    expect(bulk.results.map((r) => r.item?.createdDate instanceof Date)).toEqual([true, true]);
    expect(await visitor().brands.countBrands({ filter: { name: { $startsWith: name } } })).toBe(3);
    const page = await visitor()
      .brands.queryBrands()
      .startsWith('name', name)
      .ascending('name')
      .limit(2)
      .find();
    expect(page.items).toHaveLength(2);
    const all = [];
    for await (const b of page) all.push(b.name);
    expect(all).toHaveLength(3);
    const deleted = await sdk.brands.bulkDeleteBrands(bulk.results.map((r) => r.itemMetadata.id!));
    expect(deleted.bulkActionMetadata.totalSuccesses).toBe(2);
    await sdk.brands.deleteBrand(brand.id);
    expect(await visitor().brands.countBrands({ filter: { name: { $startsWith: name } } })).toBe(0);

    const ribbon = await sdk.ribbons.getOrCreateRibbon(unique('Limited'));
    const many = await sdk.ribbons.bulkGetOrCreateRibbons([ribbon.name!, unique('Other')]);
    expect(many.results[0]?.item?.id).toBe(ribbon.id);

    const customization = await sdk.customizations.createCustomization({
      name: unique('Engraving'),
      customizationType: 'MODIFIER',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: { choices: [{ name: 'Gold', choiceType: 'CHOICE_TEXT', defaultAddedPrice: '5.00' }] },
    });
    expect(customization.createdDate).toBeInstanceOf(Date);
    const more = await sdk.customizations.addCustomizationChoices(
      customization.id,
      [{ name: 'Silver', choiceType: 'CHOICE_TEXT' }],
      { revision: customization.revision },
    );
    expect(more.choicesSettings?.choices?.map((c) => c.name)).toEqual(['Gold', 'Silver']);
    const ids = more.choicesSettings!.choices!.map((c) => c.id!);
    const reordered = await sdk.customizations.reorderCustomizationChoices(
      customization.id,
      [...ids].reverse(),
      more.revision!,
    );
    expect(reordered.choicesSettings?.choices?.map((c) => c.name)).toEqual(['Silver', 'Gold']);
    expect(
      (await visitor().customizations.queryCustomizations().eq('id', customization.id).find()).items[0]?.name,
    ).toBe(customization.name);
    await sdk.customizations.deleteCustomization(customization.id);

    const uniqueName = unique('care').replace(/\s/g, '-');
    const section = await sdk.infoSections.getOrCreateInfoSection({
      uniqueName,
      title: 'Care',
      plainDescription: '<p>Wash cold</p>',
    });
    expect(section.description?.nodes.length).toBeGreaterThan(0);
    expect((await sdk.infoSections.getOrCreateInfoSection({ uniqueName })).id).toBe(section.id);
    const updated = await sdk.infoSections.updateInfoSection(section.id, {
      title: 'Care and washing',
      revision: section.revision,
    });
    expect(updated.title).toBe('Care and washing');
    expect(await visitor().infoSections.countInfoSections({ filter: { uniqueName } })).toBe(1);
    await sdk.infoSections.bulkDeleteInfoSections([section.id]);
    const missing = await visitor()
      .infoSections.getInfoSection(section.id)
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });

    expect(await visitor().catalogVersion.getCatalogVersion()).toBe('V1_CATALOG');
  });

  it('deletes options and then the product; reads say so', async () => {
    const sdk = admin();
    await sdk.products.deleteProductOptions(product.id);
    const plain = await sdk.products.getProduct(product.id);
    expect(plain.productOptions ?? []).toEqual([]);
    expect(plain.variants?.map((v) => v.id)).toEqual(['00000000-0000-0000-0000-000000000000']);

    await sdk.products.deleteProduct(product.id);
    const error = await visitor()
      .products.getProduct(product.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({ code: 'PRODUCT_NOT_FOUND', status: 404 });
    expect((error as AisleError).requestId).toMatch(/.+/);

    const denied = await visitor()
      .products.deleteProduct(product.id)
      .catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 401 });
  });
});
