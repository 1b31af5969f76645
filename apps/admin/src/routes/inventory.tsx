import type { InventoryChange, InventoryItem, InventorySearch, StockChangeReason } from '@aisle/sdk';
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { EntityFields } from '../components/entity-fields.tsx';
import { ErrorNotice, Notice, SubmitButton } from '../components/form.ts';
import { ListPage } from '../components/list-page.tsx';
import { type ListColumn, ListOrEmpty } from '../components/list-table.tsx';
import type { ShownError } from '../lib/errors.ts';
import { type FieldSpec, optionsOf, readField, readFields, saveError } from '../lib/fields.ts';
import { dateTime, words } from '../lib/format.ts';
import { listParams, PAGE_SIZE } from '../lib/list.ts';
import { usePageTitle } from '../lib/title.ts';
import { revisionOf } from '../lib/values.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/** At or under this many units a tracked variant counts as low on stock. */
export const LOW_STOCK = 5;

const VIEWS = optionsOf({
  '': 'All variants',
  low: `Low stock (${LOW_STOCK} or fewer)`,
  out: 'Out of stock',
  preorder: 'Taking pre-orders',
  untracked: 'Not tracked',
});

const FILTERS = ['q', 'view'] as const;

function viewFilter(view: string | undefined): Record<string, unknown> | undefined {
  switch (view) {
    case 'low':
      return { trackQuantity: true, quantity: { $lte: LOW_STOCK } };
    case 'out':
      return { availabilityStatus: 'OUT_OF_STOCK' };
    case 'preorder':
      return { 'preorderInfo.enabled': true };
    case 'untracked':
      return { trackQuantity: false };
    default:
      return undefined;
  }
}

/**
 * Every variant's stock across products (inventory items), by cursor: text search (product name or SKU
 * prefix) and views (low stock, out of stock, pre-orders, untracked); least stock first in the low view.
 */
export async function inventoryLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const params = listParams(request, FILTERS);
  const filter = viewFilter(params.values.view);
  const search: InventorySearch = params.cursor
    ? { cursorPaging: { limit: PAGE_SIZE, cursor: params.cursor } }
    : {
        cursorPaging: { limit: PAGE_SIZE },
        sort: [{ fieldName: 'updatedDate', order: 'DESC' }],
        ...(filter ? { filter } : {}),
        ...(params.values.q ? { search: { expression: params.values.q } } : {}),
      };
  const found = await client.inventoryItems.searchInventoryItems(search);
  const cursors = found.pagingMetadata?.cursors ?? {};
  const link = (cursor: string) => `?${new URLSearchParams({ ...params.values, cursor })}`;
  return {
    params,
    items: found.inventoryItems,
    hasNext: Boolean(found.pagingMetadata?.hasNext ?? cursors.next),
    pager: {
      ...(cursors.next ? { next: link(cursors.next) } : {}),
      ...(cursors.prev ? { prev: link(cursors.prev) } : {}),
    },
  };
}

const QUANTITY: FieldSpec = { name: 'quantity', label: 'Stock', kind: 'integer', required: true, min: 0 };

/** A restock from the list: the item's new tracked quantity, sent with the revision read. */
export async function inventoryAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const read = readField(QUANTITY, form.get('quantity'));
  if ('problem' in read) return { id, error: { message: read.problem } as ShownError };
  try {
    const item = await requireClient().inventoryItems.updateInventoryItem(
      id,
      { quantity: Number(read.value), revision: String(form.get('revision') ?? '') },
      { reason: 'MANUAL' },
    );
    return {
      id,
      done: `${item.product?.name} ${item.product?.variantName ?? ''}: ${item.quantity} in stock.`,
    };
  } catch (error) {
    return { id, error: saveError(error, [QUANTITY]) };
  }
}

const variantLabel = (item: InventoryItem) =>
  [item.product?.name, item.product?.variantName].filter(Boolean).join(' — ');

function StockCell({ item }: { item: InventoryItem }) {
  if (!item.trackQuantity) return <span>{item.inStock ? 'In stock (not tracked)' : 'Out of stock'}</span>;
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="revision" value={item.revision ?? ''} />
      <input
        name="quantity"
        className="cell-input"
        inputMode="numeric"
        defaultValue={item.quantity ?? 0}
        aria-label={`Stock of ${variantLabel(item)}`}
      />
      <button type="submit" className="button button-secondary">
        Save<span className="visually-hidden"> stock of {variantLabel(item)}</span>
      </button>
    </Form>
  );
}

const COLUMNS: ListColumn<InventoryItem>[] = [
  {
    label: 'Variant',
    primary: true,
    className: 'wrap',
    cell: (item) => (
      <Link to={`/inventory/${encodeURIComponent(item.id)}`}>
        {item.product?.name}
        {item.product?.variantName ? <span className="block muted">{item.product.variantName}</span> : null}
      </Link>
    ),
  },
  { label: 'SKU', cell: (item) => item.product?.variantSku ?? '' },
  { label: 'Status', cell: (item) => words(item.availabilityStatus) },
  { label: 'Stock', cell: (item) => <StockCell key={`${item.id}-${item.revision}`} item={item} /> },
  {
    label: 'Pre-order',
    cell: (item) =>
      item.preorderInfo?.enabled
        ? `On${item.preorderInfo.limit !== undefined ? `, limit ${item.preorderInfo.limit}` : ''}`
        : 'Off',
  },
];

export function Inventory() {
  const { params, items, hasNext, pager } = useLoaderData<typeof inventoryLoader>();
  const result = useSettledActionData<typeof inventoryAction>();
  usePageTitle('Inventory');
  return (
    <ListPage<InventoryItem>
      title="Inventory"
      filters={[
        { name: 'q', label: 'Product name or SKU' },
        { name: 'view', label: 'Show', options: VIEWS },
      ]}
      params={params}
      columns={COLUMNS}
      rows={items}
      rowKey={(item) => item.id}
      rowTestId="inventory-row"
      status={`${items.length} ${items.length === 1 ? 'variant' : 'variants'}${hasNext ? ' on this page, more on the next' : ''}`}
      empty="No variant matches."
      pager={pager}
      before={
        <div aria-live="polite">
          {result && 'done' in result && result.done && <Notice tone="success">{result.done}</Notice>}
          {result && 'error' in result && <ErrorNotice error={result.error} />}
        </div>
      }
    />
  );
}

// ---- One variant's inventory: tracking, stock, pre-orders

const ITEM_FIELDS: FieldSpec[] = [
  { name: 'track', label: 'Track stock', kind: 'toggle' },
  { name: 'quantity', label: 'Stock', kind: 'integer', min: 0, hint: 'Units on hand, when tracked.' },
  { name: 'inStock', label: 'In stock (when not tracked)', kind: 'toggle' },
  { name: 'preorder', label: 'Take pre-orders when sold out', kind: 'toggle' },
  { name: 'limit', label: 'Pre-order limit', kind: 'integer', min: 0, hint: 'Empty: no limit.' },
  {
    name: 'message',
    label: 'Pre-order message',
    kind: 'text',
    maxLength: 250,
    hint: 'Shown to shoppers, e.g. “Ships in May”.',
  },
];

/** The variant's item and a page of its stock changes (`?changes=<cursor>` for older ones). */
export async function inventoryItemLoader({ params, request }: LoaderFunctionArgs) {
  const client = requireClient();
  const id = params.itemId ?? '';
  const cursor = new URL(request.url).searchParams.get('changes') ?? undefined;
  const [item, history] = await Promise.all([
    client.inventoryItems.getInventoryItem(id),
    client.inventoryItems.listInventoryItemChanges(id, { limit: 20, ...(cursor ? { cursor } : {}) }),
  ]);
  return { item, history, older: Boolean(cursor) };
}

/** Why stock moved, in a merchant's words. */
const REASONS: Record<StockChangeReason, string> = {
  ORDER: 'Order (through the API)',
  MANUAL: 'Changed by hand',
  REVERT_INVENTORY_CHANGE: 'Put back (through the API)',
  ORDER_PLACED: 'Order placed',
  ORDER_PAID: 'Order paid',
  ORDER_CANCELED: 'Order cancelled, restocked',
  ORDER_REFUNDED: 'Refund, restocked',
  ORDER_NOT_PAID: 'Payment failed, restocked',
  CSV_IMPORT: 'CSV import',
  CREATED: 'Item created',
};

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

const CHANGE_COLUMNS: ListColumn<InventoryChange>[] = [
  { label: 'When', primary: true, cell: (c) => dateTime(c.createdDate) },
  {
    label: 'Change',
    className: 'num',
    cell: (c) => (
      <>
        <span aria-hidden="true">{signed(c.delta)}</span>
        <span className="visually-hidden">{c.delta < 0 ? `${-c.delta} taken` : `${c.delta} added`}</span>
      </>
    ),
  },
  { label: 'Stock after', className: 'num', cell: (c) => c.quantityAfter ?? 'Not tracked' },
  {
    label: 'Reason',
    className: 'wrap',
    cell: (c) => (
      <>
        {REASONS[c.reason] ?? words(c.reason)}
        {c.orderId && (
          <>
            {' · '}
            <Link to={`/orders/${encodeURIComponent(c.orderId)}`}>Order</Link>
          </>
        )}
      </>
    ),
  },
  {
    label: 'By',
    className: 'wrap',
    cell: (c) =>
      c.actor
        ? `${c.actor.label}${c.actor.kind === 'key' ? ' (API key)' : ''}`
        : c.orderId
          ? 'Shopper'
          : 'Store',
  },
];

function StockHistory({
  history,
  older,
}: {
  history: Awaited<ReturnType<typeof inventoryItemLoader>>['history'];
  older: boolean;
}) {
  const next = history.pagingMetadata.cursors.next;
  return (
    <section className="stack" aria-labelledby="history-title">
      <h2 id="history-title">Stock history</h2>
      <p className="muted small">Every change of the stock on hand, newest first, with why and by whom.</p>
      <ListOrEmpty
        columns={CHANGE_COLUMNS}
        rows={history.changes}
        rowKey={(c) => c.id}
        caption="Stock history"
        testId="stock-history"
        rowTestId="stock-change"
        empty="No stock change recorded yet."
      />
      {(next || older) && (
        <nav className="pager actions" aria-label="Stock history pages">
          {older && (
            <Link className="button button-secondary" to="?">
              Latest changes
            </Link>
          )}
          {next && (
            <Link className="button button-secondary" to={`?${new URLSearchParams({ changes: next })}`}>
              Older changes
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

export async function inventoryItemAction({ request, params }: ActionFunctionArgs) {
  const read = readFields(await request.formData(), ITEM_FIELDS);
  if ('error' in read) return { error: read.error };
  const v = read.values;
  if (v.track === true && v.quantity === null)
    return {
      error: {
        message: 'Please correct the fields marked below.',
        fields: { quantity: 'Enter the units on hand.' },
      },
    };
  const client = requireClient();
  try {
    const current = await client.inventoryItems.getInventoryItem(params.itemId ?? '');
    await client.inventoryItems.updateInventoryItem(
      current.id,
      {
        ...(v.track === true ? { quantity: Number(v.quantity) } : { inStock: v.inStock === true }),
        preorderInfo: {
          enabled: v.preorder === true,
          limit: v.limit === null ? null : Number(v.limit),
          message: v.message === null ? null : String(v.message),
        },
        ...revisionOf(current),
      },
      { reason: 'MANUAL' },
    );
  } catch (error) {
    return {
      error: saveError(error, ITEM_FIELDS, (path) =>
        path.includes('preorderInfo.limit')
          ? 'limit'
          : path.includes('message')
            ? 'message'
            : path.includes('quantity')
              ? 'quantity'
              : '',
      ),
    };
  }
  return { saved: true };
}

export function InventoryItemPage() {
  const { item, history, older } = useLoaderData<typeof inventoryItemLoader>();
  const result = useSettledActionData<typeof inventoryItemAction>();
  const title = variantLabel(item) || 'Variant';
  usePageTitle(title);
  const values = {
    track: item.trackQuantity === true,
    quantity: item.quantity ?? 0,
    inStock: item.inStock !== false,
    preorder: item.preorderInfo?.enabled === true,
    limit: item.preorderInfo?.limit,
    message: item.preorderInfo?.message,
  };
  return (
    <section className="panel stack narrow-panel" aria-labelledby="item-title">
      <p className="small">
        <Link to="/inventory">← Inventory</Link>
      </p>
      <h1 id="item-title">{title}</h1>
      <p className="muted">
        {words(item.availabilityStatus)}
        {item.product?.variantSku ? ` · SKU ${item.product.variantSku}` : ''}
        {item.preorderInfo?.counter ? ` · ${item.preorderInfo.counter} pre-ordered` : ''} ·{' '}
        <Link to={`/products/${encodeURIComponent(item.productId ?? '')}`}>Product</Link>
      </p>
      {result && 'saved' in result && <Notice tone="success">Saved.</Notice>}
      <ErrorNotice error={result && 'error' in result ? result.error : undefined} />
      <Form method="post" className="stack" noValidate key={item.revision}>
        <EntityFields
          fields={ITEM_FIELDS}
          values={values}
          errors={result && 'error' in result ? result.error?.fields : undefined}
        />
        <SubmitButton pendingText="Saving…">Save</SubmitButton>
      </Form>
      <StockHistory history={history} older={older} />
    </section>
  );
}
