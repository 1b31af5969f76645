import { AisleError, AisleValidationError, type LoginResult } from '@aisle/sdk';

/** What a page shows for a failed call: one sentence, per-field messages and the request id for support. */
export interface ShownError {
  message: string;
  fields?: Record<string, string>;
  requestId?: string;
}

const FIELD_NAMES: Record<string, string> = {
  'loginId.email': 'E-mail',
  email: 'E-mail',
  password: 'Password',
  newPassword: 'Password',
  'profile.firstName': 'First name',
  'profile.lastName': 'Last name',
};

function fieldLabel(field: string): string {
  return FIELD_NAMES[field] ?? field.replace(/^profile\./, '').replace(/\[(\d+)\]/g, ' $1');
}

/** A readable message for anything a loader or action can throw, keeping the SDK's request id. */
export function showError(error: unknown, fallback = 'Something went wrong. Please try again.'): ShownError {
  if (error instanceof AisleValidationError) {
    const fields: Record<string, string> = {};
    for (const violation of error.fieldViolations) fields[violation.field] = violation.description;
    const first = error.fieldViolations[0];
    const message = first
      ? `${fieldLabel(first.field)} ${first.description}`.replace(/^(\w)/, (c) => c.toUpperCase())
      : 'Please check the form and try again.';
    return { message, fields, ...(error.requestId ? { requestId: error.requestId } : {}) };
  }
  if (error instanceof AisleError) {
    const message =
      error.kind === 'system'
        ? 'We could not reach the store. Check your connection and try again.'
        : error.status === 429
          ? 'Too many attempts. Please wait a few minutes and try again.'
          : error.status === 401 || error.status === 403
            ? 'Your session has ended. Please sign in again.'
            : (error.description ?? error.message);
    return { message, ...(error.requestId ? { requestId: error.requestId } : {}) };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: fallback };
}

const LOGIN_MESSAGES: Record<string, string> = {
  invalidPassword: 'The e-mail address or the password is not right.',
  resetPassword: 'This account has no password yet. Use “Forgot password?” to choose one.',
  emailAlreadyExists: 'An account with this e-mail address already exists. Sign in instead.',
  invalidCaptchaToken: 'The robot check did not pass. Please try again.',
  missingCaptchaToken: 'Please confirm you are not a robot, then try again.',
};

/** The message for a FAILURE login state (sign in, register, code steps). */
export function loginFailureMessage(result: Extract<LoginResult, { loginState: 'FAILURE' }>): ShownError {
  const requestId = result.cause?.requestId;
  const known = result.errorCode ? LOGIN_MESSAGES[result.errorCode] : undefined;
  const cause = result.cause ? showError(result.cause) : undefined;
  // `invalidEmail` is the SDK's bucket for every other login error: the server's own words say more.
  const message =
    known ??
    cause?.message ??
    (result.error === 'Unknown _state' ? 'This sign-in step is not supported.' : result.error);
  return { message, ...(cause?.fields ? { fields: cause.fields } : {}), ...(requestId ? { requestId } : {}) };
}
