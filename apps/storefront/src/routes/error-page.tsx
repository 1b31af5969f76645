import { AisleError } from '@aisle/sdk';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { lastResortPage, NoticePage } from '../components/notice-page.tsx';
import { showError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';

function describe(error: unknown): { title: string; message: string; requestId?: string } {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : error.statusText;
    if (error.status === 404)
      return { title: 'Page not found', message: message || 'The page you were looking for is not here.' };
    if (error.status === 410) return { title: 'No longer available', message };
    return { title: 'We could not load this page', message };
  }
  if (error instanceof AisleError && error.status === 404) {
    return { title: 'Page not found', message: 'The page you were looking for is not here.' };
  }
  const shown = showError(error, 'Something went wrong while loading this page.');
  return { title: 'We could not load this page', ...shown };
}

/** Errors of a page, shown inside the store's header and footer. */
export function RouteError() {
  const described = describe(useRouteError());
  usePageTitle(described.title);
  return (
    <NoticePage {...described}>
      <p className="actions">
        <Link className="button button-primary" to="/">
          Back to the store
        </Link>
        <Link className="button button-secondary" to="/shop">
          Browse the shop
        </Link>
      </p>
    </NoticePage>
  );
}

/** The last resort, when even the layout could not render. */
export const ErrorPage = lastResortPage(RouteError);
