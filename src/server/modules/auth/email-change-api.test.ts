import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { testDbKinds } from '../../testing/db';
import { browserPasswordHash } from '../../testing/browser-password';
import { call, dataOf, openAccountApp, PASSWORD, signIn, signUp, type SignedUp, type TestApp } from '../customer/customer-test-kit';
import { SIGN_DIFFICULTY_BITS, solveChallenge } from './challenge';

/*
 * A stolen token must not be a permanent takeover (security review, issue 21): moving the sign-in address needs the
 * current password and the new address's confirmation, the old address can undo it, and updateUser tells nobody
 * which addresses have accounts.
 */

const USER = 'customerId email firstName lastName phoneNumber newsletterConsent shopAs';
/** Wrong passwords to one account from one address before the login refuses that address (the kit's app sets it). */
const GUESSES = 3;

interface UserResult {
  customerId: number;
  email: string;
  firstName: string | null;
}
interface Mail {
  kind: string;
  to_address: string;
  subject: string;
  text: string;
}

describe.each(testDbKinds())('changing the sign-in address on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  openAccountApp(
    kind,
    (openedDb, openedApp) => {
      db = openedDb;
      app = openedApp;
    },
    { CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT: String(GUESSES), PUBLIC_URL: 'http://shop.example' },
  );

  /** Without a password, the operation does not name the argument at all (as a client before this change). */
  const updateUser = (user: Record<string, unknown>, token: string, password?: string, options: { languageId?: string; address?: string } = {}) =>
    call<{ updateUser: UserResult }>(
      app,
      password === undefined
        ? `mutation ($user: UserInput!, $l: String) { updateUser(user: $user, languageId: $l) { ${USER} } }`
        : `mutation ($user: UserInput!, $p: String, $l: String) { updateUser(user: $user, password: $p, languageId: $l) { ${USER} } }`,
      { user, l: options.languageId ?? 'sv', ...(password === undefined ? {} : { p: password }) },
      token,
      options.address,
    );
  const getUser = (token: string) => call<{ getUser: UserResult }>(app, `query { getUser { ${USER} } }`, {}, token);
  const codeOf = (answer: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => answer.body.errors?.[0]?.extensions?.code;

  let addresses = 0;
  /** Each call from its own address unless given, so the per-address limits of one never reach another. */
  const nextAddress = () => `10.99.${10 + Math.floor(++addresses / 250)}.${addresses % 250}`;

  /** An /auth endpoint, as the shop's own page posts it. */
  async function auth(path: string, body: Record<string, unknown>, { token, address = nextAddress() }: { token?: string; address?: string } = {}) {
    const res = await app.fastify.inject({
      method: 'POST',
      url: `/auth/${path}`,
      remoteAddress: address,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body,
    });
    return { status: res.statusCode, body: res.json() as { token?: string; message?: string; code?: string; key?: string; sign?: string } };
  }
  const login = (email: string, password = PASSWORD, address = nextAddress(), signature?: string) => auth('login', { username: email, password, signature }, { address });

  const mailsTo = (address: string) =>
    db.query<Mail>('SELECT kind, to_address, subject, text FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at, id', [address]);
  /** The key in the latest mail of this kind to the address (forgot-password queues its mail after answering). */
  async function keyMailed(kind: 'emailconfirm' | 'emailchanged' | 'passwordreset', address: string): Promise<string> {
    return vi.waitFor(async () => {
      const mail = (await mailsTo(address)).filter((m) => m.kind === kind).pop();
      const key = mail && /[?&]key=([\w-]{43})/.exec(mail.text)?.[1];
      if (!key) throw new Error(`No ${kind} mail with a key to ${address}`);
      return key;
    });
  }
  const newAddress = () => `ny-${randomUUID()}@example.se`;

  describe('updateUser with another email', () => {
    it('asks for the current password: without it or with a wrong one nothing is saved and nobody is mailed', async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const wanted = newAddress();
      expect((await updateUser({ email: wanted, firstName: 'Mallory' }, a.token)).body.errors?.[0]).toMatchObject({
        message: 'Du måste ange ett lösenord',
        extensions: { code: 'BAD_USER_INPUT', fields: { password: 'Du måste ange ett lösenord' } },
      });
      expect((await updateUser({ email: wanted, firstName: 'Mallory' }, a.token, browserPasswordHash('gissat'))).body.errors?.[0]).toMatchObject({
        message: 'Fel lösenord, försök gärna igen',
        extensions: { code: 'BAD_USER_INPUT', fields: { password: 'Fel lösenord, försök gärna igen' } },
      });
      const english = await updateUser({ email: wanted }, a.token, browserPasswordHash('guessed'), { languageId: 'en', address: '10.99.2.1' });
      expect(english.body.errors?.[0]).toMatchObject({ message: 'Wrong password, please try again', extensions: { fields: { password: 'Wrong password, please try again' } } });
      expect(dataOf(await getUser(a.token))).toMatchObject({ email: a.email, firstName: 'Anna' });
      expect(await mailsTo(wanted)).toEqual([]);
      // Every other field saves as before, without a password.
      expect(dataOf(await updateUser({ firstName: 'Annika', phoneNumber: '070-123 45 67' }, a.token))).toMatchObject({ email: a.email, firstName: 'Annika' });
    });

    it('counts a wrong password as a wrong login to the account: past the limit even the right one is refused, as the login is', async () => {
      const a = await signUp(app);
      const address = '10.99.3.1';
      for (let guess = 0; guess < GUESSES; guess++) {
        expect(codeOf(await updateUser({ email: newAddress() }, a.token, browserPasswordHash(`gissning ${guess}`), { address }))).toBe('BAD_USER_INPUT');
      }
      const refused = await updateUser({ email: newAddress() }, a.token, PASSWORD, { address });
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'För många försök. Vänta en stund och försök igen.', extensions: { code: 'RATE_LIMITED' } });
      // The same counters as the login's: the account's own asks every address for a proof of work …
      expect((await login(a.email)).body.sign).toEqual(expect.any(String));
      // … and the guessing address may no longer try the account's password at the login either.
      const sign = (await login(a.email, PASSWORD, address)).body.sign!;
      const signature = `${sign}:${solveChallenge(sign, SIGN_DIFFICULTY_BITS)}`;
      expect(await login(a.email, PASSWORD, address, signature)).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      expect(dataOf(await getUser(a.token)).email).toBe(a.email);
    });

    it('answers a taken address exactly as a free one and changes neither account; the taken one gets a notice, no link', async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const b = await signUp(app, { firstName: 'Bertil' });
      const free = newAddress();
      const taken = await updateUser({ email: ` ${b.email.toUpperCase()} `, firstName: 'Anna' }, a.token, PASSWORD);
      const notTaken = await updateUser({ email: free, firstName: 'Anna' }, a.token, PASSWORD);
      expect(taken).toEqual(notTaken);
      expect(dataOf(taken)).toMatchObject({ email: a.email, firstName: 'Anna' });
      expect(dataOf(await getUser(b.token))).toMatchObject({ email: b.email, firstName: 'Bertil' });
      expect(dataOf(await getUser(a.token)).email).toBe(a.email);

      const [notice] = await mailsTo(b.email);
      expect(notice).toMatchObject({ kind: 'emailtaken', subject: expect.stringContaining('Någon ville byta till din e-postadress') });
      expect(notice!.text).not.toMatch(/key=/);
      expect((await mailsTo(free)).map((m) => m.kind)).toEqual(['emailconfirm']);
      // The address the account has is not confirmed again.
      expect(await mailsTo(a.email)).toEqual([]);
    });
  });

  describe('the links', () => {
    it('moves the account when the new address opens its link, ends the other sessions and mails the old one an undo link', async () => {
      const a = await signUp(app, { firstName: 'Anna' });
      const elsewhere = await signIn(app, a);
      const wanted = newAddress();
      expect(dataOf(await updateUser({ email: wanted, firstName: 'Ny' }, a.token, PASSWORD))).toMatchObject({ email: a.email, firstName: 'Ny' });
      // Nothing moves before the new address answers: it cannot be claimed by anyone who does not read it.
      expect(dataOf(await getUser(a.token)).email).toBe(a.email);
      expect((await login(wanted)).status).toBe(401);

      const [confirmMail] = await mailsTo(wanted);
      expect(confirmMail!.subject).toContain('Bekräfta din nya e-postadress');
      expect(confirmMail!.text).toMatch(/http:\/\/shop\.example\/account\/email\?key=[\w-]{43}/);
      const confirmKey = await keyMailed('emailconfirm', wanted);
      const confirmed = await auth('confirm-email', { key: confirmKey }, { token: a.token });
      expect(confirmed).toEqual({ status: 200, body: { message: `Klart! Ditt konto använder nu ${wanted}` } });

      // The session that confirmed stays; every other one ended.
      expect(dataOf(await getUser(a.token)).email).toBe(wanted);
      expect(codeOf(await getUser(elsewhere))).toBe('UNAUTHENTICATED');
      expect((await login(wanted)).status).toBe(200);
      expect((await login(a.email)).status).toBe(401);
      expect(await auth('confirm-email', { key: confirmKey })).toMatchObject({ status: 400, body: { code: 'EMAIL_KEY_INVALID' } });
      // The used key is no longer in the stored mail.
      expect((await mailsTo(wanted))[0]!.text).not.toContain(confirmKey);

      const [changedMail] = (await mailsTo(a.email)).filter((m) => m.kind === 'emailchanged');
      expect(changedMail!.subject).toContain('E-postadressen för ditt konto');
      expect(changedMail!.text).toContain(wanted);
      expect(changedMail!.text).toMatch(/http:\/\/shop\.example\/account\/email\?undo=1&key=[\w-]{43}/);
    });

    it('ends a pending move when the password changes: the owner who noticed it resets and the link to the new address is dead', async () => {
      const owner = await signUp(app);
      const wanted = newAddress();
      dataOf(await updateUser({ email: wanted }, owner.token, PASSWORD));
      const confirmKey = await keyMailed('emailconfirm', wanted);
      expect((await auth('password', { password: PASSWORD, newPassword: browserPasswordHash('nytt efter flytten') }, { token: owner.token })).status).toBe(200);
      expect(await auth('confirm-email', { key: confirmKey })).toMatchObject({ status: 400, body: { code: 'EMAIL_KEY_INVALID' } });
    });

    it('ends a second move\'s undo link when the owner undoes the first: the taker cannot move the account back to their address', async () => {
      const owner = await signUp(app);
      const taker: SignedUp = { ...owner, token: await signIn(app, owner) };
      const first = newAddress();
      const second = newAddress();
      dataOf(await updateUser({ email: first }, taker.token, PASSWORD));
      expect((await auth('confirm-email', { key: await keyMailed('emailconfirm', first) }, { token: taker.token })).status).toBe(200);
      dataOf(await updateUser({ email: second }, taker.token, PASSWORD));
      expect((await auth('confirm-email', { key: await keyMailed('emailconfirm', second) }, { token: taker.token })).status).toBe(200);
      // The second move's undo link goes to the taker's first address; the owner's to theirs.
      const takersUndo = await keyMailed('emailchanged', first);
      expect((await auth('undo-email', { key: await keyMailed('emailchanged', owner.email) })).status).toBe(200);
      expect(await auth('undo-email', { key: takersUndo })).toMatchObject({ status: 400, body: { code: 'EMAIL_KEY_INVALID' } });
      const [row] = await db.query<{ email: string }>('SELECT email FROM customers WHERE customer_id = $1', [owner.customerId]);
      expect(row!.email).toBe(owner.email);
    });

    it('undoes the move from the old address even after the taker changed the password and asked for a reset: all sessions end, the password with them', async () => {
      const owner = await signUp(app);
      const taker: SignedUp = { ...owner, token: await signIn(app, owner) };
      const wanted = newAddress();
      dataOf(await updateUser({ email: wanted }, taker.token, PASSWORD));
      expect((await auth('confirm-email', { key: await keyMailed('emailconfirm', wanted) }, { token: taker.token })).status).toBe(200);
      // The taker locks the owner out as far as the password goes: a new one, and a reset link to their address.
      const takersPassword = browserPasswordHash('tagen');
      const changed = await auth('password', { password: PASSWORD, newPassword: takersPassword }, { token: taker.token });
      expect(changed.status).toBe(200);
      expect((await auth('forgot-password', { username: wanted })).status).toBe(200);
      const takersResetKey = await keyMailed('passwordreset', wanted);

      const undoKey = await keyMailed('emailchanged', owner.email);
      const undone = await auth('undo-email', { key: undoKey });
      expect(undone).toEqual({
        status: 200,
        body: {
          message: `Ditt konto har fått tillbaka ${owner.email} och alla inloggningar är avslutade. Välj ett nytt lösenord för att logga in igen.`,
          key: expect.stringMatching(/^[\w-]{43}$/),
        },
      });
      for (const token of [owner.token, changed.body.token!]) expect(codeOf(await getUser(token))).toBe('UNAUTHENTICATED');
      // Neither password works any more, nor the taker's reset link: the page's reset key sets the new one.
      expect((await login(owner.email, takersPassword)).status).toBe(401);
      expect((await login(owner.email, PASSWORD)).status).toBe(401);
      expect((await login(wanted, takersPassword)).status).toBe(401);
      expect(await auth('reset-password', { key: takersResetKey, newPassword: takersPassword })).toMatchObject({ status: 400, body: { code: 'RESET_KEY_INVALID' } });
      const ownersPassword = browserPasswordHash('tillbaka igen');
      const reset = await auth('reset-password', { key: undone.body.key, newPassword: ownersPassword });
      expect(reset.status).toBe(200);
      expect(dataOf(await getUser(reset.body.token!)).email).toBe(owner.email);
      expect((await login(owner.email, ownersPassword)).status).toBe(200);
      // The link works once, and the stored mail no longer holds its key.
      expect(await auth('undo-email', { key: undoKey })).toMatchObject({
        status: 400,
        body: { code: 'EMAIL_KEY_INVALID', message: expect.stringContaining('Länken för att ångra bytet') },
      });
      expect((await mailsTo(owner.email)).find((m) => m.kind === 'emailchanged')!.text).not.toContain(undoKey);
    });

    it('moves nothing to an address another account took after the link was mailed, and refuses made-up keys', async () => {
      const a = await signUp(app);
      const wanted = newAddress();
      dataOf(await updateUser({ email: wanted }, a.token, PASSWORD));
      await signUp(app, { email: wanted });
      const answer = await auth('confirm-email', { key: await keyMailed('emailconfirm', wanted), languageId: 'en' });
      expect(answer).toEqual({ status: 409, body: { code: 'ACCOUNT_EXISTS', message: 'An account with this email already exists' } });
      expect(dataOf(await getUser(a.token)).email).toBe(a.email);
      for (const path of ['confirm-email', 'undo-email']) {
        expect(await auth(path, { key: 'made-up' })).toMatchObject({ status: 400, body: { code: 'EMAIL_KEY_INVALID' } });
        expect(await auth(path, {})).toMatchObject({ status: 400, body: { code: 'EMAIL_KEY_INVALID' } });
      }
      // A reset key is no e-mail key, nor the other way round.
      expect((await auth('forgot-password', { username: a.email })).status).toBe(200);
      expect((await auth('confirm-email', { key: await keyMailed('passwordreset', a.email) })).body.code).toBe('EMAIL_KEY_INVALID');
    });

    it('deleting the account erases the mails of its moves, to the old address and the new', async () => {
      const a = await signUp(app);
      const wanted = newAddress();
      dataOf(await updateUser({ email: wanted }, a.token, PASSWORD));
      expect((await auth('confirm-email', { key: await keyMailed('emailconfirm', wanted) }, { token: a.token })).status).toBe(200);
      expect((await mailsTo(a.email)).map((m) => m.kind)).toEqual(['emailchanged']);
      const deleted = await call(app, 'mutation ($p: String) { deleteUser(password: $p) { ok } }', { p: PASSWORD }, a.token);
      expect(dataOf(deleted)).toEqual({ ok: true });
      expect(await mailsTo(a.email)).toEqual([]);
      expect(await mailsTo(wanted)).toEqual([]);
    });
  });
});
