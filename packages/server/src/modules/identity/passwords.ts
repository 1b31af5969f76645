import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { invalid } from '../../platform/errors.ts';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Check a password against a stored hash. Without a hash (unknown account, no password set) a dummy hash is
 * verified instead, so every failed sign-in costs the same time.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Password rules, reported as a field violation on `field`. */
export function checkPassword(password: string | undefined, field = 'password'): string {
  if (typeof password !== 'string' || password.length === 0)
    throw invalid(field, 'is required', 'REQUIRED_FIELD', { type: 'PASSWORD' });
  if (password.length < PASSWORD_MIN)
    throw invalid(field, `must be at least ${PASSWORD_MIN} characters`, 'MIN_LENGTH', {
      type: 'PASSWORD',
      min: PASSWORD_MIN,
    });
  if (password.length > PASSWORD_MAX)
    throw invalid(field, `must be at most ${PASSWORD_MAX} characters`, 'MAX_LENGTH', {
      type: 'PASSWORD',
      max: PASSWORD_MAX,
    });
  return password;
}
