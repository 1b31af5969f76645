/** For the engines' unit tests (not used by production code): what a validation refused. */
import { type FieldViolation, ValidationFailure } from './errors.ts';

/** Field and rule of each violation `run` throws (a `ValidationFailure`); none when it does not throw. */
export function violationsOf(run: () => unknown): Array<[string, string]> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationFailure) return error.violations.map((v) => [v.field, v.violatedRule]);
    throw error;
  }
  return [];
}

/** The violations of the `ValidationFailure` that `run` must throw: nothing thrown, or anything else, fails the test. */
export function thrownViolations(run: () => unknown): FieldViolation[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationFailure) return error.violations;
    throw error;
  }
  throw new Error('expected a ValidationFailure, nothing was thrown');
}
