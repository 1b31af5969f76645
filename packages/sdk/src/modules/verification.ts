import type { Http } from '../core/transport.ts';
import { type StateMachine, toStateMachine } from './identity-types.ts';

/** Public prefix of the verification service. */
export const VERIFICATION_PATH = '/_api/iam/verification';

export interface StartVerificationRequest {
  identityId: string;
  target?: 'EMAIL';
}

export interface VerifyDuringAuthenticationRequest {
  /** The code the member received. */
  code: string;
  /** From the EMAIL_VERIFICATION_REQUIRED step. */
  stateToken: string;
}

/** E-mail verification codes, standalone or as a sign-in step (wire/oauth-and-identity.md §3). */
export const verification = (http: Http) => ({
  /** Mails a code to the identity's address. */
  start: (request: StartVerificationRequest): Promise<{ verificationId?: string }> =>
    http.request<{ verificationId?: string }>({
      method: 'POST',
      path: `${VERIFICATION_PATH}/v1/start`,
      data: { target: 'EMAIL', ...request },
    }),

  /** Completes a REQUIRE_EMAIL_VERIFICATION sign-in step. */
  verifyDuringAuthentication: (request: VerifyDuringAuthenticationRequest): Promise<StateMachine> =>
    http
      .request<unknown>({ method: 'POST', path: `${VERIFICATION_PATH}/v1/auth/verify`, data: request })
      .then(toStateMachine),

  /** Sends a new code for a pending sign-in step. */
  resendDuringAuthentication: (stateToken: string): Promise<StateMachine> =>
    http
      .request<unknown>({ method: 'POST', path: `${VERIFICATION_PATH}/v1/auth/resend`, data: { stateToken } })
      .then(toStateMachine),
});

export type VerificationModule = ReturnType<typeof verification>;
