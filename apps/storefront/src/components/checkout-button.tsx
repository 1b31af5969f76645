import type { Cart, EstimateTotalsResponse } from '@aisle/sdk';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ShownError } from '../lib/errors.ts';
import {
  availabilityNote,
  cartErrorMessage,
  checkout,
  closeDrawer,
  orderViolations,
} from '../resources/cart.ts';
import { ErrorNotice } from './form.tsx';

/** Starts a checkout of the cart as it is and goes to it; not while an item cannot be ordered. */
export function CheckoutButton({
  cart,
  totals,
  pending,
  className = 'button button-primary wide',
}: {
  cart: Cart | null | undefined;
  totals: EstimateTotalsResponse | undefined;
  /** Cart writes not settled yet. */
  pending: number;
  className?: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>();
  const reasonId = useId();
  const lines = cart?.lineItems ?? [];
  const blocked =
    lines.some((line) => availabilityNote(line)?.tone === 'error') ||
    (totals?.violations ?? []).some((v) => v.severity === 'ERROR');
  const go = async (event: FormEvent<HTMLFormElement>) => {
    // Before the script runs, the form posts to the cart page's action, which starts the checkout on the server.
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const id = await checkout();
      closeDrawer();
      navigate(`/checkout/${encodeURIComponent(id)}`);
    } catch (err) {
      setError(cartErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const reason = blocked
    ? (orderViolations(totals).find((v) => v.severity === 'ERROR')?.description ??
      'Remove the items that are not available to check out.')
    : undefined;
  return (
    <form method="post" action="/cart" className="checkout-action" onSubmit={(event) => void go(event)}>
      <button
        type="submit"
        name="intent"
        value="checkout"
        className={className}
        disabled={lines.length === 0 || blocked || busy || pending > 0}
        aria-describedby={reason ? reasonId : undefined}
      >
        {busy ? 'Starting checkout…' : 'Checkout'}
      </button>
      {reason && (
        <p id={reasonId} className="small line-note line-note-error">
          {reason}
        </p>
      )}
      <ErrorNotice error={error} />
    </form>
  );
}
