import { describe, expect, it } from 'vitest';
import { accountAddress, opensAccountAtOnce } from './account-address';

describe('what an address asks of the account', () => {
  it('reads the login action and an admin login token', () => {
    expect(accountAddress('?action=login&q=x')).toEqual({ action: 'login', loginToken: null });
    expect(accountAddress('?loginToken=abc')).toEqual({ action: null, loginToken: 'abc' });
    expect(accountAddress('')).toEqual({ action: null, loginToken: null });
  });

  it('opens the account at once for either, not for another action or none', () => {
    expect(opensAccountAtOnce('?action=login')).toBe(true);
    expect(opensAccountAtOnce('?page=2&loginToken=abc')).toBe(true);
    expect(opensAccountAtOnce('?action=register')).toBe(false);
    expect(opensAccountAtOnce('?q=login')).toBe(false);
    expect(opensAccountAtOnce('')).toBe(false);
  });
});
