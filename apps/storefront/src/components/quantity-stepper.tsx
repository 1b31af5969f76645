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
}: {
  value: number;
  onChange: (quantity: number) => void;
  label: string;
  max?: number | undefined;
  min?: number;
  disabled?: boolean;
  id?: string;
}) {
  const [draft, setDraft] = useState(String(value));
  const auto = useId();
  const inputId = id ?? auto;
  useEffect(() => setDraft(String(value)), [value]);
  const limit = max !== undefined && max >= min ? max : undefined;

  const commit = () => {
    const n = Number.parseInt(draft, 10);
    if (!Number.isFinite(n) || n < min) {
      setDraft(String(value));
      return;
    }
    const next = limit !== undefined ? Math.min(n, Math.max(limit, value)) : n;
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
    <fieldset className="stepper">
      <legend className="visually-hidden">{label}</legend>
      <button
        type="button"
        className="stepper-button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={inputId} className="visually-hidden">
        Quantity
      </label>
      <input
        id={inputId}
        className="stepper-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={limit}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="stepper-button"
        aria-label="Increase quantity"
        disabled={disabled || (limit !== undefined && value >= limit)}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </fieldset>
  );
}
