import { AisleError } from '@aisle/sdk';
import { Link, useRouteError } from 'react-router';

export function ErrorPage() {
  const error = useRouteError();
  const message =
    error instanceof AisleError ? error.message : 'Something went wrong while loading this page.';
  const requestId = error instanceof AisleError ? error.requestId : undefined;
  return (
    <div className="page">
      <main className="content notice" role="alert">
        <h1>We could not load this page</h1>
        <p>{message}</p>
        {requestId && <p className="muted">Request id: {requestId}</p>}
        <p>
          <Link to="/">Back to the store</Link>
        </p>
      </main>
    </div>
  );
}
