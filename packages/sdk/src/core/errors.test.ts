import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleError,
  AisleSystemError,
  AisleValidationError,
  createRequestId,
  errorFromResponse,
  formatViolations,
  systemError,
} from './errors.ts';

const response = (
  status: number,
  body: unknown,
  statusText = 'Bad Request',
  requestId: string | undefined = 'req-1',
) => ({
  status,
  statusText,
  body,
  requestId,
});

describe('errorFromResponse: validationError', () => {
  const body = {
    message: 'invalid',
    details: {
      validationError: {
        fieldViolations: [
          {
            field: 'product.name',
            description: 'must not be empty',
            violatedRule: 'REQUIRED_FIELD',
            data: {},
          },
          {
            field: 'id',
            description: 'is not a uuid',
            violatedRule: 'FORMAT',
            ruleName: 'UUID',
            data: { x: 1 },
          },
          {
            field: 'limit',
            description: 'must be at most 100',
            violatedRule: 'MAX',
            data: { threshold: 100 },
          },
        ],
      },
    },
  };
  const error = errorFromResponse(response(400, body));

  it('formats INVALID_ARGUMENT with violations sorted by field', () => {
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "id" is not a uuid, "limit" must be at most 100, "product.name" must not be empty',
    );
  });

  it('keeps status, code, request id and the violations', () => {
    expect(error).toBeInstanceOf(AisleValidationError);
    expect(error).toBeInstanceOf(AisleError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      kind: 'validation',
      status: 400,
      code: 'INVALID_ARGUMENT',
      requestId: 'req-1',
      body,
    });
    expect(error.details?.validationError?.fieldViolations).toEqual(
      body.details.validationError.fieldViolations,
    );
    expect(error instanceof AisleValidationError && error.fieldViolations[1]).toEqual({
      field: 'id',
      description: 'is not a uuid',
      violatedRule: 'FORMAT',
      ruleName: 'UUID',
      data: { x: 1 },
    });
  });

  it('drops rule names it does not know rather than mistyping them', () => {
    const odd = errorFromResponse(
      response(400, {
        details: {
          validationError: { fieldViolations: [{ field: 'a', description: 'b', violatedRule: 'NOPE' }] },
        },
      }),
    );
    expect(odd instanceof AisleValidationError && odd.fieldViolations).toEqual([
      { field: 'a', description: 'b' },
    ]);
  });

  it('falls back to the body message when no violation is listed', () => {
    const empty = errorFromResponse(
      response(400, { message: 'bad input', details: { validationError: { fieldViolations: [] } } }),
    );
    expect(empty.message).toBe('INVALID_ARGUMENT: bad input');
  });
});

describe('formatViolations', () => {
  it.each([
    [[], ''],
    [[{ field: 'b', description: 'x' }], '"b" x'],
    [
      [
        { field: 'b', description: '2' },
        { field: 'a', description: '1' },
        { field: 'B', description: '0' },
      ],
      '"B" 0, "a" 1, "b" 2',
    ],
  ])('%j → %s', (violations, expected) => {
    expect(formatViolations(violations)).toBe(expected);
  });
});

describe('errorFromResponse: applicationError', () => {
  it.each([
    {
      message: 'Cart not found',
      description: 'No cart for visitor',
      expected: 'Cart not found: No cart for visitor',
    },
    { message: 'Same text', description: 'Same text', expected: 'Same text' },
    { message: undefined, description: 'Only description', expected: 'Only description' },
    { message: 'Only message', description: undefined, expected: 'Only message' },
    { message: undefined, description: undefined, expected: 'Conflict' },
  ])('message $message + description $description → $expected', ({ message, description, expected }) => {
    const body = {
      message,
      details: { applicationError: { code: 'CART_NOT_FOUND', description, data: { cartId: 'c' } } },
    };
    const error = errorFromResponse(response(409, body, 'Conflict'));
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error.message).toBe(expected);
  });

  it('keeps code, description, data, status and request id', () => {
    const body = {
      message: 'Out of stock',
      details: {
        applicationError: { code: 'OUT_OF_STOCK', description: 'Only 2 left', data: { available: 2 } },
      },
    };
    const error = errorFromResponse(response(409, body, 'Conflict', 'r-9'));
    expect(error).toMatchObject({
      kind: 'application',
      status: 409,
      code: 'OUT_OF_STOCK',
      description: 'Only 2 left',
      data: { available: 2 },
      requestId: 'r-9',
      details: body.details,
    });
  });

  it('keeps numeric codes as numbers', () => {
    const error = errorFromResponse(
      response(400, { details: { applicationError: { code: -19976, description: 'x' } } }),
    );
    expect(error.code).toBe(-19976);
  });
});

describe('errorFromResponse: neither detail', () => {
  it.each([
    {
      name: 'JSON body with a message',
      status: 404,
      statusText: 'Not Found',
      body: { message: 'Product p1 not found' },
      message: 'Not Found: Product p1 not found',
      description: 'Product p1 not found',
    },
    {
      name: 'empty body',
      status: 401,
      statusText: 'Unauthorized',
      body: undefined,
      message: 'Unauthorized',
      description: 'Unauthorized',
    },
    {
      name: 'text body',
      status: 502,
      statusText: 'Bad Gateway',
      body: '<html>',
      message: 'Bad Gateway',
      description: 'Bad Gateway',
    },
    {
      name: '201 is not success',
      status: 201,
      statusText: 'Created',
      body: { id: 'x' },
      message: 'Created',
      description: 'Created',
    },
    {
      name: 'no status text (HTTP/2)',
      status: 500,
      statusText: '',
      body: {},
      message: 'HTTP 500',
      description: 'HTTP 500',
    },
  ])('$name', ({ status, statusText, body, message, description }) => {
    const error = errorFromResponse({ status, statusText, body, requestId: 'rq' });
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({
      kind: 'application',
      message,
      description,
      code: status,
      status,
      requestId: 'rq',
    });
    expect(error.data).toEqual({ requestId: 'rq', details: body });
    expect(error.details).toEqual({
      applicationError: { code: status, description, data: { requestId: 'rq', details: body } },
    });
  });
});

describe('systemError', () => {
  it('names the request id it was given and keeps the cause', () => {
    const cause = new TypeError('fetch failed');
    const error = systemError('abc', cause);
    expect(error).toBeInstanceOf(AisleSystemError);
    expect(error).toMatchObject({
      kind: 'system',
      message: 'System error occurred, request-id: abc',
      requestId: 'abc',
    });
    expect(error.status).toBeUndefined();
    expect(error.cause).toBe(cause);
  });

  it('generates a client-side id when there is none', () => {
    const first = systemError(undefined, null);
    const second = systemError(undefined, null);
    expect(first.requestId).toMatch(/\S{8,}/);
    expect(first.message).toBe(`System error occurred, request-id: ${first.requestId}`);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('createRequestId gives distinct ids', () => {
    expect(new Set(Array.from({ length: 50 }, createRequestId)).size).toBe(50);
  });
});

describe('error names', () => {
  it.each([
    [
      errorFromResponse(response(400, { details: { validationError: { fieldViolations: [] } } })),
      'AisleValidationError',
    ],
    [errorFromResponse(response(404, {})), 'AisleApplicationError'],
    [systemError('x', null), 'AisleSystemError'],
  ])('%s has name %s', (error, name) => {
    expect(error.name).toBe(name);
  });
});
