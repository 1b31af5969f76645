import { mapAtPath } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import {
  type CaptchaToken,
  type FactorType,
  type Identity,
  type IdentityProfile,
  identityFromWire,
  type LoginId,
  type PasskeyRequestOptions,
  type PasskeyResponse,
  type StateMachine,
  toStateMachine,
} from './identity-types.ts';

/** Public prefix of the authentication service (also mapped: `/iam/authentication`). */
export const AUTHENTICATION_PATH = '/_api/iam/authentication';

export interface RegisterRequest {
  loginId: LoginId;
  password: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
}

export interface LoginRequest {
  loginId: LoginId;
  password: string;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
  stateToken?: string;
}

export interface SignOnRequest {
  loginId: LoginId;
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

export interface SignOnResponse {
  sessionToken?: string;
  identity?: Identity;
}

export interface ValidateEmailResponse {
  valid?: boolean;
  failure?: string;
  formatInvalid?: boolean;
}

/** One factor's data: `totpData` for TOTP, `emailData` for EMAIL, and so on. */
export interface VerifyFactorRequest {
  /** Absent only for a passwordless passkey sign-in (`WEBAUTHN` with `webauthnData`). */
  stateToken?: string;
  /**
   * Aisle sets an HttpOnly cookie of its own origin that skips the second factor for 30 days: it works when
   * the calls reach the store's origin from a browser (e.g. the storefront it serves).
   */
  rememberThisDevice?: boolean;
  smsData?: { code: string };
  callData?: { code: string };
  emailData?: { code: string };
  totpData?: { code: string };
  pushData?: { transactionId: string };
  /** Aisle, WEBAUTHN: what `startAuthentication` of `@simplewebauthn/browser` returned. */
  webauthnData?: { response: PasskeyResponse };
}

export interface LogoutUrlOptions {
  /** Where the browser lands after the session ended; must be allowed for the client. */
  postLogoutRedirectUri?: string;
  clientId?: string;
}

/** `POST …/v2/{factorType}/<step>` of a second-factor step (send a code, verify one). */
const factorStep = (http: Http, factorType: FactorType, step: 'send' | 'verify', request: object) =>
  http
    .request<unknown>({
      method: 'POST',
      path: `${AUTHENTICATION_PATH}/v2/{factorType}/${step}`,
      data: { ...request, factorType },
    })
    .then(toStateMachine);
/**
 * Member sign-up and sign-in (wire/oauth-and-identity.md §3). Calls return the server's StateMachine as is;
 * `OAuthStrategy.register`/`login` map it to client login states and turn session tokens into member tokens.
 */
export const authentication = (http: Http) => ({
  register: (request: RegisterRequest): Promise<StateMachine> =>
    http
      .request<unknown>({ method: 'POST', path: `${AUTHENTICATION_PATH}/v2/register`, data: request })
      .then(toStateMachine),

  login: (request: LoginRequest): Promise<StateMachine> =>
    http
      .request<unknown>({ method: 'POST', path: `${AUTHENTICATION_PATH}/v2/login`, data: request })
      .then(toStateMachine),

  /** Needs a member token. */
  changePassword: async (newPassword: string): Promise<void> => {
    await http.request({
      method: 'POST',
      path: `${AUTHENTICATION_PATH}/v2/change-password`,
      data: { newPassword },
    });
  },

  /**
   * Trusted sign-on for a server holding an API key: the client's auth must send
   * `Authorization: <token>,<api key>` (pass `headers` to override it for this call).
   */
  signOn: (request: SignOnRequest, headers?: Record<string, string>): Promise<SignOnResponse> =>
    http
      .request<unknown>({ method: 'POST', path: `${AUTHENTICATION_PATH}/v2/sign-on`, data: request, headers })
      .then((body) => mapAtPath(body, ['identity'], identityFromWire) as SignOnResponse),

  validateEmail: (email: string): Promise<ValidateEmailResponse> =>
    http.request<ValidateEmailResponse>({
      method: 'POST',
      path: `${AUTHENTICATION_PATH}/v2/validate-email`,
      data: { email },
    }),

  /**
   * Sends a new code by `factorType` (SMS, CALL, EMAIL) for a second-factor step, switching the step to that
   * factor when it asked for another; TOTP switches without a send. Aisle answers 429 (`THROTTLED_FEATURE`,
   * `Retry-After`) within 30 seconds of the last code and after five codes.
   */
  sendFactorCode: (factorType: FactorType, request: { stateToken: string }): Promise<StateMachine> =>
    factorStep(http, factorType, 'send', request),

  /** Completes a second-factor step (`STATUS_CHECK`) with the factor's code. */
  verify: (factorType: FactorType, request: VerifyFactorRequest): Promise<StateMachine> =>
    factorStep(http, factorType, 'verify', request),

  /**
   * Passwordless sign-in, step 1 (Aisle): options for any passkey of the store. Hand them to
   * `startAuthentication({optionsJSON})` of `@simplewebauthn/browser`, then send its answer with
   * `verify('WEBAUTHN', {webauthnData: {response}})` (no state token) → `SUCCESS` with a session token.
   */
  passkeyOptions: (): Promise<PasskeyRequestOptions> =>
    http
      .request<{ webAuthnOptions: PasskeyRequestOptions }>({
        method: 'POST',
        path: `${AUTHENTICATION_PATH}/v2/WEBAUTHN/options`,
        data: {},
      })
      .then((response) => response.webAuthnOptions),

  /** The logout endpoint as a URL to navigate the browser to (it ends the session and redirects). */
  getLogoutUrl: (options: LogoutUrlOptions = {}): string =>
    http.url(`${AUTHENTICATION_PATH}/v1/logout`, options),
});

export type AuthenticationModule = ReturnType<typeof authentication>;
