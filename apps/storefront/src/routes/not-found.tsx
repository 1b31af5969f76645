import { Link } from 'react-router';
import { usePageTitle } from '../lib/title.ts';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <section className="notice-page">
      <h1>Page not found</h1>
      <p>The page you were looking for is not here.</p>
      <p className="actions">
        <Link className="button button-primary" to="/">
          Back to the store
        </Link>
        <Link className="button button-secondary" to="/shop">
          Browse the shop
        </Link>
      </p>
    </section>
  );
}
