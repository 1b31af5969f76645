import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentStoreSettings } from '../src/modules/settings/store.ts';
import { PRODUCTS_TAX_GROUP_ID } from '../src/modules/settings/tax-groups.ts';
import { rows } from '../src/platform/db.ts';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import { seedDemoSettings } from '../src/seed/demo-settings.ts';
import { startTestServer } from '../src/testing.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, lastMail, seedClient, visitorTokens } from './identity-helpers.ts';
import { badMediaReferences, uploadPng } from './media-helpers.ts';

type Body = Record<string, unknown>;
type Entity = Body & { id: string; revision: string };

const { server, call } = serverForFile({ dataDirName: 'cart-settings', seed: seedClient });

function violations(body: Body): Array<{ field: string; violatedRule: string; description: string }> {
  const details = body.details as { validationError?: { fieldViolations: never[] } } | undefined;
  return details?.validationError?.fieldViolations ?? [];
}

async function events(entity: string): Promise<Array<{ entity_id: string; type: string }>> {
  return rows(
    server().ctx.db,
    sql`select entity_id, type from outbox_events where entity = ${entity} order by id`,
  );
}

describe('access', () => {
  it('keeps merchant settings for admin keys', async () => {
    const visitor = await visitorTokens(server());
    for (const path of ['/ecom/v1/store-settings', '/billing/v1/tax-groups/default-tax-groups']) {
      expect((await server().call('GET', path)).status).toBe(401);
      const res = await server().call('GET', path, { token: visitor.access_token });
      expect(res.status).toBe(403);
      expect(errorCode(res.body)).toBe('FORBIDDEN');
    }
    const create = await server().call('POST', '/ecom/v1/coupons', {
      token: visitor.access_token,
      body: { coupon: { code: 'HACK', discountType: 'FREE_SHIPPING' } },
    });
    expect(create.status).toBe(403);
  });
});

describe('store settings', () => {
  it('reads defaults, then updates with a field mask, a revision and an event', async () => {
    const first = await call('GET', '/ecom/v1/store-settings');
    expect(first.status).toBe(200);
    expect(first.body.storeSettings).toMatchObject({
      currency: 'USD',
      weightUnit: 'KG',
      taxIncludedInPrices: false,
      revision: '0',
    });
    const updated = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: {
        currency: 'EUR',
        weightUnit: 'LB',
        businessAddress: { country: 'US', subdivision: 'US-CA', city: 'San Francisco' },
      },
      fieldMask: 'weightUnit,businessAddress',
    });
    expect(updated.status).toBe(200);
    const settings = updated.body.storeSettings as Body;
    // The mask leaves the currency as it was.
    expect(settings).toMatchObject({ currency: 'USD', weightUnit: 'LB', revision: '1' });
    expect(settings.businessAddress).toMatchObject({ city: 'San Francisco' });
    expect(typeof settings.updatedDate).toBe('string');

    const stale = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { weightUnit: 'KG', revision: '0' },
    });
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe('REVISION_MISMATCH');
    const back = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { weightUnit: 'KG', revision: '1' },
    });
    expect(back.status).toBe(200);
    expect((back.body.storeSettings as Body).revision).toBe('2');
    expect((await events('store_settings')).map((e) => e.type)).toEqual(['updated', 'updated']);
  });

  it('names the field of bad input', async () => {
    const res = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { currency: 'dollars', weightUnit: 'STONE' },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body).map((v) => v.field)).toEqual([
      'storeSettings.currency',
      'storeSettings.weightUnit',
    ]);
    // Three capitals that are no ISO 4217 currency are refused too, and nothing changes.
    const before = (await call('GET', '/ecom/v1/store-settings')).body.storeSettings as Body;
    const unknown = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { currency: 'XYZ', weightUnit: 'LB' },
    });
    expect(unknown.status).toBe(400);
    expect(violations(unknown.body)).toEqual([
      expect.objectContaining({ field: 'storeSettings.currency', violatedRule: 'INVALID_ENUM_VALUE' }),
    ]);
    expect((await call('GET', '/ecom/v1/store-settings')).body.storeSettings).toEqual(before);
    const euro = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { currency: 'EUR' },
      fieldMask: 'currency',
    });
    expect((euro.body.storeSettings as Body).currency).toBe('EUR');
    await call('PATCH', '/ecom/v1/store-settings', { storeSettings: { currency: before.currency } });
    const mask = await call('PATCH', '/ecom/v1/store-settings', { storeSettings: {}, fieldMask: 'colour' });
    expect(mask.status).toBe(400);
    expect(violations(mask.body)[0]?.field).toBe('fieldMask');
  });

  describe('store name and logo', () => {
    const PATH = '/ecom/v1/store-settings';
    const read = async () => (await call('GET', PATH)).body.storeSettings as Body;

    it('keeps the name trimmed and refuses an empty or too long one, naming the field', async () => {
      const named = await call('PATCH', PATH, { storeSettings: { storeName: '  Corner Shop  ' } });
      expect(named.status).toBe(200);
      expect((named.body.storeSettings as Body).storeName).toBe('Corner Shop');
      const before = await read();
      for (const [storeName, rule] of [
        ['   ', 'REQUIRED_FIELD'],
        ['x'.repeat(101), 'MAX_LENGTH'],
      ] as const) {
        const res = await call('PATCH', PATH, { storeSettings: { storeName } });
        expect(res.status).toBe(400);
        expect(violations(res.body)).toEqual([
          expect.objectContaining({ field: 'storeSettings.storeName', violatedRule: rule }),
        ]);
      }
      expect(await read()).toEqual(before);
      // 100 characters after trimming are fine.
      const longest = await call('PATCH', PATH, { storeSettings: { storeName: ` ${'y'.repeat(100)} ` } });
      expect((longest.body.storeSettings as Body).storeName).toBe('y'.repeat(100));
      const cleared = await call('PATCH', PATH, { storeSettings: { storeName: null } });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(cleared.body.storeSettings).not.toHaveProperty('storeName');
    });

    it('keeps what shoppers read of the settings in memory, and shows a change in the very next read', async () => {
      const publicName = async () =>
        ((await server().call('GET', `${PATH}/public`)).body.storeSettings as Body).storeName;
      await call('PATCH', PATH, { storeSettings: { storeName: 'Kept Shop' } });
      expect(await publicName()).toBe('Kept Shop');
      // One read serves the next ones: the same row, not read again.
      const first = await currentStoreSettings(server().ctx);
      expect(await currentStoreSettings(server().ctx)).toBe(first);
      await call('PATCH', PATH, { storeSettings: { storeName: 'Changed Shop' } });
      expect(await publicName()).toBe('Changed Shop');
      expect(await currentStoreSettings(server().ctx)).not.toBe(first);
      await call('PATCH', PATH, { storeSettings: { storeName: null } });
      expect(await publicName()).toBeUndefined();
    });

    it('refuses hostile names and settings with a 400 in the wire envelope, writing nothing', async () => {
      const before = await read();
      for (const storeSettings of [
        { storeName: 'a\u0000b' },
        { storeName: 'x\ud800y' },
        { defaultTaxableAddress: 'NOWHERE' },
        { logo: { id: 'not-a-file' } },
      ]) {
        const res = await call('PATCH', PATH, { storeSettings });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.details).toBeTypeOf('object');
      }
      const proto = await call(
        'PATCH',
        PATH,
        JSON.parse('{"storeSettings":{"__proto__":{"storeName":"Evil"}}}'),
      );
      expect(proto.status).toBeLessThan(500);
      expect(await read()).toEqual(before);
    });

    it('names the store in its mails, and the host when it has no name', async () => {
      const invite = async (email: string) => {
        const res = await call('POST', '/aisle/v1/staff/invites', {
          email,
          name: 'Sam',
          role: 'FULFILMENT',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return lastMail(server(), email, 'staff-invite');
      };
      await call('PATCH', PATH, { storeSettings: { storeName: 'Harbor Goods' } });
      const named = await invite('named.invite@staff.example');
      expect(named.subject).toBe('You are invited to run the store · Harbor Goods');
      expect(named.text).toContain('to the admin of Harbor Goods as fulfilment');
      await call('PATCH', PATH, { storeSettings: { storeName: null } });
      const unnamed = await invite('unnamed.invite@staff.example');
      expect(unnamed.subject).toBe(`You are invited to run the store · ${new URL(server().url).host}`);
    });

    it('takes an uploaded logo, shows it to anyone on the public read, and removes it', async () => {
      const file = await uploadPng(server(), 'corner-logo.png');
      const events0 = (await events('store_settings')).length;
      const res = await call('PATCH', PATH, {
        storeSettings: { storeName: 'Corner Shop', logo: { id: file.id } },
        fieldMask: 'storeName,logo',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const logo = (res.body.storeSettings as Body).logo as Body;
      expect(logo).toMatchObject({ id: file.id, width: 120, height: 40, filename: 'corner-logo.png' });
      expect(logo.url).toMatch(new RegExp(`/media/${file.id}/corner-logo\\.png`));
      // The logo is served.
      expect((await fetch(new URL(logo.url as string, server().url))).status).toBe(200);
      // One event per write, carrying the new settings.
      const recorded = await rows<{ type: string; payload: Body }>(
        server().ctx.db,
        sql`select type, payload from outbox_events where entity = 'store_settings' order by id`,
      );
      expect(recorded.length).toBe(events0 + 1);
      expect(recorded.at(-1)?.type).toBe('updated');
      expect(JSON.stringify(recorded.at(-1)?.payload)).toContain(file.id);

      // Shoppers (no token, a visitor) read the name and logo, not the merchant's other settings.
      const visitor = await visitorTokens(server());
      for (const token of [undefined, visitor.access_token]) {
        const pub = await server().call('GET', `${PATH}/public`, token ? { token } : {});
        expect(pub.status).toBe(200);
        const shown = pub.body.storeSettings as Body;
        expect(shown).toMatchObject({ storeName: 'Corner Shop', logo: { id: file.id }, currency: 'USD' });
        expect(Object.keys(shown).sort()).toEqual(['currency', 'locale', 'logo', 'storeName']);
      }

      // Sent back as read, it is kept as it is.
      const again = await call('PATCH', PATH, { storeSettings: { logo } });
      expect(((again.body.storeSettings as Body).logo as Body).id).toBe(file.id);

      const removed = await call('PATCH', PATH, { storeSettings: {}, fieldMask: 'logo' });
      expect(removed.status).toBe(200);
      expect(removed.body.storeSettings).not.toHaveProperty('logo');
      const removedByNull = await call('PATCH', PATH, { storeSettings: { logo: null } });
      expect(removedByNull.status).toBe(200);
      const pub = await server().call('GET', `${PATH}/public`);
      expect(pub.body.storeSettings).not.toHaveProperty('logo');
    });

    it.each(badMediaReferences('logo'))(
      'refuses a logo of %s, naming the field',
      async (_name, logo, field, rule) => {
        const before = await read();
        const res = await call('PATCH', PATH, { storeSettings: { logo } });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(violations(res.body).map((v) => [v.field, v.violatedRule])).toEqual([
          [`storeSettings.${field}`, rule],
        ]);
        expect(await read()).toEqual(before);
      },
    );
  });

  it('defaults the taxable address to SHIPPING and takes BUSINESS, BILLING or SHIPPING only', async () => {
    const PATH = '/ecom/v1/store-settings';
    expect(((await call('GET', PATH)).body.storeSettings as Body).defaultTaxableAddress).toBe('SHIPPING');
    const bad = await call('PATCH', PATH, { storeSettings: { defaultTaxableAddress: 'WAREHOUSE' } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual([
      expect.objectContaining({
        field: 'storeSettings.defaultTaxableAddress',
        violatedRule: 'INVALID_ENUM_VALUE',
      }),
    ]);
    const billing = await call('PATCH', PATH, { storeSettings: { defaultTaxableAddress: 'BILLING' } });
    expect((billing.body.storeSettings as Body).defaultTaxableAddress).toBe('BILLING');
    const back = await call('PATCH', PATH, { storeSettings: {}, fieldMask: 'defaultTaxableAddress' });
    expect((back.body.storeSettings as Body).defaultTaxableAddress).toBe('SHIPPING');
  });
});

describe('delivery regions and shipping options', () => {
  let us: Entity;
  let canada: Entity;

  it('creates delivery regions with normalised subdivisions', async () => {
    const res = await call('POST', '/ecom/v1/delivery-regions', {
      deliveryRegion: {
        name: 'United States',
        destinations: [{ countryCode: 'us', subdivisions: ['ca', 'US-NY'] }],
      },
    });
    expect(res.status).toBe(200);
    us = res.body.deliveryRegion as Entity;
    expect(us.destinations).toEqual([{ countryCode: 'US', subdivisions: ['US-CA', 'US-NY'] }]);
    expect(us.revision).toBe('1');
    canada = (
      await call('POST', '/ecom/v1/delivery-regions', {
        deliveryRegion: { name: 'Canada', destinations: [{ countryCode: 'CA' }] },
      })
    ).body.deliveryRegion as Entity;
    const bad = await call('POST', '/ecom/v1/delivery-regions', {
      deliveryRegion: { name: 'Odd', destinations: [{ countryCode: 'US', subdivisions: ['CA-ON'] }] },
    });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]?.field).toBe('deliveryRegion.destinations[0].subdivisions[0]');
    const updated = await call('PATCH', `/ecom/v1/delivery-regions/${us.id}`, {
      deliveryRegion: { destinations: [{ countryCode: 'US' }], revision: us.revision },
    });
    expect(updated.status).toBe(200);
    us = updated.body.deliveryRegion as Entity;
    expect(us).toMatchObject({ name: 'United States', destinations: [{ countryCode: 'US' }], revision: '2' });
    const query = await call('POST', '/ecom/v1/delivery-regions/query', {
      query: { filter: { name: 'Canada' } },
    });
    expect((query.body.deliveryRegions as Entity[]).map((r) => r.id)).toEqual([canada.id]);
  });

  it('does shipping option CRUD with revisions, regions and the rules of rates', async () => {
    const created = await call('POST', '/ecom/v1/shipping-options', {
      shippingOption: {
        title: 'Ground',
        deliveryRegionIds: [us.id],
        estimatedDeliveryTime: '3-5 days',
        rates: [
          { amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', value: '50', operator: 'GTE' }] },
          { amount: '4.99', conditions: [{ type: 'BY_TOTAL_WEIGHT', value: 2.5, operator: 'LTE' }] },
          { amount: '9.99' },
        ],
        otherCharges: [{ type: 'HANDLING_FEE', price: '1.00' }],
      },
    });
    expect(created.status).toBe(200);
    let option = created.body.shippingOption as Entity;
    expect(option).toMatchObject({
      title: 'Ground',
      code: option.id,
      deliveryRegionIds: [us.id],
      revision: '1',
      rates: [
        {
          amount: '0',
          conditions: [{ type: 'BY_TOTAL_PRICE', value: '50', operator: 'GTE' }],
          multiplyByQuantity: false,
        },
        { amount: '4.99', conditions: [{ type: 'BY_TOTAL_WEIGHT', value: '2.5', operator: 'LTE' }] },
        { amount: '9.99', conditions: [] },
      ],
    });
    expect(typeof option.carrierId).toBe('string');

    const added = await call('POST', `/ecom/v1/shipping-options/${option.id}/add-delivery-region`, {
      deliveryRegionId: canada.id,
      revision: option.revision,
    });
    expect(added.status).toBe(200);
    option = added.body.shippingOption as Entity;
    expect(option).toMatchObject({ deliveryRegionIds: [us.id, canada.id], revision: '2' });
    const stale = await call('POST', `/ecom/v1/shipping-options/${option.id}/remove-delivery-region`, {
      deliveryRegionId: canada.id,
      revision: '1',
    });
    expect(stale.status).toBe(409);
    const removed = await call('POST', `/ecom/v1/shipping-options/${option.id}/remove-delivery-region`, {
      deliveryRegionId: canada.id,
      revision: '2',
    });
    expect(removed.body.shippingOption).toMatchObject({ deliveryRegionIds: [us.id], revision: '3' });

    const patched = await call('PATCH', `/ecom/v1/shipping-options/${option.id}`, {
      shippingOption: { title: 'Ground saver', rates: [{ amount: '3.50' }] },
      fieldMask: 'title',
    });
    expect(patched.body.shippingOption).toMatchObject({ title: 'Ground saver', revision: '4' });
    expect((patched.body.shippingOption as Body).rates).toHaveLength(3);
    const get = await call('GET', `/ecom/v1/shipping-options/${option.id}`);
    expect(get.body.shippingOption).toMatchObject({ title: 'Ground saver' });

    const unknownRegion = await call('POST', '/ecom/v1/shipping-options', {
      shippingOption: {
        title: 'Nowhere',
        deliveryRegionIds: ['00000000-0000-4000-8000-000000000000'],
        rates: [{ amount: '1' }],
      },
    });
    expect(unknownRegion.status).toBe(400);
    expect(violations(unknownRegion.body)[0]?.field).toBe('shippingOption.deliveryRegionIds[0]');
    const badQuantity = await call('POST', '/ecom/v1/shipping-options', {
      shippingOption: {
        title: 'Bulk',
        rates: [{ amount: '1', conditions: [{ type: 'BY_TOTAL_QUANTITY', value: '2.5', operator: 'GT' }] }],
      },
    });
    expect(badQuantity.status).toBe(400);
    expect(errorCode(badQuantity.body)).toBe('INVALID_QUANTITY_VALUE');
    const noRates = await call('POST', '/ecom/v1/shipping-options', {
      shippingOption: { title: 'Free', rates: [] },
    });
    expect(violations(noRates.body)[0]?.field).toBe('shippingOption.rates');
    const badMoney = await call('POST', '/ecom/v1/shipping-options', {
      shippingOption: { title: 'Free', rates: [{ amount: '-1' }] },
    });
    expect(violations(badMoney.body)[0]?.field).toBe('shippingOption.rates[0].amount');
  });

  it('queries options with a complex GET, the POST fallback and cursor paging', async () => {
    for (const title of ['Zeta', 'Eta', 'Theta'])
      await call('POST', '/ecom/v1/shipping-options', {
        shippingOption: { title, deliveryRegionIds: [canada.id], rates: [{ amount: '1' }] },
      });
    const request = {
      query: {
        filter: { deliveryRegionIds: { $hasSome: [canada.id] } },
        sort: [{ fieldName: 'title', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      },
    };
    const first = await call('GET', `/ecom/v1/shipping-options/query?${encodeComplexQuery(request)}`);
    expect(first.status).toBe(200);
    expect((first.body.shippingOptions as Entity[]).map((o) => o.title)).toEqual(['Eta', 'Theta']);
    const paging = first.body.pagingMetadata as { cursors: { next: string }; hasNext: boolean };
    expect(paging.hasNext).toBe(true);
    const next = await call('POST', '/ecom/v1/shipping-options/query', {
      query: { cursorPaging: { limit: 2, cursor: paging.cursors.next } },
    });
    expect((next.body.shippingOptions as Entity[]).map((o) => o.title)).toEqual(['Zeta']);
    expect((next.body.pagingMetadata as { hasNext: boolean }).hasNext).toBe(false);
    const badFilter = await call('POST', '/ecom/v1/shipping-options/query', {
      query: { filter: { colour: 'red' } },
    });
    expect(badFilter.status).toBe(400);
  });

  it('deletes a region out of the options that use it, and records events', async () => {
    const del = await call('DELETE', `/ecom/v1/delivery-regions/${canada.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({});
    const left = await call('POST', '/ecom/v1/shipping-options/query', {
      query: { filter: { title: 'Zeta' } },
    });
    expect((left.body.shippingOptions as Entity[])[0]?.deliveryRegionIds).toEqual([]);
    expect((await call('GET', `/ecom/v1/delivery-regions/${canada.id}`)).status).toBe(404);
    const types = (await events('shipping_option')).map((e) => e.type);
    expect(types.filter((t) => t === 'created').length).toBe(4);
    expect(types).toContain('updated');
    const option = (left.body.shippingOptions as Entity[])[0]!;
    expect((await call('DELETE', `/ecom/v1/shipping-options/${option.id}`)).status).toBe(200);
    expect((await events('shipping_option')).at(-1)).toMatchObject({ entity_id: option.id, type: 'deleted' });
    expect(errorCode((await call('DELETE', `/ecom/v1/shipping-options/${option.id}`)).body)).toBe(
      'SHIPPING_OPTION_NOT_FOUND',
    );
  });
});

describe('tax groups, regions and rates', () => {
  let group: Entity;
  let california: Entity;

  it('lists the default groups and protects them', async () => {
    const defaults = await call('GET', '/billing/v1/tax-groups/default-tax-groups');
    expect(defaults.status).toBe(200);
    expect(defaults.body.taxGroups).toEqual([
      expect.objectContaining({ id: PRODUCTS_TAX_GROUP_ID, name: 'Products', systemDefined: true }),
    ]);
    const edit = await call('PATCH', `/billing/v1/tax-groups/${PRODUCTS_TAX_GROUP_ID}`, {
      taxGroup: { name: 'X' },
    });
    expect(edit.status).toBe(400);
    expect(errorCode(edit.body)).toBe('ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP');
    const byApp = await call('POST', '/billing/v1/tax-groups/list-default-tax-groups-by-app-ids', {
      appIds: ['215238eb-22a5-4c36-9e7b-e7c08025e04e', 'other'],
    });
    const results = byApp.body.results as Array<{ item: { taxGroups: unknown[] } }>;
    expect(results.map((r) => r.item.taxGroups.length)).toEqual([1, 0]);
  });

  it('does tax group CRUD and query', async () => {
    const created = await call('POST', '/billing/v1/tax-groups', { taxGroup: { name: 'Books' } });
    expect(created.status).toBe(200);
    group = created.body.taxGroup as Entity;
    expect(group).toMatchObject({ name: 'Books', revision: '1' });
    expect(typeof group.createdDate).toBe('string');
    const renamed = await call('PATCH', `/billing/v1/tax-groups/${group.id}`, {
      taxGroup: { name: 'Printed books', revision: '1' },
    });
    group = renamed.body.taxGroup as Entity;
    expect(group).toMatchObject({ name: 'Printed books', revision: '2' });
    const query = await call('POST', '/billing/v1/tax-groups/query', {
      query: { filter: { systemDefined: false }, paging: { limit: 10, offset: 0 } },
    });
    expect((query.body.taxGroups as Entity[]).map((g) => g.id)).toEqual([group.id]);
    expect(query.body.pagingMetadata).toMatchObject({ count: 1, offset: 0, total: 1 });
    const noName = await call('POST', '/billing/v1/tax-groups', { taxGroup: {} });
    expect(violations(noName.body)[0]).toMatchObject({
      field: 'taxGroup.name',
      violatedRule: 'REQUIRED_FIELD',
    });
  });

  it('creates tax regions, refusing a duplicate country and subdivision', async () => {
    const created = await call('POST', '/billing/v1/tax-regions', {
      taxRegion: { country: 'us', subdivision: 'CA' },
    });
    expect(created.status).toBe(200);
    california = created.body.taxRegion as Entity;
    expect(california).toMatchObject({
      country: 'US',
      subdivision: 'US-CA',
      taxIncludedInPrice: false,
      revision: '1',
    });
    const dup = await call('POST', '/billing/v1/tax-regions', {
      taxRegion: { country: 'US', subdivision: 'US-CA' },
    });
    expect(dup.status).toBe(409);
    expect(errorCode(dup.body)).toBe('ALREADY_EXISTS');
    const country = await call('POST', '/billing/v1/tax-regions', { taxRegion: { country: 'US' } });
    expect(country.status).toBe(200);
    const countryDup = await call('POST', '/billing/v1/tax-regions', { taxRegion: { country: 'US' } });
    expect(errorCode(countryDup.body)).toBe('ALREADY_EXISTS');
    const calculator = await call('POST', '/billing/v1/tax-regions', {
      taxRegion: { country: 'FR', appId: 'avalara' },
    });
    expect(errorCode(calculator.body)).toBe('CALCULATOR_ID_NOT_FOUND');

    const bulk = await call('POST', '/billing/v1/bulk/tax-regions/create', {
      taxRegions: [
        { country: 'US', subdivision: 'US-NY' },
        { country: 'US', subdivision: 'CA' },
        { country: 'DE', taxIncludedInPrice: true },
      ],
      returnEntity: true,
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    const results = bulk.body.results as Array<{
      itemMetadata: { success: boolean; error?: { code: string } };
      item?: Body;
    }>;
    expect(results.map((r) => r.itemMetadata.success)).toEqual([true, false, true]);
    expect(results[1]?.itemMetadata.error?.code).toBe('ALREADY_EXISTS');
    expect(results[2]?.item).toMatchObject({ country: 'DE', taxIncludedInPrice: true });

    const query = await call('POST', '/billing/v1/tax-regions/query', {
      query: {
        filter: { country: 'US', subdivision: { $ne: null } },
        sort: [{ fieldName: 'subdivision', order: 'ASC' }],
      },
    });
    expect((query.body.taxRegions as Entity[]).map((r) => r.subdivision)).toEqual(['US-CA', 'US-NY']);
    const moved = await call('PATCH', `/billing/v1/tax-regions/${california.id}`, {
      taxRegion: { subdivision: 'US-NY' },
    });
    expect(errorCode(moved.body)).toBe('ALREADY_EXISTS');
  });

  it('sets rates per region and group, as one rate or jurisdictions', async () => {
    const plain = await call('POST', '/billing/v1/tax-rates', {
      taxRate: { taxRegionId: california.id, taxGroupId: PRODUCTS_TAX_GROUP_ID, rate: '7.25' },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.taxRate).toMatchObject({
      rate: '7.25',
      jurisdictions: [{ jurisdiction: 'US-CA', jurisdictionType: 'STATE', rate: '7.25' }],
    });
    const split = await call('POST', '/billing/v1/tax-rates', {
      taxRate: {
        taxRegionId: california.id,
        taxGroupId: group.id,
        jurisdictions: [
          { jurisdiction: 'California', jurisdictionType: 'STATE', rate: '6' },
          { jurisdiction: 'Los Angeles', jurisdictionType: 'COUNTY', rate: '2.25' },
        ],
      },
    });
    const rate = split.body.taxRate as Entity;
    expect(rate.rate).toBe('8.25');
    const dup = await call('POST', '/billing/v1/tax-rates', {
      taxRate: { taxRegionId: california.id, taxGroupId: group.id, rate: '1' },
    });
    expect(errorCode(dup.body)).toBe('ALREADY_EXISTS');
    const none = await call('POST', '/billing/v1/tax-rates', {
      taxRate: { taxRegionId: california.id, taxGroupId: group.id },
    });
    expect(violations(none.body)[0]?.field).toBe('taxRate.rate');
    const updated = await call('PATCH', `/billing/v1/tax-rates/${rate.id}`, {
      taxRate: { rate: '9', revision: '1' },
    });
    expect(updated.body.taxRate).toMatchObject({ rate: '9', revision: '2' });
    const byRegion = await call('POST', '/billing/v1/tax-rates/query', {
      query: { filter: { taxRegionId: california.id } },
    });
    expect((byRegion.body.taxRates as Entity[]).length).toBe(2);
    // Deleting the group takes its rates with it.
    expect((await call('DELETE', `/billing/v1/tax-groups/${group.id}`)).status).toBe(200);
    expect((await call('GET', `/billing/v1/tax-rates/${rate.id}`)).status).toBe(404);
    expect((await events('tax_region')).filter((e) => e.type === 'created').length).toBe(4);
    expect((await events('tax_group')).map((e) => e.type)).toEqual(['created', 'updated', 'deleted']);
  });
});

describe('coupons', () => {
  it('does CRUD with codes unique ignoring case', async () => {
    const created = await call('POST', '/ecom/v1/coupons', {
      coupon: {
        code: 'Summer25',
        name: 'Summer',
        discountType: 'PERCENTAGE',
        percentage: 25,
        minimumSubtotal: '40',
        startTime: '2025-06-01T00:00:00.000Z',
        expirationTime: '2025-09-01T00:00:00.000Z',
        usageLimit: 100,
        limitPerCustomer: 1,
      },
    });
    expect(created.status).toBe(200);
    const coupon = created.body.coupon as Entity;
    expect(coupon).toMatchObject({
      code: 'Summer25',
      active: true,
      discountType: 'PERCENTAGE',
      percentage: 25,
      minimumSubtotal: '40',
      scope: { type: 'ALL_ITEMS' },
      timesUsed: 0,
      revision: '1',
    });
    const dup = await call('POST', '/ecom/v1/coupons', {
      coupon: { code: 'SUMMER25', discountType: 'FREE_SHIPPING' },
    });
    expect(dup.status).toBe(409);
    expect(errorCode(dup.body)).toBe('ALREADY_EXISTS');

    const other = (
      await call('POST', '/ecom/v1/coupons', {
        coupon: {
          code: 'TENOFF',
          discountType: 'FIXED_AMOUNT',
          fixedAmount: '10',
          scope: { type: 'SPECIFIC_COLLECTIONS', collectionIds: ['00000000-0000-4000-8000-000000000001'] },
        },
      })
    ).body.coupon as Entity;
    expect(other).toMatchObject({
      name: 'TENOFF',
      fixedAmount: '10',
      scope: { type: 'SPECIFIC_COLLECTIONS' },
    });
    const rename = await call('PATCH', `/ecom/v1/coupons/${other.id}`, { coupon: { code: 'summer25' } });
    expect(rename.status).toBe(409);
    const toPercent = await call('PATCH', `/ecom/v1/coupons/${other.id}`, {
      coupon: { discountType: 'PERCENTAGE' },
    });
    expect(toPercent.status).toBe(400);
    expect(violations(toPercent.body)[0]?.field).toBe('coupon.percentage');
    const disabled = await call('PATCH', `/ecom/v1/coupons/${other.id}`, {
      coupon: { active: false, revision: other.revision },
    });
    expect(disabled.body.coupon).toMatchObject({ active: false, revision: '2', fixedAmount: '10' });

    const query = await call(
      'GET',
      `/ecom/v1/coupons/query?${encodeComplexQuery({ query: { filter: { active: true } } })}`,
    );
    expect((query.body.coupons as Entity[]).map((c) => c.code)).toEqual(['Summer25']);
    expect((await call('DELETE', `/ecom/v1/coupons/${other.id}`)).status).toBe(200);
    expect(errorCode((await call('GET', `/ecom/v1/coupons/${other.id}`)).body)).toBe('COUPON_NOT_FOUND');
    expect((await events('coupon')).map((e) => e.type)).toEqual(['created', 'created', 'updated', 'deleted']);
  });

  it('names the field of bad coupons', async () => {
    const cases: Array<[Body, string]> = [
      [{ code: 'BAD CODE', discountType: 'FREE_SHIPPING' }, 'coupon.code'],
      [{ code: 'NOPCT', discountType: 'PERCENTAGE' }, 'coupon.percentage'],
      [{ code: 'BIG', discountType: 'PERCENTAGE', percentage: 150 }, 'coupon.percentage'],
      [{ code: 'NOAMOUNT', discountType: 'FIXED_AMOUNT' }, 'coupon.fixedAmount'],
      [
        { code: 'NOIDS', discountType: 'FREE_SHIPPING', scope: { type: 'SPECIFIC_PRODUCTS' } },
        'coupon.scope.productIds',
      ],
      [
        {
          code: 'BACKWARDS',
          discountType: 'FREE_SHIPPING',
          startTime: '2025-02-01T00:00:00Z',
          expirationTime: '2025-01-01T00:00:00Z',
        },
        'coupon.expirationTime',
      ],
      [{ discountType: 'FREE_SHIPPING' }, 'coupon.code'],
    ];
    for (const [coupon, field] of cases) {
      const res = await call('POST', '/ecom/v1/coupons', { coupon });
      expect(res.status, JSON.stringify(coupon)).toBe(400);
      expect(violations(res.body)[0]?.field).toBe(field);
    }
  });
});

describe('demo settings', () => {
  it('seeds shipping, tax and coupons once', async () => {
    const fresh = await startTestServer({ seed: seedClient });
    try {
      const result = await seedDemoSettings(fresh.ctx, { onlyIfEmpty: true });
      expect(result).toMatchObject({ seeded: true, shippingOptions: 4, coupons: 2 });
      expect((await seedDemoSettings(fresh.ctx, { onlyIfEmpty: true })).seeded).toBe(false);
      const call = (path: string, body: unknown) => fresh.call('POST', path, { token: fresh.adminKey, body });
      const options = (await call('/ecom/v1/shipping-options/query', {})).body.shippingOptions as Entity[];
      expect(options.map((o) => o.title)).toEqual(['Standard', 'Express', 'International', 'Store pickup']);
      const coupons = (await call('/ecom/v1/coupons/query', {})).body.coupons as Entity[];
      expect(coupons.map((c) => c.code)).toEqual(['WELCOME10', 'FREESHIP']);
      const regions = (await call('/billing/v1/tax-regions/query', {})).body.taxRegions as Entity[];
      expect(regions.map((r) => r.subdivision)).toEqual(['US-CA', 'US-NY', 'US-TX', 'US-WA']);
      const store = await fresh.call('GET', '/ecom/v1/store-settings', { token: fresh.adminKey });
      expect(store.body.storeSettings).toMatchObject({ currency: 'USD', weightUnit: 'KG' });
    } finally {
      await fresh.stop();
    }
  });
});
