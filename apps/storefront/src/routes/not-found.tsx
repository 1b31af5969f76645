import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="notice">
      <h1>Page not found</h1>
      <p>
        The page you were looking for is not here. <Link to="/">Back to the store</Link>
      </p>
    </section>
  );
}
