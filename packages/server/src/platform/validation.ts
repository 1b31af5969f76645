import type { FieldViolation, ViolatedRule } from './errors.ts';

/** The subset of an ajv error that Fastify hands to its error handler. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

const RULES: Record<string, ViolatedRule> = {
  required: 'REQUIRED_FIELD',
  enum: 'INVALID_ENUM_VALUE',
  const: 'INVALID_ENUM_VALUE',
  maxLength: 'MAX_LENGTH',
  minLength: 'MIN_LENGTH',
  maximum: 'MAX',
  exclusiveMaximum: 'MAX',
  minimum: 'MIN',
  exclusiveMinimum: 'MIN',
  maxItems: 'MAX_SIZE',
  minItems: 'MIN_SIZE',
  maxProperties: 'MAX_SIZE',
  minProperties: 'MIN_SIZE',
  format: 'FORMAT',
  pattern: 'FORMAT',
  additionalProperties: 'FIELD_NOT_ALLOWED',
  oneOf: 'ONE_OF_ALIGNMENT',
  anyOf: 'ONE_OF_ALIGNMENT',
  type: 'VALIDATION',
};

/** `['lineItems', 0, 'quantity']` → `lineItems[0].quantity` (digit-only keys read as indexes). */
export function joinFieldPath(parts: ReadonlyArray<string | number>): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'number' || /^\d+$/.test(part)) out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** `/lineItems/0/quantity` → `lineItems[0].quantity` */
export function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  return joinFieldPath(parts);
}

function describe(error: SchemaError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'type':
      return `must be ${String(p.type)}`;
    case 'additionalProperties':
      return 'is not allowed';
    default:
      return error.message ?? 'is invalid';
  }
}

/** Map schema errors of one request part to wire field violations (one per field, first error wins). */
export function toFieldViolations(errors: SchemaError[], context?: string): FieldViolation[] {
  const seen = new Set<string>();
  const out: FieldViolation[] = [];
  for (const error of errors) {
    const extra =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(error.params.additionalProperty)
          : undefined;
    let field = fieldPath(error.instancePath, extra);
    if (!field) field = context === 'body' || !context ? 'body' : context;
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({
      field,
      description: describe(error),
      violatedRule: RULES[error.keyword] ?? 'VALIDATION',
      ruleName: error.keyword,
      data: { ...error.params },
    });
  }
  return out;
}
