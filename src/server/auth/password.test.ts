import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('the admin password hash', () => {
  it('is scrypt at N=2^17, r=8, p=1 by default, and verifies the password and nothing else', async () => {
    const hash = await hashPassword('correct horse battery staple');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect({ scheme, n, r, p }).toEqual({ scheme: 'scrypt', n: '131072', r: '8', p: '1' });
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('verifies with the cost its hash carries (the API tests hash their password at a lower one)', async () => {
    const hash = await hashPassword('test-admin-password', { N: 2 ** 13 });
    expect(hash.split('$')[1]).toBe('8192');
    expect(await verifyPassword('test-admin-password', hash)).toBe(true);
    expect(await verifyPassword('test-admin-passwore', hash)).toBe(false);
  });
});
