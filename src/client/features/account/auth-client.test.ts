import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, PASSWORD_SALT } from '../../../shared/auth';
import { clientErrorOf } from '../../lib/client-error';
import { AuthError, callAuth, hashPassword, solveChallenge, tokenClaims } from './auth-client';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('auth client', () => {
  it('hashes the password as base64 SHA-384 over the salt and the password', async () => {
    expect(await hashPassword('hemligt1')).toBe(createHash('sha384').update(`${PASSWORD_SALT}hemligt1`).digest('base64'));
  });

  it('finds a proof whose SHA-256 starts with the asked zero bits', async () => {
    const signature = await solveChallenge('value.mac', 8);
    expect(signature.startsWith('value.mac:')).toBe(true);
    expect(createHash('sha256').update(signature).digest()[0]).toBe(0);
  });

  it('answers a sign challenge and sends the language, with credentials', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        if (url.startsWith(AUTH_PATHS.sign)) return json(200, { sign: 'abc.def', algorithm: 'SHA-256', difficulty: 4, expiresAt: '' });
        const body = JSON.parse(String(init.body)) as { signature?: string };
        return body.signature ? json(200, { token: 'a.b.c', maxAge: 1800 }) : json(200, { sign: 'abc.def' });
      }),
    );
    const answer = await callAuth(AUTH_PATHS.login, { username: 'a@b.se', password: 'x' }, { languageId: 'en' });
    expect(answer.success).toEqual({ token: 'a.b.c', maxAge: 1800 });
    expect(calls.map((call) => call.url)).toEqual([AUTH_PATHS.login, `${AUTH_PATHS.sign}/abc.def?languageId=en`, AUTH_PATHS.login]);
    expect(calls[0]!.init.credentials).toBe('include');
    const last = JSON.parse(String(calls[2]!.init.body)) as { signature: string; languageId: string };
    expect(last.languageId).toBe('en');
    expect(createHash('sha256').update(last.signature).digest()[0]! >> 4).toBe(0);
  });

  it('rejects with the server text and code', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { message: 'Fel email eller lösenord, försök gärna igen', code: 'WRONG_CREDENTIALS' })));
    const error = await callAuth(AUTH_PATHS.login, { username: 'a@b.se', password: 'x' }, { languageId: 'sv' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ message: 'Fel email eller lösenord, försök gärna igen', code: 'WRONG_CREDENTIALS', status: 401 });
  });

  it('reads a token payload for display and timing', () => {
    const payload = Buffer.from(JSON.stringify({ sub: '1', sid: 's', exp: 200, iat: 100, shopAs: true })).toString('base64url');
    expect(tokenClaims(`h.${payload}.sig`)).toMatchObject({ exp: 200, iat: 100, shopAs: true });
    expect(tokenClaims('garbage')).toBeNull();
  });

  it('refuses in the client error shape GraphQL refusals take, the generic text where the server gave none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { code: 'WRONG_CREDENTIALS', message: 'Fel e-post eller lösenord' })),
    );
    const refused = await callAuth(AUTH_PATHS.login, { username: 'a@b.se', password: 'x' }, { languageId: 'sv' }).catch((error: unknown) => error);
    expect(clientErrorOf(refused, 'Något gick fel')).toEqual({ code: 'WRONG_CREDENTIALS', message: 'Fel e-post eller lösenord', fields: {} });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const lost = await callAuth(AUTH_PATHS.login, { username: 'a@b.se', password: 'x' }, { languageId: 'sv' }).catch((error: unknown) => error);
    expect(clientErrorOf(lost, 'Något gick fel')).toEqual({ code: 'NETWORK', message: 'Något gick fel', fields: {} });
  });
});
