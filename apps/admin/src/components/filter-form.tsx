import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useFilterForm } from '../lib/filter-form.ts';

/**
 * A list's filter form: a GET form (its values travel in the URL) whose fields start from `shown`, the filters
 * the page shows by field name. A search typed while the last one loads is kept (lib/filter-form.ts).
 */
export function FilterForm({
  shown,
  children,
  ...form
}: {
  shown: Record<string, string | undefined>;
  children: ReactNode;
  role?: 'search';
  'aria-label'?: string;
}) {
  const { key, onSubmit } = useFilterForm(shown);
  return (
    <Form method="get" className="toolbar" {...form} key={key} onSubmit={onSubmit}>
      {children}
    </Form>
  );
}
