import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AuthFailure, type AuthSignInfo, type AuthSuccess } from '../../../shared/auth';
import type { Db } from '../../db/client';
import { createContext, type ContextBase } from '../../graphql/context';
import { createTestApp, createTestAppPair, gql, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';
import type * as passwordModule from '../../security/password';
import { configurePasswordHashing, defaultPasswordHashLimits, hashPassword } from '../../security/password';
import { meetsDifficulty, solveChallenge } from './challenge';
import { requireAccountOwner, requireSignedIn } from '../../signed-in';
import { graphqlErrorOf } from '../../graphql/errors';
import type { DomainError } from '../../domain-error';
import { createCustomerTokens } from './tokens';
import { browserPasswordHash } from '../../testing/browser-password';

/** What the GraphQL edge answers for a service's refusal (graphql/errors.ts). */
const answeredAsGraphQL = (error: DomainError): never => {
  throw graphqlErrorOf(error);
};

// The slow hash, counted: requests that will be refused must not run it.
vi.mock('../../security/password', async (importOriginal) => {
  const original = await importOriginal<typeof passwordModule>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const SECRET = 'customer-token-secret-for-tests-0123456789';
const ADMIN = { ADMIN_EMAIL: 'auth-admin@example.se', ADMIN_PASSWORD: 'admin password, long enough' };
const LIMITS = { CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT: '4', CUSTOMER_LOGIN_FAILURES_PER_ADDRESS: '8', CUSTOMER_LOGIN_CHALLENGE_AFTER: '6', ACCOUNT_CHANGES_PER_ADDRESS: '40', LOGINS_PER_ADDRESS: '30' };

const browserHash = browserPasswordHash;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; exp: number; shopAs?: boolean };

let addressCounter = 0;
/** Each test speaks from its own address, so the per-address limits of one do not reach the next. */
const freshAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

interface Call {
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  token?: string;
  cookie?: string;
  address?: string;
  query?: string;
  /** Sec-Fetch-Site, as a browser sends it. */
  site?: 'same-origin' | 'same-site' | 'cross-site' | 'none';
}

async function call(app: TestApp, path: string, { method = 'POST', body, token, cookie, address = '10.1.1.1', query = '', site }: Call = {}) {
  const res = await app.fastify.inject({
    method,
    url: `${path}${query}`,
    remoteAddress: address,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie: `apollo-token=${cookie}` } : {}), ...(site ? { 'sec-fetch-site': site } : {}) },
    ...(method === 'POST' ? { payload: body ?? {} } : {}),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Partial<AuthSuccess & AuthFailure & AuthSignInfo> & Record<string, unknown> };
}

describe.each(testDbKinds())('customer auth endpoints on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  let base: ContextBase;
  const email = `anna-${kind}-${Date.now()}@example.se`;
  const password = browserHash('hemligt lösen');

  /** customer() as a GraphQL operation sees it, for a request carrying this bearer token. */
  const customerOf = (token: string) =>
    createContext(base, { request: { headers: { get: (name: string) => (name === 'authorization' ? `Bearer ${token}` : null) } } }).customer();
  const login = (user: string, pass: string, extra: Call = {}) => call(app, '/auth/login', { ...extra, body: { username: user, password: pass, ...extra.body } });
  const resetMails = async (to: string) =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'passwordreset' AND lower(to_address) = lower($1)", [to]))[0]!.n;
  /** forgot-password answers before it looks the address up and queues the mail: its answer, once the mail is there. */
  const forgotPassword = async (body: Record<string, unknown> & { username: string }) => {
    const before = await resetMails(body.username);
    const answer = await call(app, '/auth/forgot-password', { body });
    await vi.waitFor(async () => expect(await resetMails(body.username)).toBeGreaterThan(before));
    return answer;
  };

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 4);
    app = await createTestApp(db, { ...ADMIN, ...LIMITS, CUSTOMER_TOKEN_SECRET: SECRET, PUBLIC_URL: 'http://shop.example' });
    base = { db, customerTokens: createCustomerTokens(db, SECRET), operationDeadlineMs: 10_000 } as unknown as ContextBase;
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('registers an account and signs it in; the same address in another case is refused with the spec text', async () => {
    const res = await call(app, '/auth/register', { body: { username: email, password, firstName: 'Anna', lastName: 'Svensson', newsletterConsent: true } });
    expect(res.status).toBe(200);
    expect(res.body.maxAge).toBe(604_800);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const session = await customerOf(res.body.token!);
    expect(session).toMatchObject({ customerId: Number(claimsOf(res.body.token!).sub), shopAsAdminId: null });
    const [row] = await db.query<{ password_hash: string; first_name: string; newsletter_consent: boolean }>(
      'SELECT password_hash, first_name, newsletter_consent FROM customers WHERE customer_id = $1',
      [session!.customerId],
    );
    expect(row).toMatchObject({ first_name: 'Anna', newsletter_consent: true });
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain(password);

    const again = await call(app, '/auth/register', { body: { username: email.toUpperCase(), password } });
    expect(again).toMatchObject({ status: 409, body: { code: 'ACCOUNT_EXISTS', message: 'Ett konto med denna email existerar redan' } });
    const english = await call(app, '/auth/register', { body: { username: email, password, languageId: 'en' } });
    expect(english.body.message).toBe('An account with this email already exists');
  });

  it('refuses a bad email, a missing password and a password that is not the browser hash', async () => {
    expect(await call(app, '/auth/register', { body: { username: 'not-an-email', password } })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_FIELDS', message: 'Du måste ange en giltig email' },
    });
    expect((await call(app, '/auth/register', { body: { username: `x-${email}` } })).body).toMatchObject({ code: 'INVALID_FIELDS', message: 'Du måste ange ett lösenord' });
    expect((await call(app, '/auth/register', { body: { username: `x-${email}`, password: 'plain text' } })).body).toMatchObject({
      code: 'INVALID_FIELDS',
      message: 'Se till att alla fält är giltiga',
    });
    expect((await call(app, '/auth/register', { body: { username: `x-${email}`, password, sessionLifetime: 'soon' } })).status).toBe(400);
  });

  it('logs in with the right password for a week, or 30 minutes without remember-me; a wrong one gets the spec text', async () => {
    const address = freshAddress();
    const week = await login(email, password, { address });
    expect(week.status).toBe(200);
    expect(week.body.maxAge).toBe(604_800);
    const short = await login(email, password, { address, body: { sessionLifetime: 30 } });
    expect(short.body.maxAge).toBe(1800);
    // exp is whole seconds, the lifetime rounded up.
    expect(claimsOf(short.body.token!).exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(1801);
    for (const [user, pass] of [
      [email, browserHash('fel lösen')],
      [`nobody-${email}`, password],
    ] as const) {
      expect(await login(user, pass, { address })).toMatchObject({ status: 401, body: { code: 'WRONG_CREDENTIALS', message: 'Fel email eller lösenord, försök gärna igen' } });
    }
    expect((await login(email, browserHash('fel'), { address, query: '?languageId=en' })).body.message).toBe('Wrong email or password, please try again');
  });

  it('refreshes with a valid Bearer or cookie token and no credentials: same session, later expiry; refuses without one', async () => {
    const first = (await login(email, password, { address: freshAddress(), body: { sessionLifetime: 30 } })).body.token!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const byBearer = await call(app, '/auth/login', { method: 'GET', token: first });
    expect(byBearer.status).toBe(200);
    expect(claimsOf(byBearer.body.token!).sid).toBe(claimsOf(first).sid);
    expect(claimsOf(byBearer.body.token!).exp).toBeGreaterThan(claimsOf(first).exp);
    expect(byBearer.body.maxAge).toBeLessThanOrEqual(1800);
    const byCookie = await call(app, '/auth/login', { cookie: byBearer.body.token!, site: 'same-origin' });
    expect(claimsOf(byCookie.body.token!).sid).toBe(claimsOf(first).sid);
    expect(claimsOf((await call(app, '/auth/login', { method: 'GET', cookie: byBearer.body.token!, site: 'none' })).body.token!).sid).toBe(claimsOf(first).sid);
    // The cookie counts only from the shop's own pages: another site's link is refused, a client that says nothing
    // gets nothing.
    for (const site of ['cross-site', 'same-site'] as const) {
      expect((await call(app, '/auth/login', { method: 'GET', cookie: byBearer.body.token!, site })).body.code).toBe('CROSS_SITE');
    }
    expect((await call(app, '/auth/login', { method: 'GET', cookie: byBearer.body.token! })).status).toBe(401);
    expect(await call(app, '/auth/login', { method: 'GET' })).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect((await call(app, '/auth/login', { method: 'GET', token: `${first}x` })).status).toBe(401);
  });

  it('logs out this session only, or every session with everywhere; a logged-out token counts nowhere', async () => {
    const address = freshAddress();
    const a = (await login(email, password, { address })).body.token!;
    const b = (await login(email, password, { address })).body.token!;
    const c = (await login(email, password, { address })).body.token!;
    expect(await call(app, '/auth/logout', { token: a })).toMatchObject({ status: 200, body: { loggedOut: true } });
    expect(await customerOf(a)).toBeNull();
    expect((await call(app, '/auth/login', { method: 'GET', token: a })).status).toBe(401);
    expect(await customerOf(b)).not.toBeNull();
    // Another site's link with the cookie ends nothing.
    expect((await call(app, '/auth/logout', { method: 'GET', cookie: b, site: 'cross-site', query: '?everywhere=true' })).status).toBe(403);
    expect(await customerOf(b)).not.toBeNull();
    // A GET never ends every session, even from the shop's own pages: only this one.
    expect((await call(app, '/auth/logout', { method: 'GET', cookie: b, site: 'same-origin', query: '?everywhere=true' })).status).toBe(200);
    expect(await customerOf(b)).toBeNull();
    expect(await customerOf(c)).not.toBeNull();
    const d = (await login(email, password, { address })).body.token!;
    expect((await call(app, '/auth/logout', { token: d, body: { everywhere: true } })).status).toBe(200);
    expect(await customerOf(c)).toBeNull();
    expect(await customerOf(d)).toBeNull();
    expect((await call(app, '/auth/password', { token: c, body: { password, newPassword: password } })).body.code).toBe('UNAUTHENTICATED');
    // Logging out again is still a logout.
    expect((await call(app, '/auth/logout', { token: a })).status).toBe(200);
  });

  it('runs no slow hash for a taken email or an unknown reset key, and caps account changes per address', async () => {
    const taken = `taken-${email}`;
    expect((await call(app, '/auth/register', { address: freshAddress(), body: { username: taken, password } })).status).toBe(200);
    const hashes = vi.mocked(hashPassword).mock.calls.length;
    const address = freshAddress();
    expect((await call(app, '/auth/register', { address, body: { username: taken, password } })).body.code).toBe('ACCOUNT_EXISTS');
    expect((await call(app, '/auth/reset-password', { address, body: { key: 'made-up-key', newPassword: password } })).body.code).toBe('RESET_KEY_INVALID');
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashes);
    for (let i = 2; i < 40; i++) expect((await call(app, '/auth/forgot-password', { address, body: { username: `nobody${i}-${email}` } })).status).toBe(200);
    for (const [path, body] of [
      ['/auth/register', { username: `capped-${email}`, password }],
      ['/auth/reset-password', { key: 'made-up-key', newPassword: password }],
      ['/auth/forgot-password', { username: email }],
    ] as const) {
      const res = await call(app, path, { address, body });
      expect(res, path).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: 'För många försök. Vänta en stund och försök igen.' } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashes);
    expect((await call(app, '/auth/register', { address: freshAddress(), body: { username: `capped-${email}`, password } })).status).toBe(200);
  });

  it('refuses any GET another site sent, such as an <img> pointing at the login, before checking a password', async () => {
    const hashes = vi.mocked(hashPassword).mock.calls.length;
    for (const site of ['cross-site', 'same-site'] as const) {
      const query = `?username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`;
      expect(await call(app, '/auth/login', { method: 'GET', site, query, address: freshAddress() })).toMatchObject({ status: 403, body: { code: 'CROSS_SITE' } });
    }
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashes);
    expect((await call(app, '/auth/login', { method: 'GET', site: 'same-origin', query: `?username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}` })).status).toBe(200);
  });

  it('counts right logins against the address too: past LOGINS_PER_ADDRESS it is refused with Retry-After', async () => {
    // An account of its own: thirty sessions would end the oldest ones of the others' account.
    const many = `many-${email}`;
    expect((await call(app, '/auth/register', { address: freshAddress(), body: { username: many, password } })).status).toBe(200);
    const address = freshAddress();
    for (let i = 0; i < 30; i++) expect((await login(many, password, { address })).status, `login ${i + 1}`).toBe(200);
    const refused = await login(many, password, { address });
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: 'För många försök. Vänta en stund och försök igen.' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(many, password, { address: freshAddress() })).status).toBe(200);
  }, 180_000);

  it('answers 503 BUSY with Retry-After, at once, when more passwords wait for the hash than the process takes', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 0 });
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => login(email, password, { address: freshAddress() })));
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
      const busy = answers.filter((answer) => answer.status === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const answer of busy) {
        expect(answer.body).toMatchObject({ code: 'BUSY', message: 'Många loggar in just nu. Försök igen om en liten stund.' });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      const adminLogins = await Promise.all(
        Array.from({ length: 4 }, () =>
          app.fastify.inject({
            method: 'POST',
            url: '/graphql',
            remoteAddress: freshAddress(),
            payload: { query: 'mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', variables: { e: ADMIN.ADMIN_EMAIL, p: ADMIN.ADMIN_PASSWORD } },
          }),
        ),
      );
      const adminBusy = adminLogins.filter((res) => res.statusCode === 503);
      expect(adminBusy.length).toBeGreaterThanOrEqual(1);
      expect(adminBusy[0]!.json()).toMatchObject({ errors: [{ extensions: { code: 'BUSY' } }] });
      expect(Number(adminBusy[0]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      configurePasswordHashing(defaultPasswordHashLimits());
    }
    // A login refused as busy was no guess: the account asks for no proof of work and the owner signs in.
    expect((await login(email, password, { address: freshAddress() })).body.token).toEqual(expect.any(String));
  });

  it('refuses any POST another site sent, on purpose, whatever its body', async () => {
    const token = (await login(email, password, { address: freshAddress() })).body.token!;
    for (const site of ['cross-site', 'same-site'] as const) {
      for (const [path, body] of [
        ['/auth/login', { username: email, password }],
        ['/auth/logout', { everywhere: true }],
        ['/auth/password', { password, newPassword: password }],
        ['/auth/register', { username: `cross-${email}`, password }],
        ['/auth/forgot-password', { username: email }],
      ] as const) {
        const res = await call(app, path, { cookie: token, site, body, address: freshAddress() });
        expect(res).toMatchObject({ status: 403, body: { code: 'CROSS_SITE' } });
      }
    }
    expect(await customerOf(token)).not.toBeNull();
    expect((await call(app, '/auth/login', { cookie: token, site: 'same-origin' })).status).toBe(200);
  });

  it('ends the session on a wrong current password, and every other session on a change', async () => {
    const address = freshAddress();
    const victim = (await login(email, password, { address })).body.token!;
    const wrong = await call(app, '/auth/password', { token: victim, body: { password: browserHash('gissning'), newPassword: browserHash('nytt lösen') } });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'WRONG_PASSWORD_LOGGED_OUT', message: 'Du angav fel lösenord och har loggats ut av säkerhetsskäl' } });
    expect(await customerOf(victim)).toBeNull();

    const other = (await login(email, password, { address })).body.token!;
    const mine = (await login(email, password, { address, body: { sessionLifetime: 30 } })).body.token!;
    const newPassword = browserHash('ett nytt lösenord');
    const changed = await call(app, '/auth/password', { token: mine, body: { password, newPassword } });
    expect(changed.status).toBe(200);
    expect(changed.body.maxAge).toBeLessThanOrEqual(1800);
    expect(await customerOf(changed.body.token!)).not.toBeNull();
    expect(await customerOf(other)).toBeNull();
    expect(await customerOf(mine)).toBeNull();
    expect((await login(email, password, { address })).status).toBe(401);
    expect((await login(email, newPassword, { address })).status).toBe(200);
    // Back to the password the other tests use.
    expect((await call(app, '/auth/password', { token: changed.body.token!, body: { password: newPassword, newPassword: password } })).status).toBe(200);
  });

  it('refuses bad fields with 400 before anything is stored or hashed: a NUL, an invalid organisation number, a password no browser sends', async () => {
    const invalid = { status: 400, body: { code: 'INVALID_FIELDS' } };
    const user = `fields-${email}`;
    expect(await call(app, '/auth/register', { body: { username: user, password, firstName: 'An\u0000na' } })).toMatchObject(invalid);
    expect(await call(app, '/auth/register', { body: { username: user, password, lastName: '\ud800' } })).toMatchObject(invalid);
    const organisation = { username: user, password, customerType: 'ORGANIZATION', companyName: 'Spel AB' };
    expect(await call(app, '/auth/register', { body: { ...organisation, organisationIdNumber: '556036-0794' } })).toMatchObject(invalid);
    expect(await resetMails(user)).toBe(0);
    expect((await db.query('SELECT 1 FROM customers WHERE lower(email) = lower($1)', [user])).length).toBe(0);
    // A valid organisation number (Luhn) is kept, so the settings page can save the account later.
    expect((await call(app, '/auth/register', { body: { ...organisation, organisationIdNumber: '556036-0793' } })).status).toBe(200);
    // The empty password, one character or plain text: never a SHA-384 in base64, so never a match.
    for (const plain of ['x', 'hemligt lösen', 'a'.repeat(65)]) expect(await login(user, plain, { address: freshAddress() })).toMatchObject(invalid);
  });

  it('answers forgot-password the same for any address and mails a one-time key that expires', async () => {
    const unknown = await call(app, '/auth/forgot-password', { body: { username: `nobody-${email}` } });
    const known = await forgotPassword({ username: email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known).toEqual({ ...unknown, headers: known.headers });
    const [mail] = await db.query<{ text: string; html: string; subject: string; to_address: string }>(
      "SELECT text, html, subject, to_address FROM mail_outbox WHERE kind = 'passwordreset' AND lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1",
      [email],
    );
    expect(mail!.subject).toContain('Välj ett nytt lösenord');
    const key = /http:\/\/shop\.example\/account\/reset-password\?key=([\w-]+)/.exec(mail!.text)?.[1];
    expect(key).toHaveLength(43);
    expect(mail!.html).toContain(`/account/reset-password?key=${key}`);
    // Only the key's SHA-256 is kept.
    const stored = async (value: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_reset_keys WHERE key_hash = $1', [value]))[0]!.n;
    expect(await stored(key!)).toBe(0);
    expect(await stored(createHash('sha256').update(key!).digest('base64url'))).toBe(1);

    const before = (await login(email, password, { address: freshAddress() })).body.token!;
    const newPassword = browserHash('återställt lösen');
    const reset = await call(app, '/auth/reset-password', { body: { key, newPassword } });
    expect(reset.status).toBe(200);
    expect(await customerOf(reset.body.token!)).not.toBeNull();
    expect(await customerOf(before)).toBeNull();
    // The unsent mail no longer holds the used key.
    const [afterUse] = await db.query<{ text: string; html: string }>('SELECT text, html FROM mail_outbox WHERE text LIKE $1 OR html LIKE $1', [`%key=${key!.slice(0, 4)}%`]);
    expect(afterUse!.text).not.toContain(key!);
    expect(afterUse!.html).not.toContain(key!);
    const reused = await call(app, '/auth/reset-password', { body: { key, newPassword: password } });
    expect(reused).toMatchObject({ status: 400, body: { code: 'RESET_KEY_INVALID', message: 'Länken för att återställa lösenordet har slutat gälla. Begär en ny återställning.' } });

    await forgotPassword({ username: email, languageId: 'en' });
    const [english] = await db.query<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'passwordreset' AND lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1",
      [email],
    );
    const englishKey = /http:\/\/shop\.example\/en\/account\/reset-password\?key=([\w-]+)/.exec(english!.text)?.[1];
    expect(englishKey).toBeDefined();
    await db.query("UPDATE password_reset_keys SET expires_at = now() - interval '1 second' WHERE key_hash = $1", [
      createHash('sha256').update(englishKey!).digest('base64url'),
    ]);
    const expired = await call(app, '/auth/reset-password', { body: { key: englishKey, newPassword: password, languageId: 'en' } });
    expect(expired).toMatchObject({ status: 400, body: { code: 'RESET_KEY_INVALID', message: 'The password reset link is no longer valid. Please request a new reset.' } });
    expect((await call(app, '/auth/reset-password', { body: { key: 'made-up', newPassword: password } })).body.code).toBe('RESET_KEY_INVALID');
    // Back to the password the other tests use, through a fresh key.
    const token = (await login(email, newPassword, { address: freshAddress() })).body.token!;
    expect((await call(app, '/auth/password', { token, body: { password: newPassword, newPassword: password } })).status).toBe(200);
  });

  it('a reset or a password change ends every other reset link of the account', async () => {
    const user = `keys-${email}`;
    expect((await call(app, '/auth/register', { body: { username: user, password } })).status).toBe(200);
    const latestKey = async () => {
      await forgotPassword({ username: user });
      const [mail] = await db.query<{ text: string }>("SELECT text FROM mail_outbox WHERE kind = 'passwordreset' AND to_address = $1 ORDER BY created_at DESC LIMIT 1", [user]);
      return /key=([\w-]{43})/.exec(mail!.text)![1]!;
    };
    const first = await latestKey();
    const second = await latestKey();
    const reset = await call(app, '/auth/reset-password', { body: { key: second, newPassword: password } });
    expect(reset.status).toBe(200);
    expect((await call(app, '/auth/reset-password', { body: { key: first, newPassword: browserHash('gammal länk') } })).body.code).toBe('RESET_KEY_INVALID');
    const third = await latestKey();
    expect((await call(app, '/auth/password', { token: reset.body.token!, body: { password, newPassword: password } })).status).toBe(200);
    expect((await call(app, '/auth/reset-password', { body: { key: third, newPassword: browserHash('gammal länk') } })).body.code).toBe('RESET_KEY_INVALID');
    expect((await login(user, password, { address: freshAddress() })).status).toBe(200);
  });

  it('previews the reset mail: a sample for anyone, a stored one (it holds a live key) for an admin only', async () => {
    await forgotPassword({ username: email });
    const [mail] = await db.query<{ id: string; text: string }>(
      "SELECT id, text FROM mail_outbox WHERE kind = 'passwordreset' AND lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1",
      [email],
    );
    const sample = await app.fastify.inject({ url: '/en/mail/passwordreset' });
    expect(sample.statusCode).toBe(200);
    expect(sample.body).toContain('Choose a new password');
    const anonymous = await app.fastify.inject({ url: `/mail/passwordreset/${mail!.id}` });
    expect(anonymous.statusCode).toBe(404);
    const adminLogin = await gql<{ adminLogin: { token: string } }>(app, 'mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', {
      e: ADMIN.ADMIN_EMAIL,
      p: ADMIN.ADMIN_PASSWORD,
    });
    const asAdmin = await app.fastify.inject({ url: `/mail/passwordreset/${mail!.id}`, headers: { authorization: `Bearer ${adminLogin.body.data!.adminLogin.token}` } });
    expect(asAdmin.statusCode).toBe(200);
    const key = /key=([\w-]+)/.exec(mail!.text)![1]!;
    // Even an admin sees the key masked.
    expect(asAdmin.body).not.toContain(key);
    expect(asAdmin.body).toContain(`key=${key.slice(0, 4)}********`);
  });

  it('past the per-account limit asks every address for a proof of work instead of locking the owner out; refuses only the guessing address', async () => {
    const target = `limited-${email}`;
    expect((await call(app, '/auth/register', { body: { username: target, password } })).status).toBe(200);
    const guesser = freshAddress();
    for (let i = 0; i < 4; i++) expect((await login(target, browserHash(`guess ${i}`), { address: i < 2 ? freshAddress() : guesser })).status).toBe(401);
    // The owner, from an address that never failed: a challenge, then in with its answer.
    const owner = freshAddress();
    const challenged = await login(target, password, { address: owner });
    expect(challenged.status).toBe(200);
    expect(challenged.body.token).toBeUndefined();
    const sign = challenged.body.sign!;
    const signed = await login(target, password, { address: owner, body: { signature: `${sign}:${solveChallenge(sign, 16)}` } });
    expect(signed.status).toBe(200);
    expect(await customerOf(signed.body.token!)).not.toBeNull();
    // A wrong password with an answered challenge is still a wrong password.
    const again = (await login(target, password, { address: owner })).body.sign!;
    expect((await login(target, browserHash('guess 5'), { address: owner, body: { signature: `${again}:${solveChallenge(again, 16)}` } })).status).toBe(401);
    // Other accounts are untouched.
    expect((await login(email, password, { address: freshAddress() })).body.token).toEqual(expect.any(String));

    // The address that made the guesses is refused hard once its own count for this account is used up.
    for (let i = 0; i < 2; i++) {
      const value = (await login(target, password, { address: guesser })).body.sign!;
      expect((await login(target, browserHash(`more ${i}`), { address: guesser, body: { signature: `${value}:${solveChallenge(value, 16)}` } })).status).toBe(401);
    }
    // Refused before any challenge: no proof of work could let it in.
    const refused = await login(target, password, { address: guesser });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^För många misslyckade inloggningar\. Vänta \d+ minuter/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('asks an address that failed many times for a proof of work, accepts each answer once, then stops it at the limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < 6; i++) expect((await login(`nobody${i}-${email}`, password, { address })).status).toBe(401);
    const challenged = await login(email, password, { address });
    expect(challenged.status).toBe(200);
    expect(challenged.body.token).toBeUndefined();
    const value = challenged.body.sign!;
    const info = await call(app, `/auth/sign/${value}`, { method: 'GET', address });
    expect(info.body).toMatchObject({ sign: value, algorithm: 'SHA-256', difficulty: 16 });
    expect((await call(app, `/auth/sign/${value}`, { method: 'GET', address: freshAddress() })).body.code).toBe('SIGNATURE_INVALID');
    expect((await call(app, `/auth/sign/${value.slice(0, -2)}xx`, { method: 'GET', address })).body.code).toBe('SIGNATURE_INVALID');
    let wrongAnswer = 0;
    while (meetsDifficulty(value, String(wrongAnswer), 16)) wrongAnswer++;
    expect(await login(email, password, { address, body: { signature: `${value}:${wrongAnswer}` } })).toMatchObject({ status: 400, body: { code: 'SIGNATURE_INVALID' } });

    const signature = `${value}:${solveChallenge(value, info.body.difficulty!)}`;
    const signed = await login(email, password, { address, body: { signature } });
    expect(signed.status).toBe(200);
    expect(signed.body.token).toEqual(expect.any(String));
    expect(await login(email, password, { address, body: { signature } })).toMatchObject({ status: 400, body: { code: 'SIGNATURE_INVALID' } });

    // Wrong guesses that answered their challenge still count, up to the address's limit.
    for (let i = 0; i < 2; i++) {
      const sign = (await login(email, password, { address })).body.sign!;
      expect((await login(`other${i}-${email}`, password, { address, body: { signature: `${sign}:${solveChallenge(sign, 16)}` } })).status).toBe(401);
    }
    expect((await login(email, password, { address })).status).toBe(429);
  });

  it('lets only an admin make a shop-as link, which signs in as the customer once, marked shopAs', async () => {
    const customerId = Number(claimsOf((await login(email, password, { address: freshAddress() })).body.token!).sub);
    const mutation = 'mutation ($id: Int!) { createShopAsLink(customerId: $id) { url expiresAt } }';
    const anonymous = await gql(app, mutation, { id: customerId });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const customerToken = (await login(email, password, { address: freshAddress() })).body.token!;
    const asCustomer = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${customerToken}` },
      payload: { query: mutation, variables: { id: customerId } },
    });
    expect((asCustomer.json() as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const adminLogin = await gql<{ adminLogin: { token: string } }>(app, 'mutation ($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { token } }', {
      e: ADMIN.ADMIN_EMAIL,
      p: ADMIN.ADMIN_PASSWORD,
    });
    const adminToken = adminLogin.body.data!.adminLogin.token;
    const created = await app.fastify.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { query: mutation, variables: { id: customerId } },
    });
    const link = (created.json() as { data: { createShopAsLink: { url: string; expiresAt: string } } }).data.createShopAsLink;
    expect(link.url).toMatch(/^http:\/\/shop\.example\/\?loginToken=/);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const loginToken = new URL(link.url).searchParams.get('loginToken')!;
    // The link's token is not a sign-in token.
    expect(await customerOf(loginToken)).toBeNull();

    const shopAs = await call(app, '/auth/login', { body: { loginToken } });
    expect(shopAs.status).toBe(200);
    expect(shopAs.body.shopAs).toBe(true);
    expect(claimsOf(shopAs.body.token!)).toMatchObject({ sub: String(customerId), shopAs: true });
    expect(await customerOf(shopAs.body.token!)).toMatchObject({ customerId, shopAsAdminId: expect.any(Number) });
    expect(await call(app, '/auth/login', { body: { loginToken } })).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });

    // A shop-as session may not do what only the owner may: set the password, end every session, change the
    // email or delete the account (the customer module asks requireAccountOwner).
    const shopAsToken = shopAs.body.token!;
    const owner = (await login(email, password, { address: freshAddress() })).body.token!;
    expect(await call(app, '/auth/password', { token: shopAsToken, body: { password, newPassword: browserHash('admin satte') } })).toMatchObject({
      status: 403,
      body: { code: 'SHOP_AS_FORBIDDEN' },
    });
    expect((await login(email, password, { address: freshAddress() })).status).toBe(200);
    const shopAsContext = { customer: () => customerOf(shopAsToken) };
    expect((await requireSignedIn(shopAsContext)).customerId).toBe(customerId);
    await expect(requireAccountOwner(shopAsContext).catch(answeredAsGraphQL)).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect((await requireAccountOwner({ customer: () => customerOf(owner) })).customerId).toBe(customerId);
    expect((await call(app, '/auth/logout', { token: shopAsToken, body: { everywhere: true } })).status).toBe(200);
    expect(await customerOf(shopAsToken)).toBeNull();
    expect(await customerOf(owner)).not.toBeNull();
  });
});

describe.runIf(process.env.REDIS_URL)('customer login limit across two instances sharing Redis', () => {
  let db: Db;
  let pair: Awaited<ReturnType<typeof createTestAppPair>>;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
    pair = await createTestAppPair(db, { ...LIMITS, CUSTOMER_TOKEN_SECRET: SECRET, REDIS_URL: process.env.REDIS_URL! });
  });
  afterAll(async () => {
    await pair.close();
    await db.close();
  });

  it('counts wrong logins made on either instance against one account: both then ask for a proof of work, and let the owner in', async () => {
    const email = `shared-${Date.now()}@example.se`;
    const password = browserHash('delat lösen');
    expect((await call(pair.first, '/auth/register', { body: { username: email, password } })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const app = i % 2 === 0 ? pair.first : pair.second;
      expect((await call(app, '/auth/login', { address: freshAddress(), body: { username: email, password: browserHash(`guess ${i}`) } })).status).toBe(401);
    }
    // Three of four: still no challenge on either.
    expect((await call(pair.second, '/auth/login', { address: freshAddress(), body: { username: email, password } })).body.token).toEqual(expect.any(String));
    expect((await call(pair.second, '/auth/login', { address: freshAddress(), body: { username: email, password: browserHash('guess 3') } })).status).toBe(401);
    for (const app of [pair.first, pair.second]) {
      const address = freshAddress();
      const challenged = await call(app, '/auth/login', { address, body: { username: email, password } });
      expect(challenged.status).toBe(200);
      const sign = challenged.body.sign!;
      expect(sign).toEqual(expect.any(String));
      const signed = await call(app, '/auth/login', { address, body: { username: email, password, signature: `${sign}:${solveChallenge(sign, 16)}` } });
      expect(signed.body.token).toEqual(expect.any(String));
    }
  });
});

describe('wrong logins to one account sent all at once', () => {
  const redisUrl = process.env.REDIS_URL;
  // Enough room in the hash queue that every guess let through is checked (none answered 503 instead).
  const env = { ...LIMITS, CUSTOMER_TOKEN_SECRET: SECRET, PASSWORD_HASH_QUEUE: '100' };
  const threshold = Number(LIMITS.CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT);
  let db: Db;
  beforeAll(async () => {
    db = await openWritableTestDb('pglite');
  });
  afterAll(async () => {
    await db.close();
  });

  /** 60 wrong logins to one account at once, each from its own address, spread over the given instances. */
  async function guessAtOnce(apps: TestApp[]) {
    const email = `raced-${Date.now()}-${apps.length}@example.se`;
    expect((await call(apps[0]!, '/auth/register', { address: freshAddress(), body: { username: email, password: browserHash('rätt lösen') } })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => call(apps[i % apps.length]!, '/auth/login', { address: freshAddress(), body: { username: email, password: browserHash(`gissning ${i}`) } })),
    );
    return {
      checked: answers.filter((answer) => answer.status === 401).length,
      challenged: answers.filter((answer) => answer.status === 200 && typeof answer.body.sign === 'string').length,
    };
  }

  it.each([['memory', {}], ...(redisUrl ? [['Redis', { REDIS_URL: redisUrl }]] : [])] as [string, Record<string, string>][])(
    'in %s: only as many as CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT are checked, every other one is asked for a proof of work',
    async (_, backend) => {
      const app = await createTestApp(db, { ...env, ...backend });
      try {
        expect(await guessAtOnce([app])).toEqual({ checked: threshold, challenged: 60 - threshold });
      } finally {
        await app.stop();
        await app.closePubSub();
      }
    },
    60_000,
  );

  it.runIf(redisUrl)('over two instances sharing Redis: only as many are checked in all', async () => {
    const pair = await createTestAppPair(db, { ...env, REDIS_URL: redisUrl! });
    try {
      expect(await guessAtOnce([pair.first, pair.second])).toEqual({ checked: threshold, challenged: 60 - threshold });
    } finally {
      await pair.close();
    }
  }, 60_000);
});
