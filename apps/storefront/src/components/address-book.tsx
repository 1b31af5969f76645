import type { Identity, ProfileAddress } from '@aisle/sdk';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { addressesOf, addressLines } from '../resources/members.ts';
import type { AccountResult } from '../resources/members.ts';
import { COUNTRY_NAMES } from '../lib/country-names.ts';
import { subdivisionCode, subdivisionName, subdivisionsOf } from '../lib/regions.ts';
import { CountryField, SubdivisionField, usePlace } from './checkout/address-fields.tsx';
import { RemoveForm } from './account-forms.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from './form.tsx';

const countryName = (code: string | undefined) => (code ? (COUNTRY_NAMES[code] ?? code) : code);

/** The member's saved addresses: add, edit in place, remove. */
export function AddressBook({ member, result }: { member: Identity; result: AccountResult | undefined }) {
  const addresses = addressesOf(member);
  // Which form is open: an address id, `new`, or none. An error keeps its form open.
  const [editing, setEditing] = useState<string | undefined>();
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle' && result) setEditing(result.error ? result.addressId : undefined);
  }, [navigation.state, result]);
  return (
    <section className="panel" aria-labelledby="addresses-title">
      <div className="panel-head">
        <h2 id="addresses-title">Addresses</h2>
        {editing !== 'new' && (
          <button type="button" className="button button-secondary" onClick={() => setEditing('new')}>
            Add an address
          </button>
        )}
      </div>
      {result?.ok && <Notice tone="success">{result.ok}</Notice>}
      {result?.error && !result.addressId && <ErrorNotice error={result.error} />}
      {editing === 'new' && (
        <AddressForm
          error={result?.addressId === 'new' ? result.error : undefined}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {addresses.length === 0 && editing !== 'new' ? (
        <p className="muted">No saved addresses yet.</p>
      ) : (
        <ul className="address-list">
          {addresses.map((entry) => (
            <li key={entry.id} className="address-card">
              {editing === entry.id ? (
                <AddressForm
                  entry={entry}
                  error={result && result.addressId === entry.id ? result.error : undefined}
                  onCancel={() => setEditing(undefined)}
                />
              ) : (
                <>
                  {entry.tag && <p className="address-tag">{entry.tag}</p>}
                  <address>
                    {addressLines({
                      ...entry.address,
                      countryFullname: countryName(entry.address.country),
                      subdivisionFullname: subdivisionName(
                        subdivisionCode(entry.address.country, entry.address.subdivision),
                      ),
                    }).map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </address>
                  <div className="actions">
                    <button
                      type="button"
                      className="button button-ghost"
                      onClick={() => setEditing(entry.id)}
                    >
                      Edit<span className="visually-hidden"> {entry.tag ?? entry.address.addressLine}</span>
                    </button>
                    <RemoveForm intent="address-remove" hidden={{ addressId: entry.id }}>
                      Remove
                      <span className="visually-hidden"> {entry.tag ?? entry.address.addressLine}</span>
                    </RemoveForm>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddressForm({
  entry,
  error,
  onCancel,
}: {
  entry?: ProfileAddress;
  error: AccountResult['error'];
  onCancel: () => void;
}) {
  const a = entry?.address ?? {};
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  // The checkout's pickers: a saved state is `US-CA`, so it fills the checkout as it is.
  const place = usePlace(a.country ?? 'US', subdivisionCode(a.country ?? 'US', a.subdivision));
  // Keyboard and screen-reader users land in the form they opened, as it is drawn: the browser build's runtime
  // (Preact) runs a plain effect a frame later, when a shopper may already be typing in another field.
  useLayoutEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, []);
  return (
    <Form
      ref={form}
      method="post"
      className="stack address-form"
      aria-label={entry ? 'Edit address' : 'New address'}
    >
      <input type="hidden" name="intent" value="address-save" />
      {entry?.id && <input type="hidden" name="addressId" value={entry.id} />}
      <ErrorNotice error={error} />
      <Field
        label="Label (optional)"
        name="tag"
        placeholder="Home, Work…"
        defaultValue={entry?.tag ?? ''}
        maxLength={40}
      />
      <Field
        label="Street address"
        name="addressLine"
        autoComplete="address-line1"
        required
        defaultValue={a.addressLine ?? ''}
      />
      <Field
        label="Apartment, suite (optional)"
        name="addressLine2"
        autoComplete="address-line2"
        defaultValue={a.addressLine2 ?? ''}
      />
      <div className="field-row">
        <Field label="City" name="city" autoComplete="address-level2" required defaultValue={a.city ?? ''} />
        <Field
          label="Postal code"
          name="postalCode"
          autoComplete="postal-code"
          defaultValue={a.postalCode ?? ''}
        />
      </div>
      <div className="field-row">
        <CountryField id={`${ids}-country`} value={place.country} onChange={place.setCountry} />
        {subdivisionsOf(place.country) ? (
          <SubdivisionField
            id={`${ids}-subdivision`}
            country={place.country}
            value={place.subdivision}
            onChange={place.setSubdivision}
          />
        ) : (
          <Field
            label="State or region (optional)"
            name="subdivision"
            autoComplete="address-level1"
            maxLength={10}
            defaultValue={place.subdivision}
          />
        )}
      </div>
      <div className="actions">
        <SubmitButton pendingText="Saving…">{entry ? 'Save address' : 'Add address'}</SubmitButton>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
