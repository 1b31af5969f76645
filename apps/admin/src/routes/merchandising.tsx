import type { Brand, InfoSection, QueryBuilder, Ribbon } from '@aisle/sdk';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { linkColumn, updatedColumn } from '../components/spec-columns.tsx';
import type { ListColumn } from '../components/list-table.tsx';
import { nameField } from '../lib/fields.ts';
import { NAME_SEARCH, PAGE_SIZE, pageOf } from '../lib/list.ts';
import { revisionOf } from '../lib/values.ts';
import type { AdminClient } from '../sdk.ts';

// Brands, ribbons and info sections: the catalogue's shared labels and text blocks, each a spec of the
// entity kit (list, new, edit, delete). Lists page by cursor on the server, newest first.

/** A named entity's columns: name, products using it, last change. */
function namedColumns<T extends { id: string; name?: string; updatedDate?: Date }>(
  path: string,
  count: (row: T) => number | undefined,
): ListColumn<T>[] {
  return [
    linkColumn('Name', path, (row) => row.name),
    { label: 'Products', className: 'num', cell: (row) => String(count(row) ?? 0) },
    updatedColumn(),
  ];
}

/** Brands and ribbons share everything but their SDK calls. */
function namedSpec<T extends { id: string; name?: string; revision?: string; updatedDate?: Date }>(init: {
  path: string;
  title: string;
  count: (row: T) => number | undefined;
  query: (client: AdminClient) => QueryBuilder<T>;
  get: (client: AdminClient, id: string) => Promise<T>;
  create: (client: AdminClient, name: string) => Promise<T>;
  update: (client: AdminClient, row: T, name: string) => Promise<T>;
  remove: (client: AdminClient, id: string) => Promise<void>;
  hint: string;
}): EntitySpec<T> {
  return {
    path: init.path,
    title: init.title,
    columns: namedColumns<T>(init.path, init.count),
    filters: NAME_SEARCH,
    fields: [nameField(100, init.hint)],
    list: (client, params) => pageOf(init.query(client).descending('createdDate').limit(PAGE_SIZE), params),
    get: init.get,
    id: (row) => row.id,
    name: (row) => row.name ?? '',
    values: (row) => ({ name: row.name ?? '' }),
    create: (client, values) => init.create(client, String(values.name)),
    update: (client, row, values) => init.update(client, row, String(values.name)),
    remove: init.remove,
    deleteNote: 'Products showing it lose it.',
  };
}

const COUNTED = { fields: ['ASSIGNED_PRODUCTS_COUNT' as const] };

export const brandSpec = namedSpec<Brand>({
  path: 'brands',
  title: 'Brands',
  count: (row) => row.assignedProductsCount,
  query: (client) => client.brands.queryBrands(COUNTED),
  get: (client, id) => client.brands.getBrand(id, COUNTED),
  create: (client, name) => client.brands.createBrand({ name }),
  update: (client, row, name) => client.brands.updateBrand(row.id, { name, ...revisionOf(row) }),
  remove: (client, id) => client.brands.deleteBrand(id),
  hint: 'Shown with the product; shoppers can filter by it. Renaming renames it on every product.',
});

export const ribbonSpec = namedSpec<Ribbon>({
  path: 'ribbons',
  title: 'Ribbons',
  count: (row) => row.assignedProductCount,
  query: (client) => client.ribbons.queryRibbons(COUNTED),
  get: (client, id) => client.ribbons.getRibbon(id, COUNTED),
  create: (client, name) => client.ribbons.createRibbon({ name }),
  update: (client, row, name) => client.ribbons.updateRibbon(row.id, { name, ...revisionOf(row) }),
  remove: (client, id) => client.ribbons.deleteRibbon(id),
  hint: 'A short label on the product’s picture, such as “New” or “Sale”.',
});

export const infoSectionSpec: EntitySpec<InfoSection> = {
  path: 'info-sections',
  title: 'Info sections',
  columns: [
    linkColumn('Title', 'info-sections', (row) => row.title || row.uniqueName || ''),
    { label: 'Unique name', cell: (row) => row.uniqueName ?? '' },
    { label: 'Products', className: 'num', cell: (row) => String(row.assignedProductsCount ?? 0) },
    updatedColumn(),
  ],
  filters: [{ name: 'q', label: 'Title starts with' }],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200, hint: 'Shoppers see it.' },
    {
      name: 'uniqueName',
      label: 'Unique name',
      kind: 'text',
      required: true,
      maxLength: 100,
      hint: 'For you: tells apart sections with the same title (“Care — linen”).',
    },
    {
      name: 'plainDescription',
      label: 'Text',
      kind: 'textarea',
      required: true,
      hint: 'Text or HTML (paragraphs, lists, links); the server removes anything unsafe.',
    },
  ],
  list: (client, params) =>
    pageOf(
      client.infoSections.queryInfoSections(COUNTED).descending('createdDate').limit(PAGE_SIZE),
      params,
      'title',
    ),
  get: (client, id) => client.infoSections.getInfoSection(id, COUNTED),
  id: (row) => row.id,
  name: (row) => row.title || row.uniqueName || 'Info section',
  values: (row) => ({ title: row.title, uniqueName: row.uniqueName, plainDescription: row.plainDescription }),
  create: (client, v) =>
    client.infoSections.createInfoSection({
      title: String(v.title),
      uniqueName: String(v.uniqueName),
      plainDescription: String(v.plainDescription),
    }),
  update: (client, row, v) =>
    client.infoSections.updateInfoSection(row.id, {
      title: String(v.title),
      uniqueName: String(v.uniqueName),
      plainDescription: String(v.plainDescription),
      ...revisionOf(row),
    }),
  remove: (client, id) => client.infoSections.deleteInfoSection(id),
  deleteNote: 'Products showing it lose it.',
};
