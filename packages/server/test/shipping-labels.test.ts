import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LABEL_CARRIER_ID } from '../src/modules/shipping-labels/carrier.ts';
import { serverForFile } from './file-server.ts';
import * as shop from './checkout-helpers.ts';
import { seedClient } from './identity-helpers.ts';

/**
 * Shipping-label provider configurations: the wire calls, and their services as shipping options priced by the
 * table-rate carrier (estimate totals, checkout and the placed order alike).
 */

const { server, call, ok } = serverForFile({ seed: seedClient });
const ids: Record<string, string> = {};
const PATH = '/ecom/v1/shippo-configurations';
const BUSINESS = { ...shop.NEW_YORK, addressLine: '5 Dock St' };
const NEW_YORK = { ...shop.NEW_YORK, postalCode: '10002' };
const TORONTO = {
  country: 'CA',
  subdivision: 'CA-ON',
  city: 'Toronto',
  postalCode: 'M5V 2T6',
  addressLine: '1 King St',
};
const BERLIN = { country: 'DE', city: 'Berlin', postalCode: '10115', addressLine: '1 Unter den Linden' };

type Config = shop.Body & { id: string; revision: string; deliveryRegionIds: string[] };

const configCount = () => shop.countRows(server(), sql`select count(*)::int as n from shippo_configurations`);

/** The label services of an estimate for a new shopper's cart of `lines` to `address`: title → price. */
async function labelPrices(lines: shop.Body[], address: shop.Body): Promise<Record<string, string>> {
  const token = await shop.visitor(server());
  const added = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: lines },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const res = await server().call('POST', '/ecom/v1/carts/current/estimate-totals', {
    token,
    body: { shippingAddress: address },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const carriers = (
    res.body.shippingInfo as {
      carrierServiceOptions: Array<{
        carrierId: string;
        shippingOptions: Array<{ title: string; cost: { price: { amount: string } } }>;
      }>;
    }
  ).carrierServiceOptions;
  const label = carriers.find((c) => c.carrierId === LABEL_CARRIER_ID);
  return Object.fromEntries((label?.shippingOptions ?? []).map((o) => [o.title, o.cost.price.amount]));
}

beforeAll(async () => {
  await ok('PATCH', '/ecom/v1/store-settings', {
    storeSettings: { businessAddress: BUSINESS, weightUnit: 'KG', currency: 'USD' },
  });
  ids.us = (
    (
      await ok('POST', '/ecom/v1/delivery-regions', {
        deliveryRegion: { name: 'United States', destinations: [{ countryCode: 'US' }] },
      })
    ).deliveryRegion as Config
  ).id;
  ids.canada = (
    (
      await ok('POST', '/ecom/v1/delivery-regions', {
        deliveryRegion: { name: 'Canada', destinations: [{ countryCode: 'CA' }] },
      })
    ).deliveryRegion as Config
  ).id;
  ids.heavy = await shop.product(server(), { name: 'Anvil', price: '30.00', weight: 2.5 });
  ids.light = await shop.product(server(), { name: 'Feather', price: '5.00', weight: 0.1 });
  ids.unweighed = await shop.product(server(), { name: 'Mystery box', price: '10.00' });
});
describe('shipping-label configurations: the wire calls', () => {
  it('create, get, update, refuse a stale revision, query, delete — each with its event; ship-from is the business address', async () => {
    const created = (
      await ok('POST', PATH, {
        shippoConfiguration: {
          deliveryRegionId: ids.us,
          domesticServices: [
            {
              service: 'GROUND_ADVANTAGE',
              serviceSettings: {
                estimatedDeliveryTime: '2-5 business days',
                handlingFee: { value: '1.50', calculationType: 'FIXED' },
              },
            },
          ],
          internationalServices: [{ service: 'PRIORITY_MAIL_INTERNATIONAL' }],
          packageType: 'CUSTOM',
          packageDetails: {
            name: 'Shoe box',
            dimensions: { length: 30, width: 20, height: 12 },
            maxNumberOfProducts: 2,
          },
          backupRate: { active: true, value: '25.00' },
          backupWeight: { active: false },
        },
      })
    ).shippoConfiguration as Config;
    expect(created).toMatchObject({
      deliveryRegionId: ids.us,
      deliveryRegionIds: [ids.us],
      domesticServices: [
        {
          id: expect.any(String),
          service: 'GROUND_ADVANTAGE',
          serviceSettings: {
            estimatedDeliveryTime: '2-5 business days',
            handlingFee: { value: '1.50', calculationType: 'FIXED' },
          },
        },
      ],
      internationalServices: [{ service: 'PRIORITY_MAIL_INTERNATIONAL', serviceSettings: {} }],
      packageType: 'CUSTOM',
      packageDetails: { name: 'Shoe box', maxNumberOfProducts: 2 },
      shipFromAddress: BUSINESS,
      backupRate: { active: true, value: '25.00' },
      revision: '1',
    });
    expect((await ok('GET', `${PATH}/${created.id}`)).shippoConfiguration).toEqual(created);

    const updated = (
      await ok('PATCH', `${PATH}/${created.id}`, {
        shippoConfiguration: { packageType: 'SMALL_FLAT_RATE_BOX', osLocationId: 'ignored', revision: '1' },
        fieldMask: 'packageType',
      })
    ).shippoConfiguration as Config;
    expect(updated).toMatchObject({ packageType: 'SMALL_FLAT_RATE_BOX', revision: '2' });
    expect(updated).not.toHaveProperty('osLocationId');
    // The service ids stay what they were unless the services are rewritten.
    expect(updated.domesticServices).toEqual(created.domesticServices);

    const stale = await call('PATCH', `${PATH}/${created.id}`, {
      shippoConfiguration: { packageType: 'CUSTOM', revision: '1' },
    });
    expect(stale.status).toBe(409);
    expect(shop.errorCode(stale.body)).toBe('REVISION_MISMATCH');

    const other = (await ok('POST', PATH, { shippoConfiguration: { deliveryRegionIds: [ids.canada] } }))
      .shippoConfiguration as Config;
    const found = await ok('POST', `${PATH}/query`, {
      query: { filter: { deliveryRegionIds: { $hasSome: [ids.canada] } }, cursorPaging: { limit: 10 } },
    });
    expect((found.shippoConfigurations as Config[]).map((c) => c.id)).toEqual([other.id]);
    const viaGet = await call(
      'GET',
      `${PATH}/query?.r=${Buffer.from(JSON.stringify({ query: { filter: { packageType: 'SMALL_FLAT_RATE_BOX' } } })).toString('base64url')}`,
    );
    expect((viaGet.body.shippoConfigurations as Config[]).map((c) => c.id)).toEqual([created.id]);

    expect(await ok('DELETE', `${PATH}/${created.id}`)).toEqual({});
    expect(await ok('DELETE', `${PATH}/${other.id}`)).toEqual({});
    const gone = await call('GET', `${PATH}/${created.id}`);
    expect(gone.status).toBe(404);
    expect(shop.errorCode(gone.body)).toBe('SHIPPO_CONFIGURATION_NOT_FOUND');
    const events = await shop.eventsOf(server(), created.id);
    expect(events.map((e) => `${e.entity}.${e.type}`)).toEqual([
      'shippo_configuration.created',
      'shippo_configuration.updated',
      'shippo_configuration.deleted',
    ]);
    expect((events[0]!.payload.shippoConfiguration as shop.Body).shipFromAddress).toEqual(BUSINESS);
  });

  it('adds and removes delivery regions with the revision', async () => {
    const config = (await ok('POST', PATH, { shippoConfiguration: { deliveryRegionIds: [ids.us] } }))
      .shippoConfiguration as Config;
    const added = (
      await ok('POST', `${PATH}/${config.id}/delivery-regions`, {
        deliveryRegionId: ids.canada,
        revision: config.revision,
      })
    ).shippoConfiguration as Config;
    expect(added).toMatchObject({ deliveryRegionIds: [ids.us, ids.canada], revision: '2' });

    const stale = await call('POST', `${PATH}/${config.id}/delivery-regions`, {
      deliveryRegionId: ids.canada,
      revision: '1',
    });
    expect(stale.status).toBe(409);
    const unknownRegion = await call('POST', `${PATH}/${config.id}/delivery-regions`, {
      deliveryRegionId: '00000000-0000-4000-8000-000000000001',
    });
    expect(unknownRegion.status).toBe(404);
    expect(shop.errorCode(unknownRegion.body)).toBe('DELIVERY_REGION_NOT_FOUND');
    const unknownConfig = await call(
      'POST',
      `${PATH}/00000000-0000-4000-8000-000000000002/delivery-regions`,
      {
        deliveryRegionId: ids.us,
      },
    );
    expect(shop.errorCode(unknownConfig.body)).toBe('SHIPPO_CONFIGURATION_NOT_FOUND');
    const badId = await call('POST', `${PATH}/${config.id}/delivery-regions`, {
      deliveryRegionId: 'canada',
    });
    expect(badId.status).toBe(400);
    expect(shop.violationFields(badId.body)).toEqual(['deliveryRegionId']);

    const staleRemove = await call('DELETE', `${PATH}/${config.id}/delivery-regions/${ids.us}?revision=1`);
    expect(staleRemove.status).toBe(409);
    const removed = (await ok('DELETE', `${PATH}/${config.id}/delivery-regions/${ids.us}?revision=2`))
      .shippoConfiguration as Config;
    expect(removed).toMatchObject({ deliveryRegionIds: [ids.canada], revision: '3' });
    const notThere = await call('DELETE', `${PATH}/${config.id}/delivery-regions/${ids.us}`);
    expect(notThere.status).toBe(404);
    expect(shop.errorCode(notThere.body)).toBe('DELIVERY_REGION_NOT_IN_CONFIGURATION');
    expect((await ok('GET', `${PATH}/${config.id}`)).shippoConfiguration).toMatchObject({ revision: '3' });
    expect((await shop.eventsOf(server(), config.id)).map((e) => e.type)).toEqual([
      'created',
      'updated',
      'updated',
    ]);
    await ok('DELETE', `${PATH}/${config.id}`);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = await configCount();
    const cases: Array<[shop.Body, string]> = [
      [
        { domesticServices: [{ service: 'PRIORITY_MAIL_INTERNATIONAL' }] },
        'shippoConfiguration.domesticServices[0].service',
      ],
      [{ packageType: 'SHOEBOX' }, 'shippoConfiguration.packageType'],
      [
        {
          domesticServices: [
            {
              service: 'PRIORITY_MAIL',
              serviceSettings: { handlingFee: { value: '2', calculationType: 'PER_ITEM' } },
            },
          ],
        },
        'shippoConfiguration.domesticServices[0].serviceSettings.handlingFee.calculationType',
      ],
      [
        {
          domesticServices: [
            {
              service: 'PRIORITY_MAIL',
              serviceSettings: { handlingFee: { value: '120', calculationType: 'PERCENTAGE' } },
            },
          ],
        },
        'shippoConfiguration.domesticServices[0].serviceSettings.handlingFee.value',
      ],
      [
        {
          domesticServices: [
            { service: 'PRIORITY_MAIL', serviceSettings: { freeDeliveryMinimumAmount: '-5' } },
          ],
        },
        'shippoConfiguration.domesticServices[0].serviceSettings.freeDeliveryMinimumAmount',
      ],
      [
        { domesticServices: [{ service: 'PRIORITY_MAIL' }, { service: 'PRIORITY_MAIL' }] },
        'shippoConfiguration.domesticServices[1].service',
      ],
      [{ backupRate: { active: true } }, 'shippoConfiguration.backupRate.value'],
      [{ backupWeight: { active: true, value: -1 } }, 'shippoConfiguration.backupWeight.value'],
      [
        { deliveryRegionIds: ['00000000-0000-4000-8000-000000000003'] },
        'shippoConfiguration.deliveryRegionIds[0]',
      ],
      [
        { packageDetails: { maxNumberOfProducts: 0 } },
        'shippoConfiguration.packageDetails.maxNumberOfProducts',
      ],
    ];
    for (const [config, field] of cases) {
      const res = await call('POST', PATH, { shippoConfiguration: config });
      expect(res.status, JSON.stringify(config)).toBe(400);
      expect(shop.violationFields(res.body)).toContain(field);
    }
    const shopper = await shop.visitor(server());
    expect(
      (await server().call('GET', `${PATH}/00000000-0000-4000-8000-000000000004`, { token: shopper })).status,
    ).toBe(403);
    expect(await configCount()).toBe(before);

    const config = (await ok('POST', PATH, { shippoConfiguration: { deliveryRegionIds: [ids.us] } }))
      .shippoConfiguration as Config;
    const badPatch = await call('PATCH', `${PATH}/${config.id}`, {
      shippoConfiguration: { deliveryRegionIds: [ids.us, '00000000-0000-4000-8000-000000000005'] },
    });
    expect(badPatch.status).toBe(400);
    expect(shop.violationFields(badPatch.body)).toEqual(['shippoConfiguration.deliveryRegionIds[1]']);
    const readOnly = await call('PATCH', `${PATH}/${config.id}`, {
      shippoConfiguration: { shipFromAddress: BERLIN },
      fieldMask: 'shipFromAddress',
    });
    expect(readOnly.status).toBe(400);
    expect(shop.violationFields(readOnly.body)).toEqual(['fieldMask']);
    expect((await ok('GET', `${PATH}/${config.id}`)).shippoConfiguration).toEqual(config);
    await ok('DELETE', `${PATH}/${config.id}`);
  });
});

describe('label services at checkout', () => {
  it('prices the configured services for addresses in the regions, by zone, weight, handling fee and free minimum', async () => {
    const config = (
      await ok('POST', PATH, {
        shippoConfiguration: {
          deliveryRegionIds: [ids.us, ids.canada],
          domesticServices: [
            {
              service: 'GROUND_ADVANTAGE',
              serviceSettings: { handlingFee: { value: '1.50', calculationType: 'FIXED' } },
            },
            {
              service: 'PRIORITY_MAIL',
              serviceSettings: {
                estimatedDeliveryTime: '1-3 days',
                handlingFee: { value: '10', calculationType: 'PERCENTAGE' },
                freeDeliveryMinimumAmount: '100',
              },
            },
          ],
          internationalServices: [{ service: 'PRIORITY_MAIL_INTERNATIONAL' }],
          backupRate: { active: true, value: '99.00' },
          backupWeight: { active: true, value: 1.5 },
        },
      })
    ).shippoConfiguration as Config;

    // 2.5 kg, $30: the 5 kg band. Ground 14.00 + 1.50; Priority 21.00 + 10 %.
    expect(await labelPrices([shop.line(ids.heavy!)], NEW_YORK)).toEqual({
      'Ground Advantage': '15.50',
      'Priority Mail': '23.10',
    });
    // $120 reaches Priority's free-delivery minimum (rate and handling fee); 10 kg is the 10 kg band for Ground.
    expect(await labelPrices([shop.line(ids.heavy!, 4)], NEW_YORK)).toEqual({
      'Ground Advantage': '22.50',
      'Priority Mail': '0.00',
    });
    // 35 kg is more than the table carries: the backup rate stands in (the handling fee still applies).
    expect(await labelPrices([shop.line(ids.heavy!, 14)], NEW_YORK)).toEqual({
      'Ground Advantage': '100.50',
      'Priority Mail': '0.00',
    });
    // An item without weight counts the backup weight: 1.5 kg is the 2 kg band.
    expect(await labelPrices([shop.line(ids.unweighed!)], NEW_YORK)).toEqual({
      'Ground Advantage': '11.00',
      'Priority Mail': '15.95',
    });
    // Canada is international: only the international service, 2.5 kg in the 5 kg band.
    expect(await labelPrices([shop.line(ids.heavy!)], TORONTO)).toEqual({
      'Priority Mail International': '70.00',
    });
    // Germany is in no configured region: nothing.
    expect(await labelPrices([shop.line(ids.heavy!)], BERLIN)).toEqual({});

    // A change shows in the very next estimate (the merchant-settings cache follows the event).
    await ok('DELETE', `${PATH}/${config.id}/delivery-regions/${ids.canada}`);
    expect(await labelPrices([shop.line(ids.heavy!)], TORONTO)).toEqual({});
    await ok('DELETE', `${PATH}/${config.id}`);
    expect(await labelPrices([shop.line(ids.heavy!)], NEW_YORK)).toEqual({});
  });

  it('a checkout and its placed order price the chosen label service as the estimate did', async () => {
    const config = (
      await ok('POST', PATH, {
        shippoConfiguration: {
          deliveryRegionIds: [ids.us],
          domesticServices: [
            {
              service: 'GROUND_ADVANTAGE',
              serviceSettings: { handlingFee: { value: '2', calculationType: 'FIXED' } },
            },
          ],
          packageType: 'SMALL_FLAT_RATE_BOX',
        },
      })
    ).shippoConfiguration as Config & { domesticServices: Array<{ id: string }> };
    const code = config.domesticServices[0]!.id;
    const token = await shop.visitor(server());
    const created = await server().call('POST', '/ecom/v1/checkouts', {
      token,
      body: {
        lineItems: [shop.line(ids.light!, 3)],
        checkoutInfo: {
          shippingInfo: {
            shippingDestination: { address: NEW_YORK },
            selectedCarrierServiceOption: { carrierId: LABEL_CARRIER_ID, code },
          },
          buyerInfo: { email: 'labels@example.com' },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const checkout = created.body.checkout as shop.Body & {
      id: string;
      priceSummary: { shipping: { amount: string } };
    };
    // 0.3 kg: Ground 5.50 + 2.00 (flat-rate boxes price Priority Mail only).
    expect(checkout.priceSummary.shipping.amount).toBe('7.50');
    expect((checkout.shippingInfo as shop.Body).selectedCarrierServiceOption).toMatchObject({
      code,
      carrierId: LABEL_CARRIER_ID,
      title: 'Ground Advantage',
    });
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await ok('GET', `/ecom/v1/orders/${placed.body.orderId}`);
    expect(order.order).toMatchObject({
      priceSummary: { shipping: { amount: '7.50' } },
      shippingInfo: { code, title: 'Ground Advantage' },
    });
    await ok('DELETE', `${PATH}/${config.id}`);
  });
});
