import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { ShownError } from '../lib/errors.ts';
import { ErrorNotice, SubmitButton } from './form.ts';

// The tops of a record's pages (the way back to its list, the heading with its status) and the "new" page.

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

/** A "new" page: back to the list, the heading, why the last try failed, the fields and the create button. */
export function NewPage({
  list,
  listLabel,
  title,
  intro,
  error,
  create,
  children,
}: {
  list: string;
  listLabel: string;
  title: string;
  intro?: ReactNode;
  error: ShownError | undefined;
  create: string;
  children: ReactNode;
}) {
  return (
    <section className="panel stack narrow-panel" aria-labelledby="new-title">
      <BackLink to={list}>{listLabel}</BackLink>
      <h1 id="new-title">{title}</h1>
      {intro}
      <ErrorNotice error={error} />
      <Form method="post" className="stack" noValidate>
        {children}
        <SubmitButton pendingText="Creating…">{create}</SubmitButton>
      </Form>
    </section>
  );
}
