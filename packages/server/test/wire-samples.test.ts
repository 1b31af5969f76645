import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import { PRODUCTS_TAX_GROUP_ID } from '../src/modules/settings/tax-groups.ts';
import { serverForFile } from './file-server.ts';

/**
 * Recorded wire answers of every merchant entity on the entity kit: a fixed script of calls per entity
 * (create, bad create, get, unknown id, masked update, stale revision, queries, entity-specific calls,
 * delete), each answer's status and exact body text. Ids, dates, cursors and secrets are replaced by
 * placeholders numbered in order of appearance, so the files compare byte for byte across runs. A change to
 * any answer shows as a diff of `wire-samples/<entity>.txt`.
 */

const { server } = serverForFile();
beforeAll(async () => {
  // A clock one second further at each reading: rows never share a creation time, so orders are fixed.
  let tick = Date.parse('2026-01-01T00:00:00Z');
  server().ctx.clock = () => {
    tick += 1000;
    return new Date(tick);
  };
});
type Json = Record<string, unknown>;
interface Step {
  method: string;
  path: string | ((saved: Saved) => string);
  body?: unknown | ((saved: Saved) => unknown);
  /** Keep the answer under this name for later steps. */
  save?: string;
  /** Record only the status (a call that sets the scene, whose answer is another entity's). */
  quiet?: boolean;
  /** `NOTE`: instead of a call, the path's text (what an earlier answer showed). */
  /** Instead of a call: the outbox events recorded for this entity so far (type, id and payload). */
  events?: string;
}
type Saved = Record<string, Json>;

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

function normalise(text: string): string {
  const ids = new Map<string, string>();
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
      return ids.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<date>')
    .replace(/"(next|prev)":"[^"]+"/g, '"$1":"<cursor>"')
    .replace(/whsec_[A-Za-z0-9_-]+/g, '<secret>');
}

async function record(steps: Step[]): Promise<string> {
  const saved: Saved = {};
  const lines: string[] = [];
  for (const step of steps) {
    if (step.events) {
      const found = await rows<{ type: string; entity_id: string; payload: string }>(
        server().ctx.db,
        sql`select type, entity_id, payload::text as payload from outbox_events
            where entity = ${step.events} order by id`,
      );
      lines.push(`EVENTS ${step.events}`, ...found.map((e) => `${e.type} ${e.entity_id} ${e.payload}`), '');
      continue;
    }
    const path = typeof step.path === 'function' ? step.path(saved) : step.path;
    if (step.method === 'NOTE') {
      lines.push(`NOTE ${path}`, '');
      continue;
    }
    const given = typeof step.body === 'function' ? step.body(saved) : step.body;
    const body = step.method === 'GET' ? undefined : given;
    const response = await fetch(server().url + path, {
      method: step.method,
      headers: {
        authorization: server().adminKey,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (step.save) saved[step.save] = JSON.parse(text) as Json;
    lines.push(`${step.method} ${path}`, `${response.status}${step.quiet ? '' : ` ${text}`}`, '');
  }
  return normalise(lines.join('\n'));
}

const id = (name: string, key: string) => (saved: Saved) => (saved[name]![key] as { id: string }).id;
const revision = (name: string, key: string) => (saved: Saved) =>
  (saved[name]![key] as { revision: string }).revision;

interface CrudOptions {
  path: string;
  key: string;
  create: Json;
  other: Json;
  bad: Json;
  patch: Json;
  query?: { path?: string; method?: string; body: Json };
  extra?: Step[];
}

/** The usual script: create twice and a bad one, read, update (masked, stale), query, delete. */
function crud(options: CrudOptions): Step[] {
  const { path, key } = options;
  const queryPath = options.query?.path ?? `${path}/query`;
  const at = (name: string) => (saved: Saved) => `${path}/${id(name, key)(saved)}`;
  return [
    { method: 'POST', path, body: { [key]: options.create }, save: 'a' },
    { method: 'POST', path, body: { [key]: options.other }, save: 'b' },
    { method: 'POST', path, body: { [key]: options.bad } },
    { method: 'GET', path: at('a') },
    { method: 'GET', path: `${path}/${UNKNOWN}` },
    { method: 'GET', path: `${path}/not-an-id` },
    {
      method: 'PATCH',
      path: at('a'),
      body: (s: Saved) => ({
        [key]: { ...options.patch, id: id('a', key)(s), revision: revision('a', key)(s) },
        fieldMask: Object.keys(options.patch).join(','),
      }),
      save: 'a2',
    },
    {
      method: 'PATCH',
      path: at('a'),
      body: (s: Saved) => ({ [key]: { ...options.patch, revision: revision('a', key)(s) } }),
    },
    { method: 'PATCH', path: `${path}/${UNKNOWN}`, body: { [key]: options.patch } },
    { method: options.query?.method ?? 'POST', path: queryPath, body: { query: {} } },
    {
      method: options.query?.method ?? 'POST',
      path: queryPath,
      body: options.query?.body ?? { query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }] } },
    },
    { method: 'POST', path: queryPath, body: { query: { filter: { nope: 'x' } } } },
    ...(options.extra ?? []),
    { method: 'DELETE', path: at('b') },
    { method: 'DELETE', path: at('b') },
    { method: 'GET', path: at('b') },
  ];
}

const events = (entity: string): Step => ({ method: '', path: '', events: entity });
const bulkId = (s: Saved, i: number) =>
  (s.bulk!.results as Array<{ itemMetadata: { id: string } }>)[i]!.itemMetadata.id;

/** Brands and ribbons beyond the usual script: fields, masks, bulk calls, get-or-create, aliases. */
function merchExtras(key: 'brand' | 'ribbon', name: string): Step[] {
  const plural = `${key}s`;
  const path = `/stores/v3/${plural}`;
  const at = (s: Saved) => `${path}/${id('a', key)(s)}`;
  return [
    { method: 'GET', path: (s) => `${at(s)}?fields=ASSIGNED_PRODUCTS_COUNT` },
    {
      method: 'PATCH',
      path: at,
      body: (s: Saved) => ({ [key]: { id: id('b', key)(s), name: 'x', revision: '2' } }),
    },
    { method: 'PATCH', path: `${path}/not-an-id`, body: { [key]: { name: 'x' } } },
    { method: 'PATCH', path: at, body: { [key]: { name: 'x', revision: 'two' } } },
    { method: 'PATCH', path: at, body: { [key]: { name: ' ', revision: '2' } } },
    { method: 'PATCH', path: at, body: { [key]: { name: 'x'.repeat(51), revision: '2' } } },
    {
      method: 'PATCH',
      path: at,
      body: (s: Saved) => ({ [key]: { name: (s.b![key] as { name: string }).name, revision: '2' } }),
    },
    { method: 'POST', path, body: { [key]: { name: ` ${name} ` } } },
    {
      method: 'PATCH',
      path: at,
      body: { [key]: { revision: 2 }, fieldMask: 'nothing', fields: ['ASSIGNED_PRODUCTS_COUNT'] },
      save: 'a3',
    },
    {
      method: 'GET',
      path: `/_api/${key}/v3/${plural}/query?${encodeComplexQuery({ query: { cursorPaging: { limit: 1 } } })}`,
    },
    {
      method: 'POST',
      path: `/_api/${key}/v3/${plural}/query`,
      body: {
        query: { sort: [{ fieldName: 'name', order: 'DESC' }], cursorPaging: { limit: 2 } },
        fields: ['ASSIGNED_PRODUCTS_COUNT'],
      },
    },
    { method: 'POST', path: `${path}/query`, body: { query: { paging: { limit: 101 } } } },
    { method: 'POST', path: `${path}/count`, body: { filter: { colour: 1 } } },
    { method: 'POST', path: `${path}/count`, body: { filter: '{"name":"x"}' } },
    {
      method: 'POST',
      path: `/stores/v3/bulk/${plural}/update`,
      body: (s: Saved) => ({
        [plural]: [
          { [key]: { id: bulkId(s, 0), name: 'Renamed', revision: '1' } },
          { [key]: { id: bulkId(s, 0), name: 'Again', revision: '1' } },
          { [key]: { name: 'x', revision: '1' } },
          { [key]: { id: 'not-an-id', name: 'x', revision: '1' } },
        ],
        fields: ['ASSIGNED_PRODUCTS_COUNT'],
      }),
    },
    {
      method: 'POST',
      path: `/stores/v3/bulk/${plural}/update`,
      body: (s: Saved) => ({
        [plural]: [{ [key]: { id: bulkId(s, 0), name: 'Renamed twice', revision: '2' } }],
        returnEntity: false,
      }),
    },
    {
      method: 'POST',
      path: `/stores/v3/bulk/${plural}/delete`,
      body: (s: Saved) => ({ [`${key}Ids`]: [bulkId(s, 0), bulkId(s, 0), 'not-an-id'] }),
    },
  ];
}

/**
 * A product named `name` at 5 with the `fields` given (only its status recorded), then the entity at `at`
 * read with its count of assigned products.
 */
function productThenCount(
  at: (s: Saved) => string,
  name: string,
  fields: (s: Saved) => Json,
  save?: string,
): Step[] {
  return [
    {
      method: 'POST',
      path: '/stores/v1/products',
      body: (s: Saved) => ({ product: { name, priceData: { price: 5 }, ...fields(s) } }),
      ...(save ? { save } : {}),
      quiet: true,
    },
    { method: 'GET', path: (s) => `${at(s)}?fields=ASSIGNED_PRODUCTS_COUNT` },
  ];
}

/** A product carrying the brand (ribbon) name: renamed with it, cleared when it is deleted. */
function productFollows(key: 'brand' | 'ribbon', at: (name: string) => (s: Saved) => string): Step[] {
  const product = (s: Saved) => `/stores-reader/v1/products/${id('p', 'product')(s)}`;
  const shown = (s: Saved) => (s.shown!.product as Record<string, unknown>)[key];
  return [
    ...productThenCount(at('a'), 'Anvil', (s) => ({ [key]: (s.a3![key] as { name: string }).name }), 'p'),
    {
      method: 'PATCH',
      path: at('a'),
      body: (s: Saved) => ({
        [key]: { name: 'Renamed', revision: revision('a3', key)(s) },
        fields: ['ASSIGNED_PRODUCTS_COUNT'],
      }),
    },
    {
      method: 'PATCH',
      path: at('a'),
      body: (s: Saved) => ({
        [key]: { name: 'Anvil maker', revision: String(Number(revision('a3', key)(s)) + 1) },
      }),
    },
    { method: 'GET', path: product, save: 'shown', quiet: true },
    { method: 'NOTE', path: (s) => `${key} of the product: ${JSON.stringify(shown(s))}` },
    { method: 'DELETE', path: at('a') },
    { method: 'GET', path: product, save: 'shown', quiet: true },
    { method: 'NOTE', path: (s) => `${key} of the product: ${JSON.stringify(shown(s) ?? null)}` },
  ];
}

/**
 * A brand's or ribbon's samples: the usual script with its own extras and the merchandising ones, then a
 * product that carries its name, then its events.
 */
function merchSamples(
  key: 'brand' | 'ribbon',
  names: Pick<CrudOptions, 'create' | 'other' | 'bad' | 'query'> & { patch: { name: string } },
  extra: Step[],
): Step[] {
  const path = `/stores/v3/${key}s`;
  const at = (name: string) => (s: Saved) => `${path}/${id(name, key)(s)}`;
  return [
    ...crud({
      path,
      key,
      ...names,
      extra: [...extra, ...merchExtras(key, names.patch.name)],
    }),
    ...productFollows(key, at),
    events(key),
  ];
}

const SCRIPTS: Record<string, () => Step[]> = {
  'tax-groups': () =>
    crud({
      path: '/billing/v1/tax-groups',
      key: 'taxGroup',
      create: { name: 'Books' },
      other: { name: 'Food' },
      bad: { name: '' },
      patch: { name: 'Printed books' },
      query: { body: { query: { filter: { name: { $startsWith: 'Pr' } } } } },
      extra: [
        { method: 'GET', path: '/billing/v1/tax-groups/default-tax-groups' },
        {
          method: 'PATCH',
          path: `/billing/v1/tax-groups/${PRODUCTS_TAX_GROUP_ID}`,
          body: { taxGroup: { name: 'x' } },
        },
      ],
    }),
  'tax-regions': () =>
    crud({
      path: '/billing/v1/tax-regions',
      key: 'taxRegion',
      create: { country: 'us', subdivision: 'CA' },
      other: { country: 'FR' },
      bad: { country: 'US', subdivision: 'US-CA' },
      patch: { taxIncludedInPrice: true },
      query: { body: { query: { filter: { country: 'US' } } } },
      extra: [
        {
          method: 'POST',
          path: '/billing/v1/bulk/tax-regions/create',
          body: { taxRegions: [{ country: 'DE' }, { country: 'US', subdivision: 'CA' }], returnEntity: true },
        },
      ],
    }),
  'tax-rates': () => {
    const region = id('r', 'taxRegion');
    const rate = (value: string, group: (s: Saved) => string) => (s: Saved) => ({
      taxRate: { taxRegionId: region(s), taxGroupId: group(s), rate: value },
    });
    const steps = crud({
      path: '/billing/v1/tax-rates',
      key: 'taxRate',
      create: {},
      other: {},
      bad: {},
      patch: { rate: '9' },
    });
    steps[0]!.body = rate('8.875', () => PRODUCTS_TAX_GROUP_ID);
    steps[1]!.body = rate('1', id('g', 'taxGroup'));
    steps[2]!.body = rate('x', () => UNKNOWN);
    return [
      {
        method: 'POST',
        path: '/billing/v1/tax-regions',
        body: { taxRegion: { country: 'US', subdivision: 'NY' } },
        save: 'r',
      },
      { method: 'POST', path: '/billing/v1/tax-groups', body: { taxGroup: { name: 'Clothes' } }, save: 'g' },
      ...steps,
      { method: 'POST', path: '/billing/v1/tax-rates', body: rate('1', () => UNKNOWN) },
      { method: 'POST', path: '/billing/v1/tax-rates', body: rate('2', () => PRODUCTS_TAX_GROUP_ID) },
    ];
  },
  'delivery-regions': () =>
    crud({
      path: '/ecom/v1/delivery-regions',
      key: 'deliveryRegion',
      create: { name: 'Domestic', destinations: [{ countryCode: 'us', subdivisions: ['ca', 'NY'] }] },
      other: { name: 'EU', destinations: [{ countryCode: 'FR' }, { countryCode: 'DE' }] },
      bad: { name: 'x', destinations: [] },
      patch: { name: 'Home' },
    }),
  'shipping-options': () => [
    {
      method: 'POST',
      path: '/ecom/v1/delivery-regions',
      body: { deliveryRegion: { name: 'US', destinations: [{ countryCode: 'US' }] } },
      save: 'region',
    },
    ...crud({
      path: '/ecom/v1/shipping-options',
      key: 'shippingOption',
      create: {
        title: 'Standard',
        deliveryRegionIds: [],
        estimatedDeliveryTime: '3-5 days',
        rates: [
          { amount: '5.99', conditions: [{ type: 'BY_TOTAL_WEIGHT', value: '2', operator: 'LTE' }] },
          { amount: '9' },
        ],
      },
      other: { title: 'Express', deliveryRegionIds: [], rates: [{ amount: '15' }] },
      bad: { title: '', deliveryRegionIds: ['x'], rates: [] },
      patch: { title: 'Standard post' },
      query: {
        method: 'POST',
        body: { query: { filter: { title: 'Standard post' }, cursorPaging: { limit: 1 } } },
      },
      extra: [
        {
          method: 'POST',
          path: (s) => `/ecom/v1/shipping-options/${id('a', 'shippingOption')(s)}/add-delivery-region`,
          body: (s: Saved) => ({ deliveryRegionId: id('region', 'deliveryRegion')(s) }),
        },
        {
          method: 'POST',
          path: (s) => `/ecom/v1/shipping-options/${id('a', 'shippingOption')(s)}/update-extended-fields`,
          body: { namespace: '@acme/app', namespaceData: { zone: 3 } },
        },
        { method: 'DELETE', path: (s) => `/ecom/v1/delivery-regions/${id('region', 'deliveryRegion')(s)}` },
        { method: 'GET', path: (s) => `/ecom/v1/shipping-options/${id('a', 'shippingOption')(s)}` },
      ],
    }),
  ],
  coupons: () =>
    crud({
      path: '/ecom/v1/coupons',
      key: 'coupon',
      create: {
        code: 'Summer25',
        name: 'Summer',
        discountType: 'PERCENTAGE',
        percentage: 25,
        minimumSubtotal: '40',
        usageLimit: 100,
      },
      other: { code: 'TENOFF', discountType: 'FIXED_AMOUNT', fixedAmount: '10' },
      bad: { code: 'SUMMER25', discountType: 'FREE_SHIPPING' },
      patch: { active: false },
      query: { body: { query: { filter: { code: 'SUMMER25' } } } },
    }),
  'tip-settings': () =>
    crud({
      path: '/tips/v1/tip-settings',
      key: 'tipSettings',
      create: {
        title: 'Thanks',
        tipType: 'PERCENTAGE',
        choices: ['10', '15', '20'],
        defaultChoice: '15',
        isDefault: true,
      },
      other: { tipType: 'AMOUNT', choices: ['1', '2'] },
      bad: { tipType: 'PERCENTAGE', choices: ['10'], defaultChoice: '12' },
      patch: { enabled: false },
    }),
  brands: () =>
    merchSamples(
      'brand',
      {
        create: { name: 'Acme' },
        other: { name: 'Globex' },
        bad: { name: '' },
        patch: { name: 'Acme Co' },
        query: {
          body: { query: { filter: { name: { $startsWith: 'Ac' } } }, fields: ['ASSIGNED_PRODUCTS_COUNT'] },
        },
      },
      [
        { method: 'POST', path: '/stores/v3/brands/count', body: { filter: { name: 'Globex' } } },
        { method: 'POST', path: '/stores/v3/brands/get-or-create', body: { brandName: 'Initech' } },
        {
          method: 'POST',
          path: '/stores/v3/bulk/brands/create',
          body: { brands: [{ name: 'Umbrella' }, { name: '' }], returnEntity: true },
          save: 'bulk',
        },
        {
          method: 'POST',
          path: '/stores/v3/bulk/brands/get-or-create',
          body: { brandNames: ['Initech', 'Hooli'] },
        },
      ],
    ),
  ribbons: () =>
    merchSamples(
      'ribbon',
      { create: { name: 'Sale' }, other: { name: 'New' }, bad: { name: '' }, patch: { name: 'On sale' } },
      [
        { method: 'POST', path: '/stores/v3/ribbons/count', body: {} },
        { method: 'GET', path: '/stores/v3/ribbons/query' },
        { method: 'POST', path: '/stores/v3/ribbons/get-or-create', body: { ribbonName: 'New' } },
        { method: 'POST', path: '/stores/v3/ribbons/get-or-create', body: { ribbonName: 'x'.repeat(31) } },
        {
          method: 'POST',
          path: '/_api/ribbon/v3/bulk/ribbons/create',
          body: { ribbons: [{ name: 'Hot' }, { name: 'Sale' }, { name: 'New' }], returnEntity: false },
          save: 'bulk',
        },
        {
          method: 'POST',
          path: '/stores/v3/bulk/ribbons/get-or-create',
          body: { ribbonNames: ['Hot', 'Cold', ''] },
        },
      ],
    ),
  customizations: () => {
    const path = '/stores/v3/customizations';
    const at = (name: string) => (s: Saved) => `${path}/${id(name, 'customization')(s)}`;
    const choice = (i: number) => (s: Saved) =>
      (s.now!.customization as { choicesSettings: { choices: Array<{ id: string }> } }).choicesSettings
        .choices[i]!.id;
    const now = (s: Saved) => (s.now!.customization as { revision: string }).revision;
    const choices = (action: string, body: (s: Saved) => unknown, save?: string): Step => ({
      method: 'POST',
      path: (s) => `${at('a')(s)}/${action}`,
      body,
      ...(save ? { save } : {}),
    });
    return [
      ...crud({
        path,
        key: 'customization',
        create: {
          name: 'Size',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ name: 'Small' }, { name: 'Large', defaultAddedPrice: '2.50' }] },
        },
        other: {
          name: 'Engraving',
          customizationType: 'MODIFIER',
          customizationRenderType: 'FREE_TEXT',
          freeTextInput: { title: 'Your text', minCharCount: 0, maxCharCount: 20 },
        },
        bad: {
          name: 'Colour',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'SWATCH_CHOICES',
        },
        patch: { name: 'Shirt size' },
        extra: [
          {
            method: 'POST',
            path: (s) => `/stores/v3/customizations/${id('a2', 'customization')(s)}/add-choices`,
            body: { choices: [{ name: 'Medium' }] },
            save: 'now',
          },
          choices('add-choices', () => ({ choices: [{ name: 'XL' }], revision: '1' })),
          choices('add-choices', () => ({ choices: [{ name: 'small' }, { name: '' }] })),
          choices(
            'update-choices',
            (s) => ({
              choices: [
                { choice: { id: choice(1)(s), name: 'Big', defaultAddedPrice: '3' }, fieldMask: 'name' },
                { choice: { id: choice(2)(s), defaultAddedPrice: '1.5' } },
              ],
              revision: now(s),
            }),
            'now',
          ),
          choices('update-choices', (s) => ({
            choices: [{ choice: { id: UNKNOWN, name: 'x' } }],
            revision: now(s),
          })),
          choices('reorder-choices', (s) => ({ choiceIds: [choice(0)(s)], revision: now(s) })),
          choices(
            'reorder-choices',
            (s) => ({ choiceIds: [choice(2)(s), choice(0)(s), choice(1)(s)], revision: now(s) }),
            'now',
          ),
          choices('remove-choices', (s) => ({ choiceIds: [choice(0)(s)] })),
          choices('remove-choices', (s) => ({
            choiceIds: [choice(0)(s), choice(1)(s), choice(2)(s)],
            revision: now(s),
          })),
          choices('remove-choices', (s) => ({ choiceIds: [choice(0)(s)], revision: now(s) }), 'now'),
          choices(
            'set-choices',
            (s) => ({ choices: [{ id: choice(1)(s), name: 'Huge' }, { name: 'Tiny' }], revision: now(s) }),
            'now',
          ),
          {
            method: 'POST',
            path: (s) => `${at('b')(s)}/add-choices`,
            body: { choices: [{ name: 'x' }] },
          },
          { method: 'POST', path: `${path}/not-an-id/add-choices`, body: { choices: [{ name: 'x' }] } },
          { method: 'POST', path: `${path}/${UNKNOWN}/set-choices`, body: { choices: [{ name: 'x' }] } },
          ...productThenCount(at('a'), 'Tee', () => ({
            productOptions: [{ name: 'Shirt size', choices: [{ value: 'Huge' }] }],
          })),
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({
              customization: {
                name: 'Ignored',
                choicesSettings: { choices: [{ id: choice(0)(s) }, { name: 'Mini' }] },
                revision: now(s),
              },
              fieldMask: ['choicesSettings'],
              fields: ['ASSIGNED_PRODUCTS_COUNT'],
            }),
            save: 'now',
          },
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({
              customization: {
                customizationRenderType: 'SWATCH_CHOICES',
                freeTextInput: {},
                revision: now(s),
              },
            }),
          },
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({ customization: { id: id('b', 'customization')(s), revision: now(s) } }),
          },
          {
            method: 'PATCH',
            path: at('b'),
            body: {
              customization: { freeTextInput: { maxCharCount: 40, title: 'Ignored' }, revision: '1' },
              fieldMask: 'freeTextInput.maxCharCount',
            },
          },
          {
            method: 'PATCH',
            path: at('b'),
            body: { customization: { name: 'Monogram', revision: '2' }, fieldMask: 'name,nothing.here' },
          },
          {
            method: 'POST',
            path,
            body: {
              customization: {
                name: 'Colour',
                customizationType: 'PRODUCT_OPTION',
                customizationRenderType: 'SWATCH_CHOICES',
                choicesSettings: {
                  choices: [
                    { name: 'Navy', colorCode: '#1f3a5f' },
                    { name: 'Stripes', multipleColors: { colorCodes: ['#fff', '#f00'] } },
                    { name: 'Camo', displayImage: { url: 'https://images.example/camo.png' } },
                    { name: 'Bad', colorCode: 'blue' },
                  ],
                },
              },
            },
          },
          {
            method: 'POST',
            path: `/_api/customization/v3/bulk/customizations/create`,
            body: {
              customizations: [
                {
                  name: 'Colour',
                  customizationType: 'PRODUCT_OPTION',
                  customizationRenderType: 'SWATCH_CHOICES',
                  choicesSettings: { choices: [{ name: 'Navy', colorCode: '#1f3a5f' }] },
                },
                {
                  name: 'Shirt size',
                  customizationType: 'PRODUCT_OPTION',
                  customizationRenderType: 'TEXT_CHOICES',
                  choicesSettings: { choices: [{ name: 'S' }] },
                },
                { name: '', customizationType: 'MODIFIER' },
              ],
            },
            save: 'bulk',
          },
          {
            method: 'PATCH',
            path: (s) => `${path}/${bulkId(s, 0)}`,
            body: { customization: { name: 'Shirt size', revision: '1' } },
          },
          {
            method: 'POST',
            path: '/stores/v3/bulk/customizations/update',
            body: (s: Saved) => ({
              customizations: [
                { customization: { id: bulkId(s, 0), name: 'Color', revision: '1' }, fieldMask: 'name' },
                { customization: { id: id('a', 'customization')(s), name: 'x', revision: '1' } },
                { customization: { name: 'x', revision: '1' } },
              ],
              fields: ['ASSIGNED_PRODUCTS_COUNT'],
            }),
          },
          {
            method: 'POST',
            path: '/stores/v3/bulk/customizations/add-choices',
            body: (s: Saved) => ({
              customizationsChoices: [
                { customizationId: bulkId(s, 0), choices: [{ name: 'Red', colorCode: '#f00' }] },
                { customizationId: UNKNOWN, choices: [{ name: 'x' }] },
                { customizationId: id('b', 'customization')(s), choices: [{ name: 'x' }] },
              ],
              returnEntity: false,
            }),
          },
          {
            method: 'POST',
            path: '/stores/v3/bulk/customizations/delete',
            body: { customizationIds: [UNKNOWN] },
          },
          {
            method: 'GET',
            path: `${path}/query?${encodeComplexQuery({ query: { filter: { customizationType: 'PRODUCT_OPTION' }, sort: [{ fieldName: 'name', order: 'DESC' }], cursorPaging: { limit: 1 } }, fields: ['ASSIGNED_PRODUCTS_COUNT'] })}`,
          },
          {
            method: 'POST',
            path: `${path}/count`,
            body: { filter: { customizationRenderType: 'FREE_TEXT' } },
          },
          { method: 'POST', path: `${path}/count`, body: { filter: { customizationRenderType: 'ROUND' } } },
        ],
      }),
      events('customization'),
    ];
  },
  'info-sections': () => {
    const path = '/stores/v3/info-sections';
    const at = (name: string) => (s: Saved) => `${path}/${id(name, 'infoSection')(s)}`;
    return [
      ...crud({
        path,
        key: 'infoSection',
        create: { uniqueName: 'care', title: 'Care', plainDescription: 'Wash cold.' },
        other: { uniqueName: 'returns', title: 'Returns' },
        bad: { uniqueName: '', title: '' },
        patch: { title: 'Care guide' },
        extra: [
          {
            method: 'POST',
            path: '/stores/v3/info-sections/get-or-create',
            body: { infoSection: { uniqueName: 'care', title: 'X' } },
          },
          {
            method: 'POST',
            path: `${path}/get-or-create`,
            body: (s: Saved) => ({ infoSection: { id: id('b', 'infoSection')(s) } }),
          },
          { method: 'POST', path: `${path}/get-or-create`, body: { infoSection: { id: UNKNOWN } } },
          { method: 'POST', path: `${path}/get-or-create`, body: { infoSection: { id: 'not-an-id' } } },
          { method: 'POST', path: `${path}/get-or-create`, body: { infoSection: { title: 'No name' } } },
          {
            method: 'POST',
            path: `${path}/get-or-create`,
            body: {
              infoSection: {
                uniqueName: 'sizing',
                title: 'Sizing',
                plainDescription: '<p>True <b>to</b> size</p><script>x</script>',
              },
            },
          },
          {
            method: 'POST',
            path: '/_api/info-section/v3/bulk/info-sections/get-or-create',
            body: {
              infoSections: [
                { uniqueName: 'care' },
                { uniqueName: 'fit', title: 'Fit' },
                { uniqueName: 'x' },
              ],
            },
          },
          ...productThenCount(at('a'), 'Coat', () => ({
            additionalInfoSections: [{ title: 'Care guide', description: '<p>x</p>' }],
          })),
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({
              infoSection: {
                id: id('a', 'infoSection')(s),
                description: {
                  nodes: [
                    {
                      type: 'PARAGRAPH',
                      id: 'p',
                      nodes: [
                        { type: 'TEXT', textData: { text: 'Dry <flat>', decorations: [{ type: 'BOLD' }] } },
                      ],
                    },
                  ],
                },
                revision: revision('a2', 'infoSection')(s),
              },
              fieldMask: 'description',
              fields: ['ASSIGNED_PRODUCTS_COUNT'],
            }),
            save: 'a3',
          },
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({
              infoSection: { uniqueName: 'returns', revision: revision('a3', 'infoSection')(s) },
            }),
          },
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({
              infoSection: {
                title: 'x'.repeat(51),
                uniqueName: ' ',
                revision: revision('a3', 'infoSection')(s),
              },
            }),
          },
          {
            method: 'PATCH',
            path: at('a'),
            body: (s: Saved) => ({
              infoSection: {
                plainDescription: '<h3>Care</h3>',
                title: 'Kept',
                revision: revision('a3', 'infoSection')(s),
              },
              fieldMask: ['plainDescription', 'nothing'],
            }),
          },
          {
            method: 'POST',
            path: `/stores/v3/bulk/info-sections/create`,
            body: {
              infoSections: [
                { uniqueName: 'warranty', title: 'Warranty' },
                { uniqueName: 'care', title: 'Care' },
                { title: 'x' },
              ],
            },
            save: 'bulk',
          },
          {
            method: 'POST',
            path: '/stores/v3/bulk/info-sections/update',
            body: (s: Saved) => ({
              infoSections: [
                { infoSection: { id: bulkId(s, 0), title: 'Guarantee', revision: '1' }, fieldMask: 'title' },
                { infoSection: { id: bulkId(s, 0), title: 'Again', revision: '1' } },
                { infoSection: { title: 'x', revision: '1' } },
              ],
              returnEntity: false,
            }),
          },
          {
            method: 'POST',
            path: '/stores/v3/bulk/info-sections/delete',
            body: (s: Saved) => ({ infoSectionIds: [bulkId(s, 0), bulkId(s, 0), 'not-an-id'] }),
          },
          {
            method: 'GET',
            path: `${path}/query?${encodeComplexQuery({ query: { sort: [{ fieldName: 'uniqueName' }] }, fields: ['ASSIGNED_PRODUCTS_COUNT'] })}`,
          },
          { method: 'POST', path: `${path}/count`, body: { filter: { title: { $startsWith: 'Care' } } } },
          { method: 'POST', path: `${path}/count`, body: { filter: { plainDescription: 'x' } } },
        ],
      }),
      events('info_section'),
    ];
  },
  webhooks: () =>
    crud({
      path: '/aisle/v1/webhooks',
      key: 'webhook',
      create: { url: 'https://hooks.example/a', events: ['product.*'], description: 'sync' },
      other: { url: 'https://hooks.example/b', events: ['*'] },
      bad: { url: 'ftp://x', events: ['order.created'] },
      patch: { active: false },
      query: { method: 'GET', path: '/aisle/v1/webhooks', body: undefined as unknown as Json },
    }),
};

describe('wire samples of the merchant entities', () => {
  for (const [name, script] of Object.entries(SCRIPTS))
    it(`answer ${name} exactly as recorded`, async () => {
      await expect(await record(script())).toMatchFileSnapshot(`wire-samples/${name}.txt`);
    });
});
