import { AisleError } from '@aisle/sdk';
import { Form, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { lastResortPage, NoticePage } from '../components/form.ts';
import { adminError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';

function describe(error: unknown): { title: string; message: string; requestId?: string; refused?: boolean } {
  if (
    (isRouteErrorResponse(error) && error.status === 404) ||
    (error instanceof AisleError && error.status === 404)
  ) {
    return { title: 'Not found', message: 'There is nothing here: it may have been deleted.' };
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return {
      title: 'Not for your role',
      message: 'Your role does not allow this page. Ask an owner of the store.',
    };
  }
  const refused = error instanceof AisleError && (error.status === 401 || error.status === 403);
  return { title: 'We could not load this page', ...adminError(error), refused };
}

/** Errors of a page, shown inside the admin's header; a refused key offers to sign in again. */
export function RouteError() {
  const { refused, ...described } = describe(useRouteError());
  usePageTitle(described.title);
  return (
    <NoticePage {...described}>
      <div className="actions">
        {refused ? (
          <Form method="post" action="/sign-out">
            <button type="submit" className="button button-primary">
              Sign in again
            </button>
          </Form>
        ) : (
          <Link className="button button-primary" to="/">
            Back to the dashboard
          </Link>
        )}
      </div>
    </NoticePage>
  );
}

/** The last resort, when even the layout could not render. */
export const ErrorPage = lastResortPage(RouteError);
