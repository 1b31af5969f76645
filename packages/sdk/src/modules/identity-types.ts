// Identity, member and redirect-session shapes as the SDK returns them (wire/oauth-and-identity.md,
// wire/redirects.md): ISO dates become Date objects, everything else keeps its wire name and form.
import type { WireAddress } from '../core/address.ts';
import { applyTransform, mapAtPath, toDate } from '../core/transform.ts';
import { isRecord } from '../core/values.ts';

// ---------------------------------------------------------------------------------------------------------
// Identity
// ---------------------------------------------------------------------------------------------------------

export type IdentityStatusName = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';
export type FactorType =
  | 'PASSWORD'
  | 'SMS'
  | 'CALL'
  | 'EMAIL'
  | 'TOTP'
  | 'PUSH'
  | 'WEBAUTHN'
  | 'RECOVERY_CODE';
export type FactorStatus = 'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL';
export type PrivacyStatus = 'UNDEFINED' | 'PUBLIC' | 'PRIVATE';

/** One of its members is set. `dateValue` is a Date on the client and an ISO string on the wire. */
export interface CustomValue {
  strValue?: string;
  numValue?: number;
  dateValue?: Date;
  boolValue?: boolean;
  listValue?: { value: CustomValue[] };
  mapValue?: { value: Record<string, CustomValue> };
}

export interface CustomField {
  name: string;
  value: CustomValue;
}

/** Commerce address in its wire form (wire/README §3). */
export type PostalAddress = WireAddress;

export interface ProfileAddress {
  id?: string;
  address: PostalAddress;
  tag?: string;
}

export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  emails?: string[];
  phones?: string[];
  labels?: string[];
  language?: string;
  privacyStatus?: PrivacyStatus;
  customFields?: CustomField[];
  secondaryEmails?: { email: string; tag?: string }[];
  phonesV2?: { countryCode?: string; phone: string; tag?: string }[];
  addresses?: ProfileAddress[];
  company?: string;
  position?: string;
  birthdate?: string;
  slug?: string;
  subscription?: boolean;
  vatId?: { id?: string; type?: string };
}

export type IdentityConnection =
  | { idpConnection: { idpConnectionId?: string; idpUserId?: string } }
  | { authenticatorConnection: { authenticatorConnectionId?: string; reEnrollmentRequired?: boolean } };

export interface IdentityFactor {
  factorId?: string;
  type?: FactorType;
  status?: FactorStatus;
}

export interface Identity {
  id?: string;
  /** int64 as a string. */
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
  connections?: IdentityConnection[];
  identityProfile?: IdentityProfile;
  metadata?: { tags?: string[] };
  email?: { address?: string; isVerified?: boolean };
  status?: { name?: IdentityStatusName; reasons?: string[] };
  factors?: IdentityFactor[];
}

// ---------------------------------------------------------------------------------------------------------
// Authentication state machine
// ---------------------------------------------------------------------------------------------------------

/** The server's sign-in result (SPEC §4); REQUIRE_MISSING_FIELDS and UNKNOWN_STATE complete the wire enum. */
export type AuthenticationState =
  | 'UNKNOWN_STATE'
  | 'SUCCESS'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'STATUS_CHECK'
  | 'REQUIRE_MISSING_FIELDS';

/** A second-factor step (`STATUS_CHECK`): the factor asked for and the ones the step can switch to. */
export interface MfaChallengeData {
  factorType?: FactorType;
  /** `hint`: where the code went (masked phone number or e-mail address); empty for TOTP. */
  verificationChallengeData?: {
    hint?: string;
    pushData?: { transactionId?: string };
    /** Aisle, WEBAUTHN steps: the options for `navigator.credentials.get` (`startAuthentication`). */
    webAuthnOptions?: PasskeyRequestOptions;
  };
  /** Every factor of the member; Aisle adds each one's `hint`. */
  availableFactors?: { factorType?: FactorType; hint?: string }[];
}

/**
 * A pending second factor as the SDK hands it out: the server answered `STATUS_CHECK` with a state token and
 * `mfaChallengeData`. SPEC's client login states have no state for it, so `login`/`register` return `FAILURE`
 * / `Unknown _state` with this as `mfa`; complete it with `auth.verifyFactor`, resend a code or switch factor
 * with `auth.sendFactorCode`.
 */
export interface MfaChallenge {
  /** The factor the step asks for now. */
  factorType: FactorType;
  /** Where the code went: a masked phone number (SMS, CALL) or e-mail address (EMAIL); empty for TOTP. */
  hint: string;
  /** Every factor the step can switch to, the current one first when the server lists it so. */
  availableFactors: { factorType: FactorType; hint: string }[];
  stateToken: string;
  /** WEBAUTHN steps: hand these to `startAuthentication` of `@simplewebauthn/browser`. */
  webAuthnOptions?: PasskeyRequestOptions;
}

/** WebAuthn options as JSON (`PublicKeyCredentialRequestOptionsJSON`): opaque to the SDK, for the browser. */
export type PasskeyRequestOptions = { challenge: string } & Record<string, unknown>;
/** `PublicKeyCredentialCreationOptionsJSON`, likewise. */
export type PasskeyCreationOptions = { challenge: string } & Record<string, unknown>;
/** A credential answer as JSON (`RegistrationResponseJSON` / `AuthenticationResponseJSON`). */
export type PasskeyResponse = { id: string; rawId: string; type: string; response: object } & Record<
  string,
  unknown
>;

/** One passkey of the signed-in member. */
export interface Passkey {
  id: string;
  name: string;
  deviceType?: string;
  backedUp?: boolean;
  createdDate?: Date;
  lastUsedDate?: Date;
}

/** Response of register, login, recover, factor verify and verification auth/verify, auth/resend. */
export interface StateMachine {
  state?: AuthenticationState;
  /** Set on SUCCESS: exchanged for member tokens (direct login). */
  sessionToken?: string;
  /** Set when a further step is needed (email code, second factor). */
  stateToken?: string;
  identity?: Identity;
  additionalData?: Record<string, CustomValue>;
  mfaChallengeData?: MfaChallengeData;
}

/** One factor of the signed-in member (`members.listFactors`), with what a page may show of it. */
export interface MemberFactor {
  factorId?: string;
  type?: FactorType;
  status?: FactorStatus;
  /** Masked phone number (SMS, CALL) or e-mail address (EMAIL). */
  hint?: string;
  createdDate?: Date;
}

/** Second factors whose codes go to a phone. */
export type PhoneFactorType = 'SMS' | 'CALL';

/** A phone waiting for its confirmation code (`members.startPhoneEnrolment`). */
export interface PhoneEnrolment {
  factorId?: string;
  factorType?: PhoneFactorType;
  /** The masked number the code went to. */
  hint?: string;
  /** Seconds before another code can be asked for. */
  resendAfterSeconds?: number;
}

/** `{email}` login id of register, login and sign-on. */
export interface LoginId {
  email: string;
}

/** One entry per captcha kind; Aisle's proof-of-work captcha token is `<challenge>:<nonce>`. */
export interface CaptchaToken {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  NoCaptcha?: string;
  recaptchaForClientSiteKey?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Redirect sessions
// ---------------------------------------------------------------------------------------------------------

export type OAuthPrompt = 'login' | 'none';
export type OAuthResponseMode = 'fragment' | 'query' | 'web_message';
export type MemberAreaSection = 'ACCOUNT_INFO' | 'BOOKINGS' | 'ORDERS' | 'SUBSCRIPTIONS' | 'EVENTS';

/** The authorize request carried by an `auth` intent (wire/oauth-and-identity.md §2). */
export interface AuthRequest {
  clientId: string;
  responseType?: 'code';
  redirectUri?: string;
  scope?: string;
  state?: string;
  responseMode?: OAuthResponseMode;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256';
  sessionToken?: string;
  nonce?: string;
  prompt?: OAuthPrompt;
  idp?: string;
}

export interface BookingsSlot {
  sessionId?: string;
  serviceId?: string;
  scheduleId?: string;
  /** Plain local date-time string, not converted. */
  startDate?: string;
  /** Plain local date-time string, not converted. */
  endDate?: string;
  timezone?: string;
  resource?: { id?: string; name?: string; email?: string; scheduleId?: string };
  location?: { id?: string; name?: string; formattedAddress?: string; locationType?: string };
  eventId?: string;
}

export interface SlotAvailability {
  slot?: BookingsSlot;
  bookable?: boolean;
  totalSpots?: number;
  openSpots?: number;
  waitingList?: { totalSpots?: number; openSpots?: number };
  bookingPolicyViolations?: Record<string, unknown>;
  locked?: boolean;
}

/** Every intent of wire/redirects.md; a request carries exactly one. */
export interface RedirectIntents {
  ecomCheckout: { checkoutId: string };
  bookingsCheckout: { timezone?: string; slotAvailability: SlotAvailability };
  eventsCheckout: { reservationId: string; eventSlug: string };
  paidPlansCheckout: { planId: string; checkoutData?: string };
  login: Record<string, never>;
  logout: { clientId: string };
  auth: { authRequest: AuthRequest; prompt?: OAuthPrompt };
  storesProduct: { productSlug: string };
  bookingsBook: { resourceId: string };
  ecomOrderPaymentRequest: { paymentRequestId: string };
  /** Member area (intent name inferred by the wire reference); default section ACCOUNT_INFO. */
  membersAccount: { section?: MemberAreaSection };
}

export type RedirectIntentName = keyof RedirectIntents;

/** Exactly one intent: the others are typed `never`, so two intents in one literal do not compile. */
export type RedirectIntent = {
  [K in RedirectIntentName]: { [P in K]: RedirectIntents[P] } & {
    [P in Exclude<RedirectIntentName, K>]?: never;
  };
}[RedirectIntentName];

export interface RedirectCallbacks {
  thankYouPageUrl?: string;
  postFlowUrl?: string;
  loginUrl?: string;
  bookingsServiceListUrl?: string;
  cartPageUrl?: string;
  planListUrl?: string;
}

export interface RedirectPreferences {
  useGenericAislePages?: boolean;
  maintainIdentity?: boolean;
  additionalQueryParameters?: Record<string, string>;
  checkIfPublish?: boolean;
}

export type CreateRedirectSessionRequest = RedirectIntent & {
  callbacks?: RedirectCallbacks;
  preferences?: RedirectPreferences;
  origin?: string;
};

export interface RedirectSession {
  id?: string;
  /** Navigate to it as is (page redirect or hidden frame). */
  fullUrl: string;
  urlDetails?: { endpoint?: string; searchParams?: Record<string, string> };
  sessionToken?: string;
  shortUrl?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Wire → client conversions (dates only; the wire has no floats to map here)
// ---------------------------------------------------------------------------------------------------------

/** `dateValue` to Date, recursively through `listValue` and `mapValue`; pure. */
export function customValueFromWire(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = { ...value };
  if ('dateValue' in value) out.dateValue = toDate(value.dateValue);
  const list = value.listValue;
  if (isRecord(list) && Array.isArray(list.value)) {
    out.listValue = { ...list, value: list.value.map(customValueFromWire) };
  }
  const map = value.mapValue;
  if (isRecord(map) && isRecord(map.value)) {
    out.mapValue = { ...map, value: mapRecord(map.value, customValueFromWire) };
  }
  return out;
}

function mapRecord(
  record: Record<string, unknown>,
  fn: (value: unknown) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}

/** Identity `createdDate`/`updatedDate` and profile custom-field dates; pure. */
export function identityFromWire(identity: unknown): unknown {
  const dated = applyTransform(identity, { dates: ['createdDate', 'updatedDate'] });
  return mapAtPath(dated, ['identityProfile', 'customFields', 'value'], customValueFromWire);
}

/** A StateMachine response: its identity and `additionalData` custom values; pure. */
export function stateMachineFromWire(body: unknown): unknown {
  const converted = mapAtPath(body, ['identity'], identityFromWire);
  return mapAtPath(converted, ['additionalData'], (data) =>
    isRecord(data) ? mapRecord(data, customValueFromWire) : data,
  );
}

/** A converted StateMachine response, typed. */
export const toStateMachine = (body: unknown): StateMachine => stateMachineFromWire(body) as StateMachine;

/** A converted Identity, typed. */
export const toIdentity = (identity: unknown): Identity => identityFromWire(identity) as Identity;
