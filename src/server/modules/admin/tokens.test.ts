import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../security/password';
import { createAdminTokens, TOKEN_LIFETIME_SECONDS } from './tokens';

const noDb = { query: () => Promise.reject(new Error('a configured secret needs no database')) };

describe('admin tokens', () => {
  const passwordHashes = new Map<number, string>([[1, 'scrypt$hash-one']]);
  const currentHash = async (userId: number) => passwordHashes.get(userId) ?? null;
  const tokens = createAdminTokens(noDb, 's'.repeat(32), currentHash);
  const admin = { userId: 1, email: 'a@b.se', passwordHash: 'scrypt$hash-one' };

  it('verifies its own tokens until they expire', async () => {
    const now = Date.UTC(2026, 0, 1);
    const { token } = await tokens.issue(admin, now);
    expect(await tokens.verify(token, now + 1000)).toMatchObject({ sub: 1, email: 'a@b.se', role: 'admin' });
    expect(await tokens.verify(token, now + TOKEN_LIFETIME_SECONDS * 1000)).toBeNull();
  });

  it('refuses tokens signed with another secret or altered', async () => {
    const other = createAdminTokens(noDb, 'o'.repeat(32), currentHash);
    const { token } = await other.issue(admin);
    expect(await tokens.verify(token)).toBeNull();
    const { token: own } = await tokens.issue(admin);
    expect(await tokens.verify(`${own}x`)).toBeNull();
    expect(await tokens.verify(`${own}.extra`)).toBeNull();
  });

  it('refuses an unsigned token and one signed with the secret for another audience', async () => {
    const { claims } = await tokens.issue(admin);
    const body = { email: claims.email, role: 'admin', pwd: claims.pwd };
    const unsigned = new UnsecuredJWT(body).setSubject('1').setIssuer('storefront').setAudience('admin').setExpirationTime('1h').encode();
    expect(await tokens.verify(unsigned)).toBeNull();
    const secret = new TextEncoder().encode('s'.repeat(32));
    const sign = (audience: string) =>
      new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('storefront').setAudience(audience).setExpirationTime('1h').sign(secret);
    expect(await tokens.verify(await sign('admin'))).toMatchObject({ sub: 1 });
    expect(await tokens.verify(await sign('customer'))).toBeNull();
  });

  it('refuses a token once its user has another password, or is gone', async () => {
    const hashes = new Map<number, string>([[7, 'scrypt$before']]);
    const own = createAdminTokens(noDb, 's'.repeat(32), async (userId) => hashes.get(userId) ?? null);
    const { token } = await own.issue({ userId: 7, email: 'c@d.se', passwordHash: 'scrypt$before' });
    expect(await own.verify(token)).toMatchObject({ sub: 7 });
    hashes.set(7, 'scrypt$after');
    expect(await own.verify(token)).toBeNull();
    hashes.delete(7);
    expect(await own.verify(token)).toBeNull();
  });
});

describe('admin passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});
