import type { AddressWithContact } from '@aisle/sdk';
import { useId, useState } from 'react';
import { countryList, postalLabel, subdivisionsOf } from '../../lib/regions.ts';
import { Field, fieldNotes } from '../form.tsx';

/** A full postal address with the person's name, as the checkout form edits it (all strings). */
export interface AddressValue {
  firstName: string;
  lastName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  country: string;
  subdivision: string;
  postalCode: string;
}

export type AddressErrors = Partial<Record<keyof AddressValue, string>>;

export const EMPTY_ADDRESS: AddressValue = {
  firstName: '',
  lastName: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  country: 'US',
  subdivision: '',
  postalCode: '',
};

/** Countries whose addresses always have a postal code. */
const POSTAL_REQUIRED = new Set(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'JP', 'BR', 'IN']);
const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;

/** What is missing or malformed, per field (empty when the address can be used). */
export function validateAddress(value: AddressValue): AddressErrors {
  const errors: AddressErrors = {};
  if (!value.firstName.trim()) errors.firstName = 'Enter a first name.';
  if (!value.lastName.trim()) errors.lastName = 'Enter a last name.';
  if (!value.addressLine1.trim()) errors.addressLine1 = 'Enter the street and house number.';
  if (!value.city.trim()) errors.city = 'Enter a city.';
  if (!value.country) errors.country = 'Choose a country.';
  const subdivisions = subdivisionsOf(value.country);
  if (subdivisions && !value.subdivision.startsWith(`${value.country}-`))
    errors.subdivision = `Choose a ${subdivisions.label.toLowerCase()}.`;
  const postal = value.postalCode.trim();
  if (!postal && POSTAL_REQUIRED.has(value.country))
    errors.postalCode = `Enter a ${postalLabel(value.country).toLowerCase()}.`;
  else if (value.country === 'US' && postal && !US_ZIP.test(postal))
    errors.postalCode = 'Enter a 5-digit ZIP code.';
  else if (value.country === 'CA' && postal && !CA_POSTAL.test(postal))
    errors.postalCode = 'Enter a postal code like K1A 0B1.';
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** The form's value as the checkout's `{address, contactDetails}`. */
export function toAddressWithContact(value: AddressValue): AddressWithContact {
  const trim = (s: string) => s.trim();
  const subdivisions = subdivisionsOf(value.country);
  return {
    address: {
      country: value.country,
      ...(subdivisions && value.subdivision ? { subdivision: value.subdivision } : {}),
      city: trim(value.city),
      addressLine1: trim(value.addressLine1),
      ...(trim(value.addressLine2) ? { addressLine2: trim(value.addressLine2) } : {}),
      ...(trim(value.postalCode) ? { postalCode: trim(value.postalCode).toUpperCase() } : {}),
    },
    contactDetails: {
      firstName: trim(value.firstName),
      lastName: trim(value.lastName),
      ...(trim(value.phone) ? { phone: trim(value.phone) } : {}),
    },
  };
}

/** A checkout's address (or a partial one, e.g. the cart's estimate) as form values. */
export function fromAddressWithContact(
  source: AddressWithContact | undefined,
  fallback: Partial<AddressValue> = {},
): AddressValue {
  return {
    ...EMPTY_ADDRESS,
    ...fallback,
    ...filled(source?.contactDetails, ['firstName', 'lastName', 'phone']),
    ...filled(source?.address, [
      'addressLine1',
      'addressLine2',
      'city',
      'country',
      'subdivision',
      'postalCode',
    ]),
  };
}

/** The fields named that `source` has a value for (an empty string is none). */
function filled<T extends object>(source: T | undefined, keys: ReadonlyArray<keyof T & keyof AddressValue>) {
  return Object.fromEntries(
    keys.filter((key) => source?.[key]).map((key) => [key, source?.[key]]),
  ) as Partial<Pick<AddressValue, keyof T & keyof AddressValue>>;
}

/** Is this a whole address (not just the country and ZIP the cart's estimate keeps)? */
export const isComplete = (source: AddressWithContact | undefined): boolean =>
  !hasErrors(validateAddress(fromAddressWithContact(source)));

/** A country and its state or province as a form picks them: choosing another country clears the state. */
export function usePlace(initialCountry: string, initialSubdivision: string) {
  const [place, setPlace] = useState({ country: initialCountry, subdivision: initialSubdivision });
  return {
    ...place,
    setCountry: (country: string) => setPlace({ country, subdivision: '' }),
    setSubdivision: (subdivision: string) => setPlace((current) => ({ ...current, subdivision })),
  };
}

/** What a place picker is told by its form: its id, input name, autocomplete token, value and change. */
interface PlacePicker {
  id: string;
  name: string;
  autoComplete: string;
  value: string;
  onChange: (code: string) => void;
}

/** A labelled select of `options` (code and name); a `required` one starts at "Choose…". */
function PlaceSelect({
  label,
  options,
  required = false,
  error,
  onChange,
  ...select
}: PlacePicker & {
  label: string;
  options: ReadonlyArray<{ code: string; name: string }>;
  required?: boolean;
  error?: string | undefined;
}) {
  const { describedBy, notes } = fieldNotes(select.id, undefined, error);
  return (
    <div className="field">
      <label htmlFor={select.id}>{label}</label>
      <select
        {...select}
        onChange={(event) => onChange(event.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {required && <option value="">Choose…</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}

type PickerProps = Omit<PlacePicker, 'name' | 'autoComplete'> & { name?: string; autoComplete?: string };

/** A labelled country picker (every country, by name). */
export function CountryField({ name = 'country', autoComplete = 'country', ...picker }: PickerProps) {
  return (
    <PlaceSelect
      {...picker}
      name={name}
      autoComplete={autoComplete}
      label="Country"
      options={countryList()}
    />
  );
}

/** A labelled state or province picker for the countries the forms know them of (none otherwise). */
export function SubdivisionField({
  name = 'subdivision',
  autoComplete = 'address-level1',
  country,
  error,
  ...picker
}: PickerProps & { country: string; error?: string | undefined }) {
  const subdivisions = subdivisionsOf(country);
  if (!subdivisions) return null;
  return (
    <PlaceSelect
      {...picker}
      name={name}
      autoComplete={autoComplete}
      label={subdivisions.label}
      options={subdivisions.list}
      required
      error={error}
    />
  );
}

/**
 * Name and postal address fields (labelled, with their errors announced), for shipping or billing.
 * `section` is the autocomplete section (`shipping` / `billing`), so browsers fill the right address.
 */
export function AddressFields({
  value,
  onChange,
  errors,
  section,
}: {
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  errors: AddressErrors;
  section: 'shipping' | 'billing';
}) {
  const ids = useId();
  const set = (key: keyof AddressValue) => (next: string) => onChange({ ...value, [key]: next });
  const field = (
    key: keyof AddressValue,
    label: string,
    autoComplete: string,
    extra: { optional?: boolean; inputMode?: 'text' | 'numeric' | 'tel'; type?: string } = {},
  ) => {
    return (
      <Field
        id={`${ids}-${key}`}
        label={
          <>
            {label}
            {extra.optional && <span className="muted small"> (optional)</span>}
          </>
        }
        name={`${section}-${key}`}
        type={extra.type ?? 'text'}
        autoComplete={`${section} ${autoComplete}`}
        inputMode={extra.inputMode}
        value={value[key]}
        onChange={(event) => set(key)(event.target.value)}
        required={!extra.optional}
        aria-required={!extra.optional}
        error={errors[key]}
      />
    );
  };

  return (
    <div className="stack address-fields">
      <div className="field-row">
        {field('firstName', 'First name', 'given-name')}
        {field('lastName', 'Last name', 'family-name')}
      </div>
      <CountryField
        id={`${ids}-country`}
        name={`${section}-country`}
        autoComplete={`${section} country`}
        value={value.country}
        onChange={(country) => onChange({ ...value, country, subdivision: '' })}
      />
      {field('addressLine1', 'Street and house number', 'address-line1')}
      {field('addressLine2', 'Apartment, suite, etc.', 'address-line2', { optional: true })}
      <div className="field-row">
        {field('city', 'City', 'address-level2')}
        <SubdivisionField
          id={`${ids}-subdivision`}
          name={`${section}-subdivision`}
          autoComplete={`${section} address-level1`}
          country={value.country}
          value={value.subdivision}
          onChange={set('subdivision')}
          error={errors.subdivision}
        />
      </div>
      <div className="field-row">
        {field('postalCode', postalLabel(value.country), 'postal-code', {
          optional: !POSTAL_REQUIRED.has(value.country),
          inputMode: value.country === 'US' ? 'numeric' : 'text',
        })}
        {field('phone', 'Phone', 'tel', { optional: true, inputMode: 'tel', type: 'tel' })}
      </div>
    </div>
  );
}
