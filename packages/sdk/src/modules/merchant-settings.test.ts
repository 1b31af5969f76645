import { describe, expect, it } from 'vitest';
import type { createClient } from '../core/client.ts';
import { callNamed, lowerFirst } from '../testing/entity-calls.ts';
import { json, parseUrl, type RecordedCall, fakeClient, bodyOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { coupons } from './coupons.ts';
import { deliveryRegions } from './delivery-regions.ts';
import { shippingOptions } from './shipping-options.ts';
import { storeSettings } from './store-settings.ts';
import { taxGroups } from './tax-groups.ts';
import { taxRates } from './tax-rates.ts';
import { taxRegions } from './tax-regions.ts';

const modules = { storeSettings, deliveryRegions, shippingOptions, taxGroups, taxRegions, taxRates, coupons };
type Sdk = ReturnType<typeof createClient<typeof modules>>;

const CREATED = '2024-03-01T12:00:00.000Z';
const UPDATED = '2024-03-02T12:00:00.000Z';
const dated = { revision: '3', createdDate: CREATED, updatedDate: UPDATED };

const sdk = fakeClient(modules);

/** An entity's CRUD calls, named from `one`: `createTaxGroup`, `getTaxGroup`, … on `taxGroups`, wire key `taxGroup`. */
interface CrudCase {
  one: string;
  path: string;
  /** What create is given, and what it sends under the key where that differs (dates as ISO strings). */
  input: Record<string, unknown>;
  sentInput?: Record<string, unknown>;
  /** What update is given besides the id, and its field mask: as given and as sent. */
  patch: Record<string, unknown>;
  mask?: [given: string | string[], sent: string];
  /** How its offset-paged query goes, where the case tests it here. */
  query?: 'GET' | 'POST';
}

const EXPIRES = '2030-01-01T00:00:00.000Z';
const COUPON = { code: 'SAVE10', discountType: 'PERCENTAGE', percentage: 10 };

const CASES: CrudCase[] = [
  {
    one: 'DeliveryRegion',
    path: '/ecom/v1/delivery-regions',
    input: { name: 'US', destinations: [{ countryCode: 'US' }] },
    patch: { name: 'USA', revision: '3' },
    mask: [['name'], 'name'],
    query: 'GET',
  },
  {
    one: 'TaxGroup',
    path: '/billing/v1/tax-groups',
    input: { name: 'Books' },
    patch: { name: 'Printed' },
    query: 'POST',
  },
  {
    one: 'TaxRegion',
    path: '/billing/v1/tax-regions',
    input: { country: 'US', subdivision: 'US-CA' },
    patch: { taxIncludedInPrice: true },
    mask: ['taxIncludedInPrice', 'taxIncludedInPrice'],
    query: 'POST',
  },
  {
    one: 'TaxRate',
    path: '/billing/v1/tax-rates',
    input: { taxRegionId: 'r', taxGroupId: 'g', rate: '7.25' },
    patch: { rate: '8' },
    query: 'POST',
  },
  {
    one: 'Coupon',
    path: '/ecom/v1/coupons',
    input: { ...COUPON, expirationTime: new Date(EXPIRES) },
    sentInput: { ...COUPON, expirationTime: EXPIRES },
    patch: { active: false, fixedAmount: null },
    query: 'GET',
  },
  {
    one: 'ShippingOption',
    path: '/ecom/v1/shipping-options',
    input: { title: 'Standard', rates: [{ amount: '5.00' }] },
    patch: { title: 'Express' },
    mask: [['title'], 'title'],
  },
];

/** The case's module, also the wire key of a list of its entities: `taxGroups`. */
const moduleOf = (c: CrudCase) => `${lowerFirst(c.one)}s`;

/** The case's calls on a client, and the bodies they should send. */
function crudOf(c: CrudCase, s: Sdk) {
  const call = callNamed(s[moduleOf(c) as keyof Sdk]);
  const key = lowerFirst(c.one);
  return {
    create: () => call<Promise<{ createdDate?: Date }>>(`create${c.one}`, c.input),
    createBody: { [key]: c.sentInput ?? c.input },
    get: (id: string) => call<Promise<{ updatedDate?: Date }>>(`get${c.one}`, id),
    update: (id: string) =>
      call<Promise<unknown>>(`update${c.one}`, id, c.patch, ...(c.mask ? [{ fieldMask: c.mask[0] }] : [])),
    updateBody: (id: string) => ({ [key]: { ...c.patch, id }, ...(c.mask ? { fieldMask: c.mask[1] } : {}) }),
    remove: (id: string) => call<Promise<void>>(`delete${c.one}`, id),
  };
}

describe.each(CASES.map((c) => ({ ...c, name: moduleOf(c) })))('$name CRUD', (c) => {
  const key = lowerFirst(c.one);
  const entity = { id: 'e/1', ...dated };
  const reply = (call: RecordedCall) => json(call.method === 'DELETE' ? {} : { [key]: entity });

  it('create POSTs {<key>} and converts the dates of the answer', async () => {
    const { sdk: s, calls } = sdk(reply);
    const crud = crudOf(c, s);
    const created = await crud.create();
    expectSent(calls[0], 'POST', c.path, crud.createBody);
    expect(created.createdDate).toEqual(new Date(CREATED));
  });

  it('get GETs <path>/<encoded id>', async () => {
    const { sdk: s, calls } = sdk(reply);
    const got = await crudOf(c, s).get('e/1');
    expect(calls[0]?.method).toBe('GET');
    expect(parseUrl(calls[0]?.url ?? '').path).toBe(`${c.path}/e%2F1`);
    expect(got.updatedDate).toEqual(new Date(UPDATED));
  });

  it('update PATCHes {<key>: {...patch, id}, fieldMask}', async () => {
    const { sdk: s, calls } = sdk(reply);
    const crud = crudOf(c, s);
    await crud.update('e/1');
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: `${c.path}/e%2F1` });
    expect(bodyOf(calls[0])).toEqual(crud.updateBody('e/1'));
  });

  it('delete sends DELETE and resolves to undefined', async () => {
    const { sdk: s, calls } = sdk(reply);
    await expect(crudOf(c, s).remove('e/1')).resolves.toBeUndefined();
    expect(calls[0]?.method).toBe('DELETE');
    expect(parseUrl(calls[0]?.url ?? '').path).toBe(`${c.path}/e%2F1`);
  });
});

describe('query builders', () => {
  const offsetPaged = CASES.filter((c) => c.query).map(
    (c) => [moduleOf(c), c.query, `${c.path}/query`, c] as const,
  );
  it.each(offsetPaged)(
    '%s: offset paging by pagingMetadata, dates converted',
    async (itemsKey, method, path, c) => {
      const { sdk: s, calls } = sdk(() =>
        json({ [itemsKey]: [{ id: 'a', ...dated }], pagingMetadata: { count: 1, offset: 2, total: 3 } }),
      );
      const query = callNamed(s[itemsKey as keyof Sdk])<ReturnType<Sdk['taxGroups']['queryTaxGroups']>>(
        `query${c.one}s`,
      );
      const page = await query.eq('name', 'x').limit(2).skip(2).find();
      const wireQuery = { query: { filter: { name: 'x' }, paging: { limit: 2, offset: 2 } } };
      expect(calls[0]?.method).toBe(method);
      if (method === 'GET') expect(parseUrl(calls[0]?.url ?? '')).toMatchObject({ path, r: wireQuery });
      else {
        expect(calls[0]?.url).toBe(path);
        expect(bodyOf(calls[0])).toEqual(wireQuery);
      }
      expect(page.items[0]?.createdDate).toEqual(new Date(CREATED));
      expect(page).toMatchObject({ totalCount: 3, currentPage: 1 });
      expect(page.hasNext()).toBe(false);
    },
  );

  it('shippingOptions: cursor paging, slot dates and pickup address converted', async () => {
    const { sdk: s, calls } = sdk(() =>
      json({
        shippingOptions: [
          {
            id: 'o1',
            ...dated,
            deliveryTimeSlot: { from: '2024-06-01T08:00:00Z', to: '2024-06-01T12:00:00Z' },
            pickup: { address: { addressLine: 'Depot 1', geocode: { latitude: 1, longitude: 2 } } },
          },
        ],
        pagingMetadata: { count: 1, cursors: { next: 'c2' }, hasNext: true },
      }),
    );
    const page = await s.shippingOptions.queryShippingOptions().limit(1).find();
    expect(parseUrl(calls[0]?.url ?? '')).toMatchObject({
      path: '/ecom/v1/shipping-options/query',
      r: { query: { cursorPaging: { limit: 1 } } },
    });
    expect(page.items[0]?.deliveryTimeSlot?.from).toEqual(new Date('2024-06-01T08:00:00Z'));
    expect(page.items[0]?.pickup?.address).toEqual({
      addressLine1: 'Depot 1',
      location: { latitude: 1, longitude: 2 },
    });
    expect(page.hasNext()).toBe(true);
    await page.next();
    expect(parseUrl(calls[1]?.url ?? '').r).toEqual({ query: { cursorPaging: { limit: 1, cursor: 'c2' } } });
  });
});

describe('storeSettings', () => {
  const wire = {
    currency: 'EUR',
    weightUnit: 'KG',
    businessAddress: { country: 'DE', addressLine: 'Hauptstr. 1', formattedAddress: 'Hauptstr. 1, Berlin' },
    ...dated,
  };

  it('getStoreSettings converts the business address and dates', async () => {
    const { sdk: s, calls } = sdk(() => json({ storeSettings: wire }));
    const settings = await s.storeSettings.getStoreSettings();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/ecom/v1/store-settings' });
    expect(settings.businessAddress).toEqual({
      country: 'DE',
      addressLine1: 'Hauptstr. 1',
      formatted: 'Hauptstr. 1, Berlin',
    });
    expect(settings.updatedDate).toEqual(new Date(UPDATED));
  });

  it('updateStoreSettings PATCHes the settings in wire names with the field mask', async () => {
    const { sdk: s, calls } = sdk(() => json({ storeSettings: wire }));
    await s.storeSettings.updateStoreSettings(
      {
        currency: 'EUR',
        businessAddress: { country: 'DE', addressLine1: 'Hauptstr. 1' },
        minimumOrderSubtotal: null,
      },
      { fieldMask: ['currency', 'businessAddress', 'minimumOrderSubtotal'] },
    );
    expectSent(calls[0], 'PATCH', '/ecom/v1/store-settings', {
      storeSettings: {
        currency: 'EUR',
        businessAddress: { country: 'DE', addressLine: 'Hauptstr. 1' },
        minimumOrderSubtotal: null,
      },
      fieldMask: 'currency,businessAddress,minimumOrderSubtotal',
    });
    await s.storeSettings.updateStoreSettings({ weightUnit: 'LB' });
    expect(bodyOf(calls[1])).toEqual({ storeSettings: { weightUnit: 'LB' } });
  });

  const logo = {
    id: 'a0b1c2d3-0000-4000-8000-000000000001',
    url: 'https://shop.example/media/a0b1c2d3-0000-4000-8000-000000000001/logo.png?expires=1&sig=x',
    width: 256,
    height: 128,
    filename: 'logo.png',
    urlExpirationDate: UPDATED,
  };

  it('reads the name and the logo as an image URI, publicly too; sends the URI back as {id}', async () => {
    const { sdk: s, calls } = sdk(() =>
      json({
        storeSettings: { storeName: 'Corner Shop', logo, defaultTaxableAddress: 'BILLING', currency: 'USD' },
      }),
    );
    const settings = await s.storeSettings.getStoreSettings();
    expect(settings.storeName).toBe('Corner Shop');
    expect(settings.defaultTaxableAddress).toBe('BILLING');
    expect(settings.logo).toBe(
      'aisle:image://v1/a0b1c2d3-0000-4000-8000-000000000001/logo.png#originWidth=256&originHeight=128',
    );
    const shown = await s.storeSettings.getPublicStoreSettings();
    expect(calls[1]).toMatchObject({ method: 'GET', url: '/ecom/v1/store-settings/public' });
    expect(shown.logo).toBe(settings.logo);

    await s.storeSettings.updateStoreSettings({ storeName: 'Corner Shop', logo: settings.logo ?? null });
    expect(bodyOf(calls[2])).toEqual({
      storeSettings: {
        storeName: 'Corner Shop',
        logo: { id: logo.id, filename: 'logo.png', width: 256, height: 128 },
      },
    });
    await s.storeSettings.updateStoreSettings({ logo: null }, { fieldMask: ['logo'] });
    expect(bodyOf(calls[3])).toEqual({ storeSettings: { logo: null }, fieldMask: 'logo' });
  });
});

describe('shippingOptions extras', () => {
  const option = { id: 'o1', ...dated };

  it('sends the pickup address in wire names', async () => {
    const { sdk: s, calls } = sdk(() => json({ shippingOption: option }));
    await s.shippingOptions.createShippingOption({
      title: 'Pickup',
      rates: [{ amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', value: '50', operator: 'GTE' }] }],
      pickup: { address: { country: 'US', addressLine1: '1 Depot Rd' }, pickupMethod: 'STORE_PICKUP' },
      deliveryTimeSlot: { from: new Date('2024-06-01T08:00:00.000Z'), to: '2024-06-01T12:00:00.000Z' },
    });
    expect(bodyOf(calls[0])).toEqual({
      shippingOption: {
        title: 'Pickup',
        rates: [{ amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', value: '50', operator: 'GTE' }] }],
        pickup: { address: { country: 'US', addressLine: '1 Depot Rd' }, pickupMethod: 'STORE_PICKUP' },
        deliveryTimeSlot: { from: '2024-06-01T08:00:00.000Z', to: '2024-06-01T12:00:00.000Z' },
      },
    });
  });

  it('adds and removes delivery regions and sets extended fields', async () => {
    const { sdk: s, calls } = sdk(() => json({ shippingOption: option }));
    const added = await s.shippingOptions.addDeliveryRegion('o1', 'r1', { revision: '3' });
    await s.shippingOptions.removeDeliveryRegion('o1', 'r1');
    await s.shippingOptions.updateExtendedFields('o1', 'app', { level: 2 });
    expect(added.createdDate).toEqual(new Date(CREATED));
    expect(calls.map((c) => [c.method, c.url, bodyOf(c)])).toEqual([
      [
        'POST',
        '/ecom/v1/shipping-options/o1/add-delivery-region',
        { shippingOptionId: 'o1', deliveryRegionId: 'r1', revision: '3' },
      ],
      [
        'POST',
        '/ecom/v1/shipping-options/o1/remove-delivery-region',
        { shippingOptionId: 'o1', deliveryRegionId: 'r1' },
      ],
      [
        'POST',
        '/ecom/v1/shipping-options/o1/update-extended-fields',
        { shippingOptionId: 'o1', namespace: 'app', namespaceData: { level: 2 } },
      ],
    ]);
  });
});

describe('tax extras', () => {
  it('lists the default tax groups, also per app', async () => {
    const { sdk: s, calls } = sdk((call) =>
      call.url.endsWith('default-tax-groups')
        ? json({ taxGroups: [{ id: 'g', name: 'Products', systemDefined: true, ...dated }] })
        : json({
            results: [
              {
                itemMetadata: { id: 'app', originalIndex: 0, success: true },
                item: { appId: 'app', taxGroups: [{ id: 'g', ...dated }] },
              },
            ],
            bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0, undetailedFailures: 0 },
          }),
    );
    const defaults = await s.taxGroups.listDefaultTaxGroups();
    expect(defaults[0]).toMatchObject({ name: 'Products', createdDate: new Date(CREATED) });
    const byApp = await s.taxGroups.listDefaultTaxGroupsByAppIds(['app']);
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/billing/v1/tax-groups/list-default-tax-groups-by-app-ids',
    });
    expect(bodyOf(calls[1])).toEqual({ appIds: ['app'] });
    expect(byApp.results[0]?.item?.taxGroups?.[0]?.updatedDate).toEqual(new Date(UPDATED));
  });

  it('bulkCreateTaxRegions posts the list and converts returned items', async () => {
    const { sdk: s, calls } = sdk(() =>
      json({
        results: [
          {
            itemMetadata: { id: 'r', originalIndex: 0, success: true },
            item: { id: 'r', country: 'US', ...dated },
          },
          {
            itemMetadata: {
              originalIndex: 1,
              success: false,
              error: { code: 'ALREADY_EXISTS', description: 'x', data: {} },
            },
          },
        ],
        bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
      }),
    );
    const result = await s.taxRegions.bulkCreateTaxRegions([{ country: 'US' }, { country: 'US' }], {
      returnEntity: true,
    });
    expectSent(calls[0], 'POST', '/billing/v1/bulk/tax-regions/create', {
      taxRegions: [{ country: 'US' }, { country: 'US' }],
      returnEntity: true,
    });
    expect(result.results[0]?.item?.createdDate).toEqual(new Date(CREATED));
    expect(result.results[1]?.itemMetadata.error?.code).toBe('ALREADY_EXISTS');
    expect(result.bulkActionMetadata.totalFailures).toBe(1);
  });
});
