import type { DevMessage } from '@aisle/sdk';
import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  type RouteObject,
  useActionData,
  useLoaderData,
} from 'react-router';
import { ConfirmAction } from '../components/confirm.tsx';
import { ErrorNotice, Notice } from '../components/form.ts';
import { ListPage } from '../components/list-page.tsx';
import { adminError } from '../lib/errors.ts';
import { dateTime, words } from '../lib/format.ts';
import { listParams } from '../lib/list.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

// The dev mailbox: the mail (and text messages) the server kept instead of sending, when no SMTP server is
// configured — staff invitations, shoppers' codes, order mails. Owners only (it holds sign-in links).

const PATH = 'settings/mailbox';
const SHOWN = 50;
const CHANNEL: Record<string, string> = { EMAIL: 'E-mail', SMS: 'Text message', CALL: 'Phone call' };

export async function mailboxLoader({ request }: LoaderFunctionArgs) {
  const params = listParams(request, ['to']);
  const box = await requireClient().devMailbox.listMessages({
    limit: SHOWN,
    ...(params.values.to ? { to: params.values.to } : {}),
  });
  return { params, ...box };
}

export async function mailboxAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'clear') return { done: undefined, error: undefined };
  try {
    await requireClient().devMailbox.clearMessages();
    return { done: 'The mailbox is empty.', error: undefined };
  } catch (error) {
    return { done: undefined, error: adminError(error) };
  }
}

function Mailbox() {
  const { params, messages, mailer } = useLoaderData<typeof mailboxLoader>();
  const result = useActionData<typeof mailboxAction>();
  usePageTitle('Mailbox');
  const n = messages.length;
  return (
    <ListPage<DevMessage>
      title="Mailbox"
      notice={result?.done}
      filters={[{ name: 'to', label: 'To (e-mail address or phone number)' }]}
      params={params}
      columns={[
        {
          label: 'Subject',
          primary: true,
          className: 'wrap',
          cell: (m) => <Link to={`/${PATH}/${encodeURIComponent(m.id)}`}>{m.subject || '(no subject)'}</Link>,
        },
        { label: 'To', className: 'wrap', cell: (m) => m.to },
        { label: 'Kind', cell: (m) => (m.tag ? words(m.tag.toUpperCase().replaceAll('-', '_')) : '—') },
        { label: 'Sent as', cell: (m) => CHANNEL[m.channel] ?? m.channel },
        { label: 'Received', cell: (m) => dateTime(m.createdDate) },
      ]}
      rows={messages}
      rowKey={(m) => m.id}
      rowTestId="mail-row"
      status={`${n === SHOWN ? `The latest ${SHOWN}` : n} ${n === 1 ? 'message' : 'messages'}${
        params.values.to ? ` to ${params.values.to}` : ''
      }`}
      empty={params.values.to ? 'Nothing was sent to this address.' : 'No mail yet.'}
      pager={{}}
      before={
        <>
          {mailer === 'SMTP' ? (
            <Notice tone="info">
              Mail goes out through your SMTP server: this box only holds what was kept before it was set up.
            </Notice>
          ) : (
            <p className="muted">
              No SMTP server is set up (<code>SMTP_URL</code>), so mail is kept here instead of being sent:
              open a message to read it and follow its links. The last 1,000 are kept.
            </p>
          )}
          <ErrorNotice error={result?.error} />
        </>
      }
    >
      {n > 0 && (
        <ConfirmAction
          label="Empty the mailbox"
          question="Delete every message in the mailbox? This cannot be undone."
          confirm="Yes, empty it"
          pendingText="Emptying…"
          intent="clear"
        />
      )}
    </ListPage>
  );
}

export async function messageLoader({ params }: LoaderFunctionArgs) {
  return { message: await requireClient().devMailbox.getMessage(params.id ?? '') };
}

const isLink = (value: string) => /^https?:\/\//.test(value);

function Message() {
  const { message: m } = useLoaderData<typeof messageLoader>();
  usePageTitle(m.subject || 'Message');
  const data = Object.entries(m.data ?? {}).map(([k, v]) => [k, String(v)] as const);
  return (
    <section className="panel stack" aria-labelledby="mail-title">
      <p className="small">
        <Link to={`/${PATH}`}>← Mailbox</Link>
      </p>
      <h1 id="mail-title">{m.subject || '(no subject)'}</h1>
      <dl className="facts">
        {[
          ['To', m.to],
          ['From', m.from],
          ['Received', dateTime(m.createdDate)],
          ['Sent as', CHANNEL[m.channel] ?? m.channel],
        ].map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="wrap">{value}</dd>
          </div>
        ))}
      </dl>
      {data.length > 0 && (
        <section className="stack" aria-labelledby="mail-data">
          <h2 id="mail-data">Links and codes</h2>
          <dl className="facts">
            {data.map(([key, value]) => (
              <div key={key}>
                <dt>{words(key.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase())}</dt>
                <dd className="wrap">{isLink(value) ? <a href={value}>{value}</a> : <code>{value}</code>}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {m.html && (
        <section className="stack" aria-labelledby="mail-html">
          <h2 id="mail-html">As HTML</h2>
          {/* No scripts, forms or navigation: the mail is shown, never run. */}
          <iframe
            className="mail-html"
            sandbox=""
            srcDoc={m.html}
            title={`The mail “${m.subject}” as HTML`}
          />
        </section>
      )}
      <section className="stack" aria-labelledby="mail-text">
        <h2 id="mail-text">As text</h2>
        <pre className="mail-text" data-testid="mail-text">
          {m.text}
        </pre>
      </section>
    </section>
  );
}

export const mailboxRoutes: RouteObject[] = [
  { path: PATH, loader: mailboxLoader, action: mailboxAction, Component: Mailbox },
  { path: `${PATH}/:id`, loader: messageLoader, Component: Message },
];
