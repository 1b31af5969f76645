import type { ReactNode } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import type { ShownError } from '../lib/errors.ts';
import { ConfirmAction } from './confirm.tsx';
import { ErrorNotice, Notice, SubmitButton } from './form.ts';

// The tops of a list's and a record's pages (the list's heading with its "new" link, the way back to the list,
// the heading with its status), the "new" page, and the parts of an edit page (its save form, its delete).

/** A list's heading, with the link to its "new" page when there is one. */
export function ListHead({
  title,
  newLink,
  newLabel,
}: {
  title: string;
  newLink?: string;
  newLabel?: string;
}) {
  return (
    <div className="panel-head">
      <h1>{title}</h1>
      {newLink && (
        <Link className="button button-primary" to={newLink}>
          {newLabel ?? 'New'}
        </Link>
      )}
    </div>
  );
}

/** The link back to a list, above a page's heading: `← All coupons`. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="small">
      <Link to={to}>← {children}</Link>
    </p>
  );
}

/** A record's heading with its status badge beside it (`tone`: `status-ok`, `status-warn`…). */
export function StatusHeading({
  title,
  id,
  status,
  tone,
  testId,
}: {
  title: ReactNode;
  id?: string;
  status: ReactNode;
  tone: string;
  testId: string;
}) {
  return (
    <div className="panel-head">
      <h1 id={id}>{title}</h1>
      <span className={`status-badge ${tone}`} data-testid={testId}>
        {status}
      </span>
    </div>
  );
}

/**
 * A "new" page: back to the list (`All coupons`), the heading (`New coupon` unless `title` says otherwise),
 * why the last try failed, the fields and the create button (`Create coupon`).
 */
export function NewPage({
  list,
  noun: [one, many],
  title = `New ${one}`,
  intro,
  error,
  children,
}: {
  list: string;
  /** What the list holds, one and many: `['coupon', 'coupons']`. */
  noun: readonly [string, string];
  title?: string;
  intro?: ReactNode;
  error: ShownError | undefined;
  children: ReactNode;
}) {
  return (
    <section className="panel stack narrow-panel" aria-labelledby="new-title">
      <BackLink to={list}>All {many}</BackLink>
      <h1 id="new-title">{title}</h1>
      {intro}
      <ErrorNotice error={error} />
      <Form method="post" className="stack" noValidate>
        {children}
        <SubmitButton pendingText="Creating…">Create {one}</SubmitButton>
      </Form>
    </section>
  );
}

/** On a record's page reached from its "new" page (`?created=1`): “The coupon was created.”, until the next action. */
export function CreatedNotice({ one, acted }: { one: string; acted: boolean }) {
  const [search] = useSearchParams();
  return search.get('created') && !acted ? <Notice tone="success">The {one} was created.</Notice> : null;
}

/**
 * On a list reached from a record's delete (`?deleted=<name>`): “Name” was deleted. (`one`: The coupon “Name”
 * was deleted.), until the next action.
 */
export function DeletedNotice({ one, acted = false }: { one?: string; acted?: boolean }) {
  const [search] = useSearchParams();
  const deleted = search.get('deleted');
  if (!deleted || acted) return null;
  return (
    <Notice tone="success">
      {one ? `The ${one} ` : ''}“{deleted}” was deleted.
    </Notice>
  );
}

/**
 * An edit page's form with its save button (`intent=save`). Give it a `key` per saved version: the fields are
 * built again and show what was saved.
 */
export function EditForm({ children }: { children: ReactNode }) {
  return (
    <Form method="post" className="stack" noValidate>
      {children}
      <SubmitButton name="intent" value="save" pendingText="Saving…">
        Save changes
      </SubmitButton>
    </Form>
  );
}

/** An edit page's delete button (`intent=delete`, with the record's `name` for the list's notice), asked first. */
export function DeleteAction({ one, name, question }: { one: string; name: string; question: string }) {
  return (
    <ConfirmAction
      label={`Delete ${one}`}
      question={question}
      confirm="Yes, delete it"
      pendingText="Deleting…"
      intent="delete"
      values={{ name }}
    />
  );
}
