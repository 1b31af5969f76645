import { Type } from '@sinclair/typebox';

/**
 * A string enum as JSON Schema `enum`, typed as the union of its values. Unlike a union of literals
 * (`anyOf`), it validates with one INVALID_ENUM_VALUE violation and serializes without trying each branch.
 */
export const literals = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
