import { z } from 'zod';
import {
  SHORT_SESSION_SECONDS,
  BROWSER_PASSWORD_HASH,
  type AuthChallenge,
  type AuthEmailRestored,
  type AuthErrorCode,
  type AuthLoggedOut,
  type AuthMessage,
  type AuthSignInfo,
  type AuthSuccess,
} from '../../../shared/auth';
import { isValidEmail } from '../../../shared/email';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { ShopVariant } from '../../../shared/shop';
import { isValidOrganisationNumber } from '../../../shared/swedish-id';
import type { Db } from '../../db/client';
import type { TextId, TextValues } from '../../i18n';
import { t } from '../../i18n';
import type { AddressLimits } from '../../limits/address-limits';
import { beginCustomerLoginAttempt, customerLoginCounters, isRefused, type CustomerLoginLimits } from '../../limits/login-attempts';
import { dummyHashPromise, hashPassword, PasswordHashBusyError, verifyPassword } from '../../security/password';
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

/*
 * The rules of customer sign-in behind the /auth endpoints (routes.ts does the HTTP): which attempts count, when a
 * sign challenge is due, what each change ends, and the transactions that make each change whole. Every refusal
 * is an AuthError: the /auth code and the text (by id) the shopper reads.
 */

export interface AuthServiceDeps {
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

/** A refusal of the /auth API: its code, and the text the answer carries in the request's language. */
export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    readonly textId: TextId,
    readonly values?: TextValues,
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
  }
}

export const fail = (code: AuthErrorCode, textId: TextId, values?: TextValues) => new AuthError(code, textId, values);

/** The password hash is still running too many at once: the shopper is asked to try again shortly. */
export const busyRefusal = (error: PasswordHashBusyError) => new AuthError('BUSY', 'server.busy', undefined, error.retryAfterSeconds);

// The browser's password: SHA-384 over the fixed salt and the password, base64 (64 characters).
const hashedPassword = z.string().regex(BROWSER_PASSWORD_HASH);

// The shop's one email rule: z.email() refused åsa@exempel.se, which checkout and the settings accept.
const isEmail = (value: string | undefined): value is string => value !== undefined && isValidEmail(value);

function requireEmail(value: string | undefined): string {
  if (!isEmail(value)) throw fail('INVALID_FIELDS', 'server.auth.invalidEmail');
  return value;
}

/** Only what a browser sends (the SHA-384 of the password) can match a stored hash. */
function requireHashedPassword(value: string | undefined): string {
  if (!value) throw fail('INVALID_FIELDS', 'server.auth.passwordRequired');
  if (!hashedPassword.safeParse(value).success) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
  return value;
}

/** A 429 that says when to come back. */
const tooMany = (retryAfterSeconds: number) =>
  new AuthError('RATE_LIMITED', 'server.auth.tooManyAttempts', { minutes: String(Math.max(1, Math.ceil(retryAfterSeconds / 60))) }, retryAfterSeconds);

const success = (issued: IssuedToken): AuthSuccess => ({ token: issued.token, maxAge: issued.maxAge, ...(issued.shopAs ? { shopAs: true } : {}) });

export interface Credentials {
  username?: string;
  password?: string;
  signature?: string;
  sessionLifetime?: number;
}

export interface Registration {
  username?: string;
  password?: string;
  sessionLifetime?: number;
  customerType?: 'PERSON' | 'ORGANIZATION';
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  organisationIdNumber?: string | null;
  newsletterConsent?: boolean;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens, limits } = deps;
  const loginLimits: CustomerLoginLimits = {
    ...customerLoginCounters(limits),
    challengeAfter: deps.challengeAfter,
    accountChallengeAfter: deps.accountChallengeAfter,
  };

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

  return {
    /** Loads the token secret. Called before any transaction below issues a token inside it. */
    ready: () => tokens.ready(),

    /** An admin's one-time "shop as" link: a short session as the customer, marked shopAs. */
    async shopAsLogin(loginToken: string): Promise<AuthSuccess> {
      const link = await tokens.verifyShopAs(loginToken);
      const used = link && (await takeShopAsLink(db, link.linkId, new Date()));
      if (!link || !used || used.customerId !== link.customerId) throw fail('UNAUTHENTICATED', 'server.auth.shopAsLinkInvalid');
      return success(await startSession(db, tokens, { customerId: used.customerId, lifetimeSeconds: SHORT_SESSION_SECONDS, shopAsAdminId: used.adminId }));
    },

    /** A refresh of the session the token belongs to. */
    async refresh(token: string | null): Promise<AuthSuccess> {
      const session = await sessionOfToken(db, tokens, token);
      const refreshed = session && (await refreshSession(db, tokens, session.sessionId));
      if (!refreshed) throw fail('UNAUTHENTICATED', 'server.auth.unauthenticated');
      return success(refreshed);
    },

    async login(credentials: Credentials, address: string): Promise<AuthSuccess | AuthChallenge> {
      const email = requireEmail(credentials.username);
      // Refused before it costs a limit or a slow hash.
      const password = requireHashedPassword(credentials.password);
      // The attempt is taken first and everything below decided on the counts it took: concurrent guesses that
      // read the counts before taking them all saw the same count and all went unchallenged.
      const attempt = await beginCustomerLoginAttempt(loginLimits, email, address);
      if (isRefused(attempt)) throw tooMany(attempt.retryAfterSeconds);
      // Until the password is checked no guess was made: every way out before it gives the attempt back.
      if (attempt.needsChallenge) {
        const challenge = await requireAnsweredChallenge(address, credentials.signature).catch(async (error: unknown) => {
          await attempt.notChecked();
          throw error;
        });
        if (challenge) {
          await attempt.notChecked();
          return challenge;
        }
      }
      // Right passwords count too: each login costs a slow hash whatever its outcome.
      const budget = await limits.passwordLogins.take(address);
      if (!budget.allowed) {
        await attempt.notChecked();
        throw new AuthError('RATE_LIMITED', 'server.tooManyAttempts', undefined, budget.retryAfterSeconds);
      }
      const customer = await findCustomerByEmail(db, email);
      const ok = await verifyPassword(password, customer?.passwordHash ?? (await dummyHashPromise)).catch(async (error: unknown) => {
        // Refused before the hash ran: no guess was made, and no login was spent.
        if (error instanceof PasswordHashBusyError) await Promise.all([attempt.notChecked(), limits.passwordLogins.giveBack(address)]);
        throw error;
      });
      if (!customer || !ok) throw fail('WRONG_CREDENTIALS', 'server.auth.wrongCredentials');
      await attempt.succeeded();
      return success(await startSession(db, tokens, { customerId: customer.customerId, lifetimeSeconds: sessionLifetimeSeconds(credentials.sessionLifetime) }));
    },

    async register(input: Registration, address: string, language: LanguageId): Promise<AuthSuccess> {
      const email = requireEmail(input.username);
      const password = requireHashedPassword(input.password);
      const customerType = input.customerType ?? 'PERSON';
      if (customerType === 'ORGANIZATION' && !input.companyName) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
      // The checkout's and the settings' rule: stored invalid, it would refuse every later save of the settings.
      if (input.organisationIdNumber && !isValidOrganisationNumber(input.organisationIdNumber)) throw fail('INVALID_FIELDS', 'server.auth.invalidFields');
      await spendAccountChange(address);
      // Checked before the slow hash; createCustomer still refuses a duplicate that raced in meanwhile.
      if (await findCustomerByEmail(db, email)) throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      const customerId = await createCustomer(db, {
        email,
        passwordHash: await hashPassword(password),
        customerType,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        organisationIdNumber: input.organisationIdNumber,
        newsletterConsent: input.newsletterConsent ?? false,
        languageId: language,
      });
      if (customerId === null) throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      return success(await startSession(db, tokens, { customerId, lifetimeSeconds: sessionLifetimeSeconds(input.sessionLifetime) }));
    },

    async changePassword(token: string | null, input: { password?: string; newPassword?: string; sessionLifetime?: number }, address: string): Promise<AuthSuccess> {
      const session = await sessionOfToken(db, tokens, token);
      if (!session) throw fail('UNAUTHENTICATED', 'server.auth.unauthenticated');
      // The password is the owner's: an admin shopping as them never sets it (nor ends their sessions by guessing it).
      if (session.shopAsAdminId !== null) throw fail('SHOP_AS_FORBIDDEN', 'server.auth.shopAsForbidden');
      if (!input.password) throw fail('INVALID_FIELDS', 'server.auth.passwordRequired');
      const newPassword = requireHashedPassword(input.newPassword);
      await spendAccountChange(address);
      const customer = await findCustomerCredentials(db, session.customerId);
      if (!customer || !(await verifyPassword(input.password, customer.passwordHash))) {
        // Whoever holds this token does not know the password: the session ends.
        await revokeSession(db, session.sessionId, new Date());
        throw fail('WRONG_PASSWORD_LOGGED_OUT', 'server.auth.wrongPasswordLoggedOut');
      }
      const current = await findLiveSession(db, session.sessionId, new Date());
      const lifetime = input.sessionLifetime ? sessionLifetimeSeconds(input.sessionLifetime) : (current?.lifetimeSeconds ?? sessionLifetimeSeconds(undefined));
      const passwordHash = await hashPassword(newPassword);
      return success(
        await db.transaction(async (tx) => {
          await setCustomerPasswordHash(tx, session.customerId, passwordHash);
          // A reset link mailed before the change must not undo it, nor a pending move of the address go through.
          await spendCustomerKeys(tx, session.customerId, new Date(), ['reset', 'confirm-email']);
          return replaceSessions(tx, tokens, session.customerId, lifetime);
        }),
      );
    },

    /** `everywhere` ends every session of the customer's (routes.ts allows it on POST only); a shop-as session ends only itself. */
    async logout(token: string | null, everywhere: boolean): Promise<AuthLoggedOut> {
      const session = await sessionOfToken(db, tokens, token);
      if (session) {
        if (everywhere && session.shopAsAdminId === null) await revokeCustomerSessions(db, session.customerId, new Date());
        else await revokeSession(db, session.sessionId, new Date());
      }
      // Logged out either way: a token that no longer counts needs no ending.
      return { loggedOut: true };
    },

    async signInfo(value: string, address: string): Promise<AuthSignInfo> {
      const challenge = await readChallenge(tokens, value, address);
      if (!challenge) throw fail('SIGNATURE_INVALID', 'server.auth.signatureInvalid');
      return { sign: value, algorithm: 'SHA-256', difficulty: challenge.difficulty, expiresAt: new Date(challenge.expiresAt * 1000).toISOString() };
    },

    /**
     * The same answer, at the same moment, whether or not the address has an account and a mail goes out: the
     * lookup and the mail are queued after it (answering after them made a known address measurably slower).
     * `onError` hears of a mail that could not be queued.
     */
    async forgotPassword(username: string | undefined, address: string, language: LanguageId, onError: (error: unknown) => void): Promise<AuthMessage> {
      const email = requireEmail(username);
      await spendAccountChange(address);
      const queueResetMail = async () => {
        const customer = await findCustomerByEmail(db, email);
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
      setImmediate(() => void queueResetMail().catch(onError));
      return { message: t(language, 'server.auth.resetMailSent') };
    },

    async resetPassword(input: { key?: string; newPassword?: string; sessionLifetime?: number }, address: string): Promise<AuthSuccess> {
      const newPassword = requireHashedPassword(input.newPassword);
      if (!input.key) throw fail('RESET_KEY_INVALID', 'server.auth.resetKeyInvalid');
      await spendAccountChange(address);
      const key = input.key;
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
        return replaceSessions(tx, tokens, customerId, sessionLifetimeSeconds(input.sessionLifetime));
      });
      if (!issued) throw fail('RESET_KEY_INVALID', 'server.auth.resetKeyInvalid');
      return success(issued);
    },

    // The e-mail change's links (email-change.ts). No slow hash runs, but each draws from the address's account changes.
    async confirmEmail(key: string | undefined, token: string | null, address: string, language: LanguageId): Promise<AuthMessage> {
      if (!key) throw fail('EMAIL_KEY_INVALID', 'server.account.emailConfirmKeyInvalid');
      await spendAccountChange(address);
      const outcome = await confirmEmailChange(db, deps, key, await sessionOfToken(db, tokens, token));
      if (outcome === 'invalid') throw fail('EMAIL_KEY_INVALID', 'server.account.emailConfirmKeyInvalid');
      if (outcome === 'taken') throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      return { message: t(language, 'server.account.emailChanged', { email: outcome.email }) };
    },

    async undoEmail(key: string | undefined, address: string, language: LanguageId): Promise<AuthEmailRestored> {
      if (!key) throw fail('EMAIL_KEY_INVALID', 'server.account.emailUndoKeyInvalid');
      await spendAccountChange(address);
      const outcome = await undoEmailChange(db, key);
      if (outcome === 'invalid') throw fail('EMAIL_KEY_INVALID', 'server.account.emailUndoKeyInvalid');
      if (outcome === 'taken') throw fail('ACCOUNT_EXISTS', 'server.auth.accountExists');
      return { message: t(language, 'server.account.emailChangeUndone', { email: outcome.email }), key: outcome.resetKey };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
