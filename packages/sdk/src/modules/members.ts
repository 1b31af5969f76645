import type { Http } from '../core/transport.ts';
import { type Identity, type IdentityProfile, toIdentity } from './identity-types.ts';

/**
 * The signed-in member's own record. Change these constants if the server's routes move: they follow the
 * server's member routes (`/members/v1/...`, alias `/_api/members/v1/...`), which answer `{member: Identity}`.
 */
export const CURRENT_MEMBER_PATH = '/members/v1/members/me';
/** PATCH body: `{profile}` (the IdentityProfile to store). */
export const UPDATE_CURRENT_MEMBER_PATH = '/members/v1/members/me';
/** Second factors of the signed-in member (TOTP enrolment, e-mailed codes). */
export const CURRENT_MEMBER_FACTORS_PATH = '/members/v1/members/me/factors';

/** A TOTP enrolment: show `qrCodeDataUrl` (or `otpauthUri`/`secret`), then confirm with `activateTotp(code)`. */
export interface TotpEnrolment {
  factorId?: string;
  secret?: string;
  otpauthUri?: string;
  qrCodeDataUrl?: string;
}

const member = (response: { member?: unknown }): Identity => toIdentity(response.member);

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

  removeFactor: (type: 'EMAIL' | 'TOTP'): Promise<Identity> =>
    http
      .request<{ member?: unknown }>({
        method: 'DELETE',
        path: `${CURRENT_MEMBER_FACTORS_PATH}/{type}`,
        data: { type },
      })
      .then(member),
});

export type MembersModule = ReturnType<typeof members>;
