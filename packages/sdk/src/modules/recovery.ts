import type { Http } from '../core/transport.ts';
import { type StateMachine, toStateMachine } from './identity-types.ts';

/** Public prefix of the recovery service (custom-host alias: `/_iam/recovery`). */
export const RECOVERY_PATH = '/_api/iam/recovery';

/** Where the link in the e-mail leads; the server only accepts URLs allowed for `clientId`. */
export interface RecoveryRedirect {
  url: string;
  clientId?: string;
}

export interface SendRecoveryEmailRequest {
  email: string;
  language?: string;
  redirect?: RecoveryRedirect;
}

export interface SendActivationEmailRequest {
  identityId: string;
  emailOptions?: { language?: string; redirect?: RecoveryRedirect };
}

export interface RecoverRequest {
  /** From the recovery link. */
  recoveryToken: string;
  /** The new password. */
  password: string;
}

/** Password reset and account activation e-mails (wire/oauth-and-identity.md §3). */
export const recovery = (http: Http) => ({
  sendRecoveryEmail: async (request: SendRecoveryEmailRequest): Promise<void> => {
    await http.request({ method: 'POST', path: `${RECOVERY_PATH}/v1/send-email`, data: request });
  },

  sendActivationEmail: async (request: SendActivationEmailRequest): Promise<void> => {
    await http.request({ method: 'POST', path: `${RECOVERY_PATH}/v1/activation-email`, data: request });
  },

  /** Sets a new password with the token of the recovery link; SUCCESS carries a session token. */
  recover: (request: RecoverRequest): Promise<StateMachine> =>
    http
      .request<unknown>({ method: 'POST', path: `${RECOVERY_PATH}/v1/recover`, data: request })
      .then(toStateMachine),
});

export type RecoveryModule = ReturnType<typeof recovery>;
