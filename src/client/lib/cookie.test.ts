import { describe, expect, it } from 'vitest';
import { cookieString, cookieValue, requestCookies } from './cookie';

describe('cookieValue', () => {
  it('finds a cookie among others, keeping its value encoded', () => {
    const header = 'a=1; ralph-state=%7B%22favorites%22%3A%5B3%5D%7D; b=2';
    expect(cookieValue(header, 'ralph-state')).toBe('%7B%22favorites%22%3A%5B3%5D%7D');
    expect(cookieValue(header, 'b')).toBe('2');
  });

  it('does not match a cookie whose name only ends with the name asked for', () => {
    expect(cookieValue('x-ralph-state=1; ralph-state=2', 'ralph-state')).toBe('2');
    expect(cookieValue('x-ralph-state=1', 'ralph-state')).toBeUndefined();
  });

  it('keeps "=" inside a value and copes with missing or malformed headers', () => {
    expect(cookieValue('token=abc==; other', 'token')).toBe('abc==');
    expect(cookieValue(undefined, 'token')).toBeUndefined();
    expect(cookieValue('', 'token')).toBeUndefined();
    expect(cookieValue('garbage;;', 'token')).toBeUndefined();
  });
});

describe('requestCookies', () => {
  it('reads the Cookie header of the request outside a browser', () => {
    expect(requestCookies(new Request('http://shop.test/favoriter', { headers: { cookie: 'a=1' } }))).toBe('a=1');
    expect(requestCookies(new Request('http://shop.test/favoriter'))).toBe('');
  });
});

describe('cookieString', () => {
  it('writes a site-wide Lax cookie, Secure only when asked', () => {
    expect(cookieString('apollo-token', 'a b', 60)).toBe('apollo-token=a%20b; Path=/; Max-Age=60; SameSite=Lax');
    expect(cookieString('apollo-token', 'x', 60, true)).toBe('apollo-token=x; Path=/; Max-Age=60; SameSite=Lax; Secure');
    expect(cookieString('ralph-demo-notice', 'closed', null)).toBe('ralph-demo-notice=closed; Path=/; SameSite=Lax');
  });
});
