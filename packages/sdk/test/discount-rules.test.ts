import type { TestServer } from '@aisle/server/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleValidationError,
  createClient,
  currentCart,
  discountRules,
  OAuthStrategy,
  products,
  STORES_APP_ID,
} from '../src/index.ts';
import { adminClient, serverForFile } from './test-server.ts';

let server: TestServer;
let productId: string;

const admin = () => adminClient(server, { discountRules, products });

serverForFile((s) => (server = s));

beforeAll(async () => {
  const created = await admin().products.createProduct({
    name: 'Rule socks',
    priceData: { price: 12 },
    productType: 'physical',
  });
  productId = created.id!;
});

describe('discountRules module', () => {
  it('creates a rule with dates as Date objects, updates it by `mask`, queries and deletes it', async () => {
    const sdk = admin();
    const rule = await sdk.discountRules.createDiscountRule({
      name: 'Socks: 3 for 30',
      activeTimeInfo: { start: new Date('2024-01-01T00:00:00Z') },
      trigger: { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 3 } },
      discounts: {
        values: [
          {
            discountType: 'QUANTITY_BASED',
            quantityBased: { configurations: [{ quantity: 3, price: '30.00' }] },
          },
        ],
      },
    });
    expect(rule.activeTimeInfo?.start).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(rule.createdDate).toBeInstanceOf(Date);
    expect(rule.status).toBe('LIVE');

    const renamed = await sdk.discountRules.updateDiscountRule(
      rule.id,
      { name: 'Socks: three for 30', active: false, revision: rule.revision },
      { fieldMask: ['name'] },
    );
    expect(renamed).toMatchObject({ name: 'Socks: three for 30', active: true, revision: '2' });

    const stale = await sdk.discountRules
      .updateDiscountRule(rule.id, { name: 'x', revision: '1' })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(AisleApplicationError);
    expect((stale as AisleApplicationError).code).toBe('REVISION_MISMATCH');

    const found = await sdk.discountRules.queryDiscountRules().eq('name', 'Socks: three for 30').find();
    expect(found.items.map((r) => r.id)).toEqual([rule.id]);

    const visitor = createClient({
      modules: { currentCart },
      baseUrl: server.url,
      auth: OAuthStrategy({ clientId: 'demo-storefront', baseUrl: server.url }),
    });
    await visitor.currentCart.addToCurrentCart({
      lineItems: [{ quantity: 3, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } }],
    });
    const totals = await visitor.currentCart.estimateCurrentCartTotals({});
    expect(totals.appliedDiscounts).toEqual([
      expect.objectContaining({
        discountRule: expect.objectContaining({
          id: rule.id,
          amount: expect.objectContaining({ amount: '6.00' }),
        }),
      }),
    ]);

    await sdk.discountRules.deleteDiscountRule(rule.id);
    await expect(sdk.discountRules.getDiscountRule(rule.id)).rejects.toBeInstanceOf(AisleApplicationError);
  });

  it('previews what a cart would get from the live rules, without writing anything', async () => {
    const sdk = admin();
    const rule = await sdk.discountRules.createDiscountRule({
      name: 'Spend $50, get 10 % off',
      trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50' } },
      discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10 }] },
    });
    const cart = (quantity: number) => ({
      lineItems: [{ quantity, catalogReference: { catalogItemId: productId, appId: STORES_APP_ID } }],
    });
    const five = await sdk.discountRules.previewDiscountRules(cart(5));
    expect(five.appliedDiscounts).toEqual([
      expect.objectContaining({
        discountRule: expect.objectContaining({
          id: rule.id,
          name: expect.objectContaining({ translated: 'Spend $50, get 10 % off' }),
          amount: expect.objectContaining({ amount: '6.00' }),
        }),
      }),
    ]);
    expect(five.priceSummary.total?.amount).toBe('54.00');
    const two = await sdk.discountRules.previewDiscountRules(cart(2));
    expect(two.appliedDiscounts).toEqual([]);
    expect((await sdk.discountRules.getDiscountRule(rule.id)).usageCount).toBe(0);

    const error = await sdk.discountRules.previewDiscountRules({ lineItems: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleValidationError);
    expect((error as AisleValidationError).fieldViolations.map((v) => v.field)).toContain('lineItems');
    await sdk.discountRules.deleteDiscountRule(rule.id);
  });

  it('a bad rule rejects with a validation error naming the field', async () => {
    const error = await admin()
      .discountRules.createDiscountRule({
        name: 'Backwards',
        trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '100', to: '10' } },
        discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10 }] },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleValidationError);
    expect((error as AisleValidationError).fieldViolations.map((v) => v.field)).toEqual([
      'discountRule.trigger.subtotalRange.to',
    ]);
  });
});
