import { AisleError, AisleValidationError } from '@aisle/sdk';
import { type ShownError, showError } from '../../../storefront/src/lib/errors.ts';

export type { ShownError };

/** A failed admin call as the merchant reads it: the storefront's wording, but a refused key says so. */
export function adminError(error: unknown, fallback?: string): ShownError {
  const shown = showError(error, fallback);
  if (error instanceof AisleError && error.status === 403) {
    return { ...shown, message: 'Your role does not allow this. Ask an owner of the store.' };
  }
  if (error instanceof AisleError && error.status === 401) {
    return { ...shown, message: 'Your sign-in was refused or has ended. Sign out and sign in again.' };
  }
  return shown;
}

/**
 * A failed save of a form: the server's field violations keyed by the form's field names (`formField` maps a
 * violation's path), each to stand next to its field; the alert only says where to look.
 */
export function formError(error: unknown, formField: (path: string) => string): ShownError {
  const shown = adminError(error);
  if (!(error instanceof AisleValidationError)) return shown;
  const fields: Record<string, string> = {};
  for (const v of error.fieldViolations) fields[formField(v.field)] ??= v.description;
  return { ...shown, message: CHECK_FIELDS, fields };
}

/** What the alert of a form with field errors says. */
export const CHECK_FIELDS = 'Please correct the fields marked below.';

/** The message for a key the sign-in check refused. */
export function signInError(error: unknown): ShownError {
  if (error instanceof AisleError && (error.status === 401 || error.status === 403)) {
    return {
      message: 'This is not a valid admin API key. Check the key the server printed at its first start.',
      ...(error.requestId ? { requestId: error.requestId } : {}),
    };
  }
  return showError(error);
}

/**
 * A failed sign-in, owner set-up or account form: field violations next to their fields, otherwise the
 * server's own sentence (written for people: "Wrong e-mail address or password"), not a session message.
 */
export function accountFormError(error: unknown): ShownError {
  if (error instanceof AisleValidationError) return formError(error, (path) => path);
  if (error instanceof AisleError && error.kind !== 'system' && error.status !== 429 && error.description)
    return { message: error.description, ...(error.requestId ? { requestId: error.requestId } : {}) };
  return showError(error);
}

/** The field messages of an action's answer, if it failed with some. */
export function fieldErrors(result: { error?: ShownError | undefined } | object | undefined) {
  return result && 'error' in result ? result.error?.fields : undefined;
}
