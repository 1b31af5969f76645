import { applyTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import {
  type Identity,
  type IdentityProfile,
  type MemberFactor,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyResponse,
  type PhoneEnrolment,
  type PhoneFactorType,
  toIdentity,
} from './identity-types.ts';

/**
 * The signed-in member's own record. Change these constants if the server's routes move: they follow the
 * server's member routes (`/members/v1/...`, alias `/_api/members/v1/...`), which answer `{member: Identity}`.
 */
export const CURRENT_MEMBER_PATH = '/members/v1/members/me';
/** PATCH body: `{profile}` (the IdentityProfile to store). */
export const UPDATE_CURRENT_MEMBER_PATH = '/members/v1/members/me';
/** Second factors of the signed-in member (TOTP enrolment, e-mailed codes, SMS and CALL phones). */
export const CURRENT_MEMBER_FACTORS_PATH = '/members/v1/members/me/factors';

/** A TOTP enrolment: show `qrCodeDataUrl` (or `otpauthUri`/`secret`), then confirm with `activateTotp(code)`. */
export interface TotpEnrolment {
  factorId?: string;
  secret?: string;
  otpauthUri?: string;
  qrCodeDataUrl?: string;
}

const member = (response: { member?: unknown }): Identity => toIdentity(response.member);
/** The signed-in member's passkeys (WEBAUTHN). */
export const PASSKEYS_PATH = '/members/v1/members/me/passkeys';
const passkey = (raw: unknown): Passkey =>
  applyTransform(raw, { dates: ['createdDate', 'lastUsedDate'] }) as Passkey;

/** Path segment of a phone factor's enrolment routes. */
const phonePath = (type: PhoneFactorType) =>
  `${CURRENT_MEMBER_FACTORS_PATH}/${type === 'SMS' ? 'sms' : 'call'}`;

/** The signed-in member's profile and second factors; every call needs a member token. */
export const members = (http: Http) => ({
  getCurrentMember: (): Promise<Identity> =>
    http.request<{ member?: unknown }>({ method: 'GET', path: CURRENT_MEMBER_PATH }).then(member),

  /** Replaces the member's profile (name, custom fields, addresses, …). */
  updateCurrentMember: (profile: IdentityProfile): Promise<Identity> =>
    http
      .request<{ member?: unknown }>({ method: 'PATCH', path: UPDATE_CURRENT_MEMBER_PATH, data: { profile } })
      .then(member),

  startTotpEnrolment: (): Promise<TotpEnrolment> =>
    http
      .request<{ enrolment?: TotpEnrolment }>({ method: 'POST', path: `${CURRENT_MEMBER_FACTORS_PATH}/totp` })
      .then((response) => response.enrolment ?? {}),

  /** Confirms the enrolment with a first code from the authenticator app. */
  activateTotp: (code: string): Promise<Identity> =>
    http
      .request<{ member?: unknown }>({
        method: 'POST',
        path: `${CURRENT_MEMBER_FACTORS_PATH}/totp/activate`,
        data: { code },
      })
      .then(member),

  /** Turns on e-mailed sign-in codes as a second factor. */
  enableEmailFactor: (): Promise<Identity> =>
    http
      .request<{ member?: unknown }>({ method: 'POST', path: `${CURRENT_MEMBER_FACTORS_PATH}/email` })
      .then(member),

  /** Every factor with its status, and the masked phone number or address where there is one. */
  listFactors: (): Promise<MemberFactor[]> =>
    http
      .request<{ factors?: unknown[] }>({ method: 'GET', path: CURRENT_MEMBER_FACTORS_PATH })
      .then((response) =>
        (response.factors ?? []).map(
          (factor) => applyTransform(factor, { dates: ['createdDate'] }) as MemberFactor,
        ),
      ),

  /**
   * Starts enrolling a phone (international format, `+44…`) for SMS codes or CALL codes: a code goes to it by
   * text message or voice call; confirm with `activatePhoneFactor`. Aisle answers 429 (`THROTTLED_FEATURE`)
   * within 30 seconds of the last code, and 409 `FACTOR_EXISTS` when the factor is on already.
   */
  startPhoneEnrolment: (type: PhoneFactorType, phone: string): Promise<PhoneEnrolment> =>
    http
      .request<{ enrolment?: PhoneEnrolment }>({ method: 'POST', path: phonePath(type), data: { phone } })
      .then((response) => response.enrolment ?? {}),

  /** A new code for the pending phone enrolment (30 seconds apart, five at most). */
  resendPhoneEnrolmentCode: (type: PhoneFactorType): Promise<PhoneEnrolment> =>
    http
      .request<{ enrolment?: PhoneEnrolment }>({ method: 'POST', path: `${phonePath(type)}/resend` })
      .then((response) => response.enrolment ?? {}),

  /** Confirms the phone with the code sent to it; the factor is on from then. */
  activatePhoneFactor: (type: PhoneFactorType, code: string): Promise<Identity> =>
    http
      .request<{ member?: unknown }>({ method: 'POST', path: `${phonePath(type)}/activate`, data: { code } })
      .then(member),

  /** Adding a passkey, step 1: hand the options to `startRegistration({optionsJSON})` of `@simplewebauthn/browser`. */
  startPasskeyEnrolment: (): Promise<PasskeyCreationOptions> =>
    http
      .request<{ webAuthnOptions: PasskeyCreationOptions }>({
        method: 'POST',
        path: `${PASSKEYS_PATH}/options`,
      })
      .then((response) => response.webAuthnOptions),

  /** Step 2: the browser's answer; the passkey is stored and the WEBAUTHN factor is on. */
  addPasskey: (response: PasskeyResponse, name?: string): Promise<Passkey> =>
    http
      .request<{ passkey: unknown }>({ method: 'POST', path: PASSKEYS_PATH, data: { response, name } })
      .then((r) => passkey(r.passkey)),

  listPasskeys: (): Promise<Passkey[]> =>
    http
      .request<{ passkeys?: unknown[] }>({ method: 'GET', path: PASSKEYS_PATH })
      .then((r) => (r.passkeys ?? []).map(passkey)),

  /** Removes one passkey (the WEBAUTHN factor goes with the last); answers the ones left. */
  removePasskey: (passkeyId: string): Promise<Passkey[]> =>
    http
      .request<{ passkeys?: unknown[] }>({
        method: 'DELETE',
        path: `${PASSKEYS_PATH}/{id}`,
        data: { id: passkeyId },
      })
      .then((r) => (r.passkeys ?? []).map(passkey)),

  removeFactor: (type: 'EMAIL' | 'TOTP' | 'WEBAUTHN' | PhoneFactorType): Promise<Identity> =>
    http
      .request<{ member?: unknown }>({
        method: 'DELETE',
        path: `${CURRENT_MEMBER_FACTORS_PATH}/{type}`,
        data: { type },
      })
      .then(member),
});

export type MembersModule = ReturnType<typeof members>;
