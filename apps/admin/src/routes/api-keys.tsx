import { type ActionFunctionArgs, useLoaderData } from 'react-router';
import { ConfirmAction } from '../components/confirm.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { RoleField } from '../components/select-field.tsx';
import { accountFormError, fieldErrors } from '../lib/errors.ts';
import { dateTime, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { IntentForm } from '../components/intent-form.tsx';
import { Panel } from '../components/panel.tsx';

/** Owners: API keys for integrations and scripts (each with a role), shown once, revocable. */
export async function apiKeysLoader() {
  return { keys: await requireClient().staffAccounts.listApiKeys() };
}

export async function apiKeysAction({ request }: ActionFunctionArgs) {
  const client = requireClient().staffAccounts;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => String(form.get(name) ?? '').trim();
  try {
    if (intent === 'create') {
      if (!text('name'))
        return {
          error: {
            message: 'Name the key.',
            fields: { name: 'Say what the key is for, e.g. “Warehouse sync”.' },
          },
        };
      const role = text('role');
      const made = await client.createApiKey({
        name: text('name'),
        role: role === 'OWNER' || role === 'MANAGER' ? role : 'FULFILMENT',
      });
      return { created: made };
    }
    if (intent === 'revoke') {
      const revoked = await client.revokeApiKey(text('id'));
      return { done: `The key “${revoked.name}” no longer works.` };
    }
  } catch (error) {
    return { error: accountFormError(error) };
  }
  return { error: { message: 'Unknown action.' } };
}

export function ApiKeys() {
  const { keys } = useLoaderData<typeof apiKeysLoader>();
  const result = useSettledActionData<typeof apiKeysAction>();
  usePageTitle('API keys');
  const error = result && 'error' in result ? result.error : undefined;
  const fields = fieldErrors(result) ?? {};
  const created = result && 'created' in result ? result.created : undefined;
  return (
    <div className="stack">
      <h1>API keys</h1>
      {result && 'done' in result && <Notice tone="success">{result.done}</Notice>}
      {created && (
        <div className="alert alert-success stack" role="status" data-testid="new-key">
          <p>
            The key “{created.apiKey.name}” was made. Copy it now: it is shown this once and cannot be seen
            again.
          </p>
          <code className="secret-once" data-testid="new-key-value">
            {created.key}
          </code>
        </div>
      )}
      <ErrorNotice error={error} />
      <DataTable
        columns={['Name', 'Key starts with', 'Role', 'Made', 'Status', 'Actions']}
        caption="API keys"
      >
        {keys.map((key) => (
          <tr key={key.id} data-testid="key-row" className={key.revokedDate ? 'quiet' : undefined}>
            <th scope="row">
              {key.name}
              {key.bootstrap ? ' (bootstrap key)' : ''}
            </th>
            <td>
              <code>{key.prefix}…</code>
            </td>
            <td>{words(key.role)}</td>
            <td>
              {dateTime(key.createdDate)}
              {key.createdBy ? ` by ${key.createdBy}` : ''}
            </td>
            <td data-testid="key-status">
              {key.revokedDate ? `Revoked ${dateTime(key.revokedDate)}` : 'Live'}
            </td>
            <td>
              {!key.revokedDate && (
                <ConfirmAction
                  label={`Revoke ${key.name}`}
                  question={`Revoke “${key.name}”? Whatever uses it stops working at once.${key.bootstrap ? ' This is the bootstrap key: scripts using ADMIN_API_KEY stop working until the server starts with a new one.' : ''}`}
                  confirm="Revoke the key"
                  pendingText="Revoking…"
                  intent="revoke"
                  values={{ id: key.id }}
                />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Panel id="new-key-title" title="New key" className="panel stack narrow-panel">
        <p className="muted">
          For an integration or a script: send it as the <code>Authorization</code> header. It can do what its
          role allows.
        </p>
        <IntentForm intent="create" key={created?.apiKey.id ?? 'new'}>
          <Field label="Name" name="name" autoComplete="off" error={fields.name} />
          <RoleField defaultValue="MANAGER" error={fields.role} />
          <SubmitButton pendingText="Making the key…">Create key</SubmitButton>
        </IntentForm>
      </Panel>
    </div>
  );
}
