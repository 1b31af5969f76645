import { useId, useState } from 'react';
import { countryList, subdivisionsOf } from '../../../storefront/src/lib/regions.ts';
import type { FieldSpec } from '../lib/fields.ts';
import { fieldNotes } from './form.ts';

/**
 * The entity kit's country and state picker (`kind: 'place'`): a country, then — for countries the forms
 * know the subdivisions of — a state or province or the whole country. It posts one value under the field's
 * name: the ISO 3166-1 country (`US`) or the ISO 3166-2 subdivision (`US-CA`).
 */
export function PlaceField({
  spec,
  value,
  error,
}: {
  spec: FieldSpec;
  value: string;
  error: string | undefined;
}) {
  const [country, setCountry] = useState(value.split('-')[0] || 'US');
  const [subdivision, setSubdivision] = useState(value.includes('-') ? value : '');
  const id = useId();
  const { describedBy, notes } = fieldNotes(id, spec.hint, error);
  const subdivisions = subdivisionsOf(country);
  return (
    <div className="place-field">
      <input type="hidden" name={spec.name} value={subdivision || country} />
      <div className="field narrow">
        <label htmlFor={id}>{spec.label}</label>
        <select
          id={id}
          value={country}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setCountry(event.target.value);
            setSubdivision('');
          }}
        >
          {countryList().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {notes}
      </div>
      {subdivisions && (
        <div className="field narrow">
          <label htmlFor={`${id}-sub`}>{subdivisions.label}</label>
          <select
            id={`${id}-sub`}
            value={subdivision}
            onChange={(event) => setSubdivision(event.target.value)}
          >
            <option value="">{spec.wholeCountry ?? 'Whole country'}</option>
            {subdivisions.list.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
