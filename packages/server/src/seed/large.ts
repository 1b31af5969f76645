import { inArray, type SQL, sql } from 'drizzle-orm';
import type { StoredMedia } from '../modules/catalogue/shared/model.ts';
import { brands, ribbons } from '../modules/catalogue/merchandising/tables.ts';
import { collections } from '../modules/catalogue/collections/tables.ts';
import type { AppContext } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { mapLimit, seedImage, type Shape } from './images.ts';

/**
 * A large synthetic catalogue for load tests, written by set-based SQL: one multi-table INSERT … SELECT
 * over generate_series per batch (products, their two variants, inventory and collection links), with
 * the denormalised columns computed in the same statement. No outbox events: this is bulk loading.
 */

/** How a large seed writes its rows: so many per statement, telling `onProgress` after each statement. */
export interface BatchOptions {
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface LargeSeedOptions extends BatchOptions {
  products: number;
  /** Default: one per 2,000 products, between 8 and 200. */
  collections?: number;
}

export interface LargeSeedResult {
  products: number;
  variants: number;
  collections: number;
}

const ADJECTIVES = [
  'Classic',
  'Everyday',
  'Essential',
  'Heritage',
  'Modern',
  'Rugged',
  'Lightweight',
  'Premium',
  'Vintage',
  'Urban',
  'Coastal',
  'Alpine',
  'Studio',
  'Field',
  'Weekend',
  'Signature',
  'Compact',
  'Relaxed',
  'Tailored',
  'Natural',
];
const MATERIALS = [
  'Cotton',
  'Merino',
  'Linen',
  'Leather',
  'Canvas',
  'Oak',
  'Walnut',
  'Ceramic',
  'Stoneware',
  'Bamboo',
  'Steel',
  'Copper',
  'Wool',
  'Denim',
  'Suede',
];
const NOUNS = [
  'Tee',
  'Sweater',
  'Shirt',
  'Jacket',
  'Trousers',
  'Sneaker',
  'Boot',
  'Loafer',
  'Lamp',
  'Pillow',
  'Blanket',
  'Shelf',
  'Planter',
  'Mug',
  'Skillet',
  'Knife',
  'Teapot',
  'Bowl',
  'Tent',
  'Backpack',
  'Bottle',
  'Chair',
  'Hammock',
  'Wallet',
  'Tote',
  'Beanie',
  'Belt',
  'Scarf',
  'Watch',
  'Cap',
];
const SENTENCES = [
  'Made to be used every day and to last for years.',
  'Designed in small batches with care.',
  'A dependable favourite of our customers.',
  'Simple, honest materials and a clean design.',
  'Tested on long weekends and longer trips.',
  'A thoughtful gift for almost anyone.',
];
const BRAND_NAMES = [
  'Northwind',
  'Ridgeback',
  'Harbor & Pine',
  'Strider',
  'Cobble & Co.',
  'Alder Home',
  'Hearth',
  'Copperline',
  'Fernleaf',
  'Atlas Goods',
  'Beacon',
  'Cedar & Stone',
  'Driftwood',
  'Evergreen',
  'Foundry',
  'Granite',
  'Highline',
  'Ironbark',
  'Juniper',
  'Kestrel',
  'Lantern',
  'Meridian',
  'Nomad',
  'Orchard',
];
const RIBBON_NAMES = ['New', 'Sale', 'Bestseller', 'Limited'];
const COLLECTION_WORDS = [
  'Spring',
  'Summer',
  'Autumn',
  'Winter',
  'Weekend',
  'Travel',
  'Studio',
  'Garden',
  'Cabin',
  'City',
  'Coastal',
  'Heritage',
];
const CATEGORIES = ['Apparel', 'Shoes', 'Home', 'Kitchen', 'Outdoor', 'Accessories', 'Gifts', 'Essentials'];
const SHAPES: Shape[] = [
  'shirt',
  'sweater',
  'trousers',
  'shoe',
  'lamp',
  'mug',
  'pan',
  'tent',
  'bottle',
  'bag',
  'cap',
  'book',
];

/** A text array literal of bound values (also for large-orders.ts). */
export const texts = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]::text[]`;
const uuids = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  )}]::uuid[]`;

async function namedIds(db: Db, table: typeof brands | typeof ribbons, names: string[]): Promise<string[]> {
  await db
    .insert(table)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const found = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.name, names));
  const byName = new Map(found.map((r) => [r.name, r.id]));
  return names.map((n) => byName.get(n)!);
}

async function bulkImages(ctx: AppContext): Promise<StoredMedia[]> {
  return mapLimit(SHAPES, 6, (shape, i) =>
    seedImage(
      ctx,
      `bulk:${shape}`,
      { shape, hue: (i * 29) % 360, initials: 'AI' },
      {
        filename: `bulk-${shape}.jpg`,
        title: `Bulk ${shape}`,
        altText: `A ${shape}`,
      },
    ),
  );
}

interface Refs {
  tag: string;
  total: number;
  brandIds: string[];
  ribbonIds: string[];
  collectionIds: string[];
  images: StoredMedia[];
}

/** One batch: products g in [from, to] with two variants each, inventory and collection links. */
function batchStatement(from: number, to: number, refs: Refs): SQL {
  const nb = BRAND_NAMES.length;
  const nc = refs.collectionIds.length;
  return sql`
with src as (
  select g, name, lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g')) || '-' || ${refs.tag}::text || '-' || g as slug,
    price, price2, (price * 0.45)::numeric(14,2) as cost, (price2 * 0.45)::numeric(14,2) as cost2,
    ribbon, case when ribbon = 2 then (price * 0.8)::numeric(14,2) else price end as dprice,
    case when ribbon = 2 then (price2 * 0.8)::numeric(14,2) else price2 end as dprice2,
    1 + (h2 % ${nb}) as brand, digital, g % 97 <> 0 as visible,
    case when digital then null else round((0.1 + (h3 % 500) / 100.0)::numeric, 2)::float8 end as weight,
    track, q1, q2, (not track) or q1 > 0 as in1, (not track) or q2 > 0 as in2, c1, c2
  from (
    select g, h1, h2, h3,
      (${texts(ADJECTIVES)})[1 + h1 % ${ADJECTIVES.length}] || ' ' || (${texts(MATERIALS)})[1 + h2 % ${MATERIALS.length}]
        || ' ' || (${texts(NOUNS)})[1 + h3 % ${NOUNS.length}] as name,
      ((500 + h1 % 49500) / 100.0)::numeric(14,2) as price,
      ((500 + h1 % 49500) * 1.1 / 100.0)::numeric(14,2) as price2,
      case when h3 % 10 < 4 then 1 + h3 % 10 end as ribbon,
      g % 50 = 0 as digital,
      g % 3 = 0 as track,
      case when g % 53 = 0 or g % 37 = 0 then 0 else 1 + h2 % 40 end as q1,
      case when g % 53 = 0 then 0 else 1 + h1 % 30 end as q2,
      1 + g % ${nc} as c1, case when g % 4 = 0 then 1 + (g * 7 + 1) % ${nc} end as c2
    from (
      select g, (g::bigint * 2654435761) % 4294967291 as h1, (g::bigint * 40503 + 7) % 1000003 as h2,
        (g::bigint * 69069 + 13) % 999983 as h3
      from generate_series(${from}::int, ${to}::int) as g
    ) hashed
  ) raw
),
ins as (
  insert into products (name, slug, description, sku, product_type, visible, manage_variants, price, discounted_price,
    cost, weight, discount_type, discount_value, brand_id, brand, ribbon_id, ribbon, track_inventory, quantity, in_stock,
    inventory_status, price_min, price_max, cost_min, cost_max, weight_min, weight_max, collection_ids, data,
    created_date, last_updated)
  select name, slug,
    '<p>' || name || ' by ' || (${texts(BRAND_NAMES)})[brand] || '. ' || (${texts(SENTENCES)})[1 + g % ${SENTENCES.length}] || '</p>',
    'BULK-' || ${refs.tag}::text || '-' || g, case when digital then 'digital' else 'physical' end, visible, true,
    price, dprice, cost, weight, case when ribbon = 2 then 'PERCENT' else 'NONE' end,
    case when ribbon = 2 then 20 else 0 end, (${uuids(refs.brandIds)})[brand], (${texts(BRAND_NAMES)})[brand],
    (${uuids(refs.ribbonIds)})[ribbon], (${texts(RIBBON_NAMES)})[ribbon], track,
    case when track then q1 + q2 end, in1 or in2,
    case when in1 and in2 then 'IN_STOCK' when in1 or in2 then 'PARTIALLY_OUT_OF_STOCK' else 'OUT_OF_STOCK' end,
    price, price2, cost, cost2, weight, weight,
    case when c2 is null or c2 = c1 then array[(${uuids(refs.collectionIds)})[c1]]
      else array[(${uuids(refs.collectionIds)})[c1], (${uuids(refs.collectionIds)})[c2]] end,
    jsonb_build_object(
      'productOptions', jsonb_build_array(jsonb_build_object('optionType', 'drop_down', 'name', 'Size', 'choices',
        jsonb_build_array(
          jsonb_build_object('value', 'Standard', 'description', 'Standard', 'visible', true, 'inStock', in1, 'mediaIds', '[]'::jsonb),
          jsonb_build_object('value', 'Large', 'description', 'Large', 'visible', true, 'inStock', in2, 'mediaIds', '[]'::jsonb)))),
      'media', jsonb_build_array((${JSON.stringify(refs.images)}::jsonb) -> (g % ${refs.images.length})),
      'additionalInfoSections', '[]'::jsonb, 'customTextFields', '[]'::jsonb),
    now() - (${refs.total}::int - g) * interval '1 second', now() - (${refs.total}::int - g) * interval '1 second'
  from src
  returning id, slug
),
variants as (
  insert into product_variants (product_id, id, position, choices, price, discounted_price, cost, weight, sku, visible)
  select ins.id, gen_random_uuid(), v.pos, jsonb_build_object('Size', v.label),
    case v.pos when 0 then src.price else src.price2 end, case v.pos when 0 then src.dprice else src.dprice2 end,
    case v.pos when 0 then src.cost else src.cost2 end, src.weight,
    'BULK-' || ${refs.tag}::text || '-' || src.g || '-' || v.label, true
  from ins join src using (slug) cross join (values (0, 'Standard'), (1, 'Large')) as v(pos, label)
  returning product_id, id, position
),
stock as (
  insert into inventory_items (product_id, variant_id, track_quantity, quantity, in_stock)
  select variants.product_id, variants.id, src.track,
    case when not src.track then null when variants.position = 0 then src.q1 else src.q2 end,
    case variants.position when 0 then src.in1 else src.in2 end
  from variants join ins on ins.id = variants.product_id join src using (slug)
  returning 1
)
insert into product_collections (collection_id, product_id)
select (${uuids(refs.collectionIds)})[src.c1], ins.id from ins join src using (slug)
union all
select (${uuids(refs.collectionIds)})[src.c2], ins.id from ins join src using (slug) where src.c2 is not null and src.c2 <> src.c1`;
}

/** `value` when it is a positive integer (how many `what` to make); a RangeError otherwise. */
export function positiveCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${what} must be a positive integer`);
  return value;
}

/**
 * Runs `statement` over rows `1..total`, `batchSize` (default `defaultBatchSize`) at a time, each batch in its
 * own transaction, telling `onProgress` before the first and after each.
 */
export async function inBatches(
  db: Db,
  total: number,
  statement: (from: number, to: number) => SQL,
  { batchSize, onProgress }: BatchOptions,
  defaultBatchSize: number,
): Promise<void> {
  const size = batchSize ?? defaultBatchSize;
  onProgress?.(0, total);
  for (let from = 1; from <= total; from += size) {
    const to = Math.min(total, from + size - 1);
    await db.transaction(async (tx) => {
      // The statement's row estimates are far off and would make PostgreSQL JIT-compile it (seconds).
      await tx.execute(sql`set local jit = off`);
      await tx.execute(statement(from, to));
    });
    onProgress?.(to, total);
  }
}

export async function seedLargeCatalogue(
  ctx: AppContext,
  options: LargeSeedOptions,
): Promise<LargeSeedResult> {
  const total = positiveCount(options.products, 'products');
  const db = ctx.db;
  const collectionCount = options.collections ?? Math.min(200, Math.max(8, Math.round(total / 2000)));
  const tag = Date.now().toString(36);

  const images = await bulkImages(ctx);
  const brandIds = await namedIds(db, brands, BRAND_NAMES);
  const ribbonIds = await namedIds(db, ribbons, RIBBON_NAMES);
  const created = await db
    .insert(collections)
    .values(
      Array.from({ length: collectionCount }, (_, i) => {
        const name = `${COLLECTION_WORDS[i % COLLECTION_WORDS.length]} ${CATEGORIES[Math.floor(i / COLLECTION_WORDS.length) % CATEGORIES.length]}`;
        const round = Math.floor(i / (COLLECTION_WORDS.length * CATEGORIES.length));
        return {
          name: round ? `${name} ${round + 1}` : name,
          slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${round + 1}-${tag}`,
          description: `${name}: a generated collection.`,
          media: [images[i % images.length]!],
        };
      }),
    )
    .returning({ id: collections.id });
  const refs: Refs = { tag, total, brandIds, ribbonIds, collectionIds: created.map((c) => c.id), images };

  await inBatches(db, total, (from, to) => batchStatement(from, to, refs), options, 5000);
  await db.execute(sql`
    update collections c set product_count = counted.n, last_updated = now()
    from (select collection_id, count(*)::int as n from product_collections
          where collection_id in (select unnest(${uuids(refs.collectionIds)})) group by collection_id) counted
    where c.id = counted.collection_id`);
  // Fresh statistics and visibility maps: right plans and index-only scans from the start.
  for (const table of [
    'products',
    'product_variants',
    'inventory_items',
    'product_collections',
    'collections',
  ])
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  return { products: total, variants: total * 2, collections: collectionCount };
}
