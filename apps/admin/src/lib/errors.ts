import { AisleError } from '@aisle/sdk';
import { type ShownError, showError } from '../../../storefront/src/lib/errors.ts';

export type { ShownError };

/** A failed admin call as the merchant reads it: the storefront's wording, but a refused key says so. */
export function adminError(error: unknown, fallback?: string): ShownError {
  const shown = showError(error, fallback);
  if (error instanceof AisleError && (error.status === 401 || error.status === 403)) {
    return { ...shown, message: 'The admin API key was refused. Sign out and sign in with a valid key.' };
  }
  return shown;
}

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
