import type { BackInStockRequest, CatalogReference } from '@aisle/sdk';
import { type ActionFunctionArgs, useLoaderData } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { adminError } from '../lib/errors.ts';
import { dateTime, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { Outcome } from '../components/outcome.tsx';
import { PostButton } from '../components/intent-form.tsx';
import { Panel } from '../components/panel.tsx';

/** Waiting requests read for the per-item list (the oldest first). */
const WAITING_LIMIT = 100;
const RECENT = 20;

interface ItemRow {
  key: string;
  reference: CatalogReference;
  name: string;
  variantId?: string;
  waiting: number;
  oldest: Date;
}

const variantOf = (ref: CatalogReference) => (ref.options as { variantId?: string } | undefined)?.variantId;

/** The items shoppers wait for, with how many wait, and the latest requests whatever their status. */
export async function backInStockLoader() {
  const client = requireClient();
  const [waiting, recent] = await Promise.all([
    client.backInStockRequests
      .queryRequests()
      .eq('status', 'RECEIVED')
      .ascending('createdDate')
      .limit(WAITING_LIMIT)
      .find(),
    client.backInStockRequests.queryRequests().descending('updatedDate').limit(RECENT).find(),
  ]);
  const items = new Map<string, ItemRow>();
  for (const r of waiting.items) {
    const variantId = variantOf(r.catalogReference);
    const key = `${r.catalogReference.appId}/${r.catalogReference.catalogItemId}/${variantId ?? ''}`;
    const row = items.get(key);
    if (row) row.waiting++;
    else
      items.set(key, {
        key,
        reference: r.catalogReference,
        name: r.catalogReference.catalogItemId,
        ...(variantId ? { variantId } : {}),
        waiting: 1,
        oldest: r.createdDate,
      });
  }
  const ids = [...new Set([...items.values()].map((i) => i.reference.catalogItemId))];
  const names = new Map<string, string>();
  if (ids.length) {
    const found = await client.products.queryProducts().in('id', ids).limit(100).find();
    for (const p of found.items) names.set(p.id, p.name ?? p.id);
  }
  // Exact counts per item (the list above reads at most WAITING_LIMIT requests).
  const rows = [...items.values()];
  if (rows.length) {
    const counts = await client.backInStockRequests.countByCatalogReference(
      rows.map((r) => r.reference),
      { statuses: ['RECEIVED'] },
    );
    counts.countsPerCatalogReference.forEach((c, i) => {
      rows[i]!.waiting = c.count;
    });
  }
  for (const row of rows) row.name = names.get(row.reference.catalogItemId) ?? row.name;
  return {
    items: rows.sort((a, b) => b.waiting - a.waiting),
    recent: recent.items,
    total: waiting.totalCount,
  };
}

/** `notify`: the waiting requests of one item get their mail now. */
export async function backInStockAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const form = await request.formData();
  try {
    const reference = JSON.parse(String(form.get('reference') ?? '{}')) as CatalogReference;
    await client.backInStockRequests.reportItemsBackInStock(reference);
    return {
      done: `The shoppers waiting for ${String(form.get('name') ?? 'the item')} were told.`,
      error: undefined,
    };
  } catch (error) {
    return { done: undefined, error: adminError(error) };
  }
}

export function BackInStock() {
  const { items, recent } = useLoaderData<typeof backInStockLoader>();
  const result = useSettledActionData<typeof backInStockAction>();
  usePageTitle('Back in stock');
  return (
    <div className="stack">
      <div className="panel-head">
        <h1>Back in stock</h1>
      </div>
      <Outcome result={result} />
      <Panel id="waiting-heading" title="Shoppers waiting" className="panel">
        <p className="muted small">
          Shoppers are e-mailed automatically when stock comes back. “Notify now” e-mails them at once.
        </p>
        {items.length === 0 ? (
          <p className="empty">Nobody is waiting for an item.</p>
        ) : (
          <DataTable columns={['Item', { label: 'Waiting', className: 'num' }, 'Since', '']}>
            {items.map((item) => (
              <tr key={item.key} data-testid="waiting-item">
                <th scope="row">
                  {item.name}
                  {item.variantId && <span className="muted small"> · one variant</span>}
                </th>
                <td className="num" data-testid="waiting-count">
                  {item.waiting}
                </td>
                <td>{dateTime(item.oldest)}</td>
                <td>
                  <PostButton
                    values={{ reference: JSON.stringify(item.reference), name: item.name }}
                    formClassName="row-action"
                    className="link-button"
                    pendingText="Sending…"
                  >
                    Notify now<span className="visually-hidden"> for {item.name}</span>
                  </PostButton>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <Panel id="recent-heading" title="Latest requests" className="panel">
        {recent.length === 0 ? (
          <p className="empty">No requests yet.</p>
        ) : (
          <DataTable columns={['E-mail', 'Status', 'Updated']}>
            {recent.map((r: BackInStockRequest) => (
              <tr key={r.id} data-testid="request-row">
                <th scope="row">{r.email}</th>
                <td>
                  {words(r.status)}
                  {r.failureReason && <span className="muted small"> · {r.failureReason}</span>}
                </td>
                <td>{dateTime(r.updatedDate)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
