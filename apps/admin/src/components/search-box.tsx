import { useId } from 'react';

/**
 * A search box with its Find button inside a larger form (a picker in a coupon or a discount rule): Enter
 * searches instead of submitting that form.
 */
export function SearchBox({
  label,
  value,
  onChange,
  onFind,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFind: () => void;
}) {
  const id = useId();
  return (
    <div className="toolbar">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onFind();
            }
          }}
        />
      </div>
      <button type="button" className="button button-secondary" onClick={onFind}>
        Find
      </button>
    </div>
  );
}
