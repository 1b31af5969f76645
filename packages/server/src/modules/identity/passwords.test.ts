import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('are argon2id at the OWASP baseline by default, or at the configured cost', async () => {
    expect(await hashPassword('correct horse battery')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const cheap = await hashPassword('correct horse battery', { memoryCost: 8, timeCost: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong horse battery')).toBe(false);
  });

  it('check a hash at the cost it was made with, and reject a missing hash whatever the password', async () => {
    const strong = await hashPassword('correct horse battery');
    const cheapCost = { memoryCost: 8, timeCost: 1 };
    expect(await verifyPassword(strong, 'correct horse battery', cheapCost)).toBe(true);
    expect(await verifyPassword(null, 'correct horse battery', cheapCost)).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });
});
