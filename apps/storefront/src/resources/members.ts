import type {
  CustomField,
  TotpEnrolment,
  CustomValue,
  Identity,
  MemberFactor,
  Passkey,
  PhoneEnrolment,
  PhoneFactorType,
  PostalAddress,
  ProfileAddress,
} from '@aisle/sdk';
import type { ShownError } from '../lib/errors.ts';
import { browserClient, type StoreClient } from '../sdk.ts';

/** The page's member calls. */
const members = async () => (await browserClient()).members;
import { memberChanged } from './member.ts';

/** What an account form gets back: which form it was, and a confirmation or an error. */
export interface AccountResult {
  intent: string;
  ok?: string;
  error?: ShownError;
  /** The address form to keep open after an error (its id, or `new`). */
  addressId?: string;
  enrolment?: TotpEnrolment;
  /** Phone forms: which factor, and the enrolment waiting for its code. */
  factorType?: PhoneFactorType;
  phoneEnrolment?: PhoneEnrolment;
  /** The number typed, to show again after an error. */
  phone?: string;
}

/** The kinds of custom field value the account page edits (SPEC §3: string, number or date). */
export type CustomKind = 'text' | 'number' | 'date';

export interface CustomFieldRow {
  name: string;
  kind: CustomKind;
  /** As typed in the form: text, a number, or YYYY-MM-DD. */
  value: string;
}

export function customRows(member: Identity): CustomFieldRow[] {
  return (member.identityProfile?.customFields ?? []).map(({ name, value }) => {
    if (value.numValue !== undefined) return { name, kind: 'number', value: String(value.numValue) };
    if (value.dateValue instanceof Date && !Number.isNaN(value.dateValue.getTime())) {
      return { name, kind: 'date', value: value.dateValue.toISOString().slice(0, 10) };
    }
    return { name, kind: 'text', value: value.strValue ?? '' };
  });
}

/** Form rows → custom fields; a row with a bad number or date gives an error message instead. */
export function customFieldsFrom(rows: CustomFieldRow[]): CustomField[] | string {
  const fields: CustomField[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value.trim()) continue;
    if (!name) return 'Each custom field needs a name.';
    let value: CustomValue;
    if (row.kind === 'number') {
      const n = Number(row.value);
      if (row.value.trim() === '' || !Number.isFinite(n)) return `“${name}” needs a number.`;
      value = { numValue: n };
    } else if (row.kind === 'date') {
      const date = new Date(`${row.value}T00:00:00.000Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(row.value) || Number.isNaN(date.getTime())) {
        return `“${name}” needs a date.`;
      }
      value = { dateValue: date };
    } else {
      value = { strValue: row.value };
    }
    fields.push({ name, value });
  }
  return fields;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
  customFields: CustomField[];
}

/** Saves names, the main phone number and custom fields; other phones stay as they were. */
export async function saveProfile(member: Identity, input: ProfileInput): Promise<Identity> {
  const others = (member.identityProfile?.phones ?? []).slice(1);
  const phone = input.phone.trim();
  const updated = await (await members()).updateCurrentMember({
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    phones: phone ? [phone, ...others] : others,
    customFields: input.customFields,
  });
  memberChanged(updated);
  return updated;
}

export const addressesOf = (member: Identity): ProfileAddress[] => member.identityProfile?.addresses ?? [];

/** Adds (no id) or replaces (same id) an address; the server gives new ones an id. */
export async function saveAddress(member: Identity, address: ProfileAddress): Promise<Identity> {
  const list = addressesOf(member);
  const next = address.id
    ? list.map((a) => (a.id === address.id ? address : a))
    : [...list, { address: address.address, ...(address.tag ? { tag: address.tag } : {}) }];
  const updated = await (await members()).updateCurrentMember({ addresses: next });
  memberChanged(updated);
  return updated;
}

export async function removeAddress(member: Identity, id: string): Promise<Identity> {
  const updated = await (await members()).updateCurrentMember({
    addresses: addressesOf(member).filter((a) => a.id !== id),
  });
  memberChanged(updated);
  return updated;
}

/** One line for an address card. */
export function addressLines(address: PostalAddress): string[] {
  const street =
    address.addressLine ||
    [address.streetAddress?.number, address.streetAddress?.name].filter(Boolean).join(' ');
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  const region = [
    address.subdivisionFullname ?? address.subdivision,
    address.countryFullname ?? address.country,
  ]
    .filter(Boolean)
    .join(', ');
  return [street, address.addressLine2, city, region].filter((line): line is string => Boolean(line));
}

export const hasActiveFactor = (member: Identity, type: 'TOTP' | 'EMAIL' | PhoneFactorType) =>
  (member.factors ?? []).some((f) => f.type === type && f.status === 'ACTIVE');

export async function startTotp() {
  return (await members()).startTotpEnrolment();
}

export async function activateTotp(code: string): Promise<Identity> {
  const updated = await (await members()).activateTotp(code);
  memberChanged(updated);
  return updated;
}

export async function setEmailCodes(on: boolean): Promise<Identity> {
  const calls = await members();
  const updated = on ? await calls.enableEmailFactor() : await calls.removeFactor('EMAIL');
  memberChanged(updated);
  return updated;
}

export async function removeTotp(): Promise<Identity> {
  const updated = await (await members()).removeFactor('TOTP');
  memberChanged(updated);
  return updated;
}

/** The member's factors with their masked numbers (the security page), through the page's client or the server's. */
export async function listFactors(api?: StoreClient): Promise<MemberFactor[]> {
  return (api?.members ?? (await members())).listFactors();
}

/** Sends a confirmation code to the phone (text message for SMS, voice call for CALL). */
export async function startPhone(type: PhoneFactorType, phone: string): Promise<PhoneEnrolment> {
  return (await members()).startPhoneEnrolment(type, phone);
}

export async function resendPhoneCode(type: PhoneFactorType): Promise<PhoneEnrolment> {
  return (await members()).resendPhoneEnrolmentCode(type);
}

export async function activatePhone(type: PhoneFactorType, code: string): Promise<Identity> {
  const updated = await (await members()).activatePhoneFactor(type, code);
  memberChanged(updated);
  return updated;
}

export async function removePhone(type: PhoneFactorType): Promise<Identity> {
  const updated = await (await members()).removeFactor(type);
  memberChanged(updated);
  return updated;
}

/** The member's passkeys (the security page), through the page's client or the server's. */
export async function listPasskeys(api?: StoreClient): Promise<Passkey[]> {
  return (api?.members ?? (await members())).listPasskeys();
}

/**
 * Adds a passkey: the browser asks the shopper (fingerprint, face, screen lock or security key) and the server
 * keeps the public key. The browser library loads only here.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await (await members()).startPasskeyEnrolment();
  const response = await startRegistration({ optionsJSON: optionsJSON as never });
  const passkey = await (await members()).addPasskey(response as never, name || undefined);
  memberChanged();
  return passkey;
}

export async function removePasskey(id: string): Promise<void> {
  await (await members()).removePasskey(id);
  memberChanged();
}
