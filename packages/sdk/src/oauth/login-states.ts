import { AisleError } from '../core/errors.ts';
import { isRecord } from '../core/values.ts';
import type { MfaChallenge, StateMachine } from '../modules/identity-types.ts';
import { IDENTITY_ERROR_CODES, LoginErrorCode, LoginState } from './constants.ts';

export type CaptchaVariant = 'VISIBLE' | 'INVISIBLE';

/**
 * What the server asked for in a captcha error's `applicationError.data.captcha`: either a variant string
 * (`'visible'`/`'invisible'`, any case) or an object `{variant, difficulty, …}` (Aisle's proof-of-work captcha).
 * Extra keys are kept as sent.
 */
export interface CaptchaRequirement {
  variant: CaptchaVariant;
  difficulty?: number;
  [key: string]: unknown;
}

export type LoginResult =
  | { loginState: 'INITIAL' }
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | {
      loginState: 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED';
      /** Always `missingCaptchaToken`: a captcha state is the server's -19971 with a captcha requirement. */
      errorCode: 'missingCaptchaToken';
      error: string;
      captcha: CaptchaRequirement;
    }
  | {
      loginState: 'FAILURE';
      error: string;
      errorCode?: LoginErrorCode;
      /** Set on captcha errors that named a variant (an invalid token: solve a new captcha of that variant). */
      captcha?: CaptchaRequirement;
      /** The server's response when its state was not one the client handles (e.g. STATUS_CHECK). */
      response?: StateMachine;
      /** Set when the unknown state is a second-factor step (`STATUS_CHECK` with a challenge). */
      mfa?: MfaChallenge;
      /** The call's error, when the failure came from one. */
      cause?: AisleError;
    };

export type FailureResult = Extract<LoginResult, { loginState: 'FAILURE' }>;
/** The second-factor challenge of a `STATUS_CHECK` response, when it has a state token and a factor. */
export function mfaChallengeOf(response: StateMachine): MfaChallenge | undefined {
  const data = response.mfaChallengeData;
  if (response.state !== 'STATUS_CHECK' || !response.stateToken || !data?.factorType) return undefined;
  const hint = data.verificationChallengeData?.hint ?? '';
  const available = (data.availableFactors ?? []).flatMap((factor) =>
    factor.factorType ? [{ factorType: factor.factorType, hint: factor.hint ?? '' }] : [],
  );
  if (!available.some((factor) => factor.factorType === data.factorType))
    available.unshift({ factorType: data.factorType, hint });
  const webAuthnOptions = data.verificationChallengeData?.webAuthnOptions;
  return {
    factorType: data.factorType,
    hint,
    availableFactors: available,
    stateToken: response.stateToken,
    ...(webAuthnOptions ? { webAuthnOptions } : {}),
  };
}

/** Maps a StateMachine response to a client login state (wire/oauth-and-identity.md §3). */
export function loginResultFromState(response: StateMachine): LoginResult {
  switch (response.state) {
    case 'SUCCESS':
      if (response.sessionToken) {
        return { loginState: LoginState.SUCCESS, data: { sessionToken: response.sessionToken } };
      }
      break;
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: LoginState.OWNER_APPROVAL_REQUIRED };
    case 'REQUIRE_EMAIL_VERIFICATION':
      if (response.stateToken) {
        return {
          loginState: LoginState.EMAIL_VERIFICATION_REQUIRED,
          data: { stateToken: response.stateToken },
        };
      }
      break;
  }
  const mfa = mfaChallengeOf(response);
  return { loginState: LoginState.FAILURE, error: 'Unknown _state', response, ...(mfa ? { mfa } : {}) };
}

/** `captcha` of an application error's data, when it names a variant. */
export function captchaRequirement(data: unknown): CaptchaRequirement | undefined {
  if (!isRecord(data)) return undefined;
  const captcha = data.captcha;
  const raw = isRecord(captcha) ? captcha.variant : captcha;
  const variant = typeof raw === 'string' ? raw.toUpperCase() : undefined;
  if (variant !== 'VISIBLE' && variant !== 'INVISIBLE') return undefined;
  return { ...(isRecord(captcha) ? captcha : {}), variant };
}

function applicationCode(error: AisleError): string | undefined {
  const code = error.details?.applicationError?.code;
  return code === undefined ? undefined : String(code);
}

function failure(
  error: AisleError,
  errorCode?: LoginErrorCode,
  message: string = error.message,
): FailureResult {
  const result: FailureResult = { loginState: LoginState.FAILURE, error: message, cause: error };
  if (errorCode) result.errorCode = errorCode;
  return result;
}

/** -19971 / -19970, shared by register and login; undefined for other errors. */
function captchaResult(error: AisleError): LoginResult | undefined {
  const code = applicationCode(error);
  if (code !== IDENTITY_ERROR_CODES.MISSING_CAPTCHA && code !== IDENTITY_ERROR_CODES.INVALID_CAPTCHA)
    return undefined;
  const captcha = captchaRequirement(error.data);
  if (code === IDENTITY_ERROR_CODES.MISSING_CAPTCHA && captcha) {
    return {
      loginState:
        captcha.variant === 'VISIBLE' ? LoginState.USER_CAPTCHA_REQUIRED : LoginState.SILENT_CAPTCHA_REQUIRED,
      errorCode: LoginErrorCode.MISSING_CAPTCHA_TOKEN,
      error: error.message,
      captcha,
    };
  }
  const result = failure(
    error,
    code === IDENTITY_ERROR_CODES.MISSING_CAPTCHA
      ? LoginErrorCode.MISSING_CAPTCHA_TOKEN
      : LoginErrorCode.INVALID_CAPTCHA_TOKEN,
  );
  if (captcha) result.captcha = captcha;
  return result;
}

/** A failed register call as a login state (wire §4); rethrows what is not a server answer. */
export function registerFailure(error: unknown): LoginResult {
  if (!(error instanceof AisleError) || error.kind === 'system') throw error;
  const emailViolation = error.details?.validationError?.fieldViolations.find(
    (violation) => violation.data?.type === 'EMAIL',
  );
  if (emailViolation) return failure(error, LoginErrorCode.INVALID_EMAIL, emailViolation.description);
  const captcha = captchaResult(error);
  if (captcha) return captcha;
  if (applicationCode(error) === IDENTITY_ERROR_CODES.EMAIL_ALREADY_EXISTS) {
    return failure(error, LoginErrorCode.EMAIL_ALREADY_EXISTS);
  }
  return failure(error);
}

/** A failed login call as a login state (wire §4): any unrecognised server error is `invalidEmail`. */
export function loginFailure(error: unknown): LoginResult {
  if (!(error instanceof AisleError) || error.kind === 'system') throw error;
  const captcha = captchaResult(error);
  if (captcha) return captcha;
  switch (applicationCode(error)) {
    case IDENTITY_ERROR_CODES.INVALID_PASSWORD:
      return failure(error, LoginErrorCode.INVALID_PASSWORD);
    case IDENTITY_ERROR_CODES.RESET_PASSWORD:
      return failure(error, LoginErrorCode.RESET_PASSWORD);
    default:
      return failure(error, LoginErrorCode.INVALID_EMAIL);
  }
}

/** A failed verification call: a FAILURE carrying the server's message, no errorCode. */
export function verificationFailure(error: unknown): FailureResult {
  if (!(error instanceof AisleError) || error.kind === 'system') throw error;
  return failure(error);
}
