import type { Address, StoreSettings, StoreSettingsUpdate } from '@aisle/sdk';
import { useId, useState } from 'react';
import { type ActionFunctionArgs, Form, useActionData, useLoaderData } from 'react-router';
import {
  CountryField,
  SubdivisionField,
} from '../../../storefront/src/components/checkout/address-fields.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { CHECK_FIELDS, formError, type ShownError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

export async function settingsLoader() {
  const client = requireClient();
  return { settings: await client.storeSettings.getStoreSettings() };
}

/** The address parts the form edits, by field name. */
const ADDRESS_FIELDS = [
  'addressLine1',
  'addressLine2',
  'city',
  'postalCode',
  'country',
  'subdivision',
] as const;

/** The address fields above the country: label, name and autocomplete token. */
const STREET_FIELDS = [
  ['Street and house number', 'addressLine1', 'address-line1'],
  ['Address line 2', 'addressLine2', 'address-line2'],
  ['City', 'city', 'address-level2'],
] as const;

/** The form's fields; an address without any part is no address (`null` clears it). */
export function readSettingsForm(form: FormData): { value: StoreSettingsUpdate } | { error: ShownError } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const currency = text('currency').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    return {
      error: {
        message: CHECK_FIELDS,
        fields: { currency: 'Enter a three-letter currency code, such as USD or EUR.' },
      },
    };
  }
  const address: Address = {};
  for (const name of ADDRESS_FIELDS) if (text(name)) address[name] = text(name);
  // The country alone (the picker always has one) is no address.
  const hasAddress = ADDRESS_FIELDS.some((name) => name !== 'country' && text(name));
  return {
    value: {
      currency,
      weightUnit: text('weightUnit') === 'LB' ? 'LB' : 'KG',
      taxIncludedInPrices: form.get('taxIncludedInPrices') === 'on',
      businessAddress: hasAddress ? address : null,
      ...(text('revision') ? { revision: text('revision') } : {}),
    },
  };
}

/** `storeSettings.businessAddress.addressLine` → `addressLine1`, `storeSettings.currency` → `currency`. */
function formField(path: string): string {
  const field = path.replace(/^storeSettings\./, '').replace(/^businessAddress\./, '');
  const first = field.split(/[.[]/)[0] ?? field;
  return first === 'addressLine' ? 'addressLine1' : first;
}

export async function settingsAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const read = readSettingsForm(await request.formData());
  if ('error' in read) return { error: read.error, saved: false };
  try {
    await client.storeSettings.updateStoreSettings(read.value);
  } catch (error) {
    return { error: formError(error, formField), saved: false };
  }
  return { error: undefined, saved: true };
}

export function Settings() {
  const { settings } = useLoaderData<typeof settingsLoader>();
  const result = useActionData<typeof settingsAction>();
  usePageTitle('Store settings');
  return (
    <section className="panel stack narrow-panel" aria-labelledby="settings-title">
      <h1 id="settings-title">Store settings</h1>
      {result?.saved && <Notice tone="success">Saved.</Notice>}
      <ErrorNotice error={result?.error} />
      {/* A new key per revision: the fields show what was saved. */}
      <Form method="post" className="stack" noValidate key={settings.revision}>
        <input type="hidden" name="revision" value={settings.revision ?? ''} />
        <SettingsFields settings={settings} fields={result?.error?.fields ?? {}} />
        <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
      </Form>
    </section>
  );
}

function SettingsFields({ settings, fields }: { settings: StoreSettings; fields: Record<string, string> }) {
  const address = settings.businessAddress;
  const [country, setCountry] = useState(address?.country ?? 'US');
  const [subdivision, setSubdivision] = useState(address?.subdivision ?? '');
  const weightId = useId();
  const countryId = useId();
  const subdivisionId = useId();
  return (
    <>
      <Field
        label="Currency"
        name="currency"
        className="narrow"
        autoCapitalize="characters"
        spellCheck={false}
        defaultValue={settings.currency ?? 'USD'}
        hint="ISO 4217 code, such as USD or EUR: what prices, carts and orders are in."
        error={fields.currency}
      />
      <div className="field narrow">
        <label htmlFor={weightId}>Weight unit</label>
        <select id={weightId} name="weightUnit" defaultValue={settings.weightUnit ?? 'KG'}>
          <option value="KG">Kilograms (kg)</option>
          <option value="LB">Pounds (lb)</option>
        </select>
        {fields.weightUnit && <p className="field-error">{fields.weightUnit}</p>}
      </div>
      <label className="check">
        <input
          type="checkbox"
          name="taxIncludedInPrices"
          defaultChecked={settings.taxIncludedInPrices ?? false}
        />
        Prices include tax
      </label>
      {fields.taxIncludedInPrices && <p className="field-error">{fields.taxIncludedInPrices}</p>}
      <fieldset className="stack">
        <legend>Business address</legend>
        <p className="muted small">Optional; leave the street, city and postal code empty for none.</p>
        {STREET_FIELDS.map(([label, name, autoComplete]) => (
          <Field
            key={name}
            label={label}
            name={name}
            autoComplete={autoComplete}
            defaultValue={address?.[name] ?? ''}
            error={fields[name]}
          />
        ))}
        <CountryField
          id={countryId}
          name="country"
          autoComplete="country"
          value={country}
          onChange={(next) => {
            setCountry(next);
            setSubdivision('');
          }}
        />
        {fields.country && <p className="field-error">{fields.country}</p>}
        <SubdivisionField
          id={subdivisionId}
          name="subdivision"
          autoComplete="address-level1"
          country={country}
          value={subdivision}
          onChange={setSubdivision}
          error={fields.subdivision}
        />
        <Field
          label="Postal code"
          name="postalCode"
          autoComplete="postal-code"
          className="narrow"
          defaultValue={address?.postalCode ?? ''}
          error={fields.postalCode}
        />
      </fieldset>
    </>
  );
}
