// Its types add req.cookies (app.ts registers the plugin).
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTH_COOKIE,
  AUTH_PATHS,
  SHORT_SESSION_SECONDS,
  BROWSER_PASSWORD_HASH,
  type AuthChallenge,
  type AuthEmailRestored,
  type AuthErrorCode,
  type AuthFailure,
  type AuthLoggedOut,
  type AuthMessage,
  type AuthSignInfo,
  type AuthSuccess,
} from '../../../shared/auth';
import { resolveLanguage, type LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { ShopVariant } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { t, type TextId, type TextValues } from '../../i18n';
import type { AddressLimits } from '../../limits/address-limits';
import { beginCustomerLoginAttempt, customerLoginCounters, isRefused, type CustomerLoginLimits } from '../../limits/login-attempts';
import { dummyHashPromise, hashPassword, PasswordHashBusyError, verifyPassword } from '../../security/password';
import { bearerToken } from '../admin';
import { isValidEmail } from '../../../shared/email';
import { isSafeText } from '../../../shared/text';
import { isValidOrganisationNumber } from '../../../shared/swedish-id';
import { createCustomer, findCustomerByEmail, findCustomerCredentials, setCustomerPasswordHash } from '../customer';
import { enqueuePasswordResetMail, maskMailKeys } from '../mail';
import { makeChallenge, meetsDifficulty, readChallenge, splitSignature } from './challenge';
import { confirmEmailChange, undoEmailChange } from './email-change';
import { addressMailBudgetKey, keyHashOf, newMailedKey, RESET_KEY_MINUTES } from './mailed-keys';
import { findLiveResetKey, insertResetKey, takeResetKey, spendCustomerKeys } from './reset-key-store';
import { findLiveSession, revokeCustomerSessions, revokeSession } from './session-store';
import { refreshSession, replaceSessions, sessionLifetimeSeconds, sessionOfToken, startSession, type IssuedToken } from './sessions';
import { takeShopAsLink } from './shop-as-store';
import type { CustomerTokens } from './tokens';

export interface AuthRouteDeps {
  db: Db;
  tokens: CustomerTokens;
  limits: AddressLimits;
  variant: ShopVariant;
  /** Where links in mails point (PUBLIC_URL, or this machine without it). */
  origin: string;
  /** Wrong logins from one address after which each further login from it must answer a sign challenge. */
  challengeAfter: number;
  /** Wrong logins to one account (from any address) after which each login to it must answer a sign challenge. */
  accountChallengeAfter: number;
  signChallengeSeconds: number;
}

// The browser's password: SHA-384 over the fixed salt and the password, base64 (64 characters).
const hashedPassword = z.string().regex(BROWSER_PASSWORD_HASH);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null);
// GET sends everything as query strings: numbers and booleans arrive as text.
const numberFromQuery = z.preprocess((value) => (typeof value === 'string' && value !== '' ? Number(value) : value), z.number().int().min(1).max(10_080));
const booleanFromQuery = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

const bodySchema = z.object({
  username: z.string().max(254).optional(),
  password: z.string().max(1024).optional(),
  newPassword: z.string().max(1024).optional(),
  sessionLifetime: numberFromQuery.optional(),
  signature: z.string().max(600).optional(),
  loginToken: z.string().max(2048).optional(),
  key: z.string().max(200).optional(),
  customerType: z.enum(['PERSON', 'ORGANIZATION']).optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  companyName: text(200).optional(),
  organisationIdNumber: text(20).optional(),
  newsletterConsent: booleanFromQuery.optional(),
  everywhere: booleanFromQuery.optional(),
  languageId: z.string().max(10).optional(),
})
  // Text the database cannot hold (a NUL, an unpaired surrogate) is a bad field, as the GraphQL input guard
  // answers it, not a failed INSERT (it answered 500).
  .refine((body) => Object.values(body).every((value) => typeof value !== 'string' || isSafeText(value)));
type Body = z.infer<typeof bodySchema>;

// The shop's one email rule: z.email() refused åsa@exempel.se, which checkout and the settings accept.
const isEmail = (value: string | undefined): value is string => value !== undefined && isValidEmail(value);

const STATUS: Record<AuthErrorCode, number> = {
  ACCOUNT_EXISTS: 409,
  WRONG_CREDENTIALS: 401,
  WRONG_PASSWORD_LOGGED_OUT: 401,
  INVALID_FIELDS: 400,
  RESET_KEY_INVALID: 400,
  EMAIL_KEY_INVALID: 400,
  SIGNATURE_INVALID: 400,
  UNAUTHENTICATED: 401,
  RATE_LIMITED: 429,
  BUSY: 503,
  CROSS_SITE: 403,
  SHOP_AS_FORBIDDEN: 403,
};

class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    readonly textId: TextId,
    readonly values?: TextValues,
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

const fail = (code: AuthErrorCode, textId: TextId, values?: TextValues) => new AuthError(code, textId, values);

/** The request's language (languageId in the query or the body; Swedish otherwise) and its fields. */
function fieldsOf(req: FastifyRequest): { body: Body | null; language: LanguageId } {
  // A GET's fields are its query string.
  const raw: unknown = req.method === 'GET' ? req.query : (req.body ?? {});
  const pick = (source: unknown) => (source && typeof source === 'object' && 'languageId' in source && typeof source.languageId === 'string' ? source.languageId : undefined);
  const language = resolveLanguage(undefined, pick(req.query) ?? pick(raw));
  const parsed = bodySchema.safeParse(raw);
  return { body: parsed.success ? parsed.data : null, language };
}

/**
 * Whether the request came from the shop's own pages or from the shopper typing the address (Sec-Fetch-Site
 * same-origin or none). A browser attaches the apollo-token cookie to any site's navigation or form post here, so
 * only then may the cookie stand for the shopper; anyone else sends the token as a Bearer (as /graphql asks).
 */
function fromOwnPages(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/** A browser says another site sent it; a request without Sec-Fetch-Site is no browser's (or an old one's). */
function fromOtherSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** The bearer token of the request, else its apollo-token cookie when the request came from the shop's own pages. */
function tokenOf(req: FastifyRequest): string | null {
  return bearerToken(req.headers.authorization) ?? (fromOwnPages(req) ? (req.cookies[AUTH_COOKIE] ?? null) : null);
}

const success = (issued: IssuedToken): AuthSuccess => ({ token: issued.token, maxAge: issued.maxAge, ...(issued.shopAs ? { shopAs: true } : {}) });

/**
 * The customer auth endpoints: /auth/register, /auth/login (also refresh and shop-as), /auth/password,
 * /auth/logout, /auth/sign/:value, /auth/forgot-password, /auth/reset-password, and the e-mail change's
 * /auth/confirm-email and /auth/undo-email. Success answers 200 with the
 * shapes of shared/auth.ts; a failure 4xx {message, code}, message in the request's language (languageId in the
 * query or body, Swedish otherwise). Nothing here may be stored by a cache.
 */
export function registerAuthRoutes(fastify: FastifyInstance, deps: AuthRouteDeps): void {
  const { db, tokens, limits } = deps;
  const loginLimits: CustomerLoginLimits = {
    ...customerLoginCounters(limits),
    challengeAfter: deps.challengeAfter,
    accountChallengeAfter: deps.accountChallengeAfter,
  };

  const handle =
    (run: (req: FastifyRequest, body: Body, language: LanguageId) => Promise<AuthSuccess | AuthChallenge | AuthLoggedOut | AuthMessage | AuthSignInfo | AuthEmailRestored>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { body, language } = fieldsOf(req);
      try {
        // Another site's page may post here (a form needs no CORS), e.g. to log the shopper in as someone else, or
        // make its visitors' browsers fetch a GET (40 <img> tags were 40 slow hashes each): none of these endpoints
        // serves another site.
        if (fromOtherSite(req)) throw fail('CROSS_SITE', 'server.auth.crossSite');
        if (!body) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
        // The secret is read before any transaction below issues a token inside it.
        await tokens.ready();
        return reply.status(200).send(await run(req, body, language));
      } catch (caught) {
        const error = caught instanceof PasswordHashBusyError ? new AuthError('BUSY', 'server.busy', undefined, caught.retryAfterSeconds) : caught;
        if (!(error instanceof AuthError)) throw error;
        if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
        const failure: AuthFailure = { message: t(language, error.textId, error.values), code: error.code };
        return reply.status(STATUS[error.code]).send(failure);
      }
    };

  const requireHashedPassword = (value: string | undefined) => {
    if (!value) throw fail('INVALID_FIELDS', 'server.auth.passwordRequired');
    if (!hashedPassword.safeParse(value).success) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
    return value;
  };

  /** A 429 that says when to come back. */
  const tooMany = (retryAfterSeconds: number) =>
    new AuthError('RATE_LIMITED', 'server.auth.tooManyAttempts', { minutes: String(Math.max(1, Math.ceil(retryAfterSeconds / 60))) }, retryAfterSeconds);

  /**
   * For a login that must answer a sign challenge (past `challengeAfter` wrong logins from the address, or
   * `accountChallengeAfter` to the account from anywhere): without an answer it gets a new challenge; with a
   * forged, expired, reused or wrong one it is refused; with a right one, null (go on).
   */
  async function requireAnsweredChallenge(address: string, signature: string | undefined): Promise<AuthChallenge | null> {
    if (!signature) return { sign: await makeChallenge(tokens, address, deps.signChallengeSeconds) };
    const parts = splitSignature(signature);
    const challenge = parts && (await readChallenge(tokens, parts.value, address));
    if (!parts || !challenge || !meetsDifficulty(parts.value, parts.answer, challenge.difficulty)) throw fail('SIGNATURE_INVALID', 'server.auth.signatureInvalid');
    if (!(await limits.signChallengesUsed.take(challenge.nonce)).allowed) throw fail('SIGNATURE_INVALID', 'server.auth.signatureInvalid');
    return null;
  }

  /** Each account change draws from the address's budget before anything slow runs. */
  async function spendAccountChange(address: string): Promise<void> {
    const verdict = await limits.accountChanges.take(address);
    if (!verdict.allowed) throw new AuthError('RATE_LIMITED', 'server.tooManyAttempts', undefined, verdict.retryAfterSeconds);
  }

  async function shopAsLogin(loginToken: string): Promise<AuthSuccess> {
    const link = await tokens.verifyShopAs(loginToken);
    const used = link && (await takeShopAsLink(db, link.linkId, new Date()));
    if (!link || !used || used.customerId !== link.customerId) throw fail('UNAUTHENTICATED', 'server.auth.shopAsLinkInvalid');
    return success(await startSession(db, tokens, { customerId: used.customerId, lifetimeSeconds: SHORT_SESSION_SECONDS, shopAsAdminId: used.adminId }));
  }

  const login = handle(async (req, body) => {
    if (body.loginToken) return shopAsLogin(body.loginToken);
    if (body.username === undefined && body.password === undefined) {
      // No credentials: a refresh of the session the request's token belongs to.
      const session = await sessionOfToken(db, tokens, tokenOf(req));
      const refreshed = session && (await refreshSession(db, tokens, session.sessionId));
      if (!refreshed) throw fail('UNAUTHENTICATED', 'server.auth.unauthenticated');
      return success(refreshed);
    }
    if (!isEmail(body.username)) throw fail('INVALID_FIELDS', 'server.auth.invalidEmail');
    // Only what a browser sends (the SHA-384 of the password) can match a stored hash: anything else is refused
    // before it costs a limit or a slow hash.
    const password = requireHashedPassword(body.password);
    // The attempt is taken first and everything below decided on the counts it took: concurrent guesses that
    // read the counts before taking them all saw the same count and all went unchallenged.
    const attempt = await beginCustomerLoginAttempt(loginLimits, body.username, req.ip);
    if (isRefused(attempt)) throw tooMany(attempt.retryAfterSeconds);
    // Until the password is checked no guess was made: every way out before it gives the attempt back.
    if (attempt.needsChallenge) {
      const challenge = await requireAnsweredChallenge(req.ip, body.signature).catch(async (error: unknown) => {
        await attempt.notChecked();
        throw error;
      });
      if (challenge) {
        await attempt.notChecked();
        return challenge;
      }
    }
    // Right passwords count too: each login costs a slow hash whatever its outcome.
    const budget = await limits.passwordLogins.take(req.ip);
    if (!budget.allowed) {
      await attempt.notChecked();
      throw new AuthError('RATE_LIMITED', 'server.tooManyAttempts', undefined, budget.retryAfterSeconds);
    }
    const customer = await findCustomerByEmail(db, body.username);
    const ok = await verifyPassword(password, customer?.passwordHash ?? (await dummyHashPromise)).catch(async (error: unknown) => {
      // Refused before the hash ran: no guess was made, and no login was spent.
      if (error instanceof PasswordHashBusyError) await Promise.all([attempt.notChecked(), limits.passwordLogins.giveBack(req.ip)]);
      throw error;
    });
    if (!customer || !ok) throw fail('WRONG_CREDENTIALS', 'server.auth.wrongCredentials');
    await attempt.succeeded();
    return success(await startSession(db, tokens, { customerId: customer.customerId, lifetimeSeconds: sessionLifetimeSeconds(body.sessionLifetime) }));
  });

  fastify.post(AUTH_PATHS.login, login);
  fastify.get(AUTH_PATHS.login, login);

  fastify.post(
    AUTH_PATHS.register,
    handle(async (req, body, language) => {
      if (!isEmail(body.username)) throw fail('INVALID_FIELDS', 'server.auth.invalidEmail');
      const password = requireHashedPassword(body.password);
      const customerType = body.customerType ?? 'PERSON';
      if (customerType === 'ORGANIZATION' && !body.companyName) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
      // The checkout's and the settings' rule: stored invalid, it would refuse every later save of the settings.
      if (body.organisationIdNumber && !isValidOrganisationNumber(body.organisationIdNumber)) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
      await spendAccountChange(req.ip);
      // Checked before the slow hash; createCustomer still refuses a duplicate that raced in meanwhile.
      if (await findCustomerByEmail(db, body.username)) throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      const customerId = await createCustomer(db, {
        email: body.username,
        passwordHash: await hashPassword(password),
        customerType,
        firstName: body.firstName,
        lastName: body.lastName,
        companyName: body.companyName,
        organisationIdNumber: body.organisationIdNumber,
        newsletterConsent: body.newsletterConsent ?? false,
        languageId: language,
      });
      if (customerId === null) throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      return success(await startSession(db, tokens, { customerId, lifetimeSeconds: sessionLifetimeSeconds(body.sessionLifetime) }));
    }),
  );

  fastify.post(
    AUTH_PATHS.password,
    handle(async (req, body) => {
      const session = await sessionOfToken(db, tokens, tokenOf(req));
      if (!session) throw fail('UNAUTHENTICATED', 'server.auth.unauthenticated');
      // The password is the owner's: an admin shopping as them never sets it (nor ends their sessions by guessing it).
      if (session.shopAsAdminId !== null) throw fail('SHOP_AS_FORBIDDEN', 'server.auth.shopAsForbidden');
      if (!body.password) throw fail('INVALID_FIELDS', 'server.auth.passwordRequired');
      const newPassword = requireHashedPassword(body.newPassword);
      await spendAccountChange(req.ip);
      const customer = await findCustomerCredentials(db, session.customerId);
      if (!customer || !(await verifyPassword(body.password, customer.passwordHash))) {
        // Whoever holds this token does not know the password: the session ends.
        await revokeSession(db, session.sessionId, new Date());
        throw fail('WRONG_PASSWORD_LOGGED_OUT', 'server.auth.wrongPasswordLoggedOut');
      }
      const current = await findLiveSession(db, session.sessionId, new Date());
      const lifetime = body.sessionLifetime ? sessionLifetimeSeconds(body.sessionLifetime) : (current?.lifetimeSeconds ?? sessionLifetimeSeconds(undefined));
      const passwordHash = await hashPassword(newPassword);
      return success(
        await db.transaction(async (tx) => {
          await setCustomerPasswordHash(tx, session.customerId, passwordHash);
          // A reset link mailed before the change must not undo it, nor a pending move of the address go through.
          await spendCustomerKeys(tx, session.customerId, new Date(), ['reset', 'confirm-email']);
          return replaceSessions(tx, tokens, session.customerId, lifetime);
        }),
      );
    }),
  );

  const logout = handle(async (req, body) => {
    const session = await sessionOfToken(db, tokens, tokenOf(req));
    if (session) {
      // Only a POST may end every session: a GET is a link anyone can make the shopper follow. An admin's
      // shop-as session ends only itself, never the owner's.
      if (body.everywhere && req.method === 'POST' && session.shopAsAdminId === null) await revokeCustomerSessions(db, session.customerId, new Date());
      else await revokeSession(db, session.sessionId, new Date());
    }
    // Logged out either way: a token that no longer counts needs no ending.
    return { loggedOut: true } satisfies AuthLoggedOut;
  });
  fastify.post(AUTH_PATHS.logout, logout);
  fastify.get(AUTH_PATHS.logout, logout);

  fastify.get<{ Params: { value: string } }>(
    `${AUTH_PATHS.sign}/:value`,
    handle(async (req) => {
      const { value } = req.params as { value: string };
      const challenge = await readChallenge(tokens, value, req.ip);
      if (!challenge) throw fail('SIGNATURE_INVALID', 'server.auth.signatureInvalid');
      return { sign: value, algorithm: 'SHA-256', difficulty: challenge.difficulty, expiresAt: new Date(challenge.expiresAt * 1000).toISOString() } satisfies AuthSignInfo;
    }),
  );

  fastify.post(
    AUTH_PATHS.forgotPassword,
    handle(async (req, body, language) => {
      if (!isEmail(body.username)) throw fail('INVALID_FIELDS', 'server.auth.invalidEmail');
      await spendAccountChange(req.ip);
      const username = body.username;
      const queueResetMail = async () => {
        const customer = await findCustomerByEmail(db, username);
        if (!customer || !(await limits.passwordResetMails.take(addressMailBudgetKey(customer.email))).allowed) return;
        const { key, keyHash } = newMailedKey();
        const resetUrl = `${deps.origin}${routes.resetPassword(language)}?key=${key}`;
        await db.transaction(async (tx) => {
          // Reset mails whose keys have expired keep them no longer (sent ones were masked when sent).
          await maskMailKeys(tx, { createdBefore: new Date(Date.now() - RESET_KEY_MINUTES * 60_000) });
          await insertResetKey(tx, { keyHash, customerId: customer.customerId, expiresAt: new Date(Date.now() + RESET_KEY_MINUTES * 60_000) });
          await enqueuePasswordResetMail(tx, { to: customer.email, language, resetUrl, validMinutes: RESET_KEY_MINUTES }, deps.variant);
        });
      };
      // The same answer, at the same moment, whether or not the address has an account and a mail goes out: the
      // lookup and the mail are queued after it (answering after them made a known address measurably slower).
      setImmediate(() => void queueResetMail().catch((error: unknown) => req.log.error({ err: error }, 'The password reset mail could not be queued')));
      return { message: t(language, 'server.auth.resetMailSent') } satisfies AuthMessage;
    }),
  );

  fastify.post(
    AUTH_PATHS.resetPassword,
    handle(async (req, body) => {
      const newPassword = requireHashedPassword(body.newPassword);
      if (!body.key) throw fail('RESET_KEY_INVALID', 'server.auth.resetKeyInvalid');
      await spendAccountChange(req.ip);
      const key = body.key;
      // A made-up, used or expired key costs no slow hash; the key is still taken atomically below.
      if ((await findLiveResetKey(db, keyHashOf(key), new Date())) === null) throw fail('RESET_KEY_INVALID', 'server.auth.resetKeyInvalid');
      const passwordHash = await hashPassword(newPassword);
      const issued = await db.transaction(async (tx) => {
        const customerId = (await takeResetKey(tx, keyHashOf(key), new Date()))?.customerId;
        if (customerId === undefined) return null;
        // An unsent mail must not keep a key that was used.
        await maskMailKeys(tx, { key });
        await setCustomerPasswordHash(tx, customerId, passwordHash);
        // Every other reset link of the account ends with this one.
        await spendCustomerKeys(tx, customerId, new Date(), ['reset', 'confirm-email']);
        return replaceSessions(tx, tokens, customerId, sessionLifetimeSeconds(body.sessionLifetime));
      });
      if (!issued) throw fail('RESET_KEY_INVALID', 'server.auth.resetKeyInvalid');
      return success(issued);
    }),
  );

  // The e-mail change's links (email-change.ts), posted by the page they open (never on the GET of the link, which
  // mail scanners fetch). No slow hash runs, but each draws from the address's account changes.
  fastify.post(
    AUTH_PATHS.confirmEmail,
    handle(async (req, body, language) => {
      if (!body.key) throw fail('EMAIL_KEY_INVALID', 'server.account.emailConfirmKeyInvalid');
      await spendAccountChange(req.ip);
      const outcome = await confirmEmailChange(db, deps, body.key, await sessionOfToken(db, tokens, tokenOf(req)));
      if (outcome === 'invalid') throw fail('EMAIL_KEY_INVALID', 'server.account.emailConfirmKeyInvalid');
      if (outcome === 'taken') throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      return { message: t(language, 'server.account.emailChanged', { email: outcome.email }) } satisfies AuthMessage;
    }),
  );

  fastify.post(
    AUTH_PATHS.undoEmail,
    handle(async (req, body, language) => {
      if (!body.key) throw fail('EMAIL_KEY_INVALID', 'server.account.emailUndoKeyInvalid');
      await spendAccountChange(req.ip);
      const outcome = await undoEmailChange(db, body.key);
      if (outcome === 'invalid') throw fail('EMAIL_KEY_INVALID', 'server.account.emailUndoKeyInvalid');
      if (outcome === 'taken') throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      return { message: t(language, 'server.account.emailChangeUndone', { email: outcome.email }), key: outcome.resetKey } satisfies AuthEmailRestored;
    }),
  );
}
