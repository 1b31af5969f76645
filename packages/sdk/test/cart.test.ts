import type { TestServer } from '@aisle/server/testing';
import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleValidationError,
  type Address,
  type Cart,
  type Coupon,
  coupons,
  createClient,
  currentCart,
  DEFAULT_VARIANT_ID,
  deliveryRegions,
  getImageUrl,
  OAuthStrategy,
  type Product,
  products,
  STORES_APP_ID,
  shippingOptions,
  storeSettings,
  taxGroups,
  taxRates,
  taxRegions,
} from '../src/index.ts';
import { CLIENT_ID, startStore } from './checkout-helpers.ts';
import { adminClient, serverForFile } from './test-server.ts';

let server: TestServer;

/** A new visitor: its own anonymous tokens, so its own cart. */
function visitor() {
  return createClient({
    modules: { currentCart, products },
    baseUrl: server.url,
    auth: OAuthStrategy({ clientId: CLIENT_ID, baseUrl: server.url }),
  });
}

function admin() {
  return adminClient(server, {
    coupons,
    deliveryRegions,
    shippingOptions,
    storeSettings,
    taxGroups,
    taxRates,
    taxRegions,
  });
}

/** Visible in-stock products with at least `min` variants, variants included. */
async function productsWithVariants(min: number): Promise<Product[]> {
  const found: Product[] = [];
  for await (const product of await visitor()
    .products.queryProducts({ includeVariants: true })
    .limit(100)
    .find()) {
    const inStock = (product.variants ?? []).filter(
      (v) => v.stock?.inStock !== false && v.variant?.visible !== false,
    );
    if (inStock.length >= min) found.push({ ...product, variants: inStock });
  }
  return found;
}

const line = (product: Product, variantIndex = 0, quantity = 1) => ({
  quantity,
  catalogReference: {
    catalogItemId: product.id,
    appId: STORES_APP_ID,
    options: { variantId: product.variants?.[variantIndex]?.id ?? DEFAULT_VARIANT_ID },
  },
});

const amount = (value: string | undefined): number => Number(value ?? 'NaN');

serverForFile((s) => (server = s), startStore);

describe('SDK against the real server: merchant settings and the current cart', () => {
  const reykjavik: Address = {
    country: 'IS',
    city: 'Reykjavík',
    postalCode: '101',
    addressLine1: 'Laugavegur 1',
    location: { latitude: 64.1455, longitude: -21.9301 },
  };
  const saoPaulo: Address = {
    country: 'BR',
    subdivision: 'BR-SP',
    city: 'São Paulo',
    postalCode: '01310-100',
    addressLine1: 'Avenida Paulista 1000',
  };
  let coupon: Coupon;
  const options: Record<string, string> = {};

  it('admin: creates delivery regions, shipping options, tax regions and rates, and a coupon', async () => {
    const sdk = admin();
    const settings = await sdk.storeSettings.getStoreSettings();
    expect(settings.currency).toBe('USD');
    expect(settings.businessAddress?.addressLine1).toBe('500 Market St');
    expect(settings.updatedDate).toBeInstanceOf(Date);

    const iceland = await sdk.deliveryRegions.createDeliveryRegion({
      name: 'Iceland',
      destinations: [{ countryCode: 'IS' }],
    });
    const brazil = await sdk.deliveryRegions.createDeliveryRegion({
      name: 'São Paulo',
      destinations: [{ countryCode: 'BR', subdivisions: ['BR-SP'] }],
    });
    expect(iceland.createdDate).toBeInstanceOf(Date);

    const islandPost = await sdk.shippingOptions.createShippingOption({
      title: 'Island post',
      deliveryRegionIds: [iceland.id],
      estimatedDeliveryTime: '4–6 business days',
      rates: [{ amount: '9.50' }],
    });
    const courier = await sdk.shippingOptions.createShippingOption({
      title: 'Paulista courier',
      deliveryRegionIds: [],
      rates: [{ amount: '15.00', conditions: [{ type: 'BY_TOTAL_QUANTITY', value: 1, operator: 'GTE' }] }],
      pickup: {
        address: { country: 'BR', subdivision: 'BR-SP', city: 'São Paulo', addressLine1: 'Rua Augusta 10' },
        pickupMethod: 'PICKUP_POINT',
      },
    });
    expect(courier.pickup?.address?.addressLine1).toBe('Rua Augusta 10');
    const withRegion = await sdk.shippingOptions.addDeliveryRegion(courier.id, brazil.id, {
      revision: courier.revision,
    });
    expect(withRegion.deliveryRegionIds).toEqual([brazil.id]);
    options.iceland = islandPost.code ?? '';
    options.brazil = courier.code ?? '';

    const page = await sdk.shippingOptions.queryShippingOptions().limit(2).find();
    expect(page.items.length).toBe(2);
    const all = [];
    for await (const option of page) all.push(option.title);
    expect(all).toEqual(expect.arrayContaining(['Island post', 'Paulista courier', 'Standard']));

    const [products] = await sdk.taxGroups.listDefaultTaxGroups();
    expect(products?.systemDefined).toBe(true);
    const regions = await sdk.taxRegions.bulkCreateTaxRegions(
      [{ country: 'IS' }, { country: 'BR', subdivision: 'BR-SP' }, { country: 'US', subdivision: 'US-CA' }],
      { returnEntity: true },
    );
    expect(regions.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(regions.results[2]?.itemMetadata.error?.code).toBe('ALREADY_EXISTS');
    const [is, sp] = regions.results.map((r) => r.item);
    expect(is?.createdDate).toBeInstanceOf(Date);
    await sdk.taxRates.createTaxRate({ taxRegionId: is!.id, taxGroupId: products!.id, rate: '24' });
    await sdk.taxRates.createTaxRate({
      taxRegionId: sp!.id,
      taxGroupId: products!.id,
      jurisdictions: [
        { jurisdiction: 'Brazil', jurisdictionType: 'COUNTRY', rate: '10', taxName: 'IPI' },
        { jurisdiction: 'São Paulo', jurisdictionType: 'STATE', rate: '8', taxName: 'ICMS' },
      ],
    });
    const rates = await sdk.taxRates.queryTaxRates().eq('taxRegionId', sp!.id).find();
    expect(rates.items[0]?.rate).toBe('18');

    coupon = await sdk.coupons.createCoupon({
      code: `SDK${Date.now().toString(36).toUpperCase()}`,
      name: 'SDK test: 20 % off',
      discountType: 'PERCENTAGE',
      percentage: 20,
      expirationTime: new Date(Date.now() + 86_400_000),
    });
    expect(coupon.expirationTime).toBeInstanceOf(Date);
    expect(coupon.timesUsed).toBe(0);
    const found = await sdk.coupons.queryCoupons().eq('code', coupon.code!).find();
    expect(found.items.map((c) => c.id)).toEqual([coupon.id]);
  });

  it('visitor: two variants, a quantity change, a coupon on and off, totals for two addresses, a checkout', async () => {
    const shopper = visitor();
    const [product] = await productsWithVariants(2);
    expect(product).toBeDefined();
    const p = product!;

    let cart: Cart = await shopper.currentCart.addToCurrentCart({ lineItems: [line(p, 0), line(p, 1)] });
    expect(cart.lineItems).toHaveLength(2);
    expect(cart.createdDate).toBeInstanceOf(Date);
    expect(cart.updatedDate).toBeInstanceOf(Date);
    const [first, second] = cart.lineItems;
    expect(first?.image).toMatch(/^aisle:image:\/\/v1\/[0-9a-f-]{36}\/.+#originWidth=\d+&originHeight=\d+$/);
    const image = await fetch(getImageUrl(first!.image!, { baseUrl: server.url }));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(first?.url).toBe(`${server.url}/product-page/${p.slug}`);
    expect(
      typeof first?.physicalProperties?.weight === 'number' ||
        first?.physicalProperties?.weight === undefined,
    ).toBe(true);
    expect(first?.availability?.status).toBe('AVAILABLE');
    expect(first?.catalogReference?.options).toEqual({ variantId: p.variants![0]!.id });

    // Adding the same variant again adds to its line.
    cart = await shopper.currentCart.addToCurrentCart({ lineItems: [line(p, 0)] });
    expect(cart.lineItems.find((l) => l.id === first!.id)?.quantity).toBe(2);

    cart = await shopper.currentCart.updateCurrentCartLineItemQuantity([{ id: second!.id, quantity: 3 }]);
    expect(cart.lineItems.map((l) => l.quantity)).toEqual([2, 3]);
    const unit = amount(cart.lineItems[1]?.price?.amount);
    expect(amount(cart.lineItems[1]?.lineItemPrice?.amount)).toBeCloseTo(unit * 3, 2);

    cart = await shopper.currentCart.updateCurrentCart({ couponCode: coupon.code!.toLowerCase() });
    expect(cart.appliedDiscounts?.map((d) => d.coupon?.code)).toEqual([coupon.code]);
    const discounted = await shopper.currentCart.estimateCurrentCartTotals({ shippingAddress: reykjavik });
    const subtotal = amount(discounted.priceSummary?.subtotal?.amount);
    expect(amount(discounted.priceSummary?.discount?.amount)).toBeCloseTo(subtotal * 0.2, 1);
    expect(discounted.appliedDiscounts?.[0]?.coupon?.amount?.amount).toBe(
      discounted.priceSummary?.discount?.amount,
    );

    cart = await shopper.currentCart.removeCouponFromCurrentCart();
    expect(cart.appliedDiscounts ?? []).toEqual([]);

    const inIceland = await shopper.currentCart.estimateCurrentCartTotals({ shippingAddress: reykjavik });
    const inSaoPaulo = await shopper.currentCart.estimateCurrentCartTotals({
      shippingAddress: saoPaulo,
      billingAddress: saoPaulo,
      selectedShippingOption: { code: options.brazil },
    });
    expect(inIceland.cart?.id).toBe(cart.id);
    expect(inIceland.cart?.createdDate).toBeInstanceOf(Date);
    expect(inIceland.priceSummary?.discount?.amount).toBe('0.00');
    expect(inIceland.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: options.iceland,
      title: 'Island post',
      logistics: { deliveryTime: '4–6 business days' },
    });
    expect(inIceland.shippingInfo?.selectedCarrierServiceOption?.cost?.price?.amount).toBe('9.50');
    expect(inSaoPaulo.shippingInfo?.selectedCarrierServiceOption).toMatchObject({
      code: options.brazil,
      title: 'Paulista courier',
      requestedShippingOption: true,
    });
    expect(
      inSaoPaulo.shippingInfo?.selectedCarrierServiceOption?.logistics?.pickupDetails?.address,
    ).toMatchObject({
      addressLine1: 'Rua Augusta 10',
    });
    expect(inSaoPaulo.priceSummary?.shipping?.amount).toBe('15.00');

    const itemsIs = amount(inIceland.priceSummary?.subtotal?.amount);
    expect(amount(inIceland.priceSummary?.tax?.amount)).toBeCloseTo(itemsIs * 0.24, 1);
    expect(inIceland.calculatedLineItems?.[0]?.pricesBreakdown?.taxDetails?.taxRate).toBe('0.24');
    expect(
      inSaoPaulo.calculatedLineItems?.[0]?.pricesBreakdown?.taxDetails?.taxBreakdown?.map((b) => b.taxName),
    ).toEqual(['IPI', 'ICMS']);
    expect(inSaoPaulo.taxSummary?.calculationDetails?.rateType).toBe('MANUAL_RATE');
    for (const totals of [inIceland, inSaoPaulo]) {
      const s = totals.priceSummary!;
      expect(amount(s.total?.amount)).toBeCloseTo(
        amount(s.subtotal?.amount) -
          amount(s.discount?.amount) +
          amount(s.shipping?.amount) +
          amount(s.tax?.amount),
        2,
      );
      expect(totals.calculationErrors ?? {}).toEqual({});
    }

    const { checkoutId } = await shopper.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      shippingAddress: saoPaulo,
      billingAddress: saoPaulo,
      selectedShippingOption: { code: options.brazil },
      email: 'shopper@example.com',
    });
    expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await shopper.currentCart.getCurrentCart()).checkoutId).toBe(checkoutId);
  });

  it('keeps cart info, the contact address in client names, and deletes the cart', async () => {
    const shopper = visitor();
    const [product] = await productsWithVariants(1);
    await shopper.currentCart.addToCurrentCart({ lineItems: [line(product!)] });
    const cart = await shopper.currentCart.updateCurrentCart({
      cartInfo: {
        buyerNote: 'Gift, please',
        buyerInfo: { email: 'gift@example.com' },
        contactInfo: {
          address: reykjavik,
          contactDetails: { firstName: 'Sigga', lastName: 'Jóns' },
        },
        selectedShippingOption: { code: options.iceland },
      },
      cartFieldmask: ['buyerNote', 'buyerInfo', 'contactInfo', 'selectedShippingOption'],
    });
    expect(cart.buyerNote).toBe('Gift, please');
    expect(cart.buyerInfo?.email).toBe('gift@example.com');
    expect(cart.contactInfo?.address).toEqual(reykjavik);
    // The estimate defaults to the cart's address and option.
    const totals = await shopper.currentCart.estimateCurrentCartTotals();
    expect(totals.shippingInfo?.selectedCarrierServiceOption?.title).toBe('Island post');

    await expect(shopper.currentCart.deleteCurrentCart()).resolves.toBeUndefined();
    const error = await shopper.currentCart.getCurrentCart().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({ code: 'OWNED_CART_NOT_FOUND', status: 404 });
  });

  it('errors keep their code, field and request id', async () => {
    const shopper = visitor();
    const missing = await shopper.currentCart.getCurrentCart().catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'OWNED_CART_NOT_FOUND', status: 404 });
    expect((missing as AisleApplicationError).requestId).toMatch(/.+/);

    const [product] = await productsWithVariants(1);
    await shopper.currentCart.addToCurrentCart({ lineItems: [line(product!)] });
    const unknownLine = await shopper.currentCart
      .updateCurrentCartLineItemQuantity([{ id: '00000000-0000-4000-8000-000000000000', quantity: 1 }])
      .catch((e: unknown) => e);
    expect(unknownLine).toBeInstanceOf(AisleValidationError);
    const validation = unknownLine as AisleValidationError;
    expect(validation.fieldViolations.map((v) => v.field)).toEqual(['lineItems[0].id']);
    expect(validation.message).toMatch(/^INVALID_ARGUMENT: "lineItems\[0\]\.id" /);
    expect(validation.requestId).toMatch(/.+/);

    const badCoupon = await shopper.currentCart
      .updateCurrentCart({ couponCode: 'NO-SUCH-CODE' })
      .catch((e: unknown) => e);
    expect(badCoupon).toBeInstanceOf(AisleApplicationError);
    expect((badCoupon as AisleApplicationError).code).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    expect((badCoupon as AisleApplicationError).requestId).toMatch(/.+/);

    const noProduct = await shopper.currentCart
      .addToCurrentCart({
        lineItems: [
          {
            catalogReference: { catalogItemId: '00000000-0000-4000-8000-000000000000', appId: STORES_APP_ID },
          },
        ],
      })
      .catch((e: unknown) => e);
    expect(noProduct).toMatchObject({ code: 'CATALOG_ITEM_NOT_FOUND', status: 404 });

    const forbidden = await shopper.currentCart
      .addToCurrentCart({
        customLineItems: [{ quantity: 1, price: '1.00', productName: { original: 'Free money' } }],
      })
      .catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ status: 403 });

    const notAdmin = await createClient({ modules: { coupons }, baseUrl: server.url })
      .coupons.getCoupon(coupon.id)
      .catch((e: unknown) => e);
    expect(notAdmin).toMatchObject({ status: 401 });
  });

  it('20 parallel addToCurrentCart calls keep every line', async () => {
    const shopper = visitor();
    const candidates = await productsWithVariants(1);
    const items = candidates.flatMap((p) => (p.variants ?? []).map((_, i) => line(p, i))).slice(0, 20);
    expect(items).toHaveLength(20);
    await shopper.currentCart.getCurrentCart().catch(() => undefined); // tokens first, so all 20 share one visitor
    const carts = await Promise.all(
      items.map((item) => shopper.currentCart.addToCurrentCart({ lineItems: [item] })),
    );
    expect(new Set(carts.map((c) => c.id)).size).toBe(1);
    const cart = await shopper.currentCart.getCurrentCart();
    expect(cart.lineItems).toHaveLength(20);
    const key = (ref: { catalogItemId: string; options?: Record<string, unknown> } | undefined) =>
      `${ref?.catalogItemId}/${String(ref?.options?.variantId)}`;
    expect(new Set(cart.lineItems.map((l) => key(l.catalogReference)))).toEqual(
      new Set(items.map((i) => key(i.catalogReference))),
    );
    expect(Number(cart.revision)).toBeGreaterThanOrEqual(20);

    // The same item 20 times in parallel: one line, every unit counted.
    const again = visitor();
    await again.currentCart.getCurrentCart().catch(() => undefined);
    await Promise.all(
      Array.from({ length: 20 }, () => again.currentCart.addToCurrentCart({ lineItems: [items[0]!] })),
    );
    const merged = await again.currentCart.getCurrentCart();
    expect(merged.lineItems.map((l) => l.quantity)).toEqual([20]);
  });
});
