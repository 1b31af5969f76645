import { Link } from 'react-router';

/** Previous and next page links of an offset-paged list; `link(n)` is the address of page `n` (one-based). */
export function PageLinks({
  page,
  hasNext,
  link,
}: {
  page: number;
  hasNext: boolean;
  link: (n: number) => string;
}) {
  return (
    <nav className="pager actions" aria-label="Pages">
      {page > 1 && (
        <Link className="button button-secondary" to={link(page - 1)}>
          Previous page
        </Link>
      )}
      {hasNext && (
        <Link className="button button-secondary" to={link(page + 1)}>
          Next page
        </Link>
      )}
    </nav>
  );
}
