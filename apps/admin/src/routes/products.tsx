import type { Product } from '@aisle/sdk';
import { type ActionFunctionArgs, Form, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { SubmitButton } from '../components/form.ts';
import { ListPage } from '../components/list-page.tsx';
import type { ListColumn } from '../components/list-table.tsx';
import { pictureColumn } from '../components/picture-column.tsx';
import { adminError, type ShownError } from '../lib/errors.ts';
import { optionsOf, readField } from '../lib/fields.ts';
import { money, plural } from '../lib/format.ts';
import { countText, listParams, PAGE_SIZE, pagerLinks } from '../lib/list.ts';
import { usePageTitle } from '../lib/title.ts';
import { type AdminClient, requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { Outcome } from '../components/outcome.tsx';
import { linkColumn } from '../components/spec-columns.tsx';

const SORTS = [
  { value: '', label: 'Newest first', field: 'numericId', desc: true },
  { value: 'oldest', label: 'Oldest first', field: 'numericId', desc: false },
  { value: 'name', label: 'Name A–Z', field: 'name', desc: false },
  { value: 'name-desc', label: 'Name Z–A', field: 'name', desc: true },
  { value: 'price', label: 'Price, low to high', field: 'price', desc: false },
  { value: 'price-desc', label: 'Price, high to low', field: 'price', desc: true },
  { value: 'updated', label: 'Recently updated', field: 'lastUpdated', desc: true },
] as const;

const STOCK = optionsOf({
  '': 'Any stock',
  IN_STOCK: 'In stock',
  PARTIALLY_OUT_OF_STOCK: 'Some variants out',
  OUT_OF_STOCK: 'Out of stock',
});

const VISIBILITY = optionsOf({ '': 'Visible and hidden', visible: 'Visible', hidden: 'Hidden' });

const FILTERS = ['q', 'collection', 'brand', 'stock', 'visibility', 'sort'] as const;

/** The product query of the list's filters; every filter and sort is an indexed column on the server. */
function productQuery(client: AdminClient, values: Record<string, string>) {
  const sort = SORTS.find((s) => s.value === (values.sort ?? '')) ?? SORTS[0];
  let query = client.products.queryProducts().limit(PAGE_SIZE).cursorPaged();
  query = sort.desc ? query.descending(sort.field) : query.ascending(sort.field);
  if (values.q) query = query.eq('search', values.q);
  if (values.collection) query = query.hasSome('collectionIds', [values.collection]);
  if (values.brand) query = query.eq('brand', values.brand);
  if (values.stock) query = query.eq('inventoryStatus', values.stock);
  if (values.visibility) query = query.eq('visible', values.visibility === 'visible');
  return query;
}

/**
 * Every product, hidden ones too, by cursor (fast at any depth on a million products): search, collection,
 * brand, stock status, visibility and sort from the URL; the collections and brands of the filters.
 */
export async function productsLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const params = listParams(request, FILTERS);
  const query = productQuery(client, params.values);
  const [page, collections, brands] = await Promise.all([
    (params.cursor ? query.skipTo(params.cursor) : query).find(),
    client.collections.queryCollections().ascending('name').limit(100).find(),
    client.brands.queryBrands().ascending('name').limit(100).find(),
  ]);
  return {
    params,
    products: page.items,
    hasNext: page.hasNext(),
    pager: pagerLinks(page, params),
    collections: collections.items.map((c) => ({ value: c.id, label: c.name ?? c.id })),
    brands: brands.items.map((b) => ({ value: b.name ?? '', label: b.name ?? '' })),
  };
}

const BULK = {
  'set-price': { label: 'Set price to', property: 'price', kind: 'money' },
  'set-cost': { label: 'Set cost to', property: 'cost', kind: 'money' },
  'set-weight': { label: 'Set weight to', property: 'weight', kind: 'number' },
  'adjust-price': { label: 'Change price by %', property: 'price', kind: 'percent' },
  'adjust-cost': { label: 'Change cost by %', property: 'cost', kind: 'percent' },
  'adjust-weight': { label: 'Change weight by %', property: 'weight', kind: 'percent' },
} as const;
type BulkKey = keyof typeof BULK;

type BulkResult = { error?: ShownError; done?: string };

/** Bulk edit of the ticked products: set price, cost or weight, or change it by a percentage. */
export async function productsAction({ request }: ActionFunctionArgs): Promise<BulkResult> {
  const client = requireClient();
  const form = await request.formData();
  const ids = form.getAll('ids').map(String);
  const key = String(form.get('change') ?? '') as BulkKey;
  const change = BULK[key];
  if (ids.length === 0) return { error: { message: 'Tick the products to change first.' } };
  if (!change) return { error: { message: 'Choose what to change.' } };
  const read = readField(
    {
      name: 'amount',
      label: 'Amount',
      kind: change.kind === 'percent' ? 'number' : change.kind,
      required: true,
      ...(change.kind === 'percent' ? { min: -99, max: 1000 } : { min: 0 }),
    },
    form.get('amount'),
  );
  if ('problem' in read) return { error: { message: read.problem, fields: { amount: read.problem } } };
  const amount = Number(read.value);
  try {
    const result =
      change.kind === 'percent'
        ? await client.products.bulkAdjustProductProperties(ids, {
            [change.property]: { percentage: { rate: amount } },
          })
        : await client.products.bulkUpdateProducts(ids, { [change.property]: amount });
    const failed = result.results.filter((r) => !r.itemMetadata?.success).length;
    const done = ids.length - failed;
    return {
      done: `${plural(done, 'product')} changed${failed ? `, ${failed} could not be changed` : ''}.`,
    };
  } catch (error) {
    return { error: adminError(error) };
  }
}

/** Tracked stock as a count, otherwise in or out of stock. */
export function stockText(product: Product): string {
  const stock = product.stock;
  if (stock?.trackInventory) return `${stock.quantity ?? 0} in stock`;
  return stock?.inStock === false ? 'Out of stock' : 'In stock (not tracked)';
}

const COLUMNS: ListColumn<Product>[] = [
  {
    label: 'Select',
    hiddenLabel: true,
    cell: (p) => (
      <input type="checkbox" name="ids" value={p.id} form="bulk-form" aria-label={`Select ${p.name ?? ''}`} />
    ),
  },
  pictureColumn<Product>(),
  linkColumn('Name', 'products', (p) => p.name),
  {
    label: 'Price',
    className: 'num',
    cell: (p) => <span data-testid="product-price">{money(p.priceData?.price, p.priceData?.currency)}</span>,
  },
  {
    label: 'Visibility',
    cell: (p) => <span data-testid="product-visibility">{p.visible === false ? 'Hidden' : 'Visible'}</span>,
  },
  { label: 'Stock', cell: (p) => <span data-testid="product-stock">{stockText(p)}</span> },
  { label: 'Brand', cell: (p) => p.brand ?? '' },
];

export function Products() {
  const { params, products, hasNext, pager, collections, brands } = useLoaderData<typeof productsLoader>();
  const result = useSettledActionData<typeof productsAction>();
  usePageTitle('Products');
  const filters = [
    { name: 'q', label: 'Search products' },
    {
      name: 'collection',
      label: 'Collection',
      options: [{ value: '', label: 'All collections' }, ...collections],
    },
    { name: 'brand', label: 'Brand', options: [{ value: '', label: 'All brands' }, ...brands] },
    { name: 'stock', label: 'Stock', options: STOCK },
    { name: 'visibility', label: 'Visibility', options: VISIBILITY },
    { name: 'sort', label: 'Sort by', options: SORTS.map(({ value, label }) => ({ value, label })) },
  ];
  const filtered = Object.keys(params.values).some((k) => k !== 'sort');
  return (
    <ListPage<Product>
      title="Products"
      newLink="/products/new"
      newLabel="New product"
      filters={filters}
      params={params}
      columns={COLUMNS}
      rows={products}
      rowKey={(p) => p.id}
      rowTestId="product-row"
      status={countText(products.length, undefined, hasNext, ['product', 'products'], params.values.q)}
      empty={filtered ? 'No product matches these filters.' : 'No products yet.'}
      pager={pager}
      before={
        products.length > 0 && (
          <Form method="post" id="bulk-form" className="toolbar bulk-bar" aria-label="Bulk edit">
            <div className="field">
              <label htmlFor="bulk-change">Change the ticked products</label>
              <select id="bulk-change" name="change" defaultValue="set-price">
                {(Object.keys(BULK) as BulkKey[]).map((key) => (
                  <option key={key} value={key}>
                    {BULK[key].label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field narrow">
              <label htmlFor="bulk-amount">Amount</label>
              <input
                id="bulk-amount"
                name="amount"
                inputMode="decimal"
                aria-invalid={result?.error?.fields?.amount ? true : undefined}
              />
            </div>
            <SubmitButton className="button button-secondary" pendingText="Changing…">
              Change ticked products
            </SubmitButton>
            <div className="bulk-result">
              <Outcome result={result} />
            </div>
          </Form>
        )
      }
    />
  );
}
