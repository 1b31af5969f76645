import type { Page } from '@aisle/sdk';
import { type ReactNode, useId } from 'react';
import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  useLoaderData,
} from 'react-router';
import { deleteThenList } from '../lib/delete-record.ts';
import { adminError, CHECK_FIELDS, type ShownError } from '../lib/errors.ts';
import {
  type FieldSpec,
  type FieldValues,
  type FormValues,
  formValues,
  readFields,
  saveError,
} from '../lib/fields.ts';
import { countText, type ListParams, listData, listParams } from '../lib/list.ts';
import { usePageTitle } from '../lib/title.ts';
import { type AdminClient, requireClient } from '../sdk.ts';
import { EntityFields } from './entity-fields.tsx';
import { ErrorNotice, Notice } from './form.ts';
import { BackLink, CreatedNotice, DeleteAction, EditForm, NewPage } from './page-head.tsx';
import { type ListFilter, ListPage } from './list-page.tsx';
import type { ListColumn } from './list-table.tsx';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/**
 * The entity kit: one spec gives an entity its list page (server-side cursor paging, filters, cards on a
 * phone), its "new" page and its edit page (fields with local checks and the server's violations next to
 * them, save, delete after a confirmation). Brands, ribbons and info sections are nothing but a spec;
 * richer pages reuse the parts (ListPage, EntityFields, readFields, saveError).
 */
export interface EntitySpec<T> {
  /** The URL segment under /admin/: `brands`. */
  path: string;
  /** `Brands`. */
  title: string;
  /** `['brand', 'brands']`; by default the title's words (`Tax groups`: `['tax group', 'tax groups']`). */
  noun?: readonly [string, string];
  columns: readonly ListColumn<T>[];
  /** Filters of the list (the values reach `list` as `params.values`). */
  filters?: readonly ListFilter[];
  fields: readonly FieldSpec[];
  /** The new form's starting values. */
  defaults?: FormValues;
  list: (client: AdminClient, params: ListParams) => Promise<Page<T>>;
  get: (client: AdminClient, id: string) => Promise<T>;
  id: (row: T) => string;
  name: (row: T) => string;
  /** The edit form's starting values. */
  values: (row: T) => FormValues;
  create: (client: AdminClient, values: FieldValues) => Promise<T | Revealed<T>>;
  /** `row` is what the page read (send its revision). */
  update: (client: AdminClient, row: T, values: FieldValues) => Promise<T>;
  remove?: (client: AdminClient, id: string) => Promise<void>;
  /** The field a server violation's path belongs to (default: its last segment that names a field). */
  fieldOf?: (path: string) => string;
  /** What deleting says besides "cannot be undone". */
  deleteNote?: string;
  /** More on the edit page, below the form (forms posting an `intent` of `actions`). */
  extra?: (row: T) => ReactNode;
  /** More on the list page, below the list (a panel of its own). */
  listExtra?: () => ReactNode;
  /** Checks across fields before the server is asked: messages by field name (none: fine). */
  check?: (values: FieldValues) => Record<string, string> | undefined;
  /** The edit page's own actions by `intent` (rotate a secret, send a test): what to tell the merchant. */
  actions?: Record<string, (client: AdminClient, row: T, form: FormData) => Promise<Outcome>>;
  /**
   * Choices read from the server for `select` fields, by field name at any depth (the delivery regions of a
   * shipping option, the tax groups of a rate): loaded with the new and edit pages and their saves.
   */
  choices?: (client: AdminClient) => Promise<Choices>;
  /** The "new" page's heading and button noun when not `New <one>`. */
  newTitle?: string;
}

export type Choices = Record<string, readonly { value: string; label: string }[]>;

/** `Tax groups` → `['tax group', 'tax groups']`. */
export function nounOf(title: string): [string, string] {
  const many = title.toLowerCase();
  return [many.replace(/s$/, ''), many];
}

/** The field specs with the loaded choices put into their selects (nested lists and groups too). */
export function withChoices(fields: readonly FieldSpec[], choices: Choices): FieldSpec[] {
  return fields.map((field) => {
    const options = choices[field.name];
    const inner = field.fields ? { fields: withChoices(field.fields, choices) } : {};
    return { ...field, ...inner, ...(options ? { options } : {}) };
  });
}

/** A value shown once (a signing secret): its label and the value. */
export interface Reveal {
  label: string;
  value: string;
  /** What to do with it, e.g. “Copy it now: it is not shown again.” */
  note: string;
}

/** What an edit page's action says, and a value to show once. */
export interface Outcome {
  message: string;
  reveal?: Reveal;
}

/** What `create` answers when the new entity comes with a value shown only now (its secret). */
export class Revealed<T> {
  constructor(
    readonly row: T,
    readonly reveal: Reveal,
  ) {}
}

type Saved = { error: ShownError | undefined; saved: boolean; outcome?: Outcome };

/** A refused or failed form: the field messages of `check` as `readFields` gives them. */
function checked<T>(spec: EntitySpec<T>, values: FieldValues): ShownError | undefined {
  const fields = spec.check?.(values);
  return fields && Object.keys(fields).length > 0 ? { message: CHECK_FIELDS, fields } : undefined;
}

/** The list, new and edit routes of an entity. */
export function entityRoutes<T>(spec: EntitySpec<T>): RouteObject[] {
  const names = (spec.filters ?? []).map((f) => f.name);
  const itemPath = (id: string) => `/${spec.path}/${encodeURIComponent(id)}`;
  const noun = spec.noun ?? nounOf(spec.title);
  const [one, many] = noun;

  async function listLoader({ request }: LoaderFunctionArgs) {
    const params = listParams(request, names);
    return listData(await spec.list(requireClient(), params), params);
  }

  function List() {
    const { params, rows, total, hasNext, pager } = useLoaderData<typeof listLoader>();
    usePageTitle(spec.title);
    const q = params.values.q;
    return (
      <ListPage<T>
        title={spec.title}
        newLink={`/${spec.path}/new`}
        newLabel={`New ${one}`}
        filters={spec.filters}
        params={params}
        columns={spec.columns}
        rows={rows}
        rowKey={spec.id}
        rowTestId={`${spec.path}-row`}
        status={countText(rows.length, total, hasNext, noun, q)}
        empty={Object.keys(params.values).length ? `No ${many} match.` : `No ${many} yet.`}
        pager={pager}
      >
        {spec.listExtra?.()}
      </ListPage>
    );
  }

  /** The fields with this request's choices. */
  const fieldsFor = async (client: AdminClient): Promise<readonly FieldSpec[]> =>
    spec.choices ? withChoices(spec.fields, await spec.choices(client)) : spec.fields;

  async function newLoader() {
    return { fields: await fieldsFor(requireClient()) };
  }

  async function newAction({ request }: ActionFunctionArgs) {
    const form = await request.formData();
    const fields = await fieldsFor(requireClient());
    const values = formValues(form, fields);
    const read = readFields(form, fields);
    if ('error' in read) return { error: read.error, values };
    const refused = checked(spec, read.values);
    if (refused) return { error: refused, values };
    try {
      const made = await spec.create(requireClient(), read.values);
      if (made instanceof Revealed)
        return {
          created: { link: itemPath(spec.id(made.row)), name: spec.name(made.row) },
          reveal: made.reveal,
        };
      return redirect(`${itemPath(spec.id(made))}?created=1`);
    } catch (error) {
      return { error: saveError(error, fields, spec.fieldOf), values };
    }
  }

  function New() {
    const { fields } = useLoaderData() as { fields: readonly FieldSpec[] };
    const result = useSettledActionData<typeof newAction>();
    const title = spec.newTitle ?? `New ${one}`;
    usePageTitle(title);
    if (result?.created && result.reveal)
      return (
        <section className="panel stack narrow-panel" aria-labelledby="entity-title">
          <h1 id="entity-title">{result.created.name}</h1>
          <Notice tone="success">The {one} was created.</Notice>
          <RevealBox reveal={result.reveal} />
          <p>
            <Link className="button button-primary" to={result.created.link}>
              Open the {one}
            </Link>
          </p>
        </section>
      );
    return (
      <NewPage list={`/${spec.path}`} noun={noun} title={title} error={result?.error}>
        <EntityFields
          fields={fields}
          values={result?.values ?? spec.defaults}
          errors={result?.error?.fields}
        />
      </NewPage>
    );
  }

  async function editLoader({ params }: LoaderFunctionArgs) {
    const client = requireClient();
    const [row, fields] = await Promise.all([spec.get(client, params.id ?? ''), fieldsFor(client)]);
    return { row, fields };
  }

  async function editAction({ request, params }: ActionFunctionArgs): Promise<Saved | Response> {
    const client = requireClient();
    const id = params.id ?? '';
    const form = await request.formData();
    const remove = spec.remove;
    if (form.get('intent') === 'delete' && remove)
      return deleteThenList(`/${spec.path}`, form, () => remove(client, id));
    const action = spec.actions?.[String(form.get('intent'))];
    if (action) {
      try {
        return {
          error: undefined,
          saved: false,
          outcome: await action(client, await spec.get(client, id), form),
        };
      } catch (error) {
        return { error: adminError(error), saved: false };
      }
    }
    const fields = await fieldsFor(client);
    const read = readFields(form, fields);
    if ('error' in read) return { error: read.error, saved: false };
    const refused = checked(spec, read.values);
    if (refused) return { error: refused, saved: false };
    try {
      await spec.update(client, await spec.get(client, id), read.values);
    } catch (error) {
      return { error: saveError(error, fields, spec.fieldOf), saved: false };
    }
    return { error: undefined, saved: true };
  }

  function Edit() {
    const { row, fields } = useLoaderData<typeof editLoader>();
    const result = useSettledActionData<typeof editAction>() as Saved | undefined;
    const name = spec.name(row);
    usePageTitle(name);
    return (
      <section className="panel stack narrow-panel" aria-labelledby="entity-title">
        <BackLink to={`/${spec.path}`}>All {many}</BackLink>
        <h1 id="entity-title">{name}</h1>
        <CreatedNotice one={one} acted={result !== undefined} />
        {result?.saved && <Notice tone="success">Saved.</Notice>}
        {result?.outcome && <Notice tone="success">{result.outcome.message}</Notice>}
        {result?.outcome?.reveal && <RevealBox reveal={result.outcome.reveal} />}
        <ErrorNotice error={result?.error} />
        <EditForm key={JSON.stringify(spec.values(row))}>
          <EntityFields fields={fields} values={spec.values(row)} errors={result?.error?.fields} />
        </EditForm>
        {spec.extra?.(row)}
        {spec.remove && (
          <DeleteAction
            one={one}
            name={name}
            question={`Delete “${name}”? ${spec.deleteNote ?? ''} This cannot be undone.`.replace('  ', ' ')}
          />
        )}
      </section>
    );
  }

  return [
    { path: spec.path, loader: listLoader, Component: List },
    { path: `${spec.path}/new`, loader: newLoader, action: newAction, Component: New },
    { path: `${spec.path}/:id`, loader: editLoader, action: editAction, Component: Edit },
  ];
}

/** A value shown once, selectable, with what to do with it. */
export function RevealBox({ reveal }: { reveal: Reveal }) {
  const id = useId();
  return (
    <div className="reveal stack">
      <label htmlFor={id}>{reveal.label}</label>
      <input
        id={id}
        className="reveal-value"
        readOnly
        value={reveal.value}
        aria-describedby={`${id}-note`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="field-hint" id={`${id}-note`}>
        {reveal.note}
      </p>
    </div>
  );
}
