import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

/**
 * A coupon code box for the cart and the checkout: the code form, or the applied coupon with a remove button;
 * a refused code is said beside it (the box keeps focus), applying and removing are announced, and focus goes
 * to what replaced the control that was used.
 */
export function CouponField({
  coupon,
  locked = false,
  onApply,
  onRemove,
  errorMessage,
}: {
  coupon: { code?: string; name?: string } | undefined;
  /** The merchant fixed the coupon: no form, no remove. */
  locked?: boolean;
  /** Applies a code; resolves with the code as the server applied it. */
  onApply: (code: string) => Promise<string | undefined>;
  onRemove: () => Promise<void>;
  /** A refused apply (with its code) or remove, in the shopper's words. */
  errorMessage: (error: unknown, code: string | undefined) => string;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [focusNext, setFocusNext] = useState<'input' | 'remove' | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  // Focus moves once the element is there: the cart's answer may show (or hide) the coupon a render later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the coupon is the trigger
  useEffect(() => {
    const target =
      focusNext === 'input' ? input.current : focusNext === 'remove' ? removeButton.current : null;
    if (!target) return;
    target.focus();
    setFocusNext(undefined);
  }, [focusNext, coupon]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim();
    setNotice('');
    if (!wanted) {
      setError('Enter a coupon code.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const applied = await onApply(wanted);
      setCode('');
      setNotice(`Coupon ${applied ?? wanted} applied.`);
      setFocusNext('remove');
    } catch (err) {
      setError(errorMessage(err, wanted));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    setNotice('');
    try {
      await onRemove();
      setNotice(`Coupon ${coupon?.code ?? ''} removed.`);
      setFocusNext('input');
    } catch (err) {
      setError(errorMessage(err, undefined));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {coupon ? (
        <div className="coupon-applied" data-testid="applied-coupon">
          <p>
            <span className="coupon-code">{coupon.code}</span>
            {coupon.name && <span className="coupon-name muted small">{coupon.name}</span>}
          </p>
          {!locked && (
            <button
              ref={removeButton}
              type="button"
              className="button button-secondary small"
              onClick={() => void remove()}
              disabled={busy}
            >
              {busy ? 'Removing…' : 'Remove'}
              <span className="visually-hidden"> coupon {coupon.code}</span>
            </button>
          )}
        </div>
      ) : (
        !locked && (
          <form className="coupon-form" onSubmit={(event) => void apply(event)} noValidate>
            <label htmlFor={`${ids}-code`}>Coupon code</label>
            <div className="inline-field">
              <input
                ref={input}
                className="inline-input"
                id={`${ids}-code`}
                name="couponCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids}-error` : undefined}
              />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {busy ? 'Applying…' : 'Apply'}
              </button>
            </div>
          </form>
        )
      )}
      {error && (
        <p className="field-error" id={`${ids}-error`} role="alert" data-testid="coupon-error">
          {error}
        </p>
      )}
      <p className="success-note small" role="status">
        {notice}
      </p>
    </>
  );
}
