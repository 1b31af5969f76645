import { isRecord } from './values.ts';

/** Rule kinds a field violation can report (SPEC §5). */
export const VIOLATED_RULES = [
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
  'EXACT_LENGTH',
  'EXACT_SIZE',
  'REQUIRED_ONE_OF_FIELD',
] as const;

export type ViolatedRule = (typeof VIOLATED_RULES)[number];

const RULES: ReadonlySet<string> = new Set(VIOLATED_RULES);

function isViolatedRule(value: unknown): value is ViolatedRule {
  return typeof value === 'string' && RULES.has(value);
}

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: ViolatedRule;
  ruleName?: string;
  data?: Record<string, unknown>;
}

export interface ApplicationErrorDetails {
  code: string | number;
  description: string;
  data?: unknown;
}

/** The `details` of a wire error body, kept as sent (or synthesised in the same shape). */
export interface ErrorDetails {
  applicationError?: ApplicationErrorDetails;
  validationError?: { fieldViolations: FieldViolation[] };
}

export type ErrorKind = 'validation' | 'application' | 'system';

export interface AisleErrorInit {
  message: string;
  kind: ErrorKind;
  status?: number | undefined;
  code?: string | number | undefined;
  description?: string | undefined;
  data?: unknown;
  details?: ErrorDetails | undefined;
  requestId?: string | undefined;
  body?: unknown;
  cause?: unknown;
}

/** Every failure of an SDK call; status, code, details and request id are always kept. */
export class AisleError extends Error {
  override name = 'AisleError';
  readonly kind: ErrorKind;
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  readonly code: string | number | undefined;
  readonly description: string | undefined;
  readonly data: unknown;
  readonly details: ErrorDetails | undefined;
  readonly requestId: string | undefined;
  /** The parsed response body (text when it was not JSON). */
  readonly body: unknown;

  constructor(init: AisleErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.description = init.description;
    this.data = init.data;
    this.details = init.details;
    this.requestId = init.requestId;
    this.body = init.body;
  }
}

/** The server rejected fields of the request (`details.validationError`). */
export class AisleValidationError extends AisleError {
  override name = 'AisleValidationError';
  readonly fieldViolations: FieldViolation[];

  constructor(init: AisleErrorInit & { fieldViolations: FieldViolation[] }) {
    super(init);
    this.fieldViolations = init.fieldViolations;
  }
}

/** An application error, sent by the server or synthesised from a bare non-200 response. */
export class AisleApplicationError extends AisleError {
  override name = 'AisleApplicationError';
}

/** No usable response: network failure, unreadable body. */
export class AisleSystemError extends AisleError {
  override name = 'AisleSystemError';
}

/** A client-side id for failures that never got one from the server. */
export function createRequestId(): string {
  const random = globalThis.crypto?.randomUUID;
  if (typeof random === 'function') return random.call(globalThis.crypto);
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

function compareFields(a: FieldViolation, b: FieldViolation): number {
  return a.field < b.field ? -1 : a.field > b.field ? 1 : 0;
}

/** `"field" description, "field2" ...`, sorted by field (SPEC §5). */
export function formatViolations(violations: readonly FieldViolation[]): string {
  return [...violations]
    .sort(compareFields)
    .map((violation) => `"${violation.field}" ${violation.description}`)
    .join(', ');
}

/** `<message>: <description>`, or just one of them when equal or the other is missing. */
export function joinMessage(message: string, description: string): string {
  if (!message || message === description) return description;
  return description ? `${message}: ${description}` : message;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readViolations(value: unknown): FieldViolation[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.fieldViolations)) return undefined;
  return value.fieldViolations.filter(isRecord).map((item) => {
    const violation: FieldViolation = { field: text(item.field), description: text(item.description) };
    if (isViolatedRule(item.violatedRule)) violation.violatedRule = item.violatedRule;
    if (typeof item.ruleName === 'string') violation.ruleName = item.ruleName;
    if (isRecord(item.data)) violation.data = item.data;
    return violation;
  });
}

export interface ErrorResponse {
  status: number;
  statusText: string;
  body: unknown;
  requestId: string | undefined;
}

/** Maps a non-200 response to the error the caller sees (wire §5). */
export function errorFromResponse({ status, statusText, body, requestId }: ErrorResponse): AisleError {
  const details = isRecord(body) && isRecord(body.details) ? body.details : undefined;
  const bodyMessage = isRecord(body) ? text(body.message) : '';
  const fieldViolations = readViolations(details?.validationError);
  if (fieldViolations) {
    const joined = formatViolations(fieldViolations) || bodyMessage;
    return new AisleValidationError({
      kind: 'validation',
      message: joined ? `INVALID_ARGUMENT: ${joined}` : 'INVALID_ARGUMENT',
      status,
      code: 'INVALID_ARGUMENT',
      description: joined,
      details: { validationError: { fieldViolations } },
      fieldViolations,
      requestId,
      body,
    });
  }
  const application = details?.applicationError;
  if (isRecord(application)) {
    const code = typeof application.code === 'number' ? application.code : text(application.code);
    const description = text(application.description);
    return new AisleApplicationError({
      kind: 'application',
      message: joinMessage(bodyMessage, description) || statusText || `HTTP ${status}`,
      status,
      code,
      description,
      data: application.data,
      details: { applicationError: { code, description, data: application.data } },
      requestId,
      body,
    });
  }
  // Neither detail: synthesise an application error so callers see one shape (wire §5).
  const title = statusText || `HTTP ${status}`;
  const description = bodyMessage || title;
  const data = { requestId, details: body };
  return new AisleApplicationError({
    kind: 'application',
    message: joinMessage(title, description),
    status,
    code: status,
    description,
    data,
    details: { applicationError: { code: status, description, data } },
    requestId,
    body,
  });
}

/** No response (or an unusable one): `System error occurred, request-id: <id>`. */
export function systemError(requestId: string | undefined, cause: unknown): AisleSystemError {
  const id = requestId ?? createRequestId();
  return new AisleSystemError({
    kind: 'system',
    message: `System error occurred, request-id: ${id}`,
    requestId: id,
    cause,
  });
}
