import type { Checkout, Identity } from '@aisle/sdk';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  type AddressErrors,
  AddressFields,
  type AddressValue,
  fromAddressWithContact,
  hasErrors,
  isComplete,
  toAddressWithContact,
  validateAddress,
} from './address-fields.tsx';
import { useFocusFirstInvalid } from './focus.ts';
import { addressLines, contactName } from './view.ts';
import { ErrorNotice } from '../form.tsx';
import { type ShownError, showError } from '../../lib/errors.ts';
import { subdivisionCode } from '../../lib/regions.ts';
import { type CheckoutWrite, writeFields } from './api.ts';
import { AddressLines } from '../address-lines.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The member's name and first saved address, to start the form with. */
function memberDefaults(member: Identity | null): Partial<AddressValue> {
  if (!member) return {};
  const profile = member.identityProfile;
  const saved = profile?.addresses?.[0]?.address;
  return {
    ...(profile?.firstName ? { firstName: profile.firstName } : {}),
    ...(profile?.lastName ? { lastName: profile.lastName } : {}),
    ...(saved?.addressLine ? { addressLine1: saved.addressLine } : {}),
    ...(saved?.addressLine2 ? { addressLine2: saved.addressLine2 } : {}),
    ...(saved?.city ? { city: saved.city } : {}),
    ...(saved?.country ? { country: saved.country } : {}),
    // Saved as `CA` or `California` by older forms: the picker's `US-CA`.
    ...(saved?.subdivision ? { subdivision: subdivisionCode(saved.country, saved.subdivision) } : {}),
    ...(saved?.postalCode ? { postalCode: saved.postalCode } : {}),
  };
}
// ---------------------------------------------------------------------------------------------------------
// Contact and shipping address
// ---------------------------------------------------------------------------------------------------------

export function DetailsSection({
  checkout,
  member,
  ships,
  done,
  write,
}: {
  checkout: Checkout;
  member: Identity | null;
  ships: boolean;
  done: boolean;
  write: CheckoutWrite;
}) {
  const ids = useId();
  const destination = checkout.shippingInfo?.shippingDestination;
  const [editing, setEditing] = useState(!done);
  const [email, setEmail] = useState(checkout.buyerInfo?.email ?? member?.email?.address ?? '');
  const [address, setAddress] = useState<AddressValue>(() =>
    isComplete(destination)
      ? fromAddressWithContact(destination)
      : fromAddressWithContact(destination, memberDefaults(member)),
  );
  const [emailError, setEmailError] = useState<string | undefined>();
  const [errors, setErrors] = useState<AddressErrors>({});
  const [error, setError] = useState<ShownError | undefined>();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const badEmail = EMAIL.test(email.trim()) ? undefined : 'Enter an e-mail address like name@example.com.';
    const problems = ships ? validateAddress(address) : {};
    setEmailError(badEmail);
    setErrors(problems);
    if (badEmail || hasErrors(problems)) {
      focusInvalid();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await writeFields(
        write,
        checkout.id,
        {
          buyerInfo: { email: email.trim() },
          ...(ships ? { shippingInfo: { shippingDestination: toAddressWithContact(address) } } : {}),
        },
        ships ? ['buyerInfo.email', 'shippingInfo.shippingDestination'] : ['buyerInfo.email'],
      );
      setEditing(false);
      heading.current?.focus();
    } catch (err) {
      setError(showError(err));
    } finally {
      setBusy(false);
    }
  };

  const title = ships ? 'Contact and shipping address' : 'Contact';
  return (
    <section className="panel checkout-step" aria-labelledby={`${ids}-title`} data-testid="details-step">
      <div className="panel-head">
        <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
          <span className="step-number" aria-hidden="true">
            1
          </span>
          {title}
        </h2>
        {!editing && (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> {title.toLowerCase()}</span>
          </button>
        )}
      </div>
      {editing ? (
        <form ref={form} className="stack" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={`${ids}-email`}>E-mail</label>
            <input
              id={`${ids}-email`}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-required
              aria-invalid={emailError ? true : undefined}
              aria-describedby={`${ids}-email-hint${emailError ? ` ${ids}-email-error` : ''}`}
            />
            <p className="field-hint" id={`${ids}-email-hint`}>
              We send the order confirmation here.
            </p>
            {emailError && (
              <p className="field-error" id={`${ids}-email-error`}>
                {emailError}
              </p>
            )}
          </div>
          {ships && (
            <fieldset>
              <legend>Shipping address</legend>
              <AddressFields value={address} onChange={setAddress} errors={errors} section="shipping" />
            </fieldset>
          )}
          <ErrorNotice error={error} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Saving…' : ships ? 'Continue to delivery' : 'Continue to payment'}
            </button>
            {done && (
              <button type="button" className="button button-ghost" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        <div className="step-summary" data-testid="details-summary">
          <p>{checkout.buyerInfo?.email}</p>
          {ships && destination && (
            <address>
              {contactName(destination)}
              <AddressLines lines={addressLines(destination.address)} />
            </address>
          )}
        </div>
      )}
    </section>
  );
}
