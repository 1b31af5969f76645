import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { DEFAULT_PASSWORD_HASH_COST, type PasswordHashCost } from '../../platform/config.ts';
import { invalid } from '../../platform/errors.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** argon2id, one lane, at `cost` (`PASSWORD_HASH_MEMORY_KIB`, `PASSWORD_HASH_PASSES`; OWASP's baseline by default). */
export function hashPassword(
  password: string,
  cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST,
): Promise<string> {
  return hash(password, { algorithm: 2 as Algorithm, parallelism: 1, ...cost });
}

/** A hash of a random password per cost, verified when there is no stored hash. */
const dummies = new Map<string, Promise<string>>();

/**
 * Check a password against a stored hash. Without a hash (unknown account, no password set) a dummy hash is
 * verified instead, so every failed sign-in costs the same time.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
  cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST,
): Promise<boolean> {
  if (!stored) {
    const key = `${cost.memoryCost}/${cost.timeCost}`;
    const dummy = dummies.get(key) ?? hashPassword(randomBytes(16).toString('hex'), cost);
    dummies.set(key, dummy);
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
