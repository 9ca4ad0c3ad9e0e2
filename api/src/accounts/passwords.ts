import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../http/http-error.ts';

export interface ScryptSettings {
  N: number;
  r: number;
  p: number;
}
/**
 * scrypt at one of OWASP's recommended settings (N=2^14, r=8, p=5: 16 MiB per hash). The settings travel in the
 * stored hash, so they can be raised later without breaking old passwords.
 */
const OWASP_SCRYPT: ScryptSettings = { N: 2 ** 14, r: 8, p: 5 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, settings: ScryptSettings): Promise<Buffer> {
  const options: ScryptOptions = { ...settings, maxmem: 256 * settings.N * settings.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Hashing is deliberately slow, so a burst of logins could take every thread of libuv's pool and starve the
 * server. At most `concurrency` hashes run at once; past `maxQueued` waiting, callers are told to come back.
 */
export class PasswordHasher {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly settings: ScryptSettings = OWASP_SCRYPT,
    private readonly concurrency = 2,
    private readonly maxQueued = 100,
  ) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const { N, r, p } = this.settings;
    const key = await this.limited(() => derive(password, salt, this.settings));
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await this.limited(() =>
      derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }),
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.maxQueued) {
        throw new HttpError(503, 'Too many sign-ins at once; please try again in a moment', undefined, {
          'Retry-After': '2',
        });
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}
