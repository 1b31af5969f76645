import { describe, expect, it } from 'vitest';
import type { StoredCatalogLine } from '../../modules/cart/model.ts';
import { currencyOf } from '../../modules/pricing/currency.ts';
import { CA_ADDRESS, coupon, manualTax, option, US } from '../../modules/pricing/fixtures.ts';
import { estimateTotals } from '../../modules/pricing/index.ts';
import type { Catalog, CatalogProduct } from '../cart/catalogue.ts';
import { lineView } from '../cart/lines.ts';
import { orderDataFrom, orderPrices } from './place-order-data.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const TEE = '11111111-1111-4111-8111-111111111111';
const BOOK = '22222222-2222-4222-8222-222222222222';
const VARIANT = '00000000-0000-0000-0000-000000000000';

const product = (
  id: string,
  name: string,
  price: string,
  productType: 'physical' | 'digital',
): CatalogProduct => ({
  id,
  name,
  slug: name.toLowerCase(),
  visible: true,
  productType,
  weight: productType === 'physical' ? 0.5 : null,
  sku: null,
  collectionIds: [],
  data: {},
  variants: [
    {
      id: VARIANT,
      choices: {},
      price,
      discountedPrice: price,
      weight: null,
      sku: null,
      visible: true,
      stock: null,
    },
  ],
});

const stored = (
  id: string,
  productId: string,
  quantity: number,
  extra: Partial<StoredCatalogLine> = {},
): StoredCatalogLine => ({
  kind: 'catalog',
  id,
  quantity,
  catalogReference: { catalogItemId: productId, appId: APP },
  productId,
  variantId: VARIANT,
  mergeKey: id,
  lastKnown: { name: id },
  addedDate: '2025-06-01T00:00:00.000Z',
  ...extra,
});

const currency = currencyOf('USD');
const catalog: Catalog = new Map([
  [TEE, product(TEE, 'Tee', '20.00', 'physical')],
  [BOOK, product(BOOK, 'Book', '9.00', 'digital')],
]);
const view = { currency, baseUrl: 'https://shop.example', defaultTaxGroupId: 'goods' };
const lines = [
  stored('l1', TEE, 2),
  stored('l2', BOOK, 1, {
    subscriptionOptionInfo: {
      title: 'Monthly',
      description: 'Every month',
      subscriptionSettings: { frequency: 'MONTH' },
    },
  }),
];
const views = lines.map((l) => lineView(l, catalog, view));
const totals = estimateTotals({
  now: '2025-06-15T12:00:00.000Z',
  store: { currency: 'USD', weightUnit: 'KG', taxIncludedInPrices: false },
  lineItems: views.map((v) => v.snapshot),
  coupon: coupon({ code: 'SAVE', discount: { type: 'PERCENTAGE', percentage: '10' } }),
  shipping: { regions: [US], options: [option('std', '5.00')] },
  tax: manualTax(),
  shippingAddress: CA_ADDRESS,
  additionalFees: [{ code: 'tip', name: 'Tip', charge: { amount: '2.00' }, source: 'MANUAL' }],
});

let n = 0;
const data = orderDataFrom({
  checkout: {
    id: 'c1',
    purchaseFlowId: 'p1',
    channelType: 'WEB',
    info: {
      buyerInfo: { email: 'ada@example.com' },
      buyerNote: 'Hi',
      billingInfo: { address: CA_ADDRESS, contactDetails: { firstName: 'Ada' } },
      shippingInfo: { shippingDestination: { address: CA_ADDRESS } },
      createdBy: { visitorId: 'v1' },
      businessLocationId: 'loc-1',
    },
  },
  views,
  totals,
  store: { currency: 'USD', taxIncludedInPrices: false, weightUnit: 'KG', locale: 'en-US' },
  buyer: { visitorId: 'v1' },
  offline: true,
  variantIds: new Map([['l1', VARIANT]]),
  digitalFiles: new Map([['l2', 'file-1']]),
  inventoryDecremented: true,
  newId: () => `id-${++n}`,
}) as Record<string, unknown> & { lineItems: Array<Record<string, unknown>> };

describe('orderPrices', () => {
  it('turns every MCP into an order price and leaves the rest alone', () => {
    expect(
      orderPrices({ a: currency.mcp(150n), list: [{ b: currency.mcp(1n), c: 'x' }], rate: '0.1' }),
    ).toEqual({
      a: { amount: '1.50', formattedAmount: '$1.50' },
      list: [{ b: { amount: '0.01', formattedAmount: '$0.01' }, c: 'x' }],
      rate: '0.1',
    });
  });
});

describe('orderDataFrom', () => {
  it('lines: names, references with the variant, prices, tax, payment option, digital file, subscription', () => {
    expect(data.lineItems).toHaveLength(2);
    const [tee, book] = data.lineItems;
    expect(tee).toMatchObject({
      id: 'l1',
      productName: { original: 'Tee', translated: 'Tee' },
      catalogReference: { catalogItemId: TEE, appId: APP, options: { variantId: VARIANT } },
      quantity: 2,
      itemType: { preset: 'PHYSICAL' },
      price: { amount: '20.00', formattedAmount: '$20.00' },
      lineItemPrice: { amount: '40.00' },
      totalDiscount: { amount: '4.00' },
      totalPriceBeforeTax: { amount: '36.00' },
      totalPriceAfterTax: { amount: '38.97' },
      paymentOption: 'FULL_PAYMENT_OFFLINE',
      taxDetails: { taxRate: '0.0825', totalTax: { amount: '2.97' } },
      taxInfo: { taxAmount: { amount: '2.97' }, taxIncludedInPrice: false },
      physicalProperties: { weight: 0.5, shippable: true },
      refundQuantity: 0,
      restockQuantity: 0,
    });
    expect(tee).not.toHaveProperty('digitalFile');
    expect(book).toMatchObject({
      itemType: { preset: 'DIGITAL' },
      digitalFile: { fileId: 'file-1' },
      subscriptionInfo: {
        cycleNumber: 1,
        subscriptionOptionTitle: 'Monthly',
        subscriptionOptionDescription: 'Every month',
        subscriptionSettings: { frequency: 'MONTH' },
      },
    });
    expect(book!.catalogReference).toEqual({ catalogItemId: BOOK, appId: APP });
  });

  it('buyer, addresses, shipping, summaries, discounts and fees with ids, channel and bookkeeping', () => {
    expect(data).toMatchObject({
      checkoutId: 'c1',
      purchaseFlowId: 'p1',
      buyerInfo: { visitorId: 'v1', email: 'ada@example.com' },
      buyerNote: 'Hi',
      billingInfo: { contactDetails: { firstName: 'Ada' } },
      recipientInfo: { address: { city: 'Los Angeles' } },
      currency: 'USD',
      weightUnit: 'KG',
      siteLanguage: 'en',
      channelInfo: { type: 'WEB' },
      createdBy: { visitorId: 'v1' },
      businessLocation: { id: 'loc-1' },
      seenByAHuman: false,
      _inventory: { decremented: true },
      shippingInfo: {
        code: 'std',
        title: 'std',
        cost: { price: { amount: '5.00' }, discount: { amount: '0.00' } },
        logistics: { shippingDestination: { address: { subdivision: 'US-CA' } } },
      },
    });
    // 49 − 4.90 + 5 shipping + 8.25 % of 44.10 (3.64) + 2 tip.
    expect(data.priceSummary).toEqual({
      subtotal: { amount: '49.00', formattedAmount: '$49.00' },
      shipping: { amount: '5.00', formattedAmount: '$5.00' },
      tax: { amount: '3.64', formattedAmount: '$3.64' },
      discount: { amount: '4.90', formattedAmount: '$4.90' },
      total: { amount: '54.74', formattedAmount: '$54.74' },
      totalAdditionalFees: { amount: '2.00', formattedAmount: '$2.00' },
    });
    expect(data.appliedDiscounts).toEqual([
      expect.objectContaining({
        id: 'id-1',
        discountType: 'GLOBAL',
        coupon: expect.objectContaining({ code: 'SAVE' }),
      }),
    ]);
    expect(data.additionalFees).toEqual([
      expect.objectContaining({
        id: 'id-2',
        code: 'tip',
        name: 'Tip',
        price: { amount: '2.00', formattedAmount: '$2.00' },
      }),
    ]);
  });

  it('a member buyer; online lines keep their option when charged', () => {
    const charged = orderDataFrom({
      checkout: { id: 'c', purchaseFlowId: 'p', channelType: 'POS', info: {} },
      views,
      totals,
      store: { currency: 'USD', taxIncludedInPrices: true, weightUnit: 'LB', locale: 'fr-FR' },
      buyer: { memberId: 'm1', visitorId: 'v1' },
      offline: false,
      variantIds: new Map(),
      inventoryDecremented: false,
      newId: () => 'x',
    }) as Record<string, unknown> & { lineItems: Array<Record<string, unknown>> };
    expect(charged.buyerInfo).toEqual({ memberId: 'm1' });
    expect(charged.lineItems[0]!.paymentOption).toBe('FULL_PAYMENT_ONLINE');
    expect(charged).not.toHaveProperty('recipientInfo');
    expect(charged).toMatchObject({
      siteLanguage: 'fr',
      taxIncludedInPrices: true,
      _inventory: { decremented: false },
    });
  });
});
