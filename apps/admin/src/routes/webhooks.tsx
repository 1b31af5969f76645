import type { Webhook, WebhookDelivery, WebhookEventTypeGroup } from '@aisle/sdk';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  type RouteObject,
  useActionData,
  useLoaderData,
} from 'react-router';
import { type Choices, type EntitySpec, Revealed } from '../components/entity-kit.tsx';
import { SubmitButton } from '../components/form.ts';
import { ConfirmAction } from '../components/confirm.tsx';
import { CursorLinks } from '../components/list-page.tsx';
import { ListOrEmpty } from '../components/list-table.tsx';
import { adminError } from '../lib/errors.ts';
import type { FieldValues } from '../lib/fields.ts';
import { dateTime, words } from '../lib/format.ts';
import { wholePage } from '../lib/list.ts';
import { usePageTitle } from '../lib/title.ts';
import { listOf, text } from '../lib/values.ts';
import { requireClient } from '../sdk.ts';
import { Outcome } from '../components/outcome.tsx';
import { linkColumn } from '../components/spec-columns.tsx';

// Webhooks: endpoints (URL, the events they receive, chosen from those the server records), the signing
// secret shown once (when made or rotated), a test event, and each endpoint's delivery log with redelivery.

const PATH = 'settings/webhooks';
const itemLink = (id: string) => `/${PATH}/${encodeURIComponent(id)}`;

/**
 * The events the server lists, as the page last loaded them: an endpoint's events outside the list (named
 * through the API) are kept in "Other events" rather than dropped by a save.
 */
let known = new Set<string>(['*']);

/** The events as checklist options: everything, then per entity its wildcard and each event. */
function eventOptions(groups: WebhookEventTypeGroup[]) {
  const options: { value: string; label: string; group?: string }[] = [
    { value: '*', label: 'Every event (*)' },
  ];
  for (const g of groups) {
    options.push({ value: `${g.entity}.*`, label: `Every one (${g.entity}.*)`, group: g.label });
    for (const event of g.events) {
      const type = event.slice(g.entity.length + 1);
      options.push({ value: event, label: `${words(type.toUpperCase())} (${event})`, group: g.label });
    }
  }
  return options;
}

async function eventChoices(client: ReturnType<typeof requireClient>): Promise<Choices> {
  const options = eventOptions(await client.webhooks.listWebhookEventTypes());
  known = new Set(options.map((o) => o.value));
  return { events: options };
}

const otherList = (value: unknown) =>
  text(value as string)
    .split(/[\s,]+/)
    .filter(Boolean);

/** The ticked events, then the other names typed. */
const eventsOf = (v: FieldValues) => [...new Set([...listOf(v.events), ...otherList(v.otherEvents)])];

export function checkWebhook(v: FieldValues): Record<string, string> {
  const problems: Record<string, string> = {};
  const url = text(v.url);
  if (url && !/^https?:\/\/[^\s/]+/i.test(url))
    problems.url = 'Enter the full address of your receiver, such as https://example.com/aisle-webhooks.';
  if (eventsOf(v).length === 0) problems.events = 'Choose at least one event to send.';
  const bad = otherList(v.otherEvents).find((e) => !/^(\*|[a-z][a-z0-9_]*\.(\*|[a-z][a-z0-9_]*))$/.test(e));
  if (bad)
    problems.otherEvents = `“${bad}” is not an event name: write it as entity.type, such as order.created.`;
  return problems;
}

/**
 * `webhook.events[3]` → "Other events" (listed events always have a valid name, so a refused one was typed
 * there), `webhook.events` (none or too many) → the checklist.
 */
function webhookField(path: string): string {
  const field = path.replace(/^webhook\./, '');
  if (/^events\[\d+\]/.test(field)) return 'otherEvents';
  return ['url', 'description', 'events'].includes(field) ? field : '';
}

const input = (v: FieldValues) => ({
  url: text(v.url),
  events: eventsOf(v),
  description: text(v.description),
  active: v.active === true,
});

const SECRET_NOTE =
  'Copy it now into the code that receives the deliveries: it is not shown again. Each delivery is signed with it (the aisle-signature header).';

export const webhookSpec: EntitySpec<Webhook> = {
  path: PATH,
  title: 'Webhooks',
  columns: [
    linkColumn('Address', PATH, (row) => row.url),
    { label: 'Events', className: 'wrap', cell: (row) => row.events.join(', ') },
    { label: 'Description', className: 'wrap', cell: (row) => row.description ?? '' },
    { label: 'Active', cell: (row) => (row.active ? 'Yes' : 'Paused') },
  ],
  fields: [
    {
      name: 'url',
      label: 'Address (URL)',
      kind: 'text',
      required: true,
      maxLength: 2048,
      hint: 'Where each event is sent (POST), such as https://erp.example.com/aisle. Use https outside your own network.',
    },
    { name: 'description', label: 'Description', kind: 'text', maxLength: 500, hint: 'For you.' },
    {
      name: 'active',
      label: 'Active',
      kind: 'toggle',
      hint: 'A paused webhook gets nothing, not even later, of what happens meanwhile.',
    },
    {
      name: 'events',
      label: 'Events to send',
      kind: 'checklist',
      hint: 'Tick what the receiver needs; “Every one” includes events added later.',
    },
    {
      name: 'otherEvents',
      label: 'Other events',
      kind: 'text',
      maxLength: 2000,
      hint: 'Names not in the list, separated by commas (for events of newer versions).',
    },
  ],
  defaults: { active: true, events: [] },
  choices: eventChoices,
  check: checkWebhook,
  list: async (client) => wholePage(await client.webhooks.listWebhooks()),
  get: (client, id) => client.webhooks.getWebhook(id),
  id: (row) => row.id,
  name: (row) => row.description || row.url,
  values: (row) => ({
    url: row.url,
    description: row.description ?? '',
    active: row.active,
    events: row.events.filter((e) => known.has(e)),
    otherEvents: row.events.filter((e) => !known.has(e)).join(', '),
  }),
  create: async (client, v) => {
    const { webhook, secret } = await client.webhooks.createWebhook(input(v));
    return new Revealed(webhook, { label: 'Signing secret', value: secret, note: SECRET_NOTE });
  },
  update: (client, row, v) => client.webhooks.updateWebhook(row.id, input(v)),
  remove: (client, id) => client.webhooks.deleteWebhook(id),
  fieldOf: webhookField,
  deleteNote: 'Deliveries not yet sent are dropped with it.',
  actions: {
    rotate: async (client, row) => ({
      message:
        'A new signing secret was made: deliveries are signed with it from now on, the old one stopped.',
      reveal: {
        label: 'New signing secret',
        value: (await client.webhooks.rotateWebhookSecret(row.id)).secret,
        note: SECRET_NOTE,
      },
    }),
    test: async (client, row) => {
      await client.webhooks.testWebhook(row.id);
      return { message: 'A test event (aisle.ping) is on its way: see it in the delivery log.' };
    },
  },
  extra: (row) => (
    <section className="stack" aria-labelledby="webhook-tools">
      <h2 id="webhook-tools">Deliveries and secret</h2>
      <p>
        <Link to={`${itemLink(row.id)}/deliveries`}>Delivery log</Link>: what was sent, the answer, and
        redelivery.
      </p>
      <Form method="post">
        <SubmitButton name="intent" value="test" pendingText="Sending…" className="button button-secondary">
          Send a test event
        </SubmitButton>
      </Form>
      <ConfirmAction
        label="Rotate the signing secret"
        question="Make a new signing secret? The old one stops signing at once: update the receiver right after."
        confirm="Yes, make a new secret"
        pendingText="Rotating…"
        intent="rotate"
      />
    </section>
  ),
};

// ---- The delivery log

const LOG_SIZE = 20;

export async function deliveriesLoader({ params, request }: LoaderFunctionArgs) {
  const client = requireClient();
  const id = params.id ?? '';
  const cursor = new URL(request.url).searchParams.get('cursor') ?? undefined;
  const [webhook, page] = await Promise.all([
    client.webhooks.getWebhook(id),
    client.webhooks.listWebhookDeliveries(id, { limit: LOG_SIZE, ...(cursor ? { cursor } : {}) }),
  ]);
  const next = page.pagingMetadata.cursors.next;
  return {
    webhook,
    deliveries: page.deliveries,
    first: !cursor,
    next: next ? `?${new URLSearchParams({ cursor: next })}` : undefined,
  };
}

export async function deliveriesAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const deliveryId = String(form.get('deliveryId') ?? '');
  try {
    const delivery = await requireClient().webhooks.redeliverWebhook(deliveryId);
    return { done: `${delivery.eventType} is queued again: it is sent in a moment.`, error: undefined };
  } catch (error) {
    return { done: undefined, error: adminError(error) };
  }
}

const STATUS: Record<string, string> = { PENDING: 'Waiting', SUCCEEDED: 'Delivered', FAILED: 'Failed' };

function answerOf(d: WebhookDelivery): string {
  if (d.lastStatusCode) return `HTTP ${d.lastStatusCode}`;
  if (d.lastError) return d.lastError;
  return d.attempts === 0 ? 'Not sent yet' : '—';
}

function Deliveries() {
  const { webhook, deliveries, first, next } = useLoaderData<typeof deliveriesLoader>();
  const result = useActionData<typeof deliveriesAction>();
  const title = `Delivery log: ${webhook.description || webhook.url}`;
  usePageTitle(title);
  return (
    <section className="panel stack" aria-labelledby="log-title">
      <p className="small">
        <Link to={itemLink(webhook.id)}>← The webhook</Link>
      </p>
      <h1 id="log-title">{title}</h1>
      <p className="muted">
        Newest first. Failed sends are tried again over about two days; a redelivery sends at once, with a
        fresh round of tries. Deliveries are kept 30 days.
      </p>
      <Outcome result={result} />
      <ListOrEmpty<WebhookDelivery>
        empty={`Nothing sent yet${first ? '' : ' on this page'}.`}
        caption="Deliveries to this webhook, newest first"
        testId="delivery-log"
        rowTestId="delivery-row"
        rows={deliveries}
        rowKey={(d) => d.id}
        columns={[
          { label: 'Event', primary: true, className: 'wrap', cell: (d) => d.eventType },
          {
            label: 'Status',
            cell: (d) => <span className={`log-status-${d.status}`}>{STATUS[d.status] ?? d.status}</span>,
          },
          { label: 'Attempts', className: 'num', cell: (d) => d.attempts },
          { label: 'Answer', className: 'wrap', cell: answerOf },
          { label: 'Queued', cell: (d) => dateTime(d.createdDate) },
          {
            label: 'Last try',
            cell: (d) =>
              d.deliveredDate ? dateTime(d.deliveredDate) : d.attempts ? dateTime(d.updatedDate) : '—',
          },
          {
            label: 'Redeliver',
            hiddenLabel: true,
            cell: (d) => (
              <Form method="post">
                <SubmitButton
                  name="deliveryId"
                  value={d.id}
                  pendingText="Queuing…"
                  className="button button-secondary"
                >
                  Redeliver
                  <span className="visually-hidden">
                    {' '}
                    {d.eventType} of {dateTime(d.createdDate)}
                  </span>
                </SubmitButton>
              </Form>
            ),
          },
        ]}
      />
      <CursorLinks next={next} prev={first ? undefined : '?'} />
    </section>
  );
}

export const webhookDeliveriesRoute: RouteObject = {
  path: `${PATH}/:id/deliveries`,
  loader: deliveriesLoader,
  action: deliveriesAction,
  Component: Deliveries,
};
