// Test-only helper (excluded from the build): what a call that must fail fails with.
import type { AisleError } from '../core/errors.ts';

/** What `promise` rejects with, as the SDK's error (fails the test when it resolves). */
export const rejection = (promise: Promise<unknown>): Promise<AisleError> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as AisleError,
  );
