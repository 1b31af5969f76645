import { type FieldViolation, ValidationFailure } from './errors.ts';
import { joinFieldPath } from './validation.ts';

/**
 * The one check every decoded request part goes through before validation (docs/API.md "Input rules"): JSON
 * bodies, query strings (also a complex GET's `.r`), path parameters. It refuses what no field may hold:
 * - NUL (PostgreSQL text cannot store it) and unpaired UTF-16 surrogates (not Unicode text), in values and keys;
 * - numbers JSON parsing turned into Infinity (`1e309`);
 * - the key `__proto__` (it changes an object's prototype when copied by assignment);
 * - nesting deeper than `INPUT_LIMITS.maxDepth` objects and arrays, before anything recurses into it.
 * It walks with its own stack, so a hostile depth cannot overflow the call stack here either.
 */
export const INPUT_LIMITS = { maxDepth: 32 };

/** A UTF-16 surrogate that is not half of a pair (in `u` mode a pair is one code point, never `Cs`). */
const LONE_SURROGATE = /\p{Cs}/u;

const violation = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'],
): FieldViolation => ({ field, description, violatedRule, data: {} });

/** What is wrong with a text, as the end of "must not contain …" / "has a key with …". */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a NUL character';
  return LONE_SURROGATE.test(text) ? 'an unpaired UTF-16 surrogate' : undefined;
}

interface Frame {
  value: unknown;
  path: Array<string | number>;
  depth: number;
}

/** The first thing in `value` that no field may hold, naming its field (`root` for the part itself), or undefined. */
export function inputViolation(value: unknown, root = 'body'): FieldViolation | undefined {
  const stack: Frame[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value: node, path, depth } = stack.pop()!;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) return violation(joinFieldPath(path) || root, `must not contain ${problem}`, 'FORMAT');
    } else if (typeof node === 'number') {
      if (!Number.isFinite(node))
        return violation(joinFieldPath(path) || root, 'must be a finite number', 'VALIDATION');
    } else if (typeof node === 'object' && node !== null) {
      if (depth >= INPUT_LIMITS.maxDepth)
        return violation(
          joinFieldPath(path) || root,
          `is nested too deeply (at most ${INPUT_LIMITS.maxDepth} levels)`,
          'MAX',
        );
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i--)
          stack.push({ value: node[i], path: [...path, i], depth: depth + 1 });
      } else {
        const keys = Object.keys(node);
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i]!;
          if (key === '__proto__')
            return violation(joinFieldPath([...path, key]), 'is not allowed', 'FIELD_NOT_ALLOWED');
          const problem = textProblem(key);
          if (problem) return violation(joinFieldPath(path) || root, `has a key with ${problem}`, 'FORMAT');
          stack.push({
            value: (node as Record<string, unknown>)[key],
            path: [...path, key],
            depth: depth + 1,
          });
        }
      }
    }
  }
  return undefined;
}

/**
 * Throws a `ValidationFailure` when a request part holds something `inputViolation` refuses. Field paths start at
 * the part (`lineItems[0].name` in a body, `client_id` in a query string, `slug` in a path).
 */
export function refuseBadInput(parts: { body?: unknown; query?: unknown; params?: unknown }): void {
  const found: FieldViolation[] = [];
  for (const [root, value] of Object.entries(parts)) {
    const problem = inputViolation(value, root);
    if (problem) found.push(problem);
  }
  if (found.length) throw new ValidationFailure(found);
}
