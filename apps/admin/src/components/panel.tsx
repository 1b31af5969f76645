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

/** One fact of a `<dl>`: its term and its value (`testId` on the value). */
export function Fact({
  label,
  testId,
  className,
  children,
}: {
  label: ReactNode;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
