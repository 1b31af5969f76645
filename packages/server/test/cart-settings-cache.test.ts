import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSettings } from '../src/seed/demo-settings.ts';
import { serverForFile } from './file-server.ts';
import { visitorTokens } from './identity-helpers.ts';

/**
 * Carts read store settings, shipping and tax from a per-process cache (flows/cart/pricing.ts): a settings
 * write must show in the very next cart call.
 */

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const ADDRESS = { country: 'US', subdivision: 'US-CA', city: 'San Francisco', postalCode: '94103' };

const { server, ok } = serverForFile({
  seed: async (s) => {
    await seedDemoSettings(s.ctx);
  },
});
let token: string;
type Body = Record<string, unknown>;

beforeAll(async () => {
  token = (await visitorTokens(server())).access_token;
  const product = await server().call('POST', '/stores/v1/products', {
    token: server().adminKey,
    body: { product: { name: 'Cache mug', priceData: { price: 20 }, weight: 0.5 } },
  });
  expect(product.status).toBe(200);
  const id = (product.body.product as { id: string }).id;
  const added = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: id, appId: APP } }] },
  });
  expect(added.status).toBe(200);
});

async function estimate(): Promise<Body & { cart: Body }> {
  const res = await server().call('POST', '/ecom/v1/carts/current/estimate-totals', {
    token,
    body: { shippingAddress: ADDRESS },
  });
  expect(res.status).toBe(200);
  return res.body as Body & { cart: Body };
}

const offered = (totals: Body) =>
  (
    (totals.shippingInfo as { carrierServiceOptions: Array<{ shippingOptions: Array<{ title: string }> }> })
      .carrierServiceOptions[0]?.shippingOptions ?? []
  ).map((o) => o.title);

describe('merchant settings seen by carts', () => {
  it('follow store settings and shipping option writes at once', async () => {
    const before = await estimate();
    expect(before.cart.weightUnit).toBe('KG');
    expect(offered(before)).toContain('Express');
    // Read twice: the second comes from the cache.
    expect((await estimate()).cart.weightUnit).toBe('KG');

    await ok('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { weightUnit: 'LB' },
      fieldMask: 'weightUnit',
    });
    expect((await estimate()).cart.weightUnit).toBe('LB');
    const cart = await server().call('GET', '/ecom/v1/carts/current', { token });
    expect((cart.body.cart as Body).weightUnit).toBe('LB');

    const options = (await ok('POST', '/ecom/v1/shipping-options/query', {})).shippingOptions as Array<{
      id: string;
      title: string;
    }>;
    const express = options.find((o) => o.title === 'Express')!;
    await ok('DELETE', `/ecom/v1/shipping-options/${express.id}`);
    const after = await estimate();
    expect(offered(after)).not.toContain('Express');
    expect(offered(after).length).toBe(offered(before).length - 1);
  });

  it("tax follows the store's default taxable address for lines without their own", async () => {
    const TX = { country: 'US', subdivision: 'US-TX', city: 'Austin', postalCode: '73301' };
    const WA = { country: 'US', subdivision: 'US-WA', city: 'Seattle', postalCode: '98101' };
    const taxed = async () => {
      const res = await server().call('POST', '/ecom/v1/carts/current/estimate-totals', {
        token,
        body: { shippingAddress: TX, billingAddress: WA },
      });
      expect(res.status).toBe(200);
      const line = (res.body.calculatedLineItems as Array<{ taxableAddress: { addressType: string } }>)[0];
      return {
        tax: ((res.body.priceSummary as Body).tax as { amount: string }).amount,
        addressType: line?.taxableAddress.addressType,
      };
    };
    const setDefault = (defaultTaxableAddress: string) =>
      ok('PATCH', '/ecom/v1/store-settings', {
        storeSettings: { defaultTaxableAddress },
        fieldMask: 'defaultTaxableAddress',
      });
    // 20.00 taxed in Texas (6.25 %), Washington (6.5 %) or at the business in California (7.25 %).
    expect(await taxed()).toEqual({ tax: '1.25', addressType: 'SHIPPING' });
    await setDefault('BILLING');
    expect(await taxed()).toEqual({ tax: '1.30', addressType: 'BILLING' });
    await setDefault('BUSINESS');
    expect(await taxed()).toEqual({ tax: '1.45', addressType: 'BUSINESS' });
    await setDefault('SHIPPING');
    expect(await taxed()).toEqual({ tax: '1.25', addressType: 'SHIPPING' });
  });
});
