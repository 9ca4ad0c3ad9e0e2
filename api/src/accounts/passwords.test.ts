import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './passwords.ts';

describe('password hashes', () => {
  it("use OWASP's scrypt settings unless told otherwise, and name them in the stored hash", async () => {
    const stored = await new PasswordHasher().hash('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(await new PasswordHasher().verify('correct horse battery', stored)).toBe(true);
    expect(await new PasswordHasher().verify('correct horse batterY', stored)).toBe(false);
  });

  it('verify a hash by the settings stored in it, whatever the hasher now writes', async () => {
    const cheap = await new PasswordHasher({ N: 2 ** 10, r: 8, p: 1 }).hash('pw');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await new PasswordHasher().verify('pw', cheap)).toBe(true);
    expect(await new PasswordHasher().verify('pw', 'bcrypt$whatever')).toBe(false);
  });
});
