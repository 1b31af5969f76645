import { serverForFile } from './file-server.ts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';

const V3 = '/stores/v3';

interface Named {
  id: string;
  revision: string;
  name: string;
  createdDate: string;
  updatedDate: string;
  assignedProductsCount?: number;
  assignedProductCount?: number;
}
interface Choice {
  id: string;
  key: string;
  name: string;
  choiceType: string;
  colorCode?: string;
}
interface Customization {
  id: string;
  revision: string;
  name: string;
  key: string;
  customizationType: string;
  customizationRenderType: string;
  freeTextInput?: { minCharCount: number; maxCharCount: number; title?: string; key: string };
  choicesSettings?: { choices: Choice[] };
  assignedProductsCount?: number;
}
interface InfoSection {
  id: string;
  revision: string;
  uniqueName: string;
  title: string;
  description: { nodes: Array<{ type: string; nodes: Array<{ textData: { text: string } }> }> };
  plainDescription: string;
  assignedProductsCount?: number;
}
type Bulk<T> = {
  results: Array<{
    itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: { code: string } };
    item?: T;
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
};

const { server, ok, fails } = serverForFile();

/** The fields named by a call that must fail with 400. */
const invalidFields = async (method: string, path: string, body: unknown) =>
  (
    (await fails(method, path, body, 400)) as {
      details: { validationError: { fieldViolations: Array<{ field: string }> } };
    }
  ).details.validationError.fieldViolations.map((v) => v.field);
/** The application error code of a call that must fail with `status`. */
const failureCode = async (status: number, method: string, path: string, body?: unknown) =>
  ((await fails(method, path, body, status)) as { details: { applicationError: { code: string } } }).details
    .applicationError.code;

async function eventTypes(entity: string, id: string): Promise<string[]> {
  const found = await rows<{ type: string }>(
    server().ctx.db,
    sql`select type from outbox_events where entity = ${entity} and entity_id = ${id} order by id`,
  );
  return found.map((r) => r.type);
}

async function product(
  body: Record<string, unknown>,
): Promise<{ id: string; brand?: string; ribbon?: string }> {
  return (await ok('POST', '/stores/v1/products', { product: { priceData: { price: 5 }, ...body } }))
    .product as { id: string };
}
/** A customization made through the admin API (on the v3 path, or the alias given). */
const createCustomization = async (customization: Record<string, unknown>, path = `${V3}/customizations`) =>
  (await ok('POST', path, { customization })).customization as Customization;
const readProduct = async (id: string) =>
  (await ok('GET', `/stores-reader/v1/products/${id}`, undefined, null)).product as {
    brand?: string;
    ribbon?: string;
  };

describe('admin only', () => {
  it('refuses writes without the key or with a bad token, lets anyone read', async () => {
    const writes: Array<[string, string, unknown]> = [
      ['POST', `${V3}/brands`, { brand: { name: 'x' } }],
      ['PATCH', `${V3}/brands/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`, { brand: { name: 'x', revision: '1' } }],
      ['DELETE', `${V3}/ribbons/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`, undefined],
      ['POST', `${V3}/bulk/ribbons/create`, { ribbons: [{ name: 'x' }] }],
      ['POST', `${V3}/customizations`, { customization: { name: 'x' } }],
      ['POST', `${V3}/customizations/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f/add-choices`, { choices: [] }],
      ['POST', `${V3}/info-sections`, { infoSection: { uniqueName: 'x' } }],
      ['POST', `${V3}/brands/get-or-create`, { brandName: 'x' }],
      ['POST', '/_api/brand/v3/brands', { brand: { name: 'x' } }],
      ['POST', '/_api/info-section/v3/info-sections', { infoSection: { uniqueName: 'x' } }],
    ];
    for (const [method, path, body] of writes) {
      expect((await server().call(method, path, { body })).status, path).toBe(401);
      expect((await server().call(method, path, { body, token: 'visitor.like.token' })).status, path).toBe(
        401,
      );
    }
    for (const path of [
      `${V3}/brands/query`,
      `${V3}/ribbons/query`,
      `${V3}/customizations/query`,
      `${V3}/info-sections/query`,
    ])
      await ok('POST', path, {}, null);
  });
});

describe('brands and ribbons', () => {
  it('creates, reads, renames (revision checked) and deletes a brand; products follow', async () => {
    const brand = (await ok('POST', `${V3}/brands`, { brand: { name: 'Fjell' } })).brand as Named;
    expect(brand).toMatchObject({ name: 'Fjell', revision: '1' });
    const p1 = await product({ name: 'Fjell Jacket', brand: 'Fjell' });
    const p2 = await product({ name: 'Fjell Cap', brand: 'Fjell' });
    const withCount = (
      await ok('GET', `${V3}/brands/${brand.id}?fields=ASSIGNED_PRODUCTS_COUNT`, undefined, null)
    ).brand as Named;
    expect(withCount).toMatchObject({ id: brand.id, assignedProductsCount: 2 });
    expect(
      ((await ok('GET', `${V3}/brands/${brand.id}`, undefined, null)).brand as Named).assignedProductsCount,
    ).toBeUndefined();

    const renamed = (
      await ok('PATCH', `${V3}/brands/${brand.id}`, {
        brand: { id: brand.id, name: 'Fjellrev', revision: '1' },
      })
    ).brand as Named;
    expect(renamed).toMatchObject({ name: 'Fjellrev', revision: '2' });
    expect((await readProduct(p1.id)).brand).toBe('Fjellrev');
    const filtered = await ok(
      'POST',
      '/stores-reader/v1/products/query-platformized',
      { query: { filter: { brand: 'Fjellrev' } } },
      null,
    );
    expect((filtered.products as Array<{ id: string }>).map((p) => p.id).sort()).toEqual(
      [p1.id, p2.id].sort(),
    );

    const stale = await fails(
      'PATCH',
      `${V3}/brands/${brand.id}`,
      { brand: { name: 'Other', revision: '1' } },
      409,
    );
    expect(stale).toMatchObject({
      details: { applicationError: { code: 'REVISION_MISMATCH', data: { revision: '2' } } },
    });
    expect(await invalidFields('PATCH', `${V3}/brands/${brand.id}`, { brand: { name: 'Other' } })).toEqual([
      'brand.revision',
    ]);
    const other = (await ok('POST', `${V3}/brands`, { brand: { name: 'Rival' } })).brand as Named;
    expect(
      await failureCode(409, 'PATCH', `${V3}/brands/${other.id}`, {
        brand: { name: 'Fjellrev', revision: '1' },
      }),
    ).toBe('BRAND_ALREADY_EXISTS');
    expect(await failureCode(409, 'POST', `${V3}/brands`, { brand: { name: 'Rival' } })).toBe(
      'BRAND_ALREADY_EXISTS',
    );
    expect(await invalidFields('POST', `${V3}/brands`, { brand: { name: ' ' } })).toEqual(['brand.name']);

    await ok('DELETE', `${V3}/brands/${brand.id}`);
    expect((await readProduct(p2.id)).brand).toBeUndefined();
    expect(await failureCode(404, 'GET', `${V3}/brands/${brand.id}`)).toBe('BRAND_NOT_FOUND');
    expect(await eventTypes('brand', brand.id)).toEqual(['created', 'updated', 'deleted']);
  });

  it('queries brands by GET* and POST with cursors, counts them, bulk-creates, -updates, -deletes and get-or-creates', async () => {
    const bulk = (await ok('POST', `${V3}/bulk/brands/create`, {
      brands: [{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Alpha' }, { name: 'Gamma' }],
      returnEntity: true,
    })) as Bulk<Named>;
    expect(bulk.bulkActionMetadata).toEqual({ totalSuccesses: 3, totalFailures: 1, undetailedFailures: 0 });
    expect(bulk.results[2]!.itemMetadata).toMatchObject({
      originalIndex: 2,
      success: false,
      error: { code: 'BRAND_ALREADY_EXISTS' },
    });
    expect(bulk.results[0]!.item).toMatchObject({ name: 'Alpha' });

    const request = {
      query: {
        filter: { name: { $in: ['Alpha', 'Beta', 'Gamma'] } },
        sort: [{ fieldName: 'name', order: 'DESC' }],
        cursorPaging: { limit: 2 },
      },
    };
    const first = await ok('POST', `${V3}/brands/query`, request, null);
    const got = await ok('GET', `${V3}/brands/query?${encodeComplexQuery(request)}`, undefined, null);
    expect(got).toEqual(first);
    expect((first.brands as Named[]).map((b) => b.name)).toEqual(['Gamma', 'Beta']);
    const meta = first.pagingMetadata as { cursors: { next: string }; hasNext: boolean };
    expect(meta.hasNext).toBe(true);
    const second = await ok(
      'POST',
      `/_api/brand/v3/brands/query`,
      { query: { cursorPaging: { limit: 2, cursor: meta.cursors.next } } },
      null,
    );
    expect((second.brands as Named[]).map((b) => b.name)).toEqual(['Alpha']);
    expect(await ok('POST', `${V3}/brands/count`, { filter: { name: { $startsWith: 'a' } } }, null)).toEqual({
      count: 1,
    });
    expect(await invalidFields('POST', `${V3}/brands/count`, { filter: { colour: 1 } })).toEqual([
      'filter.colour',
    ]);

    const [alpha, beta] = bulk.results.map((r) => r.item!);
    const updated = (await ok('POST', `${V3}/bulk/brands/update`, {
      brands: [
        { brand: { id: alpha!.id, name: 'Alpha 2', revision: alpha!.revision } },
        { brand: { id: beta!.id, name: 'Beta 2', revision: '7' } },
      ],
      returnEntity: true,
    })) as Bulk<Named>;
    expect(
      updated.results.map((r) => [r.itemMetadata.success, r.item?.name ?? r.itemMetadata.error?.code]),
    ).toEqual([
      [true, 'Alpha 2'],
      [false, 'REVISION_MISMATCH'],
    ]);
    const deleted = (await ok('POST', `${V3}/bulk/brands/delete`, {
      brandIds: [beta!.id, beta!.id],
    })) as Bulk<never>;
    expect(deleted.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });

    const made = (await ok('POST', `${V3}/brands/get-or-create`, { brandName: 'Delta' })).brand as Named;
    const again = (await ok('POST', `${V3}/brands/get-or-create`, { brandName: 'Delta' })).brand as Named;
    expect(again.id).toBe(made.id);
    const many = (await ok('POST', `${V3}/bulk/brands/get-or-create`, {
      brandNames: ['Delta', 'Epsilon'],
    })) as Bulk<Named>;
    expect(many.results.map((r) => r.item?.name)).toEqual(['Delta', 'Epsilon']);
    expect(many.results[0]!.item!.id).toBe(made.id);
  });

  it('runs ribbons the same way (query by plain POST, assignedProductCount), renames and deletes on products', async () => {
    const ribbon = (await ok('POST', '/_api/ribbon/v3/ribbons', { ribbon: { name: 'Hot' } })).ribbon as Named;
    const p = await product({ name: 'Ribboned', ribbon: 'Hot' });
    const listed = await ok(
      'POST',
      `${V3}/ribbons/query`,
      { query: { filter: { id: ribbon.id } }, fields: ['ASSIGNED_PRODUCTS_COUNT'] },
      null,
    );
    expect(listed.ribbons).toEqual([expect.objectContaining({ name: 'Hot', assignedProductCount: 1 })]);
    expect((await server().call('GET', `${V3}/ribbons/query`)).status).toBe(404);
    await ok('PATCH', `${V3}/ribbons/${ribbon.id}`, {
      ribbon: { name: 'Hotter', revision: ribbon.revision },
    });
    expect((await readProduct(p.id)).ribbon).toBe('Hotter');
    const made = (await ok('POST', `${V3}/ribbons/get-or-create`, { ribbonName: 'Hotter' })).ribbon as Named;
    expect(made.id).toBe(ribbon.id);
    await ok('DELETE', `${V3}/ribbons/${ribbon.id}`);
    expect((await readProduct(p.id)).ribbon).toBeUndefined();
    expect(await eventTypes('ribbon', ribbon.id)).toEqual(['created', 'updated', 'deleted']);
  });
});

describe('customizations', () => {
  it('creates text, swatch and free-text customizations and checks their rules', async () => {
    const size = await createCustomization({
      name: 'Size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: { choices: [{ name: 'Small' }, { name: 'Large', defaultAddedPrice: '2.50' }] },
    });
    expect(size).toMatchObject({
      key: 'size',
      revision: '1',
      choicesSettings: {
        choices: [{ name: 'Small', key: 'small', choiceType: 'CHOICE_TEXT' }, { name: 'Large' }],
      },
    });
    const colour = await createCustomization({
      name: 'Colour',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'SWATCH_CHOICES',
      choicesSettings: {
        choices: [
          { name: 'Navy', choiceType: 'ONE_COLOR', colorCode: '#1f3a5f' },
          {
            name: 'Stripes',
            choiceType: 'MULTIPLE_COLORS',
            multipleColors: { colorCodes: ['#ffffff', '#ff0000'] },
          },
          {
            name: 'Camo',
            choiceType: 'IMAGE',
            displayImage: { url: 'https://images.example.com/camo.png' },
          },
        ],
      },
    });
    expect(colour.choicesSettings!.choices.map((c) => c.choiceType)).toEqual([
      'ONE_COLOR',
      'MULTIPLE_COLORS',
      'IMAGE',
    ]);
    const note = await createCustomization({
      name: 'Gift note',
      customizationType: 'MODIFIER',
      customizationRenderType: 'FREE_TEXT',
      freeTextInput: { maxCharCount: 120, title: 'Your message' },
    });
    expect(note).toMatchObject({
      freeTextInput: { minCharCount: 0, maxCharCount: 120, title: 'Your message', key: 'gift-note' },
    });
    expect(note.choicesSettings).toBeUndefined();

    const bad: Array<[unknown, string[]]> = [
      [
        { name: 'X', customizationRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [{ name: 'a' }] } },
        ['customization.customizationType'],
      ],
      [
        {
          name: 'Tint',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'SWATCH_CHOICES',
          choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR' }] },
        },
        ['customization.choicesSettings.choices[0].colorCode'],
      ],
      [
        {
          name: 'Tint',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#f00' }] },
        },
        ['customization.choicesSettings.choices[0].choiceType'],
      ],
      [
        {
          name: 'Tint',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'FREE_TEXT',
          freeTextInput: { maxCharCount: 5 },
        },
        ['customization.customizationRenderType'],
      ],
      [
        {
          name: 'Note',
          customizationType: 'MODIFIER',
          customizationRenderType: 'FREE_TEXT',
          freeTextInput: { minCharCount: 10, maxCharCount: 5 },
        },
        ['customization.freeTextInput.maxCharCount'],
      ],
      [
        {
          name: 'Dup',
          customizationType: 'MODIFIER',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'a' }, { name: 'A' }] },
        },
        ['customization.choicesSettings.choices[1].name'],
      ],
      [
        { name: 'Kind', customizationType: 'KIND', customizationRenderType: 'TEXT_CHOICES' },
        ['customization.customizationType'],
      ],
    ];
    for (const [customization, expected] of bad)
      expect(
        await invalidFields('POST', `${V3}/customizations`, { customization }),
        JSON.stringify(customization),
      ).toEqual(expected);
    expect(
      await failureCode(409, 'POST', `${V3}/customizations`, {
        customization: {
          name: 'Size',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'x' }] },
        },
      }),
    ).toBe('CUSTOMIZATION_ALREADY_EXISTS');

    // Products using an option of that name count as assigned.
    await product({ name: 'Sized', productOptions: [{ name: 'Size', choices: [{ value: 'Small' }] }] });
    const counted = (
      await ok('GET', `${V3}/customizations/${size.id}?fields=ASSIGNED_PRODUCTS_COUNT`, undefined, null)
    ).customization as Customization;
    expect(counted.assignedProductsCount).toBe(1);
    const queried = await ok(
      'GET',
      `${V3}/customizations/query?${encodeComplexQuery({ query: { filter: { customizationRenderType: 'FREE_TEXT' } } })}`,
      undefined,
      null,
    );
    expect((queried.customizations as Customization[]).map((c) => c.id)).toEqual([note.id]);
    expect(
      await ok(
        'POST',
        `${V3}/customizations/count`,
        { filter: { customizationType: 'PRODUCT_OPTION' } },
        null,
      ),
    ).toEqual({ count: 2 });
  });

  it('edits choices with revisions: add, update, reorder, remove, set; bulk add', async () => {
    const c = await createCustomization(
      {
        name: 'Material',
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: [{ name: 'Wool' }] },
      },
      '/_api/customization/v3/customizations',
    );
    const path = `${V3}/customizations/${c.id}`;
    let now = (await ok('POST', `${path}/add-choices`, { choices: [{ name: 'Linen' }, { name: 'Silk' }] }))
      .customization as Customization;
    expect(now).toMatchObject({ revision: '2' });
    const [wool, linen, silk] = now.choicesSettings!.choices;
    expect(await invalidFields('POST', `${path}/add-choices`, { choices: [{ name: 'wool' }] })).toEqual([
      'choices[3].name',
    ]);

    now = (
      await ok('POST', `${path}/update-choices`, {
        choices: [
          { choice: { id: linen!.id, name: 'Irish Linen', defaultAddedPrice: '9.99' }, fieldMask: 'name' },
        ],
        revision: now.revision,
      })
    ).customization as Customization;
    expect(now.choicesSettings!.choices[1]).toMatchObject({
      id: linen!.id,
      name: 'Irish Linen',
      key: 'irish-linen',
    });
    expect(now.choicesSettings!.choices[1]).not.toHaveProperty('defaultAddedPrice');

    expect(
      await failureCode(409, 'POST', `${path}/reorder-choices`, {
        choiceIds: [silk!.id, wool!.id, linen!.id],
        revision: '2',
      }),
    ).toBe('REVISION_MISMATCH');
    expect(
      await invalidFields('POST', `${path}/reorder-choices`, {
        choiceIds: [silk!.id],
        revision: now.revision,
      }),
    ).toEqual(['choiceIds']);
    now = (
      await ok('POST', `${path}/reorder-choices`, {
        choiceIds: [silk!.id, wool!.id, linen!.id],
        revision: now.revision,
      })
    ).customization as Customization;
    expect(now.choicesSettings!.choices.map((x) => x.name)).toEqual(['Silk', 'Wool', 'Irish Linen']);

    now = (await ok('POST', `${path}/remove-choices`, { choiceIds: [wool!.id], revision: now.revision }))
      .customization as Customization;
    expect(now.choicesSettings!.choices.map((x) => x.id)).toEqual([silk!.id, linen!.id]);
    expect(
      await invalidFields('POST', `${path}/remove-choices`, {
        choiceIds: [silk!.id, linen!.id],
        revision: now.revision,
      }),
    ).toEqual(['choiceIds']);
    expect(await invalidFields('POST', `${path}/remove-choices`, { choiceIds: [silk!.id] })).toEqual([
      'revision',
    ]);

    now = (
      await ok('POST', `${path}/set-choices`, {
        choices: [{ id: silk!.id, name: 'Raw Silk' }, { name: 'Hemp' }],
      })
    ).customization as Customization;
    expect(now.choicesSettings!.choices.map((x) => [x.id === silk!.id, x.name])).toEqual([
      [true, 'Raw Silk'],
      [false, 'Hemp'],
    ]);

    const renamed = (
      await ok('PATCH', path, {
        customization: { name: 'Fabric', revision: now.revision },
        fieldMask: 'name',
      })
    ).customization as Customization;
    expect(renamed).toMatchObject({ name: 'Fabric', key: 'fabric' });
    expect(
      await invalidFields('PATCH', path, {
        customization: { customizationRenderType: 'SWATCH_CHOICES', revision: renamed.revision },
      }),
    ).toEqual(['customization.customizationRenderType']);

    const bulk = (await ok('POST', `${V3}/bulk/customizations/add-choices`, {
      customizationsChoices: [
        { customizationId: c.id, choices: [{ name: 'Jute' }] },
        { customizationId: '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f', choices: [{ name: 'x' }] },
      ],
      returnEntity: true,
    })) as Bulk<Customization>;
    expect(bulk.results.map((r) => r.itemMetadata.success)).toEqual([true, false]);
    expect(bulk.results[0]!.item!.choicesSettings!.choices.map((x) => x.name)).toContain('Jute');
    expect(bulk.results[1]!.itemMetadata.error?.code).toBe('CUSTOMIZATION_NOT_FOUND');

    const created = (await ok('POST', `${V3}/bulk/customizations/create`, {
      customizations: [
        { name: 'Engraving', customizationType: 'MODIFIER', customizationRenderType: 'FREE_TEXT' },
      ],
      returnEntity: false,
    })) as Bulk<Customization>;
    expect(created.results[0]).toEqual({
      itemMetadata: { id: expect.any(String), originalIndex: 0, success: true },
    });
    await ok('DELETE', `${V3}/customizations/${created.results[0]!.itemMetadata.id}`);
    expect(await eventTypes('customization', c.id)).toEqual(['created', ...Array(7).fill('updated')]);
  });
});

describe('info sections', () => {
  it('derives rich content from HTML and back, checks revisions, get-or-creates by unique name', async () => {
    const fromHtml = (
      await ok('POST', `${V3}/info-sections`, {
        infoSection: {
          uniqueName: 'care',
          title: 'Care',
          plainDescription: '<p>Wash cold &amp; dry flat.</p><p>No bleach</p><script>x</script>',
        },
      })
    ).infoSection as InfoSection;
    expect(fromHtml.plainDescription).toBe('<p>Wash cold &amp; dry flat.</p><p>No bleach</p>');
    expect(fromHtml.description.nodes.map((n) => [n.type, n.nodes[0]!.textData.text])).toEqual([
      ['PARAGRAPH', 'Wash cold & dry flat.'],
      ['PARAGRAPH', 'No bleach'],
    ]);
    const fromRich = (
      await ok('POST', '/_api/info-section/v3/info-sections', {
        infoSection: {
          uniqueName: 'shipping',
          title: 'Shipping',
          description: {
            nodes: [
              {
                type: 'HEADING',
                id: 'h',
                headingData: { level: 3 },
                nodes: [{ type: 'TEXT', textData: { text: 'Fast', decorations: [] } }],
              },
              {
                type: 'PARAGRAPH',
                id: 'p',
                nodes: [
                  { type: 'TEXT', textData: { text: 'Free over <$75>', decorations: [{ type: 'BOLD' }] } },
                ],
              },
            ],
            metadata: { version: 1 },
            documentStyle: {},
          },
        },
      })
    ).infoSection as InfoSection;
    expect(fromRich.plainDescription).toBe('<h3>Fast</h3><p><strong>Free over &lt;$75&gt;</strong></p>');

    const updated = (
      await ok('PATCH', `${V3}/info-sections/${fromHtml.id}`, {
        infoSection: { title: 'Care guide', uniqueName: 'ignored', revision: fromHtml.revision },
        fieldMask: 'title',
      })
    ).infoSection as InfoSection;
    expect(updated).toMatchObject({ title: 'Care guide', uniqueName: 'care', revision: '2' });
    expect(
      await failureCode(409, 'PATCH', `${V3}/info-sections/${fromHtml.id}`, {
        infoSection: { title: 'x', revision: '1' },
      }),
    ).toBe('REVISION_MISMATCH');
    expect(
      await failureCode(409, 'POST', `${V3}/info-sections`, {
        infoSection: { uniqueName: 'care', title: 'Again' },
      }),
    ).toBe('INFO_SECTION_ALREADY_EXISTS');
    expect(await invalidFields('POST', `${V3}/info-sections`, { infoSection: { title: 'No name' } })).toEqual(
      ['infoSection.uniqueName'],
    );
    expect(
      await invalidFields('POST', `${V3}/info-sections`, {
        infoSection: { uniqueName: 'n', title: 't', description: { nodes: [{ id: 'x' }] } },
      }),
    ).toEqual(['infoSection.description.nodes[0].type']);

    const same = (
      await ok('POST', `${V3}/info-sections/get-or-create`, {
        infoSection: { uniqueName: 'care', title: 'Whatever' },
      })
    ).infoSection as InfoSection;
    expect(same.id).toBe(fromHtml.id);
    const many = (await ok('POST', `${V3}/bulk/info-sections/get-or-create`, {
      infoSections: [
        { uniqueName: 'shipping' },
        { uniqueName: 'sizing', title: 'Sizing', plainDescription: 'True to size' },
      ],
    })) as Bulk<InfoSection>;
    expect(many.results.map((r) => r.item?.uniqueName)).toEqual(['shipping', 'sizing']);
    expect(many.results[1]!.item!.description.nodes[0]!.nodes[0]!.textData.text).toBe('True to size');

    await product({
      name: 'Shipped',
      additionalInfoSections: [{ title: 'Shipping', description: '<p>x</p>' }],
    });
    const page = await ok(
      'GET',
      `${V3}/info-sections/query?${encodeComplexQuery({ query: { sort: [{ fieldName: 'uniqueName' }] }, fields: ['ASSIGNED_PRODUCTS_COUNT'] })}`,
      undefined,
      null,
    );
    expect((page.infoSections as InfoSection[]).map((s) => [s.uniqueName, s.assignedProductsCount])).toEqual([
      ['care', 0],
      ['shipping', 1],
      ['sizing', 0],
    ]);
    expect(await ok('POST', `${V3}/info-sections/count`, {}, null)).toEqual({ count: 3 });

    const bulkUpdate = (await ok('POST', `${V3}/bulk/info-sections/update`, {
      infoSections: [
        {
          infoSection: { id: fromRich.id, title: 'Delivery', revision: fromRich.revision },
          fieldMask: 'title',
        },
      ],
      returnEntity: true,
    })) as Bulk<InfoSection>;
    expect(bulkUpdate.results[0]!.item).toMatchObject({
      title: 'Delivery',
      plainDescription: fromRich.plainDescription,
    });
    const removed = (await ok('POST', `${V3}/bulk/info-sections/delete`, {
      infoSectionIds: [fromRich.id],
    })) as Bulk<never>;
    expect(removed.bulkActionMetadata.totalSuccesses).toBe(1);
    await ok('DELETE', `${V3}/info-sections/${fromHtml.id}`);
    expect(await failureCode(404, 'GET', `${V3}/info-sections/${fromHtml.id}`)).toBe(
      'INFO_SECTION_NOT_FOUND',
    );
    expect(await eventTypes('info_section', fromHtml.id)).toEqual(['created', 'updated', 'deleted']);
    expect(await eventTypes('info_section', fromRich.id)).toEqual(['created', 'updated', 'deleted']);
  });
});
