import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { QuerySpec } from './types.ts';

/** A table and field map covering every field type, shared by the query engine's tests. */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const items = pgTable('items', {
  id: uuid('id').primaryKey(),
  n: bigint('n', { mode: 'bigint' }).notNull(),
  name: text('name').notNull(),
  brand: text('brand'),
  price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  qty: integer('qty').notNull(),
  weight: doublePrecision('weight'),
  visible: boolean('visible').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull(),
  tags: text('tags').array().notNull(),
  cols: uuid('cols').array().notNull(),
  kind: text('kind').notNull(),
  search: tsvector('search'),
});

const price = { sql: items.price, type: 'money', sortable: true } as const;

export const ITEMS: QuerySpec = {
  fields: {
    id: { sql: items.id, type: 'uuid', sortable: true, unique: true },
    n: { sql: items.n, type: 'int64', sortable: true, unique: true },
    name: { sql: items.name, type: 'string', sortable: true },
    brand: { sql: items.brand, type: 'string', sortable: true, nullable: true },
    price,
    'priceData.price': price,
    qty: { sql: items.qty, type: 'integer', sortable: true },
    weight: { sql: items.weight, type: 'number', sortable: true, nullable: true },
    visible: { sql: items.visible, type: 'boolean', sortable: true },
    created: { sql: items.created, type: 'date', sortable: true },
    tags: { sql: items.tags, type: 'string[]' },
    cols: { sql: items.cols, type: 'uuid[]' },
    kind: { sql: items.kind, type: 'string', enum: ['a', 'b'] },
    search: { sql: items.search, type: 'text-search', searchConfig: 'english' },
    secret: { sql: items.name, type: 'string', filterable: false },
  },
  defaultSort: [{ fieldName: 'n', order: 'ASC' }],
  tiebreaker: 'n',
  defaultLimit: 50,
  maxLimit: 100,
};
