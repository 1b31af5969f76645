import type { StaffMember } from '@aisle/sdk';
import { type ActionFunctionArgs, Form, useLoaderData } from 'react-router';
import { ConfirmAction } from '../components/confirm.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { ROLE_OPTIONS, RoleField } from '../components/select-field.tsx';
import { useSession } from '../components/staff-nav.tsx';
import { accountFormError, fieldErrors } from '../lib/errors.ts';
import { dateTime, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { IntentForm, PostButton } from '../components/intent-form.tsx';
import { Panel } from '../components/panel.tsx';

/** Owners: everyone on the staff, invitations, roles and revocation. */
export async function staffLoader() {
  return { staff: await requireClient().staffAccounts.listStaff() };
}

const ROLES = new Set(['OWNER', 'MANAGER', 'FULFILMENT']);
type Role = StaffMember['role'];

export async function staffAction({ request }: ActionFunctionArgs) {
  const client = requireClient().staffAccounts;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const role = text('role');
  try {
    if (intent === 'invite') {
      if (!text('email'))
        return {
          intent,
          error: {
            message: 'Enter the e-mail address to invite.',
            fields: { email: 'Enter an e-mail address.' },
          },
        };
      const invited = await client.inviteStaff({
        email: text('email'),
        name: text('name'),
        role: (ROLES.has(role) ? role : 'FULFILMENT') as Role,
      });
      return { intent, done: `An invitation was sent to ${invited.email}.` };
    }
    const id = text('id');
    if (intent === 'role') {
      const changed = await client.updateStaff(id, { role: role as Role });
      return { intent, done: `${changed.email} is ${words(changed.role).toLowerCase()} now.` };
    }
    if (intent === 'revoke') {
      const revoked = await client.revokeStaff(id);
      return { intent, done: `${revoked.email} can no longer sign in.` };
    }
    if (intent === 'reset-totp') {
      const reset = await client.resetStaffTotp(id);
      return { intent, done: `Two-step sign-in of ${reset.email} is off; they can set it up again.` };
    }
  } catch (error) {
    return { intent, error: accountFormError(error) };
  }
  return { intent, error: { message: 'Unknown action.' } };
}

export function Staff() {
  const { staff } = useLoaderData<typeof staffLoader>();
  const result = useSettledActionData<typeof staffAction>();
  const me = useSession()?.staff?.id;
  usePageTitle('Staff');
  const error = result && 'error' in result ? result.error : undefined;
  const fields = fieldErrors(result) ?? {};
  return (
    <div className="stack">
      <h1>Staff</h1>
      {result && 'done' in result && <Notice tone="success">{result.done}</Notice>}
      <ErrorNotice error={error} />
      <DataTable columns={['Name', 'E-mail', 'Role', 'Status', 'Last sign-in', 'Actions']} caption="Staff">
        {staff.map((person) => (
          <tr
            key={person.id}
            data-testid="staff-row"
            className={person.status === 'REVOKED' ? 'quiet' : undefined}
          >
            <th scope="row">{person.name || '—'}</th>
            <td className="wrap">{person.email}</td>
            <td>
              {person.status === 'REVOKED' || person.id === me ? (
                words(person.role)
              ) : (
                <Form method="post" className="row-action">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="id" value={person.id} />
                  <label className="visually-hidden" htmlFor={`role-${person.id}`}>
                    Role of {person.email}
                  </label>
                  <select id={`role-${person.id}`} name="role" defaultValue={person.role}>
                    {ROLE_OPTIONS.map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </select>
                  <SubmitButton className="link-button" name="id" value={person.id} pendingText="Saving…">
                    Save<span className="visually-hidden"> the role of {person.email}</span>
                  </SubmitButton>
                </Form>
              )}
            </td>
            <td data-testid="staff-status">
              {words(person.status)}
              {person.totpEnabled ? ' · two-step' : ''}
            </td>
            <td>{dateTime(person.lastLoginDate) || '—'}</td>
            <td>
              {person.status !== 'REVOKED' && person.id !== me && (
                <div className="actions">
                  <ConfirmAction
                    label={`Revoke ${person.email}`}
                    question={`Revoke ${person.email}? They are signed out at once and cannot sign in again (you can invite them again later).`}
                    confirm="Revoke access"
                    pendingText="Revoking…"
                    intent="revoke"
                    values={{ id: person.id }}
                  />
                  {person.totpEnabled && (
                    <PostButton
                      values={{ intent: 'reset-totp', id: person.id }}
                      className="link-button"
                      pendingText="Turning off…"
                    >
                      Turn off two-step sign-in<span className="visually-hidden"> of {person.email}</span>
                    </PostButton>
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Panel id="invite-title" title="Invite someone" className="panel stack narrow-panel">
        <p className="muted">
          They get an e-mail with a link to choose their password (valid seven days). Owners can do
          everything; managers everything but staff, API keys and the audit log; fulfilment fulfils orders and
          changes stock.
        </p>
        <IntentForm intent="invite" key={result && 'done' in result ? result.done : 'invite'}>
          <Field label="E-mail" name="email" type="email" autoComplete="off" error={fields.email} />
          <Field label="Name" name="name" autoComplete="off" error={fields.name} />
          <RoleField defaultValue="FULFILMENT" error={fields.role} />
          <SubmitButton pendingText="Sending the invitation…">Send invitation</SubmitButton>
        </IntentForm>
      </Panel>
    </div>
  );
}
