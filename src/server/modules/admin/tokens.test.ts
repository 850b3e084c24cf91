import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';
import { createAdminTokens, TOKEN_LIFETIME_SECONDS } from './tokens';

const noDb = { query: () => Promise.reject(new Error('a configured secret needs no database')) };

describe('admin tokens', () => {
  const tokens = createAdminTokens(noDb, 's'.repeat(32));

  it('verifies its own tokens until they expire', async () => {
    const now = Date.UTC(2026, 0, 1);
    const { token } = await tokens.issue({ userId: 1, email: 'a@b.se' }, now);
    expect(await tokens.verify(token, now + 1000)).toMatchObject({ sub: 1, email: 'a@b.se', role: 'admin' });
    expect(await tokens.verify(token, now + TOKEN_LIFETIME_SECONDS * 1000)).toBeNull();
  });

  it('refuses tokens signed with another secret or altered', async () => {
    const other = createAdminTokens(noDb, 'o'.repeat(32));
    const { token } = await other.issue({ userId: 1, email: 'a@b.se' });
    expect(await tokens.verify(token)).toBeNull();
    const { token: own } = await tokens.issue({ userId: 1, email: 'a@b.se' });
    expect(await tokens.verify(`${own}x`)).toBeNull();
    expect(await tokens.verify(`${own}.extra`)).toBeNull();
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
