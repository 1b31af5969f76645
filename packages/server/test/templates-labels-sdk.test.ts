import {
  ApiKeyStrategy,
  checkoutTemplates,
  createClient,
  LABEL_CARRIER_ID,
  shippoConfigurations,
} from '@aisle/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { LABEL_CARRIER_ID as SERVER_LABEL_CARRIER_ID } from '../src/modules/shipping-labels/carrier.ts';
import type { TestServer } from '../src/testing.ts';
import { line, product } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

/** The SDK's `checkoutTemplates` and `shippoConfigurations` modules against a real server. */

const { server } = serverForFile();
let sdk: ReturnType<typeof client>;
const client = (s: TestServer) =>
  createClient({
    modules: { checkoutTemplates, shippoConfigurations },
    auth: ApiKeyStrategy({ apiKey: s.adminKey }),
    baseUrl: s.url,
  });

beforeAll(() => {
  sdk = client(server());
});

describe('SDK: checkout templates', () => {
  it('creates, updates, queries, bulk-creates, starts a checkout and deletes', async () => {
    const tee = await product(server(), { name: 'SDK Tee', price: '12.00' });
    const template = await sdk.checkoutTemplates.createCheckoutTemplate({
      lineItems: [line(tee, 2)],
      customization: { lockedCoupon: true },
    });
    expect(template).toMatchObject({
      status: 'ACTIVE',
      revision: '1',
      customization: { lockedCoupon: true },
    });
    const updated = await sdk.checkoutTemplates.updateCheckoutTemplate(
      template.id,
      { status: 'INACTIVE', revision: template.revision },
      { fieldMask: ['status'] },
    );
    expect(updated.status).toBe('INACTIVE');
    await expect(sdk.checkoutTemplates.createCheckoutFromTemplate(template.id)).rejects.toMatchObject({
      code: 'CHECKOUT_TEMPLATE_INACTIVE',
    });
    await sdk.checkoutTemplates.updateCheckoutTemplate(template.id, { status: 'ACTIVE' });
    const started = await sdk.checkoutTemplates.createCheckoutFromTemplate(template.id, { siteId: 'site' });
    expect(started.checkoutUrl).toContain(`/checkout/${started.checkoutId}?redirectSessionId=`);
    expect(started.purchaseFlowId).toMatch(/^[0-9a-f-]{36}$/);

    const bulk = await sdk.checkoutTemplates.bulkCreateCheckoutTemplates([{ lineItems: [line(tee)] }, {}], {
      returnEntity: true,
    });
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    const found = await sdk.checkoutTemplates
      .queryCheckoutTemplates()
      .eq('status', 'ACTIVE')
      .limit(10)
      .find();
    expect(found.items.map((t) => t.id)).toEqual([template.id, bulk.results[0]!.itemMetadata.id]);

    const link = sdk.checkoutTemplates.checkoutLink(template.id, server().url);
    const visit = await fetch(link, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    await sdk.checkoutTemplates.deleteCheckoutTemplate(template.id);
    await expect(sdk.checkoutTemplates.getCheckoutTemplate(template.id)).rejects.toMatchObject({
      code: 'CHECKOUT_TEMPLATE_NOT_FOUND',
    });
  });
});

describe('SDK: shipping-label configurations', () => {
  it('creates with a ship-from address, adds and removes regions, queries and deletes', async () => {
    expect(LABEL_CARRIER_ID).toBe(SERVER_LABEL_CARRIER_ID);
    await server().call('PATCH', '/ecom/v1/store-settings', {
      token: server().adminKey,
      body: {
        storeSettings: { businessAddress: { country: 'US', city: 'Austin', addressLine: '1 Congress Ave' } },
      },
    });
    const region = await server().call('POST', '/ecom/v1/delivery-regions', {
      token: server().adminKey,
      body: { deliveryRegion: { name: 'US', destinations: [{ countryCode: 'US' }] } },
    });
    const regionId = (region.body.deliveryRegion as { id: string }).id;
    const config = await sdk.shippoConfigurations.createShippoConfiguration({
      domesticServices: [{ service: 'PRIORITY_MAIL', serviceSettings: { freeDeliveryMinimumAmount: '50' } }],
      packageType: 'MEDIUM_FLAT_RATE_BOX_1',
    });
    expect(config.createdDate).toBeInstanceOf(Date);
    // The client's address shape: `addressLine` arrives as `addressLine1`.
    expect(config.shipFromAddress).toMatchObject({
      country: 'US',
      city: 'Austin',
      addressLine1: '1 Congress Ave',
    });
    const added = await sdk.shippoConfigurations.addDeliveryRegion(config.id, regionId, {
      revision: config.revision,
    });
    expect(added).toMatchObject({ deliveryRegionIds: [regionId], revision: '2' });
    const found = await sdk.shippoConfigurations
      .queryShippoConfigurations()
      .hasSome('deliveryRegionIds', [regionId])
      .find();
    expect(found.items.map((c) => c.id)).toEqual([config.id]);
    const removed = await sdk.shippoConfigurations.removeDeliveryRegion(config.id, regionId, {
      revision: '2',
    });
    expect(removed.deliveryRegionIds).toEqual([]);
    await expect(
      sdk.shippoConfigurations.updateShippoConfiguration(config.id, { packageType: 'CUSTOM', revision: '1' }),
    ).rejects.toMatchObject({ code: 'REVISION_MISMATCH' });
    await sdk.shippoConfigurations.deleteShippoConfiguration(config.id);
    await expect(sdk.shippoConfigurations.getShippoConfiguration(config.id)).rejects.toMatchObject({
      code: 'SHIPPO_CONFIGURATION_NOT_FOUND',
    });
  });
});
