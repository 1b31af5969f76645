import { type SQL, sql } from 'drizzle-orm';
import { readStoreSettings } from '../modules/settings/store.ts';
import type { AppContext } from '../platform/context.ts';
import { rows } from '../platform/db.ts';
import { currencyDigits, formatMoney } from '../platform/money.ts';
import { type BatchOptions, inBatches, positiveCount, texts } from './large.ts';

/**
 * Many synthetic orders for load tests, written by set-based SQL like the large catalogue (large.ts): one
 * multi-table INSERT … SELECT over generate_series per batch. Each order is stored as placement stores it
 * (docs/CHECKOUT.md "Stored order shape", test/order-fixtures.ts): the row with its search columns, `data` =
 * the wire order minus columns, the ORDER_PLACED activity (and PAID / FULFILLED / CANCELED / REFUNDED after
 * it), the payment, refund and fulfilment rows its statuses imply. Lines point at products of the catalogue
 * when there are some.
 *
 * Deliberately not done, as bulk loading: no outbox event per order (no `order.created` webhooks or mails for
 * history), no stock taken (`data._inventory.decremented` is false), no contacts made, no confirmation token.
 * Orders are marked `data._seeded` (a server-only key) so they can be told apart.
 */

export interface LargeOrdersOptions extends BatchOptions {
  orders: number;
  /** The days back the orders are spread over (default 730: about two years, newest now). */
  days?: number;
}

export interface LargeOrdersResult {
  orders: number;
  /** Distinct buyers (e-mail addresses) the orders were spread over. */
  buyers: number;
  /** Catalogue products the lines point at (0: lines without a catalogue reference). */
  products: number;
}

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'John',
  'Radia',
  'Tim',
  'Hedy',
  'Edsger',
  'Katherine',
  'Donald',
  'Sophie',
  'Niklaus',
  'Joan',
  'Guido',
  'Karen',
  'Bjarne',
  'Lynn',
  'James',
  'Anita',
  'Leslie',
  'Shafi',
  'Vint',
  'Mary',
  'Robert',
  'Evelyn',
  'Claude',
  'Jean',
  'Marvin',
  'Adele',
  'Brian',
  'Carol',
  'Yukihiro',
  'Elena',
  'Omar',
];
const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'McCarthy',
  'Perlman',
  'Berners',
  'Lamarr',
  'Dijkstra',
  'Johnson',
  'Knuth',
  'Wilson',
  'Wirth',
  'Clarke',
  'Rossum',
  'Jones',
  'Stroustrup',
  'Conway',
  'Gosling',
  'Borg',
  'Lamport',
  'Goldwasser',
  'Cerf',
  'Keller',
  'Kahn',
  'Boyd',
  'Shannon',
  'Bartik',
  'Minsky',
  'Goldberg',
  'Kernighan',
  'Shaw',
  'Matsumoto',
  'Petrova',
  'Haddad',
];
const CITIES = [
  { country: 'US', subdivision: 'US-CA', city: 'San Francisco', postalCode: '94103' },
  { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
  { country: 'US', subdivision: 'US-TX', city: 'Austin', postalCode: '73301' },
  { country: 'US', subdivision: 'US-WA', city: 'Seattle', postalCode: '98101' },
  { country: 'US', subdivision: 'US-IL', city: 'Chicago', postalCode: '60601' },
  { country: 'US', subdivision: 'US-MA', city: 'Boston', postalCode: '02108' },
];
const STREETS = ['Terry Francine St', 'Main St', 'Oak Ave', 'Maple Rd', 'Harbor Blvd', 'Cedar Ln'];
/** Where orders come from (`channelInfo.type`), most online: index `h % 20`. */
const CHANNELS = [...Array<string>(16).fill('WEB'), 'POS', 'POS', 'BACKOFFICE_MERCHANT', 'OTHER_PLATFORM'];
const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

interface CatalogueLine {
  i: number;
  id: string | null;
  vid: string | null;
  name: string;
  minor: number;
  digital: boolean;
}

/** Up to 200 visible products with their first variant's price, in minor units; generic items when none. */
async function catalogueLines(ctx: AppContext, digits: number): Promise<CatalogueLine[]> {
  const found = await rows<{ id: string; vid: string | null; name: string; price: string; digital: boolean }>(
    ctx.db,
    sql`select p.id, v.id as vid, p.name, coalesce(v.discounted_price, p.discounted_price)::text as price,
        p.product_type = 'digital' as digital
      from products p left join lateral (select id, discounted_price from product_variants
        where product_id = p.id order by position limit 1) v on true
      where p.visible order by p.created_date, p.id limit 200`,
  );
  const scale = 10 ** digits;
  const lines = found
    .map((p, k) => ({
      i: k + 1,
      id: p.id,
      vid: p.vid,
      name: p.name,
      minor: Math.round(Number(p.price) * scale),
      digital: p.digital,
    }))
    .filter((l) => l.minor > 0);
  if (lines.length > 0) return lines;
  return ['Gift card', 'Tote bag', 'Coffee mug', 'Notebook', 'Water bottle'].map((name, k) => ({
    i: k + 1,
    id: null,
    vid: null,
    name,
    minor: Math.max(1, Math.round(((900 + k * 750) * scale) / 100)),
    digital: false,
  }));
}

/** A decimal of the currency's scale from an expression in minor units. */
const decimalIn =
  (digits: number) =>
  (minor: SQL): SQL =>
    sql`((${minor})::numeric / ${10 ** digits}::numeric)::numeric(20, ${sql.raw(String(digits))})`;

/** Wire prices `{amount, formattedAmount}` in SQL, from an expression in minor units (as `formatMoney`). */
function priceIn(currency: string, digits: number): (minor: SQL) => SQL {
  const sample = formatMoney(digits ? '1234.50'.slice(0, 5 + digits) : '1234', currency);
  const shown = digits ? `1,234.${'50'.slice(0, digits).padEnd(digits, '0')}` : '1,234';
  const at = sample.indexOf(shown);
  const pattern = `FM999,999,999,990${digits ? `.${'0'.repeat(digits)}` : ''}`;
  return (minor) => {
    const amount = decimalIn(digits)(minor);
    const formatted =
      at >= 0
        ? sql`${sample.slice(0, at)}::text || to_char(${amount}, ${pattern}::text) || ${sample.slice(at + shown.length)}::text`
        : sql`${amount}::text || ${` ${currency}`}::text`;
    return sql`jsonb_build_object('amount', ${amount}::text, 'formattedAmount', ${formatted})`;
  };
}

interface Refs {
  base: number;
  total: number;
  days: number;
  buyers: number;
  currency: string;
  /** Minor units in one unit of the currency (100 for USD). */
  unit: number;
  lines: CatalogueLine[];
  price: (minor: SQL) => SQL;
  decimal: (minor: SQL) => SQL;
}

/** One batch: orders g in [from, to] with their lines, payment, refund, fulfilment and activities. */
function batchStatement(from: number, to: number, r: Refs): SQL {
  const nf = FIRST_NAMES.length;
  const nl = LAST_NAMES.length;
  const price = r.price;
  const address = sql`jsonb_build_object('country', city->>'country', 'subdivision', city->>'subdivision',
    'city', city->>'city', 'postalCode', city->>'postalCode', 'addressLine', street)`;
  const contact = sql`jsonb_build_object('firstName', first_name, 'lastName', last_name, 'phone', '+1 555 0100')`;
  return sql`
with hashed as (
  select g, (g::bigint * 2654435761) % 4294967291 as h1, (g::bigint * 40503 + 7) % 1000003 as h2,
    (g::bigint * 69069 + 13) % 999983 as h3
  from generate_series(${r.base + from}::int, ${r.base + to}::int) as g
),
src as (
  select g, h1, h2, h3, gen_random_uuid() as id, gen_random_uuid() as checkout_id, gen_random_uuid() as visitor_id,
    nextval('order_number_seq') as number, buyer,
    (${texts(FIRST_NAMES)})[1 + buyer % ${nf}] as first_name,
    (${texts(LAST_NAMES)})[1 + (buyer / ${nf}) % ${nl}] as last_name,
    lower((${texts(FIRST_NAMES)})[1 + buyer % ${nf}] || '.' || (${texts(LAST_NAMES)})[1 + (buyer / ${nf}) % ${nl}])
      || '.' || buyer || '@example.com' as email,
    (${JSON.stringify(CITIES)}::jsonb) -> (buyer % ${CITIES.length})::int as city,
    (10 + buyer % 890) || ' ' || (${texts(STREETS)})[1 + buyer % ${STREETS.length}] as street,
    (${texts(CHANNELS)})[1 + h2 % ${CHANNELS.length}] as channel,
    1 + h1 % 3 as nlines,
    -- Oldest first, the given days back to now, minutes of jitter: numbers and dates go up together.
    now() - ${r.days}::int * interval '1 day' * (1 - (g - ${r.base}::int)::float8 / ${r.total}::int)
      - (h3 % 600) * interval '1 second' as created,
    case when h3 % 100 < 2 then 'PENDING' when h3 % 100 < 5 then 'CANCELED' when h3 % 100 < 8 then 'REFUNDED'
      when h3 % 100 < 16 then 'OFFLINE' else 'PAID' end as kind
  from (select *, (h2 * 7 + h1) % ${r.buyers} as buyer from hashed) b
),
lines as (
  select s.g, count(*)::int as n, bool_and(p.digital) as digital_only,
    sum(p.minor * (1 + (s.h3 + k) % 3))::bigint as subtotal,
    jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'id', gen_random_uuid(),
      'productName', jsonb_build_object('original', p.name, 'translated', p.name),
      'catalogReference', case when p.id is not null then jsonb_build_object('catalogItemId', p.id, 'appId',
        ${STORE_APP_ID}::text, 'options', case when p.vid is not null then jsonb_build_object('variantId', p.vid)
        else '{}'::jsonb end) end,
      'quantity', 1 + (s.h3 + k) % 3,
      'descriptionLines', '[]'::jsonb,
      'physicalProperties', jsonb_build_object('shippable', not p.digital),
      'itemType', jsonb_build_object('preset', case when p.digital then 'DIGITAL' else 'PHYSICAL' end),
      'price', ${price(sql`p.minor`)}, 'priceBeforeDiscounts', ${price(sql`p.minor`)},
      'totalPriceBeforeTax', ${price(sql`p.minor * (1 + (s.h3 + k) % 3)`)},
      'totalPriceAfterTax', ${price(sql`p.minor * (1 + (s.h3 + k) % 3)`)},
      'totalDiscount', ${price(sql`0`)},
      'lineItemPrice', ${price(sql`p.minor * (1 + (s.h3 + k) % 3)`)},
      'paymentOption', case when s.kind = 'OFFLINE' then 'FULL_PAYMENT_OFFLINE' else 'FULL_PAYMENT_ONLINE' end,
      'taxDetails', jsonb_build_object('taxRate', '0', 'totalTax', ${price(sql`0`)}),
      'refundQuantity', 0, 'restockQuantity', 0
    )) order by k) as items
  from src s cross join lateral generate_series(1, s.nlines) as k
    join jsonb_to_recordset(${JSON.stringify(r.lines)}::jsonb)
      as p(i int, id text, vid text, name text, minor bigint, digital boolean)
      on p.i = 1 + (s.h1 / 7 + k * 37) % ${r.lines.length}
  group by s.g
),
full_rows as (
  select s.*, l.items, l.n, l.subtotal,
    case when l.digital_only or l.subtotal >= ${100 * r.unit}::bigint then 0
      else ${Math.max(1, Math.round(5.95 * r.unit))}::bigint end as shipping,
    case when s.kind = 'PENDING' then 'PENDING' when s.kind = 'CANCELED' then 'CANCELED' else 'APPROVED' end as status,
    case s.kind when 'PAID' then 'PAID' when 'PENDING' then 'PENDING' when 'REFUNDED' then 'FULLY_REFUNDED'
      else 'NOT_PAID' end as payment_status,
    case when s.kind in ('PAID', 'OFFLINE') and s.created < now() - interval '4 days' and s.h2 % 50 <> 0
      then case when l.n > 1 and s.h1 % 10 = 0 then 'PARTIALLY_FULFILLED' else 'FULFILLED' end
      else 'NOT_FULFILLED' end as fulfillment_status,
    s.created + (1 + s.h2 % 3) * interval '1 day' as later
  from src s join lines l using (g)
),
ins as (
  insert into orders (id, number, checkout_id, visitor_id, buyer_email, status, payment_status, fulfillment_status,
    currency, total, archived, channel_type, data, purchased_date, created_date, updated_date)
  select id, number, checkout_id, visitor_id, email, status, payment_status, fulfillment_status, ${r.currency}::text,
    ${r.decimal(sql`subtotal + shipping`)},
    fulfillment_status = 'FULFILLED' and created < now() - interval '1 year' and h2 % 4 = 0, channel,
    jsonb_build_object(
      'checkoutId', checkout_id, 'purchaseFlowId', gen_random_uuid(), 'lineItems', items,
      'buyerInfo', jsonb_build_object('visitorId', visitor_id, 'email', email),
      'buyerLanguage', 'en', 'siteLanguage', 'en', 'weightUnit', 'KG', 'taxIncludedInPrices', false,
      'priceSummary', jsonb_build_object('subtotal', ${price(sql`subtotal`)}, 'shipping', ${price(sql`shipping`)},
        'tax', ${price(sql`0`)}, 'discount', ${price(sql`0`)}, 'total', ${price(sql`subtotal + shipping`)},
        'totalAdditionalFees', ${price(sql`0`)}),
      'billingInfo', jsonb_build_object('address', ${address}, 'contactDetails', ${contact}),
      'recipientInfo', jsonb_build_object('address', ${address}, 'contactDetails', ${contact}),
      'shippingInfo', jsonb_build_object('code', 'standard', 'title', 'Standard',
        'cost', jsonb_build_object('price', ${price(sql`shipping`)}),
        'logistics', jsonb_build_object('shippingDestination', jsonb_build_object('address', ${address},
          'contactDetails', ${contact}))),
      'additionalFees', '[]'::jsonb, 'appliedDiscounts', '[]'::jsonb,
      'channelInfo', jsonb_build_object('type', channel),
      'createdBy', jsonb_build_object('visitorId', visitor_id),
      'tags', jsonb_build_object('privateTags', jsonb_build_object('tagIds', '[]'::jsonb),
        'tags', jsonb_build_object('tagIds', '[]'::jsonb)),
      'seenByAHuman', created < now() - interval '2 days',
      '_inventory', jsonb_build_object('decremented', false), '_seeded', true),
    created, created,
    case when fulfillment_status <> 'NOT_FULFILLED' or kind in ('CANCELED', 'REFUNDED') then least(later, now())
      else created end
  from full_rows
  returning id
),
paid as (
  insert into payments (order_id, provider, provider_reference, idempotency_key, amount, status, refunded_amount,
    details, created_date, updated_date)
  select f.id, 'sandbox-card', 'sbx_ch_seed_' || f.number, f.id::text,
    ${r.decimal(sql`subtotal + shipping`)},
    case kind when 'PENDING' then 'PENDING' when 'REFUNDED' then 'REFUNDED' else 'APPROVED' end,
    case when kind = 'REFUNDED' then ${r.decimal(sql`subtotal + shipping`)}
      else 0 end,
    jsonb_build_object('card', jsonb_build_object('brand', 'Visa', 'lastFourDigits', '4242'),
      'paymentMethod', 'CreditCard'),
    created, case when kind = 'REFUNDED' then least(later, now()) else created end
  from full_rows f join ins using (id)
  where kind in ('PAID', 'PENDING', 'REFUNDED')
  returning id, order_id, amount
),
refunded as (
  insert into refunds (order_id, transactions, amount, status, details, created_date, updated_date)
  select paid.order_id, jsonb_build_array(jsonb_build_object('paymentId', paid.id, 'amount', ${r.decimal(sql`paid.amount * ${r.unit}`)}::text,
      'status', 'SUCCEEDED', 'externalRefund', false, 'applied', true)),
    paid.amount, 'SUCCEEDED',
    jsonb_build_object('lineItems', '[]'::jsonb, 'additionalFees', '[]'::jsonb, 'reason', 'Customer request'),
    least(f.later, now()), least(f.later, now())
  from paid join full_rows f on f.id = paid.order_id
  where f.kind = 'REFUNDED'
  returning 1
),
shipped as (
  insert into order_fulfillments (order_id, line_items, tracking_info, created_date)
  select f.id,
    (select jsonb_agg(jsonb_build_object('id', l->>'id', 'quantity', (l->>'quantity')::int))
      from jsonb_array_elements(f.items) with ordinality as e(l, k)
      where f.fulfillment_status = 'FULFILLED' or k = 1),
    jsonb_build_object('trackingNumber', '1Z' || lpad(f.number::text, 16, '0'), 'shippingProvider', 'UPS'),
    least(f.later, now())
  from full_rows f join ins using (id)
  where f.fulfillment_status <> 'NOT_FULFILLED'
  returning 1
)
insert into order_activities (order_id, type, details, created_date)
select f.id, a.type, a.details, a.at
from full_rows f join ins using (id) cross join lateral (values
  ('ORDER_PLACED', '{}'::jsonb, f.created, true),
  ('ORDER_PAID', '{}'::jsonb, f.created, f.kind in ('PAID', 'REFUNDED')),
  ('ORDER_FULFILLED', '{}'::jsonb, least(f.later, now()), f.fulfillment_status = 'FULFILLED'),
  ('ORDER_CANCELED', '{}'::jsonb, least(f.later, now()), f.kind = 'CANCELED'),
  ('ORDER_REFUNDED', jsonb_build_object('orderRefunded', jsonb_build_object('manual', false,
    'amount', ${price(sql`f.subtotal + f.shipping`)}, 'reason', 'Customer request')), least(f.later, now()),
    f.kind = 'REFUNDED')
) as a(type, details, at, wanted)
where a.wanted`;
}

export async function seedLargeOrders(
  ctx: AppContext,
  options: LargeOrdersOptions,
): Promise<LargeOrdersResult> {
  const total = positiveCount(options.orders, 'orders');
  const days = options.days ?? 730;
  const { currency } = await readStoreSettings(ctx.db);
  const digits = currencyDigits(currency);
  const lines = await catalogueLines(ctx, digits);
  // Continue after the orders already there, so a second run adds other buyers' and dates' patterns.
  const [existing] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`);
  const buyers = Math.max(20, Math.round(total / 4));
  const refs: Refs = {
    base: existing?.n ?? 0,
    total,
    days,
    buyers,
    currency,
    unit: 10 ** digits,
    lines,
    price: priceIn(currency, digits),
    decimal: decimalIn(digits),
  };

  await inBatches(ctx.db, total, (from, to) => batchStatement(from, to, refs), options, 2000);
  for (const table of ['orders', 'order_activities', 'order_fulfillments', 'payments', 'refunds'])
    await ctx.db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  return { orders: total, buyers, products: lines[0]?.id ? lines.length : 0 };
}
