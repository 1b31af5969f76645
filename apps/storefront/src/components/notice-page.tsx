import type { ReactNode } from 'react';

/** A page that could not be shown: its title, why, the request id support needs, and `children` (what next). */
export function NoticePage({
  title,
  message,
  requestId,
  children,
}: {
  title: string;
  message: string;
  requestId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="notice-page" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      {requestId && <p className="request-id">Request id: {requestId}</p>}
      {children}
    </section>
  );
}

/** The bare page around a notice, for when even the app's layout could not render. */
export function BarePage({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <main className="content">{children}</main>
    </div>
  );
}
