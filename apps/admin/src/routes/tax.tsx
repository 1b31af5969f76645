import type { AdminClient } from '../sdk.ts';
import type { TaxGroup, TaxJurisdiction, TaxRate, TaxRegion } from '@aisle/sdk';
import type { Choices, EntitySpec } from '../components/entity-kit.tsx';
import { linkColumn, updatedColumn } from '../components/spec-columns.tsx';
import { type FieldValues, nameField, selectField } from '../lib/fields.ts';
import { NAME_SEARCH, PAGE_SIZE, pageOf } from '../lib/list.ts';
import { placeName } from '../lib/places.ts';
import { revisionOf, rowsOf, text } from '../lib/values.ts';

// Tax: groups (what is taxed alike), regions (where, and whether prices there include tax) and the manual
// rate of each group in each region, split over jurisdictions — specs of the entity kit.

export const taxGroupSpec: EntitySpec<TaxGroup> = {
  path: 'settings/tax-groups',
  title: 'Tax groups',
  columns: [
    linkColumn('Name', 'settings/tax-groups', (row) => row.name),
    { label: 'Built in', cell: (row) => (row.systemDefined ? 'Yes' : 'No') },
    updatedColumn(),
  ],
  filters: NAME_SEARCH,
  fields: [
    nameField(
      200,
      'Products or shipping taxed alike, such as “Books” or “Food”. The built-in “Products” group cannot change.',
    ),
  ],
  list: (client, params) =>
    pageOf(client.taxGroups.queryTaxGroups().cursorPaged().ascending('name').limit(PAGE_SIZE), params),
  get: (client, id) => client.taxGroups.getTaxGroup(id),
  id: (row) => row.id,
  name: (row) => row.name ?? 'Tax group',
  values: (row) => ({ name: row.name }),
  create: (client, v) => client.taxGroups.createTaxGroup({ name: text(v.name) }),
  update: (client, row, v) =>
    client.taxGroups.updateTaxGroup(row.id, { name: text(v.name), ...revisionOf(row) }),
  remove: (client, id) => client.taxGroups.deleteTaxGroup(id),
  deleteNote: 'Its rates are deleted with it.',
};

const regionName = (row: TaxRegion) => placeName(row.subdivision ?? row.country);

export const taxRegionSpec: EntitySpec<TaxRegion> = {
  path: 'settings/tax-regions',
  title: 'Tax regions',
  columns: [
    linkColumn('Region', 'settings/tax-regions', regionName),
    { label: 'Prices include tax', cell: (row) => (row.taxIncludedInPrice ? 'Yes' : 'No') },
    updatedColumn(),
  ],
  fields: [
    {
      name: 'place',
      label: 'Country',
      kind: 'place',
      required: true,
      hint: 'A whole country, or one state or province (each place once).',
    },
    { name: 'taxIncludedInPrice', label: 'Prices include tax here', kind: 'toggle' },
  ],
  list: (client, params) =>
    pageOf(
      client.taxRegions.queryTaxRegions().cursorPaged().ascending('country', 'subdivision').limit(PAGE_SIZE),
      params,
    ),
  get: (client, id) => client.taxRegions.getTaxRegion(id),
  id: (row) => row.id,
  name: regionName,
  values: (row) => ({
    place: row.subdivision ?? row.country ?? 'US',
    taxIncludedInPrice: row.taxIncludedInPrice ?? false,
  }),
  create: (client, v) => client.taxRegions.createTaxRegion(regionInput(v)),
  update: (client, row, v) =>
    client.taxRegions.updateTaxRegion(row.id, { ...regionInput(v), ...revisionOf(row) }),
  remove: (client, id) => client.taxRegions.deleteTaxRegion(id),
  fieldOf: (path) =>
    /country|subdivision/.test(path)
      ? 'place'
      : path.endsWith('taxIncludedInPrice')
        ? 'taxIncludedInPrice'
        : '',
  deleteNote: 'Its rates are deleted with it.',
};

function regionInput(v: FieldValues) {
  const place = text(v.place);
  return {
    country: place.split('-')[0] ?? place,
    subdivision: place.includes('-') ? place : null,
    taxIncludedInPrice: v.taxIncludedInPrice === true,
  };
}

// ---- Rates

/** Regions and groups by id, for the rates' selects and names. */
async function rateChoices(client: AdminClient): Promise<Choices> {
  const [regions, groups] = await Promise.all([
    client.taxRegions.queryTaxRegions().limit(100).find(),
    client.taxGroups.queryTaxGroups().ascending('name').limit(100).find(),
  ]);
  return {
    taxRegionId: regions.items
      .map((r) => ({ value: r.id, label: regionName(r) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    taxGroupId: groups.items.map((g) => ({ value: g.id, label: g.name ?? g.id })),
  };
}

/** A rate with the names of its region and group, as the list shows it. */
type NamedRate = TaxRate & { regionName?: string; groupName?: string };

const JURISDICTION_TYPES: Record<TaxJurisdiction['jurisdictionType'], string> = {
  COUNTRY: 'Country',
  STATE: 'State or province',
  COUNTY: 'County',
  CITY: 'City',
  SPECIAL: 'Special district',
};

function rateInput(v: FieldValues): { rate?: string; jurisdictions?: TaxJurisdiction[] } {
  const jurisdictions = rowsOf(v.jurisdictions).map((j) => ({
    jurisdiction: text(j.jurisdiction),
    jurisdictionType: text(j.jurisdictionType) as TaxJurisdiction['jurisdictionType'],
    rate: text(j.rate),
    ...(text(j.taxName) ? { taxName: text(j.taxName) } : {}),
  }));
  return jurisdictions.length > 0 ? { jurisdictions } : { rate: text(v.rate) };
}

export const taxRateSpec: EntitySpec<NamedRate> = {
  path: 'settings/tax-rates',
  title: 'Tax rates',
  columns: [
    linkColumn('Region', 'settings/tax-rates', (row) => row.regionName ?? row.taxRegionId ?? ''),
    { label: 'Group', cell: (row) => row.groupName ?? '' },
    { label: 'Rate', className: 'num', cell: (row) => `${row.rate ?? '0'} %` },
    {
      label: 'Jurisdictions',
      className: 'wrap',
      cell: (row) => (row.jurisdictions ?? []).map((j) => `${j.jurisdiction} ${j.rate} %`).join(', '),
    },
  ],
  fields: [
    {
      name: 'taxRegionId',
      label: 'Tax region',
      kind: 'select',
      required: true,
      hint: 'Fixed once the rate exists.',
    },
    { name: 'taxGroupId', label: 'Tax group', kind: 'select', required: true },
    {
      name: 'rate',
      label: 'Rate (%)',
      kind: 'number',
      min: 0,
      max: 100,
      hint: 'One rate for the whole region; or split it into jurisdictions below.',
    },
    {
      name: 'jurisdictions',
      label: 'Jurisdictions',
      kind: 'rows',
      item: 'Jurisdiction',
      hint: 'Each level that taxes (state, county, city): the total is their sum.',
      fields: [
        { name: 'jurisdiction', label: 'Name', kind: 'text', required: true, maxLength: 200 },
        selectField('jurisdictionType', 'Level', JURISDICTION_TYPES),
        { name: 'rate', label: 'Rate (%)', kind: 'number', required: true, min: 0, max: 100 },
        { name: 'taxName', label: 'Tax name', kind: 'text', maxLength: 200 },
      ],
    },
  ],
  choices: rateChoices,
  check: (v) =>
    v.rate === null && rowsOf(v.jurisdictions).length === 0
      ? { rate: 'Enter a rate, or add a jurisdiction.' }
      : undefined,
  list: async (client, { cursor }) => {
    const query = client.taxRates.queryTaxRates().cursorPaged().descending('createdDate').limit(PAGE_SIZE);
    const [page, choices] = await Promise.all([
      (cursor ? query.skipTo(cursor) : query).find(),
      rateChoices(client),
    ]);
    const label = (name: string, id: string | undefined) => choices[name]?.find((o) => o.value === id)?.label;
    return {
      ...page,
      items: page.items.map((r) => ({
        ...r,
        regionName: label('taxRegionId', r.taxRegionId),
        groupName: label('taxGroupId', r.taxGroupId),
      })),
    };
  },
  get: (client, id) => client.taxRates.getTaxRate(id),
  id: (row) => row.id,
  name: (row) => `Tax rate ${row.rate ?? ''} %`,
  values: (row) => ({
    taxRegionId: row.taxRegionId,
    taxGroupId: row.taxGroupId,
    rate: '',
    jurisdictions: (row.jurisdictions ?? []).map((j) => ({ ...j, taxName: j.taxName ?? '' })),
  }),
  create: (client, v) =>
    client.taxRates.createTaxRate({
      taxRegionId: text(v.taxRegionId),
      taxGroupId: text(v.taxGroupId),
      ...rateInput(v),
    }),
  update: (client, row, v) => client.taxRates.updateTaxRate(row.id, { ...rateInput(v), ...revisionOf(row) }),
  remove: (client, id) => client.taxRates.deleteTaxRate(id),
  fieldOf: (path) => {
    const field = path.replace(/^taxRate\./, '');
    return field.startsWith('jurisdictions')
      ? field
      : ['taxRegionId', 'taxGroupId', 'rate'].includes(field)
        ? field
        : '';
  },
};
