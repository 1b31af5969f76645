import { type KeyboardEvent, useEffect, useId, useState } from 'react';

/**
 * − [n] + for a quantity: the buttons change it at once, the number field when it loses focus or on Enter.
 * `label` names the group for assistive technology ("Quantity of Classic Cotton Tee, M, Navy").
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  max,
  min = 1,
  disabled = false,
  id,
  name,
}: {
  value: number;
  onChange: (quantity: number) => void;
  label: string;
  max?: number | undefined;
  min?: number;
  disabled?: boolean;
  id?: string;
  /** The field's name, for a form that also posts without JavaScript. */
  name?: string;
}) {
  const [draft, setDraft] = useState(String(value));
  // Why a typed quantity was not taken as it was (below the minimum, above the stock): said under the field.
  const [note, setNote] = useState('');
  const auto = useId();
  const inputId = id ?? auto;
  const noteId = `${inputId}-note`;
  useEffect(() => setDraft(String(value)), [value]);
  const limit = max !== undefined && max >= min ? max : undefined;

  const commit = () => {
    const n = Number.parseInt(draft, 10);
    if (!Number.isFinite(n) || n < min) {
      setDraft(String(value));
      setNote(
        Number.isFinite(n) && n <= 0 && min === 1
          ? `The quantity is at least 1, so it stays at ${value}. To take it out, use Remove.`
          : `Enter a whole number of at least ${min}; the quantity stays at ${value}.`,
      );
      return;
    }
    const next = limit !== undefined ? Math.min(n, Math.max(limit, value)) : n;
    setNote(next < n ? `Only ${limit} in stock${next === value ? '' : `, so the quantity is ${next}`}.` : '');
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <div className="stepper-wrap">
      <fieldset className="stepper">
        <legend className="visually-hidden">{label}</legend>
        <button
          type="button"
          className="stepper-button"
          aria-label="Decrease quantity"
          disabled={disabled || value <= min}
          onClick={() => {
            setNote('');
            onChange(value - 1);
          }}
        >
          <span aria-hidden="true">−</span>
        </button>
        <label htmlFor={inputId} className="visually-hidden">
          Quantity
        </label>
        <input
          id={inputId}
          name={name}
          className="stepper-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={limit}
          value={draft}
          disabled={disabled}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="stepper-button"
          aria-label="Increase quantity"
          disabled={disabled || (limit !== undefined && value >= limit)}
          onClick={() => {
            setNote('');
            onChange(value + 1);
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </fieldset>
      <p id={noteId} className="stepper-note" role="status" data-testid="quantity-note">
        {note}
      </p>
    </div>
  );
}
