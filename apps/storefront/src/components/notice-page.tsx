import type { ComponentType, ReactNode } from 'react';

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

/** An app's last resort, for when even its layout could not render: its route error on a bare page. */
export function lastResortPage(RouteError: ComponentType) {
  return function ErrorPage() {
    return (
      <div className="page">
        <main className="content">
          <RouteError />
        </main>
      </div>
    );
  };
}
