import { and, eq, type Query, type SQL, sql } from 'drizzle-orm';
import { type AppContext, perServer } from '../../../platform/context.ts';
import { type Db, preparedQueryRows, preparedRows } from '../../../platform/db.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { notFound } from '../../../platform/errors.ts';
import {
  buildPage,
  compileQuery,
  type OrderKey,
  type Page,
  planOver,
  type QueryPlan,
  type QuerySpec,
  TEXT_SEARCH_FENCE,
  type FieldSpec,
} from '../../../platform/query/index.ts';
import { isPlainObject } from '../../../platform/query/values.ts';
import { CATALOGUE_CACHE_MS, CATALOGUE_READ_ENTITIES } from '../shared/read-cache.ts';
import { inventoryItems, type StockRow } from '../inventory/tables.ts';
import { products, SEARCH_CONFIG } from './tables.ts';
import { productCollections } from '../collections/tables.ts';
import { productVariants, type VariantRow } from '../variants/tables.ts';
import {
  productColumns,
  productFromRow,
  productSelectList,
  productToWire,
  type WireProduct,
} from './wire.ts';
import { alsoUnder, cappedCount, PAGE_LIMITS, UUID, type Viewer, wireOptions } from '../shared/reads.ts';
import { fragmentContext, productFragments } from './fragments.ts';
import { productVersion } from './versions.ts';

const COLLECTION_FILTER_OPS = ['$eq', '$hasSome', '$hasAll', '$in'] as const;

/** The one collection a product filter names (`collectionIds` / `collections.id`, at the top or in `$and`). */
function oneCollectionOf(filter: unknown): string | undefined {
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return undefined;
  const f = filter as Record<string, unknown>;
  for (const key of ['collectionIds', 'collections.id']) {
    const value = f[key];
    const ops = value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    const named = ops ? COLLECTION_FILTER_OPS.map((op) => ops[op]).find((v) => v !== undefined) : value;
    const list = Array.isArray(named) ? named : [named];
    if (list.length === 1 && typeof list[0] === 'string' && UUID.test(list[0])) return list[0].toLowerCase();
  }
  if (Array.isArray(f.$and))
    for (const part of f.$and) {
      const id = oneCollectionOf(part);
      if (id) return id;
    }
  return undefined;
}

/**
 * The filter without its top-level condition on `collectionId`, when that condition says only that the product
 * is in it (`"<id>"`, `{$eq: "<id>"}`, or `$hasSome` / `$hasAll` / `$in` of `["<id>"]`); undefined otherwise.
 */
function besidesCollection(filter: unknown, collectionId: string): Record<string, unknown> | undefined {
  if (!isPlainObject(filter)) return undefined;
  for (const key of ['collectionIds', 'collections.id']) {
    const value = filter[key];
    const ops = isPlainObject(value) ? Object.entries(value) : undefined;
    const [op, named] = ops ? (ops.length === 1 ? ops[0]! : []) : ['$eq', value];
    const id = op === '$eq' ? named : Array.isArray(named) && named.length === 1 ? named[0] : undefined;
    if (!COLLECTION_FILTER_OPS.includes(op as (typeof COLLECTION_FILTER_OPS)[number])) continue;
    if (typeof id === 'string' && id.toLowerCase() === collectionId) {
      const { [key]: _, ...rest } = filter;
      return rest;
    }
  }
  return undefined;
}

/**
 * `collectionPosition`: a product's place in the merchant's order of the collection the query is filtered by
 * (sort only; "Featured" on a collection page). Only a query filtered by exactly one collection has it.
 */
function collectionOrderFields(filter: unknown): Record<string, FieldSpec> {
  const collectionId = oneCollectionOf(filter);
  if (!collectionId) return {};
  return {
    collectionPosition: {
      sql: sql`(select pc.position from ${productCollections} pc
        where pc.collection_id = ${collectionId}::uuid and pc.product_id = ${products.id})`,
      type: 'int64',
      sortable: true,
      nullable: true,
      filterable: false,
    },
  };
}

/** Queryable product fields (wire names and their dotted aliases), each backed by an index. */
export const PRODUCT_QUERY: QuerySpec = (() => {
  const collectionIds = { sql: products.collectionIds, type: 'uuid[]' } as const;
  return {
    fields: {
      id: { sql: products.id, type: 'uuid', sortable: true, unique: true },
      name: { sql: products.name, type: 'string', sortable: true },
      slug: { sql: products.slug, type: 'string', sortable: true, unique: true },
      sku: { sql: products.sku, type: 'string', sortable: true, nullable: true },
      ...alsoUnder('priceData', {
        price: { sql: products.price, type: 'money', sortable: true },
        discountedPrice: { sql: products.discountedPrice, type: 'money', sortable: true },
      }),
      collectionIds,
      'collections.id': collectionIds,
      // Size and colour filters: {"optionChoices": {"$hasSome": ["Size:M", "Size:L"]}} (visible choices only).
      optionChoices: { sql: products.optionChoices, type: 'string[]' },
      brand: { sql: products.brand, type: 'string', sortable: true, nullable: true },
      ribbon: { sql: products.ribbon, type: 'string', sortable: true, nullable: true },
      ...alsoUnder('stock', {
        inStock: { sql: products.inStock, type: 'boolean', sortable: true },
        inventoryStatus: {
          sql: products.inventoryStatus,
          type: 'string',
          enum: ['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'],
        },
      }),
      productType: { sql: products.productType, type: 'string', enum: ['physical', 'digital'] },
      visible: { sql: products.visible, type: 'boolean' },
      lastUpdated: { sql: products.lastUpdated, type: 'date', sortable: true },
      createdDate: { sql: products.createdDate, type: 'date', sortable: true },
      numericId: { sql: products.numericId, type: 'int64', sortable: true, unique: true },
      // Full-text search over name and description: {"search": "red running shoes"} (websearch syntax).
      search: {
        sql: products.search,
        type: 'text-search',
        searchConfig: SEARCH_CONFIG,
        fuzzy: products.name,
      },
    },
    defaultSort: [{ fieldName: 'numericId', order: 'DESC' }],
    tiebreaker: 'numericId',
    fieldsFor: collectionOrderFields,
    ...PAGE_LIMITS,
  };
})();

/**
 * The copies on `product_collections` of the sort keys a collection page offers (price, newest, the
 * merchant's order), each with an index per collection over visible products (collections/tables.ts).
 */
function collectionCopyOf(key: OrderKey): FieldSpec | undefined {
  const copy =
    key.name === 'collectionPosition'
      ? productCollections.position
      : key.field.sql === products.discountedPrice
        ? productCollections.discountedPrice
        : key.field.sql === products.price
          ? productCollections.price
          : key.field.sql === products.numericId
            ? productCollections.numericId
            : undefined;
  // Every product of the collection has a position there, so the copy is never NULL.
  return copy && { ...key.field, sql: copy, nullable: false };
}

/**
 * A shopper's page of one collection sorted by price, newest or the merchant's order: one index of
 * `product_collections` walked in order, each row's product joined, instead of every product of the
 * collection read and sorted. The sort must be what an index holds (one of those keys, then the numeric id,
 * one direction); the whole filter still applies to each product, so the rows are the general query's.
 * Undefined when it does not fit.
 */
function collectionPage(
  plan: QueryPlan,
  viewer: Viewer,
): { from: SQL; where: SQL; plan: QueryPlan } | undefined {
  if (viewer.merchant || plan.textSearch) return undefined;
  const keys = plan.sortKeys;
  const last = keys.at(-1);
  if (keys.length > 2 || last?.field.sql !== products.numericId || keys.some((k) => k.order !== last.order))
    return undefined;
  const collectionId = oneCollectionOf(plan.filterInput);
  if (!collectionId) return undefined;
  // The membership row says the product is in the collection: its condition is left out of the product's
  // filter (where it would only make PostgreSQL think few memberships match, and plan for many).
  const rest = besidesCollection(plan.filterInput, collectionId);
  const filter = rest === undefined ? plan.filter : compileQuery({ filter: rest }, PRODUCT_QUERY).filter;
  const over = planOver({ ...plan, filter }, collectionCopyOf);
  if (!over) return undefined;
  return {
    from: sql`${productCollections} join ${products} on ${products.id} = ${productCollections.productId}`,
    // `(select $n)`: the planner then costs every collection alike, as its generic plan does, so the plan is
    // made once per connection; with the id in sight it priced a large collection's page below the generic
    // plan and planned the page again on every call (0.5 ms, three times the page's own run).
    where: sql`${productCollections.collectionId} = (select ${collectionId}::uuid) and ${productCollections.visible}`,
    plan: { ...plan, ...over },
  };
}

/** A variant with its stock as `variantsJson` returns it (money as decimal strings, like the columns). */
type VariantJson = VariantRow & { inventory: StockRow | null };

/**
 * The variants of the outer `products` row with their stock, in position order, as one JSON array: a
 * product and its variants come back in one statement.
 */
function variantsJson() {
  return sql<VariantJson[]>`(select coalesce(json_agg(json_build_object(
      'productId', v.product_id, 'id', v.id, 'position', v.position, 'choices', v.choices,
      'price', v.price::text, 'discountedPrice', v.discounted_price::text, 'cost', v.cost::text,
      'weight', v.weight, 'sku', v.sku, 'visible', v.visible, 'data', v.data,
      'inventory', case when i.id is null then null else json_build_object(
        'trackQuantity', i.track_quantity, 'quantity', i.quantity, 'inStock', i.in_stock) end
    ) order by v.position), '[]'::json)
    from ${productVariants} v left join ${inventoryItems} i on i.product_id = v.product_id and i.variant_id = v.id
    where v.product_id = ${products}.id)`;
}

const variantsOf = (list: VariantJson[]) =>
  list.map(({ inventory, ...variant }) => ({ variant, inventory: inventory ?? undefined }));

/** The hot single-product reads, prepared once per database: one statement, no query building, no re-planning. */
function prepareProductReads(db: Db) {
  const byId = (visibleOnly: boolean, name: string) =>
    db
      .select({ product: productColumns, variants: variantsJson() })
      .from(products)
      .where(
        visibleOnly
          ? and(eq(products.id, sql.placeholder('id')), eq(products.visible, true))
          : eq(products.id, sql.placeholder('id')),
      )
      .limit(1)
      .prepare(name);
  return {
    visible: byId(true, 'catalogue_product_with_variants_visible'),
    any: byId(false, 'catalogue_product_with_variants_any'),
  };
}
const productReads = new WeakMap<Db, ReturnType<typeof prepareProductReads>>();
function readsOf(db: Db) {
  let reads = productReads.get(db);
  if (!reads) {
    reads = prepareProductReads(db);
    productReads.set(db, reads);
  }
  return reads;
}

export async function getProduct(
  ctx: AppContext,
  id: string,
  viewer: Viewer,
  options: { includeMerchantSpecificData?: boolean } = {},
): Promise<WireProduct> {
  const missing = () => notFound('PRODUCT_NOT_FOUND', `Product ${id} was not found`, { id });
  if (!UUID.test(id)) throw missing();
  const reads = readsOf(ctx.db);
  const [row] = await (viewer.merchant ? reads.any : reads.visible).execute({ id });
  if (!row) throw missing();
  const merchant = viewer.merchant && options.includeMerchantSpecificData === true;
  return productToWire(row.product, wireOptions(ctx, merchant), variantsOf(row.variants));
}

export interface ProductQueryRequest {
  query?: unknown;
  /** Adds `variants` to each product (off by default: list pages rarely need them). */
  includeVariants?: boolean;
  includeMerchantSpecificData?: boolean;
}

const dialect = new PgDialect();

/** A count is kept at most this long (a safety net for writes that record no event). */
export const COUNT_CACHE_MS = CATALOGUE_CACHE_MS;
const COUNT_CACHE_SIZE = 1_000;

/**
 * Capped counts of product filters, per process: counting up to `COUNT_CAP` matches costs more than the page
 * itself, and listing pages repeat the same few filters. Dropped whenever a catalogue event commits (here at
 * once, in other processes through LISTEN/NOTIFY), kept only while notifications flow, and for `COUNT_CACHE_MS`
 * at most.
 */
class CountCache {
  private readonly counts = new Map<string, { n: number; at: number }>();
  /** Bumped by every change: a count that started before one is not kept. */
  private generation = 0;

  constructor(private readonly events: AppContext['events']) {
    events.watch(CATALOGUE_READ_ENTITIES, () => {
      this.generation++;
      this.counts.clear();
    });
  }

  wrap(key: string, count: (limit: number) => Promise<number>) {
    return async (limit: number): Promise<number> => {
      if (!this.events.changesLive) return count(limit);
      const k = `${limit}:${key}`;
      const now = Date.now();
      const hit = this.counts.get(k);
      if (hit && now - hit.at < COUNT_CACHE_MS) return hit.n;
      const generation = this.generation;
      const n = await count(limit);
      if (generation === this.generation) {
        if (this.counts.size >= COUNT_CACHE_SIZE) this.counts.clear();
        this.counts.set(k, { n, at: now });
      }
      return n;
    };
  }
}
const countCaches = perServer(
  (ctx) => new CountCache(ctx.events),
  (ctx) => ctx.events,
);

/** What a product query's statements are, for one query and kind of viewer (pure: kept, `compiledQueries`). */
interface CompiledProductQuery {
  plan: QueryPlan;
  from: SQL;
  where: SQL | undefined;
  counted: SQL | undefined;
  /** `counted` as text and parameters: the count cache's key. */
  countKey: string | undefined;
  /** The page statement of ids and row versions as text and parameters, made on first use. */
  versions?: Query;
  /** The same with the versions of the products' variants and their stock. */
  versionsWithVariants?: Query;
}

/**
 * Compiled product queries by query and viewer kind, so that a page asked again (a shopper's storefront asks
 * the same few) is not built again with drizzle's SQL builder (a tenth of a page's CPU). Text searches are
 * not kept (their statement depends on what the search finds).
 */
const compiledQueries = new Map<string, CompiledProductQuery>();
const COMPILED_QUERIES_KEPT = 500;

function compileProductQuery(request: ProductQueryRequest, viewer: Viewer): CompiledProductQuery {
  const key = `${viewer.merchant ? 'merchant' : 'shopper'}:${JSON.stringify(request.query) ?? ''}`;
  const kept = compiledQueries.get(key);
  if (kept) return kept;
  const compiled = compileQuery(request.query, PRODUCT_QUERY);
  // Written, not a parameter: with `visible = $n` PostgreSQL's generic plan guesses half the rows visible and
  // costs a collection page at twice its custom plan, so it planned the page again on every call.
  const base = viewer.merchant ? undefined : sql`${products.visible}`;
  const inCollection = collectionPage(compiled, viewer);
  const plan = inCollection?.plan ?? compiled;
  const counted = and(base, plan.filter);
  const countQuery = counted && !plan.textSearch ? dialect.sqlToQuery(counted) : undefined;
  const made: CompiledProductQuery = {
    plan,
    from: inCollection?.from ?? sql`${products}`,
    where: and(inCollection?.where, base, plan.where),
    counted,
    countKey: countQuery && `${countQuery.sql}\u0000${JSON.stringify(countQuery.params)}`,
  };
  if (!plan.textSearch) {
    if (compiledQueries.size >= COMPILED_QUERIES_KEPT) compiledQueries.clear();
    compiledQueries.set(key, made);
  }
  return made;
}

/** A product query compiled for this viewer: its plan, the count, and the page statement for some columns. */
async function planProductQuery(ctx: AppContext, request: ProductQueryRequest, viewer: Viewer) {
  const compiled = compileProductQuery(request, viewer);
  const { plan, counted } = compiled;
  let where = compiled.where;
  let count = cappedCount(ctx.db, sql`${products}`, counted);
  let searched = false;
  if (plan.textSearch) {
    // Few matches of a search: take them through the text index, then sort (see TEXT_SEARCH_FENCE).
    const matches = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(counted)
      .limit(TEXT_SEARCH_FENCE + 1);
    if (matches.length <= TEXT_SEARCH_FENCE) {
      const ids = `{${matches.map((m) => m.id).join(',')}}`;
      where = and(sql`${products.id} = any(${ids}::uuid[])`, plan.where);
      count = async () => matches.length;
      searched = true;
    }
  } else if (compiled.countKey) {
    count = countCaches.get(ctx).wrap(compiled.countKey, count);
  }
  // Written in SQL (drizzle's builder takes longer to build this than PostgreSQL to run it). No `offset` clause
  // on a first page, and the limit written into the text: a parameter in either makes PostgreSQL's generic plan
  // look dearer than a custom one (it assumes a tenth of the rows are read), so the statement was planned again
  // on every call (0.6 ms for the product page's slug query, five times the run; 0.2–0.3 ms for a collection
  // page of a million products). A limit is a validated integer of at most 101, so at most a hundred texts.
  const limit = sql.raw(String(safeLimit(plan.fetchLimit)));
  const statement = (columns: SQL) =>
    sql`select ${columns}, ${plan.keys ?? sql`null`} as _keys
      from ${compiled.from} where ${where ?? sql`true`} order by ${sql.join(plan.orderBy, sql`, `)}
      limit ${limit}${plan.offset > 0 ? sql` offset ${plan.offset}` : sql``}`;
  /** The page of ids and row versions, as text and parameters (kept with the compiled query). */
  const versions = (withVariants: boolean): Query => {
    const columns = sql`${products.id} as id, ${productVersion(sql`${products}`, withVariants)} as _v`;
    if (searched) return dialect.sqlToQuery(statement(columns));
    const slot = withVariants ? 'versionsWithVariants' : 'versions';
    compiled[slot] ??= dialect.sqlToQuery(statement(columns));
    return compiled[slot];
  };
  return { plan, count, statement, versions };
}

/** A limit fit to be written into a statement's text: a whole number the query compiler bounded. */
function safeLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0 || n > PAGE_LIMITS.maxLimit + 1)
    throw new Error(`unexpected limit ${n}`);
  return n;
}

export async function queryProducts(
  ctx: AppContext,
  request: ProductQueryRequest,
  viewer: Viewer,
): Promise<{ products: WireProduct[]; metadata: Page<WireProduct>['metadata'] }> {
  const { plan, count, statement } = await planProductQuery(ctx, request, viewer);
  // Variants, when asked for, come in the same statement (a JSON array per product).
  const found = await preparedRows<Record<string, unknown> & { _keys: unknown; _variants: unknown }>(
    ctx.db,
    statement(
      sql`${productSelectList}, ${request.includeVariants ? variantsJson() : sql`null`} as _variants`,
    ),
  );
  const page = await buildPage(
    plan,
    found.map((r) => ({ item: r, keys: r._keys as Array<string | null> | null })),
    count,
  );
  const opts = wireOptions(ctx, viewer.merchant && request.includeMerchantSpecificData === true);
  return {
    products: page.items.map((r) =>
      productToWire(
        productFromRow(r),
        opts,
        r._variants ? variantsOf(r._variants as VariantJson[]) : undefined,
      ),
    ),
    metadata: page.metadata,
  };
}

/** How the route writes a page, a product and paging metadata (its own serializers, so the bytes are its own). */
export interface ProductPageSerializers {
  page(value: Awaited<ReturnType<typeof queryProducts>>): string;
  product(value: WireProduct): string;
  metadata(value: Page<WireProduct>['metadata']): string;
}

/** A row of the page statement when only versions are read. */
type VersionRow = { id: string; _v: string; _keys: Array<string | null> | null };

/**
 * `queryProducts`' answer as the route sends it (JSON bytes), written from kept product texts where the page's
 * rows have not changed (products/fragments.ts): PostgreSQL reads the page's ids and row versions (with
 * `includeVariants`, those of the variants and their stock too), and only the products not kept at those
 * versions are read whole, converted and serialized. A page whose products changed between its two reads is
 * read again whole, in one statement.
 */
export async function queryProductsText(
  ctx: AppContext,
  request: ProductQueryRequest,
  viewer: Viewer,
  serialize: ProductPageSerializers,
): Promise<string | Buffer> {
  const opts = wireOptions(ctx, viewer.merchant && request.includeMerchantSpecificData === true);
  const context = fragmentContext(opts);
  const whole = async () => serialize.page(await queryProducts(ctx, request, viewer));
  if (context === undefined) return whole();
  const withVariants = request.includeVariants === true;
  const { plan, count, versions } = await planProductQuery(ctx, request, viewer);
  const found = await preparedQueryRows<VersionRow>(ctx.db, versions(withVariants));
  const page = await buildPage(
    plan,
    found.map((r) => ({ item: r, keys: r._keys })),
    count,
  );
  const fragments = productFragments.get(ctx);
  const texts = page.items.map((r) => fragments.get(context, r.id, r._v));
  const missing = page.items.filter((_, i) => texts[i] === undefined);
  if (missing.length > 0) {
    const rows = await preparedRows<
      Record<string, unknown> & { _v: string; _variants: VariantJson[] | null }
    >(
      ctx.db,
      sql`select ${productSelectList}, ${productVersion(sql`${products}`, withVariants)} as _v,
        ${withVariants ? variantsJson() : sql`null`} as _variants from ${products}
        where ${products.id} = any(${`{${missing.map((r) => r.id).join(',')}}`}::uuid[])`,
    );
    const read = new Map(rows.map((r) => [r.id as string, r]));
    for (const [i, r] of page.items.entries()) {
      if (texts[i] !== undefined) continue;
      const row = read.get(r.id);
      // Changed (or gone) since the page was read: the page is read again in one statement.
      if (row?._v !== r._v) return whole();
      const variants = row._variants ? variantsOf(row._variants) : undefined;
      const text = Buffer.from(serialize.product(productToWire(productFromRow(row), opts, variants)));
      fragments.set(context, r.id, r._v, text);
      texts[i] = text;
    }
  }
  const parts: Buffer[] = [PAGE_HEAD];
  for (const [i, text] of texts.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(text as Buffer);
  }
  parts.push(PAGE_METADATA, Buffer.from(serialize.metadata(page.metadata)), PAGE_END);
  return Buffer.concat(parts);
}

const PAGE_HEAD = Buffer.from('{"products":[');
const COMMA = Buffer.from(',');
const PAGE_METADATA = Buffer.from('],"metadata":');
const PAGE_END = Buffer.from('}');
