import { describe, expect, it } from 'vitest';
import { thrownViolations } from './test-violations.ts';
import { INPUT_LIMITS, inputViolation, refuseBadInput } from './input.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('inputViolation', () => {
  it.each([
    ['clean text, emoji and numbers', { a: 'ok 😀', b: [1, -0, 2 ** 63], c: null, d: true }, undefined],
    ['NUL in a nested value', { lineItems: [{ name: 'a\u0000b' }] }, ['lineItems[0].name', 'FORMAT']],
    ['a lone high surrogate', { note: 'x\ud800' }, ['note', 'FORMAT']],
    ['a lone low surrogate', { note: '\udc00x' }, ['note', 'FORMAT']],
    ['Infinity', { set: { price: Number.POSITIVE_INFINITY } }, ['set.price', 'VALIDATION']],
    ['NaN', { n: Number.NaN }, ['n', 'VALIDATION']],
    ['a NUL in a key names the object', { filter: { 'a\u0000': 1 } }, ['filter', 'FORMAT']],
    ['a __proto__ key', JSON.parse('{"a":{"__proto__":{"x":1}}}'), ['a.__proto__', 'FIELD_NOT_ALLOWED']],
    ['a bad root string', 'a\u0000', ['body', 'FORMAT']],
  ])('%s', (_name, value, expected) => {
    const found = inputViolation(value);
    if (expected === undefined) expect(found).toBeUndefined();
    else expect([found?.field, found?.violatedRule]).toEqual(expected);
  });

  it('allows the depth limit and refuses one more, without recursing (100,000 levels)', () => {
    expect(inputViolation(nested(INPUT_LIMITS.maxDepth))).toBeUndefined();
    expect(inputViolation(nested(INPUT_LIMITS.maxDepth + 1))?.violatedRule).toBe('MAX');
    expect(inputViolation(nested(100_000))?.violatedRule).toBe('MAX');
  });

  it('refuseBadInput names the part the problem is in', () => {
    expect(() => refuseBadInput({ body: { ok: 1 }, query: {}, params: { slug: 'fine' } })).not.toThrow();
    const violations = thrownViolations(() =>
      refuseBadInput({ body: {}, query: { client_id: 'a\u0000' }, params: { slug: 'b\u0000' } }),
    );
    expect(violations.map((v) => v.field)).toEqual(['client_id', 'slug']);
  });
});
