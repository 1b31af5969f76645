import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { selectRowsPage } from '../../../platform/query/select-page.ts';
import { compileQuery, type Page, type QuerySpec } from '../../../platform/query/index.ts';
import { collections } from './tables.ts';
import { collectionToWire, type WireCollection } from './wire.ts';
import { cappedCount, PAGE_LIMITS, UUID, type Viewer, visibleTo, wireOptions } from '../shared/reads.ts';

export const COLLECTION_QUERY: QuerySpec = {
  fields: {
    id: { sql: collections.id, type: 'uuid', sortable: true, unique: true },
    name: { sql: collections.name, type: 'string', sortable: true },
    slug: { sql: collections.slug, type: 'string', sortable: true, unique: true },
    visible: { sql: collections.visible, type: 'boolean' },
    numberOfProducts: { sql: collections.productCount, type: 'integer', sortable: true },
    lastUpdated: { sql: collections.lastUpdated, type: 'date', sortable: true },
  },
  defaultSort: [{ fieldName: 'name', order: 'ASC' }],
  tiebreaker: 'id',
  ...PAGE_LIMITS,
};

const collectionNotFound = (key: { id: string } | { slug: string }) =>
  notFound(
    'COLLECTION_NOT_FOUND',
    'id' in key ? `Collection ${key.id} was not found` : `No collection has the slug "${key.slug}"`,
    key,
  );

async function findCollection(
  ctx: AppContext,
  where: SQL,
  viewer: Viewer,
  key: { id: string } | { slug: string },
): Promise<WireCollection> {
  const [row] = await ctx.db
    .select()
    .from(collections)
    .where(and(where, visibleTo(viewer, collections.visible)))
    .limit(1);
  if (!row) throw collectionNotFound(key);
  return collectionToWire(row, wireOptions(ctx, false));
}

export async function getCollection(ctx: AppContext, id: string, viewer: Viewer): Promise<WireCollection> {
  if (!UUID.test(id)) throw collectionNotFound({ id });
  return findCollection(ctx, eq(collections.id, id), viewer, { id });
}

export async function getCollectionBySlug(
  ctx: AppContext,
  slug: string,
  viewer: Viewer,
): Promise<WireCollection> {
  return findCollection(ctx, eq(collections.slug, slug), viewer, { slug });
}

export async function queryCollections(
  ctx: AppContext,
  request: { query?: unknown },
  viewer: Viewer,
): Promise<{ collections: WireCollection[]; metadata: Page<WireCollection>['metadata'] }> {
  const plan = compileQuery(request.query, COLLECTION_QUERY);
  const base = visibleTo(viewer, collections.visible);
  const page = await selectRowsPage(
    ctx.db,
    collections,
    plan,
    base,
    cappedCount(ctx.db, sql`${collections}`, and(base, plan.filter)),
  );
  return {
    collections: page.items.map((row) => collectionToWire(row, wireOptions(ctx, false))),
    metadata: page.metadata,
  };
}
