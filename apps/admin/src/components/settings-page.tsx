import type { ReactNode } from 'react';
import { type ActionFunctionArgs, Form, type RouteObject, useLoaderData } from 'react-router';
import { CHECK_FIELDS, type ShownError } from '../lib/errors.ts';
import { type FieldSpec, type FieldValues, type FormValues, readFields, saveError } from '../lib/fields.ts';
import { usePageTitle } from '../lib/title.ts';
import { type AdminClient, requireClient } from '../sdk.ts';
import { EntityFields } from './entity-fields.tsx';
import { ErrorNotice, Notice, SubmitButton } from './form.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/**
 * The entity kit for a store-wide singleton (store, checkout and orders settings): one page of fields read
 * with `get`, saved with `update` (the revision the page read travels with the form, so a stale page is
 * refused), the checks and the server's violations next to their fields as on every kit form.
 */
export interface SettingsSpec<T> {
  /** The URL segment under /admin/: `settings/checkout`. */
  path: string;
  title: string;
  /** A line under the heading: what these settings change. */
  intro?: string;
  fields: readonly FieldSpec[];
  get: (client: AdminClient) => Promise<T>;
  values: (row: T) => FormValues;
  /** The page's revision, sent back with the save. */
  revision?: (row: T) => string | undefined;
  update: (client: AdminClient, values: FieldValues, revision: string | undefined) => Promise<unknown>;
  check?: (values: FieldValues) => Record<string, string> | undefined;
  fieldOf?: (path: string) => string;
  /** More below the form. */
  extra?: (row: T) => ReactNode;
}

type Saved = { error: ShownError | undefined; saved: boolean; values?: FormValues };

export function settingsRoute<T>(spec: SettingsSpec<T>): RouteObject {
  async function loader() {
    return { row: await spec.get(requireClient()) };
  }

  async function action({ request }: ActionFunctionArgs): Promise<Saved> {
    const form = await request.formData();
    const read = readFields(form, spec.fields);
    if ('error' in read) return { error: read.error, saved: false };
    const fields = spec.check?.(read.values);
    if (fields && Object.keys(fields).length > 0)
      return { error: { message: CHECK_FIELDS, fields }, saved: false };
    const revision = String(form.get('revision') ?? '') || undefined;
    try {
      await spec.update(requireClient(), read.values, revision);
    } catch (error) {
      return { error: saveError(error, spec.fields, spec.fieldOf), saved: false };
    }
    return { error: undefined, saved: true };
  }

  function Page() {
    const { row } = useLoaderData() as { row: T };
    const result = useSettledActionData<typeof action>();
    usePageTitle(spec.title);
    const values = spec.values(row);
    return (
      <section className="panel stack narrow-panel" aria-labelledby="settings-title">
        <h1 id="settings-title">{spec.title}</h1>
        {spec.intro && <p className="muted">{spec.intro}</p>}
        {result?.saved && <Notice tone="success">Saved.</Notice>}
        <ErrorNotice error={result?.error} />
        {/* A new key per saved state: the fields show what was saved. */}
        <Form method="post" className="stack" noValidate key={JSON.stringify(values)}>
          <input type="hidden" name="revision" value={spec.revision?.(row) ?? ''} />
          <EntityFields fields={spec.fields} values={values} errors={result?.error?.fields} />
          <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
        </Form>
        {spec.extra?.(row)}
      </section>
    );
  }

  return { path: spec.path, loader, action, Component: Page };
}
