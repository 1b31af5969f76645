import { describe, expect, it } from 'vitest';
import type { createClient } from '../core/client.ts';
import { callNamed, lowerFirst } from '../testing/entity-calls.ts';
import { json, parseUrl, type RecordedCall, fakeClient, bodyOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { brands } from './brands.ts';
import { catalogVersion } from './catalog-version.ts';
import { customizations } from './customizations.ts';
import { infoSections } from './info-sections.ts';
import { ribbons } from './ribbons.ts';

const modules = { brands, ribbons, customizations, infoSections, catalogVersion };
type Sdk = ReturnType<typeof createClient<typeof modules>>;

const CREATED = '2024-03-01T12:00:00.000Z';
const meta = { revision: '2', createdDate: CREATED, updatedDate: CREATED };
const IMG = '5c3b2f1e-1b7a-4c8e-9a51-0d6a3c9e2f10';
const URI = `aisle:image://v1/${IMG}/red.png#originWidth=10&originHeight=10`;
const WIRE_IMAGE = { id: IMG, filename: 'red.png', width: 10, height: 10 };

const sdk = fakeClient(modules);

/**
 * A v3 entity's usual calls, named from its names (`createBrand`, …, `queryBrands`, `bulkUpdateBrands`): the
 * module's wire key and plural follow them too.
 */
interface V3Case {
  name: keyof typeof modules;
  one: string;
  many: string;
  segment: string;
  queryMethod: 'GET' | 'POST';
  /** What create sends. */
  input: Record<string, unknown>;
  /** What update sends (besides the id); its first field is the one the mask names. */
  patch: Record<string, unknown>;
}

/** A case with the usual patch (`name`) and a GET query unless it says otherwise; its plural adds an s. */
const v3Case = (
  name: V3Case['name'],
  one: string,
  segment: string,
  input: V3Case['input'],
  more: Partial<V3Case> = {},
): V3Case => ({
  name,
  one,
  many: `${one}s`,
  segment,
  queryMethod: 'GET',
  input,
  patch: { name: 'Acme 2', revision: '2' },
  ...more,
});

const CASES: V3Case[] = [
  v3Case('brands', 'Brand', 'brands', { name: 'Acme' }),
  v3Case('ribbons', 'Ribbon', 'ribbons', { name: 'Sale' }, { queryMethod: 'POST' }),
  v3Case(
    'infoSections',
    'InfoSection',
    'info-sections',
    { uniqueName: 'care', title: 'Care', plainDescription: '<p>Wash cold</p>' },
    { patch: { title: 'Acme 2', revision: '2' } },
  ),
  v3Case('customizations', 'Customization', 'customizations', {
    name: 'Engraving',
    customizationType: 'MODIFIER',
    customizationRenderType: 'FREE_TEXT',
  }),
];

type Dated = { createdDate?: Date };

/** The case's calls on a client, by their names. */
function crudOf(c: V3Case, s: Sdk) {
  const call = callNamed(s[c.name]);
  const field = Object.keys(c.patch)[0] ?? '';
  const fields = { fields: ['ASSIGNED_PRODUCTS_COUNT'] };
  return {
    create: () => call<Promise<Dated>>(`create${c.one}`, c.input),
    get: (id: string) => call<Promise<Dated>>(`get${c.one}`, id, fields),
    update: (id: string) => call<Promise<unknown>>(`update${c.one}`, id, c.patch, { fieldMask: [field] }),
    remove: (id: string) => call<Promise<void>>(`delete${c.one}`, id),
    query: () => call<{ find(): Promise<{ items: Dated[] }> }>(`query${c.many}`, fields),
    count: () => call<Promise<number>>(`count${c.many}`, { filter: { name: { $startsWith: 'A' } } }),
    bulkCreate: () =>
      call<Promise<{ results: { item?: Dated }[] }>>(`bulkCreate${c.many}`, [c.input], {
        returnEntity: true,
      }),
    bulkUpdate: (id: string) =>
      call<Promise<unknown>>(`bulkUpdate${c.many}`, [
        { [keyOf(c)]: { id, [field]: 'X', revision: '2' }, fieldMask: [field] },
      ]),
  };
}

const keyOf = (c: V3Case) => lowerFirst(c.one);

describe.each(CASES)('$name (v3)', (c) => {
  const key = keyOf(c);
  const plural = lowerFirst(c.many);
  const path = `/stores/v3/${c.segment}`;
  const entity = { id: 'e1', ...meta };
  const reply = (call: RecordedCall): Response => {
    if (call.url.includes('/bulk/'))
      return json({
        results: [{ itemMetadata: { id: 'e1', originalIndex: 0, success: true }, item: entity }],
        bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0, undetailedFailures: 0 },
      });
    if (call.url.includes('/count')) return json({ count: 7 });
    if (call.url.includes('/query'))
      return json({
        [plural]: [entity],
        pagingMetadata: { count: 1, cursors: { next: 'n' }, hasNext: true },
      });
    return json(call.method === 'DELETE' ? {} : { [key]: entity });
  };

  it('create, get (with fields), update (mask, fields) and delete', async () => {
    const { sdk: s, calls } = sdk(reply);
    const crud = crudOf(c, s);
    const created = await crud.create();
    expect(created.createdDate).toEqual(new Date(CREATED));
    const got = await crud.get('e/1');
    expect(got.createdDate).toEqual(new Date(CREATED));
    await crud.update('e/1');
    await expect(crud.remove('e/1')).resolves.toBeUndefined();
    expectSent(calls[0], 'POST', path, { [key]: c.input });
    const get = parseUrl(calls[1]?.url ?? '');
    expect(calls[1]?.method).toBe('GET');
    expect(get.path).toBe(`${path}/e%2F1`);
    expect(get.params.getAll('fields')).toEqual(['ASSIGNED_PRODUCTS_COUNT']);
    expect(calls[2]).toMatchObject({ method: 'PATCH', url: `${path}/e%2F1` });
    expect(bodyOf(calls[2])).toEqual({
      [key]: { ...c.patch, id: 'e/1' },
      fieldMask: Object.keys(c.patch)[0],
    });
    expect(calls[3]?.method).toBe('DELETE');
    expect(parseUrl(calls[3]?.url ?? '').path).toBe(`${path}/e%2F1`);
  });

  it(`query pages by cursor (${c.queryMethod}) with fields beside the query; count returns the number`, async () => {
    const { sdk: s, calls } = sdk(reply);
    const crud = crudOf(c, s);
    const page = await crud.query().find();
    const sent = { fields: ['ASSIGNED_PRODUCTS_COUNT'], query: { cursorPaging: { limit: 50 } } };
    expect(calls[0]?.method).toBe(c.queryMethod);
    if (c.queryMethod === 'GET')
      expect(parseUrl(calls[0]?.url ?? '')).toMatchObject({ path: `${path}/query`, r: sent });
    else {
      expect(calls[0]?.url).toBe(`${path}/query`);
      expect(bodyOf(calls[0])).toEqual(sent);
    }
    expect(page.items[0]?.createdDate).toEqual(new Date(CREATED));
    expect(await crud.count()).toBe(7);
    expect(calls[1]).toMatchObject({ method: 'POST', url: `${path}/count` });
    expect(bodyOf(calls[1])).toEqual({ filter: { name: { $startsWith: 'A' } } });
  });

  it('bulk create and update post to /stores/v3/bulk/<segment>/… and convert items', async () => {
    const { sdk: s, calls } = sdk(reply);
    const crud = crudOf(c, s);
    const created = await crud.bulkCreate();
    await crud.bulkUpdate('e1');
    expect(calls[0]).toMatchObject({ method: 'POST', url: `/stores/v3/bulk/${c.segment}/create` });
    expect(bodyOf(calls[0])).toEqual({ [plural]: [c.input], returnEntity: true });
    expect(created.results[0]?.item?.createdDate).toEqual(new Date(CREATED));
    expect(calls[1]).toMatchObject({ method: 'POST', url: `/stores/v3/bulk/${c.segment}/update` });
    expect(bodyOf(calls[1])).toEqual({
      [plural]: [
        {
          [key]: { id: 'e1', [Object.keys(c.patch)[0] ?? '']: 'X', revision: '2' },
          fieldMask: Object.keys(c.patch)[0],
        },
      ],
    });
  });
});

describe('v3 extras', () => {
  const named = (key: string) => (call: RecordedCall) =>
    call.url.includes('/bulk/')
      ? json({
          results: [{ itemMetadata: { originalIndex: 0, success: true }, item: { id: 'x', ...meta } }],
          bulkActionMetadata: {},
        })
      : json({ [key]: { id: 'x', ...meta } });

  it('brands and ribbons: get-or-create, one and in bulk, and bulk delete', async () => {
    const { sdk: s, calls } = sdk((call) => named(call.url.includes('ribbon') ? 'ribbon' : 'brand')(call));
    const brand = await s.brands.getOrCreateBrand('Acme');
    await s.brands.bulkGetOrCreateBrands(['Acme', 'Zed']);
    await s.brands.bulkDeleteBrands(['b1']);
    const ribbon = await s.ribbons.getOrCreateRibbon('Sale');
    const many = await s.ribbons.bulkGetOrCreateRibbons(['Sale']);
    await s.ribbons.bulkDeleteRibbons(['r1']);
    expect(brand.createdDate).toBeInstanceOf(Date);
    expect(ribbon.createdDate).toBeInstanceOf(Date);
    expect(many.results[0]?.item?.updatedDate).toBeInstanceOf(Date);
    expect(calls.map((c) => [c.url, bodyOf(c)])).toEqual([
      ['/stores/v3/brands/get-or-create', { brandName: 'Acme' }],
      ['/stores/v3/bulk/brands/get-or-create', { brandNames: ['Acme', 'Zed'] }],
      ['/stores/v3/bulk/brands/delete', { brandIds: ['b1'] }],
      ['/stores/v3/ribbons/get-or-create', { ribbonName: 'Sale' }],
      ['/stores/v3/bulk/ribbons/get-or-create', { ribbonNames: ['Sale'] }],
      ['/stores/v3/bulk/ribbons/delete', { ribbonIds: ['r1'] }],
    ]);
  });

  it('info sections: get-or-create, one and in bulk, and bulk delete', async () => {
    const { sdk: s, calls } = sdk(named('infoSection'));
    await s.infoSections.getOrCreateInfoSection({ uniqueName: 'care', title: 'Care' });
    await s.infoSections.bulkGetOrCreateInfoSections([{ uniqueName: 'care' }]);
    await s.infoSections.bulkDeleteInfoSections(['i1']);
    expect(calls.map((c) => [c.url, bodyOf(c)])).toEqual([
      ['/stores/v3/info-sections/get-or-create', { infoSection: { uniqueName: 'care', title: 'Care' } }],
      ['/stores/v3/bulk/info-sections/get-or-create', { infoSections: [{ uniqueName: 'care' }] }],
      ['/stores/v3/bulk/info-sections/delete', { infoSectionIds: ['i1'] }],
    ]);
  });

  it('customizations: choice images travel as objects and come back as URIs', async () => {
    const wire = {
      id: 'c1',
      ...meta,
      choicesSettings: {
        choices: [{ id: 'ch1', key: 'red', name: 'Red', choiceType: 'IMAGE', displayImage: WIRE_IMAGE }],
      },
    };
    const { sdk: s, calls } = sdk((call) =>
      call.url.includes('/bulk/')
        ? json({
            results: [{ itemMetadata: { originalIndex: 0, success: true }, item: wire }],
            bulkActionMetadata: {},
          })
        : json({ customization: wire }),
    );
    const created = await s.customizations.createCustomization({
      name: 'Colour',
      customizationRenderType: 'SWATCH_CHOICES',
      choicesSettings: { choices: [{ name: 'Red', choiceType: 'IMAGE', displayImage: URI }] },
    });
    expect(created.choicesSettings?.choices?.[0]?.displayImage).toBe(URI);
    expect(bodyOf(calls[0])).toEqual({
      customization: {
        name: 'Colour',
        customizationRenderType: 'SWATCH_CHOICES',
        choicesSettings: { choices: [{ name: 'Red', choiceType: 'IMAGE', displayImage: WIRE_IMAGE }] },
      },
    });

    await s.customizations.addCustomizationChoices('c1', [{ name: 'Blue', displayImage: URI }], {
      revision: '2',
    });
    await s.customizations.setCustomizationChoices('c1', [{ name: 'Only' }]);
    await s.customizations.removeCustomizationChoices('c1', ['ch1'], '3');
    await s.customizations.updateCustomizationChoices(
      'c1',
      [{ choice: { id: 'ch1', displayImage: URI }, fieldMask: ['displayImage'] }],
      '4',
    );
    await s.customizations.reorderCustomizationChoices('c1', ['ch2', 'ch1'], '5');
    const bulk = await s.customizations.bulkAddCustomizationChoices([
      { customizationId: 'c1', choices: [{ name: 'Green', displayImage: URI }] },
    ]);
    expect(bulk.results[0]?.item?.choicesSettings?.choices?.[0]?.displayImage).toBe(URI);
    expect(calls.slice(1).map((c) => [c.method, c.url, bodyOf(c)])).toEqual([
      [
        'POST',
        '/stores/v3/customizations/c1/add-choices',
        { customizationId: 'c1', choices: [{ name: 'Blue', displayImage: WIRE_IMAGE }], revision: '2' },
      ],
      [
        'POST',
        '/stores/v3/customizations/c1/set-choices',
        { customizationId: 'c1', choices: [{ name: 'Only' }] },
      ],
      [
        'POST',
        '/stores/v3/customizations/c1/remove-choices',
        { customizationId: 'c1', choiceIds: ['ch1'], revision: '3' },
      ],
      [
        'POST',
        '/stores/v3/customizations/c1/update-choices',
        {
          customizationId: 'c1',
          choices: [{ choice: { id: 'ch1', displayImage: WIRE_IMAGE }, fieldMask: 'displayImage' }],
          revision: '4',
        },
      ],
      [
        'POST',
        '/stores/v3/customizations/c1/reorder-choices',
        { customizationId: 'c1', choiceIds: ['ch2', 'ch1'], revision: '5' },
      ],
      [
        'POST',
        '/stores/v3/bulk/customizations/add-choices',
        {
          customizationsChoices: [
            { customizationId: 'c1', choices: [{ name: 'Green', displayImage: WIRE_IMAGE }] },
          ],
        },
      ],
    ]);
  });

  it('catalogVersion.getCatalogVersion', async () => {
    const { sdk: s, calls } = sdk(() => json({ catalogVersion: 'V1_CATALOG' }));
    expect(await s.catalogVersion.getCatalogVersion()).toBe('V1_CATALOG');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/stores/v3/provision/version' });
  });
});
