import type { Collection } from '@aisle/sdk';
import { CollectionImage } from '../components/collection-image.tsx';
import { CollectionProducts } from '../components/collection-products.tsx';
import { pictureColumn } from '../components/picture-column.tsx';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { linkColumn, updatedColumn } from '../components/spec-columns.tsx';
import { type FieldValues, nameField } from '../lib/fields.ts';
import { NAME_SEARCH, PAGE_SIZE, pageOf } from '../lib/list.ts';

const input = (v: FieldValues) => ({
  name: String(v.name),
  description: v.description === null ? '' : String(v.description),
  visible: v.visible === true,
  ...(v.slug ? { slug: String(v.slug) } : {}),
});

/**
 * Collections on the entity kit: list by name (with each one's image), create, edit, delete; the edit page adds
 * the image and the products (picker and order).
 */
export const collectionSpec: EntitySpec<Collection> = {
  path: 'collections',
  title: 'Collections',
  columns: [
    pictureColumn<Collection>(),
    linkColumn('Name', 'collections', (c) => c.name),
    { label: 'Slug', cell: (c) => c.slug ?? '' },
    { label: 'Products', className: 'num', cell: (c) => String(c.numberOfProducts ?? 0) },
    { label: 'Visibility', cell: (c) => (c.visible === false ? 'Hidden' : 'Visible') },
    updatedColumn((c) => c.lastUpdated),
  ],
  filters: NAME_SEARCH,
  fields: [
    nameField(50),
    {
      name: 'slug',
      label: 'URL slug',
      kind: 'text',
      maxLength: 100,
      hint: 'The end of the collection page’s address; made from the name when empty.',
    },
    {
      name: 'description',
      label: 'Description',
      kind: 'textarea',
      hint: 'Text or HTML; the server removes anything unsafe.',
    },
    { name: 'visible', label: 'Visible in the store', kind: 'toggle' },
  ],
  defaults: { visible: true },
  list: (client, params) =>
    pageOf(client.collections.queryCollections().ascending('name').limit(PAGE_SIZE).cursorPaged(), params),
  get: (client, id) => client.collections.getCollection(id),
  id: (c) => c.id,
  name: (c) => c.name ?? 'Collection',
  values: (c) => ({ name: c.name, slug: c.slug, description: c.description, visible: c.visible !== false }),
  create: (client, v) => client.collections.createCollection(input(v)),
  update: (client, row, v) => client.collections.updateCollection(row.id, input(v)),
  remove: (client, id) => client.collections.deleteCollection(id),
  deleteNote: 'Its products stay in the store.',
  extra: (c) => (
    <>
      <CollectionImage collection={c} />
      <CollectionProducts collection={c} />
    </>
  ),
};
