import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeToken } from './token-store';

describe('writeToken', () => {
  afterEach(() => vi.unstubAllGlobals());

  const written = (protocol: string) => {
    const cookies: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        cookies.push(value);
      },
    });
    writeToken('t0ken', protocol);
    return cookies;
  };

  it('flags the token Secure on a page served over https', () => {
    expect(written('https:')).toEqual(['apollo-token=t0ken; Path=/; Max-Age=604800; SameSite=Lax; Secure']);
  });

  it('leaves it unflagged over plain http, where a Secure cookie would not be kept', () => {
    expect(written('http:')).toEqual(['apollo-token=t0ken; Path=/; Max-Age=604800; SameSite=Lax']);
  });
});
