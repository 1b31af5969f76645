import type { ReactNode } from 'react';

/** A panel of a page: a section named by its heading (`id` is the heading's, the section's `aria-labelledby`). */
export function Panel({
  id,
  title,
  className = 'panel stack',
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
