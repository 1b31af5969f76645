/** Rule names of wire/README.md §5. */
export type ViolatedRule =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT'
  | 'EXACT_LENGTH'
  | 'EXACT_SIZE'
  | 'REQUIRED_ONE_OF_FIELD';

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  ruleName?: string;
  data: Record<string, unknown>;
}

/** An expected business failure: becomes `details.applicationError` on the wire. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'AppError';
  }
}

/** A request that breaks field rules: becomes `details.validationError` on the wire. */
export class ValidationFailure extends Error {
  constructor(readonly violations: FieldViolation[]) {
    super(violations.map((v) => `"${v.field}" ${v.description}`).join(', '));
    this.name = 'ValidationFailure';
  }
}

export const invalid = (
  field: string,
  description: string,
  violatedRule: ViolatedRule = 'VALIDATION',
  data: Record<string, unknown> = {},
) => new ValidationFailure([{ field, description, violatedRule, data }]);

export const notFound = (code: string, description: string, data?: Record<string, unknown>) =>
  new AppError(404, code, description, data);
export const conflict = (code: string, description: string, data?: Record<string, unknown>) =>
  new AppError(409, code, description, data);
export const badRequest = (code: string, description: string, data?: Record<string, unknown>) =>
  new AppError(400, code, description, data);
export const unauthenticated = (description = 'Missing or invalid credentials') =>
  new AppError(401, 'UNAUTHENTICATED', description);
export const forbidden = (description = 'Not allowed for this caller', data?: Record<string, unknown>) =>
  new AppError(403, 'FORBIDDEN', description, data);
/**
 * 503 with `Retry-After`: PostgreSQL aborted the request's transaction for a deadlock or serialization failure
 * with concurrent writes, and `runTransaction` did not run it again. Nothing of it was kept in the database.
 */
export const transactionConflict = () =>
  new AppError(
    503,
    'TRANSACTION_CONFLICT',
    'The request collided with concurrent changes and was not applied; retry it',
    { retryAfterSeconds: 1 },
    { 'retry-after': '1' },
  );

export interface ErrorBody {
  message: string;
  details:
    | { applicationError: { code: string; description: string; data: Record<string, unknown> } }
    | { validationError: { fieldViolations: FieldViolation[] } };
}

export function applicationErrorBody(
  code: string,
  description: string,
  data: Record<string, unknown> = {},
): ErrorBody {
  return { message: description, details: { applicationError: { code, description, data } } };
}

export function validationErrorBody(violations: FieldViolation[]): ErrorBody {
  const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return { message: 'INVALID_ARGUMENT', details: { validationError: { fieldViolations: sorted } } };
}
