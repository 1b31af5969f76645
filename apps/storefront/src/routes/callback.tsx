import { Link, redirect, useLoaderData } from 'react-router';
import { completeHostedLogin } from '../resources/session.ts';
import { showError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';

/** The hosted login page sends the browser here with `#code=…&state=…` (or an OAuth error). */
export async function callbackLoader() {
  try {
    const target = await completeHostedLogin(window.location.href);
    return redirect(target);
  } catch (error) {
    return { error: showError(error, 'The sign-in could not be completed.') };
  }
}

export function Callback() {
  const { error } = useLoaderData<typeof callbackLoader>();
  usePageTitle('Sign-in failed');
  return (
    <div className="auth-page">
      <section className="auth-card" role="alert">
        <h1>We could not sign you in</h1>
        <p>{error.message}</p>
        {error.requestId && <p className="request-id">Request id: {error.requestId}</p>}
        <p>
          <Link className="button button-primary" to="/login">
            Try again
          </Link>
        </p>
      </section>
    </div>
  );
}
