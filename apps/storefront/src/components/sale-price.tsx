import type { ReactNode } from 'react';

/** A price on sale: the former price struck through, then the sale price, each named for screen readers. */
export function SalePrice({
  was,
  now,
  strong = false,
}: {
  was: ReactNode;
  now: ReactNode;
  strong?: boolean;
}) {
  const Now = strong ? 'strong' : 'span';
  return (
    <>
      <s className="muted">
        <span className="visually-hidden">Was </span>
        {was}
      </s>{' '}
      <Now className="sale">
        <span className="visually-hidden">Now </span>
        {now}
      </Now>
    </>
  );
}
