import { useId } from 'react';
import { fieldNotes } from './form.ts';

/**
 * A labelled select with its error wired up for assistive technology; posted under `name`, or kept by the
 * page (`value` and `onChange`).
 */
export function SelectField({
  label,
  name,
  options,
  defaultValue,
  value,
  onChange,
  error,
  className = 'field narrow',
}: {
  label: string;
  name?: string;
  options: ReadonlyArray<readonly [value: string, text: string]>;
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  className?: string;
}) {
  const id = useId();
  const { describedBy, notes } = fieldNotes(id, undefined, error);
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        {...(value === undefined ? { defaultValue } : { value })}
        onChange={onChange && ((event) => onChange(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}

/** The staff roles as the role selects offer them. */
export const ROLE_OPTIONS = [
  ['OWNER', 'Owner'],
  ['MANAGER', 'Manager'],
  ['FULFILMENT', 'Fulfilment'],
] as const;

/** A staff member's or API key's role: the select with `ROLE_OPTIONS`. */
export function RoleField({ defaultValue, error }: { defaultValue: string; error?: string | undefined }) {
  return (
    <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={defaultValue} error={error} />
  );
}
