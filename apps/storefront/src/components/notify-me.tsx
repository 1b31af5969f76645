import { AisleError, AisleValidationError, STORES_APP_ID } from '@aisle/sdk';
import { type FormEvent, useEffect, useState } from 'react';
import { showError, type ShownError } from '../lib/errors.ts';
import { ErrorNotice, Field, Notice } from './form.tsx';

type Sent = 'requested' | 'already';

// Laid out here, with the shared form classes, so the component carries its own look.
const BOX = { margin: '0 0 1.5rem', padding: '1rem', border: '1px solid var(--line)', borderRadius: '12px' };
const ROW = { display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' } as const;

/**
 * "Notify me when available" for a sold-out product or variant: the shopper leaves an e-mail address and the
 * store mails them once the item is back (a back-in-stock request). Asking twice for the same item is not an
 * error for the shopper: they are already on the list.
 */
export function NotifyMe({
  productId,
  variantId,
  productName,
}: {
  productId: string;
  variantId: string | undefined;
  productName: string | undefined;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  // Another variant is another item: the form starts again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the variant is the trigger
  useEffect(() => {
    setSent(undefined);
    setError(undefined);
  }, [variantId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const { requestBackInStock } = await import('../resources/back-in-stock.ts');
      await requestBackInStock(
        {
          email: email.trim(),
          catalogReference: {
            catalogItemId: productId,
            appId: STORES_APP_ID,
            ...(variantId ? { options: { variantId } } : {}),
          },
        },
        productName ? { name: productName } : undefined,
      );
      setSent('requested');
    } catch (err) {
      if (err instanceof AisleError && err.code === 'ALREADY_EXISTS') setSent('already');
      else if (err instanceof AisleValidationError)
        setError({
          message: err.fieldViolations.some((v) => v.field.endsWith('email'))
            ? 'Enter a valid e-mail address, like name@example.com.'
            : 'This item cannot be requested right now. Please reload the page and try again.',
          ...(err.requestId ? { requestId: err.requestId } : {}),
        });
      else setError(showError(err));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <div className="notify-me" style={BOX} data-testid="notify-me-confirmation">
        <Notice tone="success">
          {sent === 'requested' ? (
            <p>
              Thanks! We will e-mail <strong>{email.trim()}</strong> as soon as {productName ?? 'this item'}{' '}
              is back in stock.
            </p>
          ) : (
            <p>You are already on the list for this item: we will e-mail you when it is back.</p>
          )}
        </Notice>
      </div>
    );

  return (
    <form className="notify-me" style={BOX} onSubmit={(event) => void submit(event)} data-testid="notify-me">
      <h2 style={{ fontSize: '1rem', margin: '0 0 0.25rem' }}>Notify me when available</h2>
      <p className="muted small">Leave your e-mail address and we will write once it is back in stock.</p>
      <div style={ROW}>
        <Field
          label="E-mail address"
          name="notify-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={busy}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending…' : 'Notify me'}
        </button>
      </div>
      <ErrorNotice error={error} />
    </form>
  );
}
