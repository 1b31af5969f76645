import type { AuditChange } from '@aisle/sdk';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/form.ts';
import { dateTime, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

/** Owners: who changed what, newest first, 50 a page (`cursor`), optionally for one kind of thing. */
export async function auditLogLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const entity = params.get('entity')?.trim() || undefined;
  const cursor = params.get('cursor') ?? undefined;
  const page = await requireClient().staffAccounts.listAuditLog({
    limit: 50,
    ...(entity ? { entity } : {}),
    ...(cursor ? { cursor } : {}),
  });
  return { ...page, entity };
}

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Changes({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <span className="muted">No field changed</span>;
  return (
    <ul className="changes">
      {changes.map((change) => (
        <li key={change.field} className="change-item">
          <strong>{change.field}</strong>: {'before' in change ? show(change.before) : '—'} →{' '}
          {'after' in change ? show(change.after) : '(removed)'}
        </li>
      ))}
    </ul>
  );
}

export function AuditLog() {
  const { entries, pagingMetadata, entity } = useLoaderData<typeof auditLogLoader>();
  usePageTitle('Audit log');
  const next = pagingMetadata.cursors.next;
  return (
    <div className="stack">
      <h1>Audit log</h1>
      <p className="muted">
        Every change made by staff and API keys, from the store's event log: who, when, what, and the fields
        before and after (compared with the previous audited change of the same thing).
      </p>
      <Form method="get" className="toolbar" role="search">
        <Field
          label="Kind of thing"
          name="entity"
          defaultValue={entity}
          hint="e.g. order, product, coupon, store_settings, staff_user, api_key"
        />
        <button type="submit" className="button button-secondary">
          Filter
        </button>
      </Form>
      {entries.length === 0 ? (
        <p className="empty">Nothing recorded yet.</p>
      ) : (
        <DataTable columns={['When', 'Who', 'What', 'Changes']} caption="Audit log" testId="audit-log">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row">
              <td>{dateTime(entry.occurredDate)}</td>
              <td className="wrap">
                {entry.actor.label}
                <span className="muted small"> ({entry.actor.kind === 'key' ? 'API key' : 'staff'})</span>
              </td>
              <td className="wrap">
                {words(entry.entity)} {words(entry.action).toLowerCase()}
                <br />
                <span className="muted small">{entry.entityId}</span>
              </td>
              <td className="wrap">
                <Changes changes={entry.changes} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {next && (
        <nav className="pager actions" aria-label="Pages">
          <Link
            className="button button-secondary"
            to={`?${new URLSearchParams({ ...(entity ? { entity } : {}), cursor: next })}`}
          >
            Older entries
          </Link>
        </nav>
      )}
    </div>
  );
}
