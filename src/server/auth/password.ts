import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

/** scrypt N=2^17, r=8, p=1 (OWASP's recommendation); the parameters travel with each hash. */
const defaults = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 };

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * A staff PIN's cost: N=2^15 (32 MiB, a few tens of milliseconds). Six digits are a million guesses whatever
 * the cost, so a PIN's protection is the online limit (10 tries) and the device it needs, not the hash; a
 * lighter hash keeps the PIN pad quick and a burst of sign-ins from eating the server's memory.
 */
export const pinCost = { N: 2 ** 15 } as const;

export async function hashPassword(password: string, cost: { N: number } = defaults): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost.N, defaults.r, defaults.p, defaults.keyLength);
  return ['scrypt', cost.N, defaults.r, defaults.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export const hashPin = (pin: string) => hashPassword(pin, pinCost);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(
    password,
    Buffer.from(saltText, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 18 random bytes: 24 URL-safe characters, easy to copy from a terminal. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
