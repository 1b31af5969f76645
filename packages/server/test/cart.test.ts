import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeAbandonedVisitorCarts } from '../src/flows/cart/janitor.ts';
import { carts } from '../src/modules/cart/tables.ts';
import { createProduct, deleteProduct, updateProduct } from '../src/modules/catalogue/products/writes.ts';
import { redeemCoupon } from '../src/modules/settings/coupons.ts';
import { SHIPPING_CARRIER_ID } from '../src/modules/settings/shipping-option-wire.ts';
import { rows } from '../src/platform/db.ts';
import {
  authorizeSilently,
  errorCode,
  exchange,
  login,
  memberTokens,
  uniqueEmail,
  visitorTokens,
} from './identity-helpers.ts';
import { APP, type Body, seedStore, sizeAndColorOptions, TEE_PICTURE } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

interface Mcp {
  amount: string;
  formattedAmount: string;
}
interface Line {
  id: string;
  quantity: number;
  productName: { original: string };
  price: Mcp;
  fullPrice: Mcp;
  lineItemPrice: Mcp;
  availability: { status: string; quantityAvailable?: number };
  descriptionLines: Array<{
    name: { original: string };
    plainText?: { original: string };
    colorInfo?: { code: string };
  }>;
  physicalProperties: { weight?: number; shippable: boolean };
  itemType: { preset: string };
  url?: { relativePath: string; url: string };
  image?: { url: string };
  catalogReference: { catalogItemId: string; options?: Body };
  customLineItem: boolean;
  serviceProperties?: Body;
}
interface Cart {
  id: string;
  lineItems: Line[];
  revision: string;
  currency: string;
  weightUnit: string;
  appliedDiscounts: Array<{ coupon?: { code: string }; discountType: string; merchantDiscount?: Body }>;
  buyerInfo: Body;
  checkoutId?: string;
  buyerNote?: string;
  contactInfo?: Body;
}

const { server } = serverForFile({ seed: seedStore });
const products: Record<string, string> = {};
/** Twenty plain products for the concurrency tests. */
const many: string[] = [];

beforeAll(async () => {
  const ctx = server().ctx;
  const make = async (key: string, input: Parameters<typeof createProduct>[1]) => {
    products[key] = (await createProduct(ctx, input)).id;
  };
  await make('tee', {
    name: 'Basic Tee',
    price: '20.00',
    weight: 0.25,
    stock: { trackQuantity: true, quantity: 50 },
    media: [TEE_PICTURE],
  });
  await make('hoodie', {
    name: 'Hoodie',
    price: '60.00',
    weight: 0.8,
    discount: { type: 'PERCENT', value: '10' },
    productOptions: sizeAndColorOptions({ '#000000': 'Black', '#1f3a5f': 'Navy' }),
  });
  await make('ebook', { name: 'Style Guide (e-book)', price: '9.00', productType: 'digital' });
  await make('mug', {
    name: 'Engraved Mug',
    price: '15.00',
    weight: 0.4,
    customTextFields: [{ title: 'Engraving', maxLength: 20, mandatory: true }],
  });
  await make('scarce', {
    name: 'Limited Print',
    price: '40.00',
    weight: 0.1,
    stock: { trackQuantity: true, quantity: 3 },
  });
  await make('soldOut', {
    name: 'Sold Out Cap',
    price: '12.00',
    stock: { trackQuantity: true, quantity: 0 },
  });
  await make('hidden', { name: 'Secret Item', price: '5.00', visible: false });
  await make('doomed', { name: 'Discontinued Socks', price: '8.00', weight: 0.1 });
  await make('priced', { name: 'Repriced Belt', price: '30.00', weight: 0.3 });
  for (let i = 0; i < 20; i++)
    many.push((await createProduct(ctx, { name: `Sticker ${i}`, price: '1.00', weight: 0.01 })).id);
}, 120_000);

const ref = (key: string, options?: Body) => ({
  catalogItemId: products[key] ?? key,
  appId: APP,
  ...(options ? { options } : {}),
});
const item = (key: string, quantity = 1, options?: Body) => ({
  quantity,
  catalogReference: ref(key, options),
});

async function visitor(): Promise<string> {
  return (await visitorTokens(server())).access_token;
}
const cartCall = (
  token: string,
  method: string,
  suffix: string,
  body?: unknown,
  prefix = '/ecom/v1/carts/current',
) => server().call(method, `${prefix}${suffix}`, { token, ...(body !== undefined ? { body } : {}) });
const add = (token: string, lineItems: unknown[], extra: Body = {}) =>
  cartCall(token, 'POST', '/add-to-cart', { lineItems, ...extra });
const getCart = async (token: string) => {
  const res = await cartCall(token, 'GET', '');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart as Cart;
};
const cartOf = (res: { status: number; body: Body }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart as Cart;
};
function violations(body: Body): Array<{ field: string; violatedRule: string }> {
  const details = body.details as { validationError?: { fieldViolations: never[] } } | undefined;
  return details?.validationError?.fieldViolations ?? [];
}
const lineOf = (cart: Cart, key: string) =>
  cart.lineItems.find((l) => l.catalogReference.catalogItemId === products[key]);

describe('the current cart', () => {
  it('has no cart before the first add: OWNED_CART_NOT_FOUND', async () => {
    const token = await visitor();
    const res = await cartCall(token, 'GET', '');
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('OWNED_CART_NOT_FOUND');
    for (const [method, suffix, body] of [
      ['POST', '/remove-line-items', { lineItemIds: ['00000000-0000-4000-8000-000000000000'] }],
      [
        'POST',
        '/update-line-items-quantity',
        { lineItems: [{ id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
      ],
      ['POST', '/remove-coupon', {}],
      ['PATCH', '', { cartInfo: { buyerNote: 'no cart yet' } }],
      ['POST', '/estimate-totals', {}],
      ['POST', '/create-checkout', {}],
      ['DELETE', '', undefined],
    ] as const) {
      const r = await cartCall(token, method, suffix, body);
      expect(r.status, `${method} ${suffix}`).toBe(404);
      expect(errorCode(r.body)).toBe('OWNED_CART_NOT_FOUND');
    }
    expect((await server().call('GET', '/ecom/v1/carts/current')).status).toBe(401);
  });

  it('adds catalogue lines priced from the catalogue, with options, images and availability', async () => {
    const token = await visitor();
    const res = await add(token, [
      { ...item('tee', 2), price: '0.01', fullPrice: '0.01' },
      item('hoodie', 1, { options: { Size: 'M', Color: 'Navy' } }),
      item('ebook'),
    ]);
    const cart = cartOf(res);
    expect(cart).toMatchObject({ currency: 'USD', weightUnit: 'KG', revision: '1', appliedDiscounts: [] });
    expect(cart.buyerInfo.visitorId).toEqual(expect.any(String));
    const tee = lineOf(cart, 'tee')!;
    expect(tee).toMatchObject({
      quantity: 2,
      productName: { original: 'Basic Tee' },
      price: { amount: '20.00', formattedAmount: '$20.00' },
      lineItemPrice: { amount: '40.00' },
      availability: { status: 'AVAILABLE', quantityAvailable: 50 },
      physicalProperties: { weight: 0.25, shippable: true },
      itemType: { preset: 'PHYSICAL' },
      customLineItem: false,
    });
    expect(tee.url?.relativePath).toBe('/product-page/basic-tee');
    expect(tee.image?.url).toMatch(
      new RegExp(`^${server().url}/media/11111111-1111-4111-8111-111111111111/tee\\.jpg\\?expires=\\d+&sig=`),
    );
    const hoodie = lineOf(cart, 'hoodie')!;
    // 10 % product discount: the catalogue's discounted price, the full price beside it.
    expect(hoodie.price.amount).toBe('54.00');
    expect(hoodie.fullPrice.amount).toBe('60.00');
    expect(hoodie.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'M', translated: 'M' },
        lineType: 'PLAIN_TEXT',
      },
      {
        name: { original: 'Color', translated: 'Color' },
        colorInfo: { original: 'Navy', translated: 'Navy', code: '#1f3a5f' },
        lineType: 'COLOR',
      },
    ]);
    const ebook = lineOf(cart, 'ebook')!;
    expect(ebook).toMatchObject({
      itemType: { preset: 'DIGITAL' },
      physicalProperties: { shippable: false },
    });

    // The same item and options again adds to its line; other options make another line.
    const again = cartOf(
      await add(token, [
        item('tee', 3),
        item('hoodie', 1, { options: { Size: 'M', Color: 'Navy' } }),
        item('hoodie', 1, { options: { Size: 'L', Color: 'Black' } }),
      ]),
    );
    expect(again.revision).toBe('2');
    expect(lineOf(again, 'tee')).toMatchObject({ id: tee.id, quantity: 5 });
    expect(
      again.lineItems
        .filter((l) => l.catalogReference.catalogItemId === products.hoodie)
        .map((l) => l.quantity),
    ).toEqual([2, 1]);
    // By variant id it is the same line as by options.
    const navyM = again.lineItems.find((l) => l.id === hoodie.id)!;
    expect(navyM.quantity).toBe(2);
    expect(again.lineItems).toHaveLength(4);
  });

  it('takes custom text fields and service properties, and merges only equal ones', async () => {
    const token = await visitor();
    const missing = await add(token, [item('mug')]);
    expect(missing.status).toBe(400);
    expect(violations(missing.body)[0]).toMatchObject({
      field: 'lineItems[0].catalogReference.options.customTextFields.Engraving',
      violatedRule: 'REQUIRED_FIELD',
    });
    const long = await add(token, [item('mug', 1, { customTextFields: { Engraving: 'x'.repeat(21) } })]);
    expect(violations(long.body)[0]?.violatedRule).toBe('MAX_LENGTH');
    const cart = cartOf(
      await add(token, [
        item('mug', 1, { customTextFields: { Engraving: 'Ada' } }),
        item('mug', 1, { customTextFields: { Engraving: 'Grace' } }),
        item('mug', 2, { customTextFields: { Engraving: 'Ada' } }),
        {
          ...item('tee'),
          serviceProperties: { scheduledDate: '2030-01-02T10:00:00.000Z', numberOfParticipants: 2 },
        },
      ]),
    );
    const mugs = cart.lineItems.filter((l) => l.catalogReference.catalogItemId === products.mug);
    expect(mugs.map((l) => [l.descriptionLines[0]?.plainText?.original, l.quantity])).toEqual([
      ['Ada', 3],
      ['Grace', 1],
    ]);
    expect(lineOf(cart, 'tee')?.serviceProperties).toEqual({
      scheduledDate: '2030-01-02T10:00:00.000Z',
      numberOfParticipants: 2,
    });
  });

  it('answers 400 naming the field for bad input', async () => {
    const token = await visitor();
    const cases: Array<[unknown[], string]> = [
      [[item('tee', 0)], 'lineItems[0].quantity'],
      [[{ quantity: 1 }], 'lineItems[0].catalogReference'],
      [
        [item('hoodie', 1, { options: { Size: 'XXL', Color: 'Navy' } })],
        'lineItems[0].catalogReference.options.options.Size',
      ],
      [
        [item('hoodie', 1, { options: { Size: 'M' } })],
        'lineItems[0].catalogReference.options.options.Color',
      ],
      [[item('hoodie')], 'lineItems[0].catalogReference.options'],
      [
        [item('tee', 1, { variantId: '00000000-0000-4000-8000-000000000000' })],
        'lineItems[0].catalogReference.options.variantId',
      ],
      [
        [{ quantity: 1, catalogReference: { catalogItemId: 'abc', appId: APP } }],
        'lineItems[0].catalogReference.catalogItemId',
      ],
      [
        [{ quantity: 1, catalogReference: { catalogItemId: products.tee, appId: 'other-app' } }],
        'lineItems[0].catalogReference.appId',
      ],
    ];
    for (const [lineItems, field] of cases) {
      const res = await add(token, lineItems);
      expect(res.status, JSON.stringify(lineItems)).toBe(400);
      expect(violations(res.body).map((v) => v.field)).toContain(field);
    }
    const empty = await add(token, []);
    expect(violations(empty.body)[0]?.field).toBe('lineItems');
    const unknown = await add(token, [
      {
        quantity: 1,
        catalogReference: { catalogItemId: '00000000-0000-4000-8000-00000000abcd', appId: APP },
      },
    ]);
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('CATALOG_ITEM_NOT_FOUND');
    const hidden = await add(token, [item('hidden')]);
    expect(errorCode(hidden.body)).toBe('CATALOG_ITEM_NOT_FOUND');
    // Nothing was created by the failed calls.
    expect((await cartCall(token, 'GET', '')).status).toBe(404);
    cartOf(await add(token, [item('tee')]));
    const badAddress = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'USA' },
    });
    expect(violations(badAddress.body)[0]?.field).toBe('shippingAddress.country');
    const badQty = await cartCall(token, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: 'nope', quantity: 1 }],
    });
    expect(violations(badQty.body)[0]?.field).toBe('lineItems[0].id');
    const badJson = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: '{"lineItems": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
  });

  it('never shows one visitor the cart of another', async () => {
    const alice = await visitor();
    const bob = await visitor();
    const aliceCart = cartOf(await add(alice, [item('tee')]));
    expect((await cartCall(bob, 'GET', '')).status).toBe(404);
    const line = aliceCart.lineItems[0]!;
    expect((await cartCall(bob, 'POST', '/remove-line-items', { lineItemIds: [line.id] })).status).toBe(404);
    const bobCart = cartOf(await add(bob, [item('ebook')]));
    expect(bobCart.id).not.toBe(aliceCart.id);
    const wrongLine = await cartCall(bob, 'POST', '/update-line-items-quantity', {
      lineItems: [{ id: line.id, quantity: 5 }],
    });
    expect(wrongLine.status).toBe(400);
    const after = await getCart(alice);
    expect(after.lineItems).toEqual([expect.objectContaining({ id: line.id, quantity: 1 })]);
    expect((await getCart(bob)).lineItems.map((l) => l.catalogReference.catalogItemId)).toEqual([
      products.ebook,
    ]);
  });

  it('serves the custom-host alias', async () => {
    const token = await visitor();
    const cart = cartOf(
      await cartCall(
        token,
        'POST',
        '/add-to-cart',
        { lineItems: [item('tee')] },
        '/_api/ecom-cart/v1/carts/current',
      ),
    );
    const again = await cartCall(token, 'GET', '', undefined, '/_api/ecom-cart/v1/carts/current');
    expect((again.body.cart as Cart).id).toBe(cart.id);
  });

  it('updates quantities, removes lines, updates cart info and deletes, raising the revision each time', async () => {
    const token = await visitor();
    let cart = cartOf(await add(token, [item('tee', 2), item('ebook')]));
    const tee = lineOf(cart, 'tee')!;
    const ebook = lineOf(cart, 'ebook')!;
    cart = cartOf(
      await cartCall(token, 'POST', '/update-line-items-quantity', {
        lineItems: [{ id: tee.id, quantity: 7 }],
      }),
    );
    expect(lineOf(cart, 'tee')?.quantity).toBe(7);
    expect(cart.revision).toBe('2');
    cart = cartOf(
      await cartCall(token, 'POST', '/update-line-items-quantity', {
        lineItems: [{ id: ebook.id, quantity: 0 }],
      }),
    );
    expect(cart.lineItems.map((l) => l.id)).toEqual([tee.id]);
    cart = cartOf(
      await cartCall(token, 'PATCH', '', {
        cartInfo: {
          buyerNote: 'Gift wrap please',
          buyerInfo: { email: 'ada@example.com' },
          contactInfo: {
            address: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
          },
        },
      }),
    );
    expect(cart).toMatchObject({ buyerNote: 'Gift wrap please', revision: '4' });
    expect(cart.buyerInfo).toMatchObject({ email: 'ada@example.com' });
    // With a mask, only the named fields change: the note goes, the address stays.
    cart = cartOf(
      await cartCall(token, 'PATCH', '', {
        cartInfo: { contactInfo: { address: { country: 'FR' } } },
        cartFieldmask: 'buyerNote',
      }),
    );
    expect(cart.buyerNote).toBeUndefined();
    expect(cart.contactInfo).toMatchObject({ address: { country: 'US', city: 'New York' } });
    const badMask = await cartCall(token, 'PATCH', '', { cartFieldmask: 'revision' });
    expect(violations(badMask.body)[0]?.field).toBe('cartFieldmask');
    cart = cartOf(await cartCall(token, 'POST', '/remove-line-items', { lineItemIds: [tee.id] }));
    expect(cart.lineItems).toEqual([]);
    expect(cart.revision).toBe('6');
    const del = await cartCall(token, 'DELETE', '');
    expect(del.status).toBe(200);
    expect(del.body).toEqual({});
    expect(errorCode((await cartCall(token, 'GET', '')).body)).toBe('OWNED_CART_NOT_FOUND');
    expect(errorCode((await cartCall(token, 'DELETE', '')).body)).toBe('OWNED_CART_NOT_FOUND');

    const events = await rows<{ type: string }>(
      server().ctx.db,
      sql`select type from outbox_events where entity = 'cart' and entity_id = ${cart.id} order by id`,
    );
    expect(events.map((e) => e.type)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'updated',
      'updated',
      'deleted',
    ]);
  });

  it('reads prices and stock from the catalogue at every read', async () => {
    const token = await visitor();
    let cart = cartOf(await add(token, [item('priced'), item('scarce', 5), item('soldOut'), item('doomed')]));
    expect(lineOf(cart, 'priced')?.price.amount).toBe('30.00');
    expect(lineOf(cart, 'scarce')?.availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 3,
    });
    expect(lineOf(cart, 'soldOut')?.availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 });
    await updateProduct(server().ctx, products.priced!, { price: '35.50' });
    await deleteProduct(server().ctx, products.doomed!);
    cart = await getCart(token);
    expect(lineOf(cart, 'priced')?.price.amount).toBe('35.50');
    const gone = cart.lineItems.find((l) => l.productName.original === 'Discontinued Socks')!;
    expect(gone.availability).toEqual({ status: 'NOT_FOUND' });

    const totals = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'US', subdivision: 'US-TX' },
    });
    expect(totals.status).toBe(200);
    const list = totals.body.violations as Array<{
      severity: string;
      target: { lineItem?: { id: string } };
      suggestedFix?: string;
    }>;
    const byLine = (id: string) => list.filter((v) => v.target.lineItem?.id === id);
    expect(byLine(gone.id)[0]).toMatchObject({ severity: 'ERROR', suggestedFix: 'REMOVE_LINE_ITEM' });
    expect(byLine(lineOf(cart, 'soldOut')!.id)[0]).toMatchObject({ severity: 'ERROR' });
    expect(byLine(lineOf(cart, 'scarce')!.id)[0]).toMatchObject({ severity: 'WARNING' });
    // Only the lines that can be bought are priced: 35.50 + 5 × 40.00.
    expect((totals.body.priceSummary as { subtotal: Mcp }).subtotal.amount).toBe('235.50');
  });

  it('refuses caller prices from visitors: custom lines, overrides, merchant discounts', async () => {
    const token = await visitor();
    const custom = await add(token, [], {
      customLineItems: [{ quantity: 1, price: '1.00', productName: { original: 'Cheap' } }],
    });
    expect(custom.status).toBe(403);
    const override = await add(token, [{ ...item('tee'), catalogOverrideFields: { price: '0.01' } }]);
    expect(override.status).toBe(403);
    cartOf(await add(token, [item('tee')]));
    const discounts = await cartCall(token, 'PATCH', '', { merchantDiscounts: [{ amount: '5' }] });
    expect(discounts.status).toBe(403);
    const patchCustom = await cartCall(token, 'PATCH', '', {
      customLineItems: [{ quantity: 1, price: '1.00', productName: { original: 'Cheap' } }],
    });
    expect(patchCustom.status).toBe(403);
    expect((await getCart(token)).lineItems).toHaveLength(1);
    // An admin key with no visitor or member token has no current cart.
    expect((await server().call('GET', '/ecom/v1/carts/current', { token: server().adminKey })).status).toBe(
      403,
    );
  });

  it('lets an admin (key beside the shopper token) add custom lines, overrides and merchant discounts', async () => {
    const token = await visitor();
    const both = `${token},${server().adminKey}`;
    const cart = cartOf(
      await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token: both,
        body: {
          lineItems: [
            {
              ...item('tee'),
              catalogOverrideFields: { price: '12.00', productName: { original: 'Staff tee' } },
            },
          ],
          customLineItems: [
            {
              quantity: 2,
              price: '3.50',
              productName: { original: 'Gift wrap' },
              itemType: { preset: 'SERVICE' },
              media: { url: 'https://cdn.example/wrap.png', width: 10, height: 10 },
            },
          ],
        },
      }),
    );
    expect(lineOf(cart, 'tee')).toMatchObject({
      price: { amount: '12.00' },
      productName: { original: 'Staff tee' },
    });
    const wrap = cart.lineItems.find((l) => l.customLineItem)!;
    expect(wrap).toMatchObject({
      quantity: 2,
      price: { amount: '3.50' },
      itemType: { preset: 'SERVICE' },
      image: { url: 'https://cdn.example/wrap.png' },
    });
    const discounted = cartOf(
      await server().call('PATCH', '/ecom/v1/carts/current', {
        token: both,
        body: { merchantDiscounts: [{ amount: '2.00', lineItemIds: [wrap.id] }] },
      }),
    );
    expect(discounted.appliedDiscounts).toEqual([
      expect.objectContaining({
        discountType: 'SPECIFIC_ITEMS',
        merchantDiscount: expect.objectContaining({ amount: expect.objectContaining({ amount: '2.00' }) }),
      }),
    ]);
    // The shopper sees the same cart with their own token.
    expect((await getCart(token)).id).toBe(cart.id);
    const totals = await cartCall(token, 'POST', '/estimate-totals', {
      calculateShipping: false,
      calculateTax: false,
    });
    expect((totals.body.priceSummary as { subtotal: Mcp; discount: Mcp; total: Mcp }).total.amount).toBe(
      '17.00',
    );
  });
});

describe('coupons on the cart', () => {
  it('applies and removes a coupon, with clear errors', async () => {
    const token = await visitor();
    cartOf(await add(token, [item('tee', 2)]));
    const unknown = await cartCall(token, 'PATCH', '', { couponCode: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(errorCode(unknown.body)).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    expect(unknown.body.message).toBe('Coupon "NOPE" does not exist.');

    const applied = cartOf(await cartCall(token, 'PATCH', '', { couponCode: 'welcome10' }));
    expect(applied.appliedDiscounts).toEqual([
      expect.objectContaining({
        coupon: expect.objectContaining({ code: 'WELCOME10' }),
        discountType: 'GLOBAL',
      }),
    ]);
    const totals = await cartCall(token, 'POST', '/estimate-totals', {
      calculateShipping: false,
      calculateTax: false,
    });
    expect(totals.body.priceSummary).toMatchObject({
      subtotal: { amount: '40.00' },
      discount: { amount: '4.00' },
      total: { amount: '36.00' },
    });
    expect(totals.body.appliedDiscounts).toEqual([
      expect.objectContaining({
        discountType: 'GLOBAL',
        coupon: expect.objectContaining({
          code: 'WELCOME10',
          amount: expect.objectContaining({ amount: '4.00' }),
        }),
      }),
    ]);
    const removed = cartOf(await cartCall(token, 'POST', '/remove-coupon', {}));
    expect(removed.appliedDiscounts).toEqual([]);
    const noBody = await server().call('POST', '/ecom/v1/carts/current/remove-coupon', { token });
    expect(noBody.status).toBe(200);
  });

  it('refuses expired, not yet active, exhausted, out-of-scope and below-minimum coupons', async () => {
    const coupon = (body: Body) =>
      server().call('POST', '/ecom/v1/coupons', { token: server().adminKey, body: { coupon: body } });
    const past = (
      await coupon({
        code: 'OLD',
        discountType: 'PERCENTAGE',
        percentage: 5,
        expirationTime: '2020-01-01T00:00:00Z',
      })
    ).body.coupon as Body;
    expect(past.code).toBe('OLD');
    await coupon({
      code: 'SOON',
      discountType: 'PERCENTAGE',
      percentage: 5,
      startTime: '2999-01-01T00:00:00Z',
    });
    await coupon({
      code: 'BIGSPEND',
      discountType: 'FIXED_AMOUNT',
      fixedAmount: '10',
      minimumSubtotal: '100',
    });
    await coupon({
      code: 'MUGS',
      discountType: 'PERCENTAGE',
      percentage: 50,
      scope: { type: 'SPECIFIC_PRODUCTS', productIds: [products.mug] },
    });
    await coupon({ code: 'OFF', discountType: 'FREE_SHIPPING', active: false });
    const token = await visitor();
    cartOf(await add(token, [item('tee')]));
    const expect400 = async (code: string, error: string) => {
      const res = await cartCall(token, 'PATCH', '', { couponCode: code });
      expect(res.status, code).toBe(400);
      expect(errorCode(res.body), code).toBe(error);
    };
    await expect400('OLD', 'ERROR_COUPON_HAS_EXPIRED');
    await expect400('SOON', 'ERROR_COUPON_IS_NOT_ACTIVE');
    await expect400('OFF', 'ERROR_COUPON_IS_NOT_ACTIVE');
    await expect400('BIGSPEND', 'ERROR_COUPON_MINIMUM_SUBTOTAL_NOT_REACHED');
    await expect400('MUGS', 'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS');
    expect((await getCart(token)).appliedDiscounts).toEqual([]);

    // Once per customer: a redemption by this visitor exhausts WELCOME10 for them.
    const cart = await getCart(token);
    const [row] = await server()
      .ctx.db.select({ visitorId: carts.visitorId })
      .from(carts)
      .where(eq(carts.id, cart.id));
    const [welcome] = await rows<{ id: string }>(
      server().ctx.db,
      sql`select id from coupons where code = 'WELCOME10'`,
    );
    await redeemCoupon(server().ctx.db, welcome!.id, { visitorId: row!.visitorId!, orderId: 'order-1' });
    await expect400('WELCOME10', 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED');
    // …and a redemption by e-mail address (ignoring case) exhausts it for another visitor giving that address.
    const other = await visitor();
    cartOf(await add(other, [item('tee')]));
    cartOf(await cartCall(other, 'PATCH', '', { cartInfo: { buyerInfo: { email: 'shopper@example.com' } } }));
    cartOf(await cartCall(other, 'PATCH', '', { couponCode: 'WELCOME10' }));
    cartOf(await cartCall(other, 'PATCH', '', { couponCode: '' }));
    await redeemCoupon(server().ctx.db, welcome!.id, { email: 'Shopper@Example.com', orderId: 'order-2' });
    const byEmail = await cartCall(other, 'PATCH', '', { couponCode: 'WELCOME10' });
    expect(errorCode(byEmail.body)).toBe('ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED');
    // A coupon that stops applying later stays on the cart; the estimate says why.
    cartOf(await add(token, [item('mug', 1, { customTextFields: { Engraving: 'Hi' } })]));
    cartOf(await cartCall(token, 'PATCH', '', { couponCode: 'MUGS' }));
    const mug = (await getCart(token)).lineItems.find(
      (l) => l.catalogReference.catalogItemId === products.mug,
    )!;
    cartOf(await cartCall(token, 'POST', '/remove-line-items', { lineItemIds: [mug.id] }));
    const totals = await cartCall(token, 'POST', '/estimate-totals', {});
    expect(totals.status).toBe(200);
    expect(totals.body.calculationErrors).toMatchObject({
      couponCalculationError: { applicationError: { code: 'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS' } },
    });
  });
});

describe('estimate totals', () => {
  let token: string;
  let options: Array<{ code: string; title: string; carrierId: string }>;

  beforeAll(async () => {
    token = await visitor();
    cartOf(await add(token, [item('tee', 2)]));
    const res = await server().call('POST', '/ecom/v1/shipping-options/query', {
      token: server().adminKey,
      body: {},
    });
    options = (res.body.shippingOptions as Array<{ id: string; title: string; carrierId: string }>).map(
      (o) => ({
        code: o.id,
        title: o.title,
        carrierId: o.carrierId,
      }),
    );
  });
  const option = (title: string) => options.find((o) => o.title === title)!;

  it('prices shipping and California tax for a San Francisco address', async () => {
    const standard = option('Standard');
    const res = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'US', subdivision: 'US-CA', city: 'San Francisco', postalCode: '94103' },
      selectedShippingOption: { carrierId: standard.carrierId, code: standard.code },
    });
    expect(res.status).toBe(200);
    const body = res.body as Body & { shippingInfo: Body; cart: Cart };
    expect(body.cart.lineItems).toHaveLength(1);
    expect(body.priceSummary).toMatchObject({
      subtotal: { amount: '40.00' },
      shipping: { amount: '5.99' },
      tax: { amount: '2.90' },
      total: { amount: '48.89', formattedAmount: '$48.89' },
    });
    expect(body.shippingInfo).toMatchObject({
      region: { name: 'California' },
      selectedCarrierServiceOption: {
        code: standard.code,
        title: 'Standard',
        carrierId: SHIPPING_CARRIER_ID,
        requestedShippingOption: true,
      },
    });
    const offered = (
      body.shippingInfo.carrierServiceOptions as Array<{ shippingOptions: Array<{ title: string }> }>
    )[0]!.shippingOptions;
    expect(offered.map((o) => o.title)).toEqual(['Standard', 'Express', 'Store pickup']);
    expect(body.taxSummary).toMatchObject({
      totalTax: { amount: '2.90' },
      calculationDetails: { rateType: 'MANUAL_RATE' },
    });
    const line = (
      body.calculatedLineItems as Array<{
        pricesBreakdown: {
          taxDetails: {
            taxRate: string;
            taxBreakdown: Array<{ jurisdiction: string; jurisdictionType: string }>;
          };
        };
      }>
    )[0]!;
    expect(line.pricesBreakdown.taxDetails.taxRate).toBe('0.0725');
    expect(line.pricesBreakdown.taxDetails.taxBreakdown).toEqual([
      expect.objectContaining({ jurisdiction: 'California', jurisdictionType: 'STATE' }),
    ]);
    expect(body).toMatchObject({ currency: 'USD', weightUnit: 'KG', calculationErrors: {} });
  });

  it('prices New York with two jurisdictions and the cheapest option by default', async () => {
    const res = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'US', subdivision: 'NY', city: 'New York', postalCode: '10001' },
    });
    const body = res.body as Body & { shippingInfo: Body };
    expect(body.priceSummary).toMatchObject({
      shipping: { amount: '5.99' },
      tax: { amount: '3.40' },
      total: { amount: '49.39' },
    });
    expect(body.shippingInfo).toMatchObject({
      region: { name: 'United States' },
      selectedCarrierServiceOption: { title: 'Standard', requestedShippingOption: false },
    });
    const details = (
      body.calculatedLineItems as Array<{
        pricesBreakdown: { taxDetails: { taxRate: string; taxBreakdown: unknown[] } };
      }>
    )[0]!.pricesBreakdown.taxDetails;
    expect(details.taxRate).toBe('0.085');
    expect(details.taxBreakdown).toHaveLength(2);

    const express = option('Express');
    const chosen = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'US', subdivision: 'US-NY' },
      // A code alone names one of the store's own options.
      selectedShippingOption: { code: express.code },
    });
    // Express 14.99 + 2.00 handling.
    expect(chosen.body.priceSummary).toMatchObject({ shipping: { amount: '16.99' } });
  });

  it('uses the cart address and selected option when the request has none; free shipping with FREESHIP', async () => {
    const express = option('Express');
    cartOf(
      await cartCall(token, 'PATCH', '', {
        cartInfo: {
          contactInfo: { address: { country: 'US', subdivision: 'US-WA' } },
          selectedShippingOption: { carrierId: express.carrierId, code: express.code },
        },
        couponCode: 'FREESHIP',
      }),
    );
    const res = await cartCall(token, 'POST', '/estimate-totals', {});
    const body = res.body as Body & { shippingInfo: { selectedCarrierServiceOption: Body } };
    expect(body.shippingInfo.selectedCarrierServiceOption).toMatchObject({ title: 'Express' });
    // The rate is free; the handling fee is not.
    expect(body.priceSummary).toMatchObject({ subtotal: { amount: '40.00' }, tax: { amount: '2.60' } });
    expect(body.appliedDiscounts).toEqual([
      expect.objectContaining({
        discountType: 'SHIPPING',
        coupon: expect.objectContaining({
          code: 'FREESHIP',
          amount: expect.objectContaining({ amount: '14.99' }),
        }),
      }),
    ]);
    cartOf(await cartCall(token, 'POST', '/remove-coupon', {}));
  });

  it('reports an address nothing ships to as a calculation error, not a failure', async () => {
    const res = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'BR', city: 'Recife' },
    });
    expect(res.status).toBe(200);
    expect(res.body.calculationErrors).toMatchObject({
      generalShippingCalculationError: { applicationError: { code: 'NO_SHIPPING_OPTIONS' } },
    });
    expect(res.body.priceSummary).toMatchObject({
      subtotal: { amount: '40.00' },
      shipping: { amount: '0.00' },
    });
    expect(res.body.taxSummary).toMatchObject({ calculationDetails: { rateType: 'NO_TAX_COLLECTED' } });
    const noAddress = await cartCall(token, 'POST', '/estimate-totals', {});
    expect(noAddress.status).toBe(200);
    const international = await cartCall(token, 'POST', '/estimate-totals', {
      shippingAddress: { country: 'GB' },
    });
    expect(international.body.priceSummary).toMatchObject({ shipping: { amount: '19.99' } });
  });

  it('creates a checkout from the cart', async () => {
    const res = await cartCall(token, 'POST', '/create-checkout', {
      channelType: 'WEB',
      email: 'ada@example.com',
      shippingAddress: { country: 'US', subdivision: 'US-NY' },
    });
    expect(res.status).toBe(200);
    const checkoutId = res.body.checkoutId as string;
    expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getCart(token)).checkoutId).toBe(checkoutId);
    const [row] = await rows<{ cart: { lineItems: unknown[] }; request: Body; channel_type: string }>(
      server().ctx.db,
      sql`select cart, request, channel_type from checkouts where id = ${checkoutId}`,
    );
    expect(row?.cart.lineItems).toHaveLength(1);
    expect(row?.request).toMatchObject({ email: 'ada@example.com' });
    const bad = await cartCall(token, 'POST', '/create-checkout', { channelType: 'CARRIER_PIGEON' });
    expect(violations(bad.body)[0]?.field).toBe('channelType');
    const empty = await visitor();
    const emptyCart = cartOf(await add(empty, [item('tee')]));
    cartOf(
      await cartCall(empty, 'POST', '/remove-line-items', { lineItemIds: [emptyCart.lineItems[0]!.id] }),
    );
    expect(errorCode((await cartCall(empty, 'POST', '/create-checkout', {})).body)).toBe('EMPTY_CART');
  });
});

describe('concurrency', () => {
  it('keeps all 20 lines of 20 parallel adds of different items to one (new) cart', async () => {
    const token = await visitor();
    const results = await Promise.all(
      many.map((id) => add(token, [{ quantity: 1, catalogReference: { catalogItemId: id, appId: APP } }])),
    );
    expect(results.map((r) => r.status)).toEqual(many.map(() => 200));
    const cart = await getCart(token);
    expect(cart.lineItems).toHaveLength(20);
    expect(new Set(cart.lineItems.map((l) => l.catalogReference.catalogItemId))).toEqual(new Set(many));
    expect(cart.revision).toBe('20');
  });

  it('sums the quantities of 20 parallel adds of the same item', async () => {
    const token = await visitor();
    const results = await Promise.all(many.map(() => add(token, [item('tee', 1)])));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cart = await getCart(token);
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]?.quantity).toBe(20);
    // Parallel quantity changes and removals of different lines don't lose each other either.
    const lines = cartOf(
      await add(
        token,
        many.slice(0, 10).map((id) => ({ quantity: 1, catalogReference: { catalogItemId: id, appId: APP } })),
      ),
    ).lineItems;
    const others = lines.filter((l) => l.catalogReference.catalogItemId !== products.tee);
    await Promise.all(
      others.map((l, i) =>
        i % 2 === 0
          ? cartCall(token, 'POST', '/update-line-items-quantity', { lineItems: [{ id: l.id, quantity: 3 }] })
          : cartCall(token, 'POST', '/remove-line-items', { lineItemIds: [l.id] }),
      ),
    );
    const after = await getCart(token);
    expect(after.lineItems).toHaveLength(6);
    expect(
      after.lineItems
        .filter((l) => l.catalogReference.catalogItemId !== products.tee)
        .every((l) => l.quantity === 3),
    ).toBe(true);
  });
});

describe('visitor to member', () => {
  it("merges the visitor's cart into the member's on sign-in", async () => {
    const member = await memberTokens(server(), uniqueEmail('cart'));
    const memberCart = cartOf(await add(member.access_token, [item('tee', 1), item('ebook', 1)]));
    expect(memberCart.buyerInfo).toMatchObject({ memberId: member.memberId });

    // Another visit, anonymous at first.
    const visit = await visitorTokens(server());
    const visitorCart = cartOf(
      await add(visit.access_token, [
        item('tee', 2),
        item('hoodie', 1, { options: { Size: 'S', Color: 'Black' } }),
      ]),
    );
    cartOf(await cartCall(visit.access_token, 'PATCH', '', { couponCode: 'FREESHIP' }));

    // Sign in during that visit.
    const signIn = await login(server(), member.email, undefined, visit.access_token);
    expect(signIn.body.state).toBe('SUCCESS');
    const { code, flow } = await authorizeSilently(server(), signIn.body.sessionToken as string);
    const tokens = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expect(tokens.status).toBe(200);

    // The member.signed_in event merges the carts without any further request.
    await server().ctx.events.drain();
    const stored = await server().ctx.db.select().from(carts).where(eq(carts.id, visitorCart.id));
    expect(stored).toEqual([]);
    const signedIn = (tokens.body as { access_token: string }).access_token;
    const merged = await getCart(signedIn);
    expect(merged.id).toBe(memberCart.id);
    expect(merged.lineItems.map((l) => [l.productName.original, l.quantity])).toEqual([
      ['Basic Tee', 3],
      ['Style Guide (e-book)', 1],
      ['Hoodie', 1],
    ]);
    expect(merged.appliedDiscounts).toEqual([
      expect.objectContaining({ coupon: expect.objectContaining({ code: 'FREESHIP' }) }),
    ]);
    // The old visitor token has no cart any more.
    expect((await cartCall(visit.access_token, 'GET', '')).status).toBe(404);
    const events = await rows<{ type: string; entity_id: string }>(
      server().ctx.db,
      sql`select type, entity_id from outbox_events where (entity = 'cart' and entity_id in (${visitorCart.id}, ${memberCart.id})) or (entity = 'member' and type = 'signed_in' and entity_id = ${member.memberId}) order by id`,
    );
    expect(events.map((e) => e.type).slice(-3)).toEqual(['signed_in', 'deleted', 'updated']);
  });

  it('merges on the first member request too, before the event is handled', async () => {
    const email = uniqueEmail('eager');
    const visit = await visitorTokens(server());
    const visitorCart = cartOf(await add(visit.access_token, [item('tee', 4)]));
    const member = await memberTokens(server(), email);
    // A fresh member (registered in another visit) signs in during this visit.
    const signIn = await login(server(), member.email, undefined, visit.access_token);
    const { code, flow } = await authorizeSilently(server(), signIn.body.sessionToken as string);
    const tokens = (await exchange(server(), code, flow.verifier, `${server().url}/callback`)).body as {
      access_token: string;
    };
    const cart = await getCart(tokens.access_token);
    expect(cart.id).not.toBe(visitorCart.id);
    expect(cart.lineItems.map((l) => l.quantity)).toEqual([4]);
    await server().ctx.events.drain();
    expect((await getCart(tokens.access_token)).lineItems.map((l) => l.quantity)).toEqual([4]);
  });
});

describe('abandoned visitor carts', () => {
  it("are deleted after 90 days untouched, with cart.deleted; members' carts and fresh ones are kept", async () => {
    const oldVisitor = await visitor();
    const freshVisitor = await visitor();
    const member = await memberTokens(server(), uniqueEmail('kept'));
    const old = cartOf(await add(oldVisitor, [item('tee', 1)]));
    const fresh = cartOf(await add(freshVisitor, [item('tee', 1)]));
    const memberCart = cartOf(await add(member.access_token, [item('tee', 1)]));
    const longAgo = new Date(Date.now() - 91 * 24 * 3600 * 1000).toISOString();
    await server().ctx.db.execute(
      sql`update carts set updated_date = ${longAgo} where id in (${old.id}, ${memberCart.id})`,
    );

    expect(await purgeAbandonedVisitorCarts(server().ctx)).toBeGreaterThanOrEqual(1);
    expect((await cartCall(oldVisitor, 'GET', '')).status).toBe(404);
    expect((await getCart(freshVisitor)).id).toBe(fresh.id);
    expect((await getCart(member.access_token)).id).toBe(memberCart.id);
    const events = await rows<{ type: string; payload: Body }>(
      server().ctx.db,
      sql`select type, payload from outbox_events where entity = 'cart' and entity_id = ${old.id} order by id`,
    );
    expect(events.map((e) => e.type)).toEqual(['created', 'deleted']);
    expect(events[1]?.payload).toMatchObject({ id: old.id, visitorId: expect.any(String) });

    // The visitor comes back: a new, empty cart.
    const again = cartOf(await add(oldVisitor, [item('tee', 2)]));
    expect(again.id).not.toBe(old.id);
    expect(again.lineItems.map((l) => l.quantity)).toEqual([2]);
  });
});
