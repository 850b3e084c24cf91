import { randomBytes } from 'node:crypto';
import type { Env } from '../env';
import { rateBudget, type ConcurrencyCap, type RateBudget } from './budgets';
import { createLimiterBackend } from './limiter-backend';
import { addressKey } from './address-key';

const MINUTE = 60;
/** Wrong codes and wrong admin logins are counted over this window. */
export const GUESS_WINDOW_SECONDS = 15 * MINUTE;
/** Reset mails one account may be sent per window. */
const PASSWORD_RESET_MAILS_PER_WINDOW = 3;
/** How long a sign challenge may be answered; its nonce is remembered as used for as long. */
export const SIGN_CHALLENGE_SECONDS = 5 * MINUTE;

type LimitSettings = Pick<
  Env,
  | 'REDIS_URL'
  | 'RATE_LIMIT_PER_MINUTE'
  | 'PAGE_RATE_LIMIT_PER_MINUTE'
  | 'WS_MAX_SOCKETS_PER_ADDRESS'
  | 'WS_MAX_SUBSCRIPTIONS_PER_ADDRESS'
  | 'WS_SLOT_TTL_MS'
  | 'CODE_ATTEMPTS_PER_15_MINUTES'
  | 'ADMIN_LOGIN_FAILURES_PER_ACCOUNT'
  | 'ADMIN_LOGIN_FAILURES_PER_ADDRESS'
  | 'CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT'
  | 'CUSTOMER_LOGIN_FAILURES_PER_ADDRESS'
  | 'ACCOUNT_CHANGES_PER_ADDRESS'
  | 'LOGINS_PER_ADDRESS'
  | 'LIMITS_KEY_PREFIX'
>;

/**
 * Every per-client limit of the server, counted in Redis when REDIS_URL is set (so it holds across instances)
 * and in this process otherwise. Keys are client addresses (Fastify's req.ip, or the same over the socket), each
 * counted under its addressKey (an IPv6 /64 as one), except admin logins, which are also counted per account.
 */
export interface AddressLimits {
  /** GraphQL operations: HTTP requests to /graphql and operations over the socket, one budget. */
  graphql: RateBudget;
  /** Server-rendered pages. */
  pages: RateBudget;
  /** Wrong gift card codes, counted from the start of an attempt until it turns out good. */
  giftCardGuesses: RateBudget;
  /** Wrong promo codes, counted the same way. */
  promoCodeGuesses: RateBudget;
  adminLoginFailuresPerAccount: RateBudget;
  adminLoginFailuresPerAddress: RateBudget;
  /** Wrong customer logins (and wrong current passwords), per account and per address, like the admin's. */
  customerLoginFailuresPerAccount: RateBudget;
  customerLoginFailuresPerAddress: RateBudget;
  /** Wrong customer logins to one account from one address (key: account hash and address key): a hard limit. */
  customerLoginFailuresPerAccountAndAddress: RateBudget;
  /** Register, forgot and reset password, password changes, per address: most run the slow hash. */
  accountChanges: RateBudget;
  /** Logins that check a password, customer and admin, right or wrong, per address: each runs the slow hash. */
  passwordLogins: RateBudget;
  /** Password reset mails per account: a stranger cannot flood someone's inbox through the forgot-password form. */
  passwordResetMails: RateBudget;
  /** Each answered sign challenge is accepted once: its nonce takes the only point of its own key. */
  signChallengesUsed: RateBudget;
  sockets: ConcurrencyCap;
  subscriptions: ConcurrencyCap;
  /** After the sockets closed: waits for the slots they gave back, then for Redis to have them. */
  close(): Promise<void>;
}

/** Every budget keyed by client address goes through this, so HTTP and the socket count the same client alike. */
function rateByAddress(budget: RateBudget): RateBudget {
  return {
    take: (address) => budget.take(addressKey(address)),
    giveBack: (address) => budget.giveBack(addressKey(address)),
    reset: (address) => budget.reset(addressKey(address)),
    used: (address) => budget.used(addressKey(address)),
  };
}

function capByAddress(cap: ConcurrencyCap): ConcurrencyCap {
  return {
    acquire: (address) => cap.acquire(addressKey(address)),
    release: (address) => cap.release(addressKey(address)),
  };
}

/**
 * `prefix` starts the Redis keys (LIMITS_KEY_PREFIX); tests give each app (or pair of apps) their own.
 * `onHeartbeat` (tests) is told after each heartbeat of this instance's socket slots in Redis.
 */
export function createAddressLimits(env: LimitSettings, prefix = env.LIMITS_KEY_PREFIX, onHeartbeat?: () => void): AddressLimits {
  const backend = createLimiterBackend(env.REDIS_URL, prefix, { instanceTtlMs: env.WS_SLOT_TTL_MS, onHeartbeat });
  const sockets = backend.createSlots('sockets', env.WS_MAX_SOCKETS_PER_ADDRESS);
  const subscriptions = backend.createSlots('subscriptions', env.WS_MAX_SUBSCRIPTIONS_PER_ADDRESS);
  return {
    graphql: rateByAddress(rateBudget(backend.create('graphql', env.RATE_LIMIT_PER_MINUTE, MINUTE))),
    pages: rateByAddress(rateBudget(backend.create('pages', env.PAGE_RATE_LIMIT_PER_MINUTE, MINUTE))),
    giftCardGuesses: rateByAddress(rateBudget(backend.create('gift-card', env.CODE_ATTEMPTS_PER_15_MINUTES, GUESS_WINDOW_SECONDS))),
    promoCodeGuesses: rateByAddress(rateBudget(backend.create('promo-code', env.CODE_ATTEMPTS_PER_15_MINUTES, GUESS_WINDOW_SECONDS))),
    adminLoginFailuresPerAccount: rateBudget(backend.create('admin-account', env.ADMIN_LOGIN_FAILURES_PER_ACCOUNT, GUESS_WINDOW_SECONDS)),
    adminLoginFailuresPerAddress: rateByAddress(rateBudget(backend.create('admin-address', env.ADMIN_LOGIN_FAILURES_PER_ADDRESS, GUESS_WINDOW_SECONDS))),
    customerLoginFailuresPerAccount: rateBudget(backend.create('customer-account', env.CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT, GUESS_WINDOW_SECONDS)),
    customerLoginFailuresPerAddress: rateByAddress(rateBudget(backend.create('customer-address', env.CUSTOMER_LOGIN_FAILURES_PER_ADDRESS, GUESS_WINDOW_SECONDS))),
    customerLoginFailuresPerAccountAndAddress: rateBudget(backend.create('customer-account-address', env.CUSTOMER_LOGIN_FAILURES_PER_ACCOUNT, GUESS_WINDOW_SECONDS)),
    accountChanges: rateByAddress(rateBudget(backend.create('account-changes', env.ACCOUNT_CHANGES_PER_ADDRESS, GUESS_WINDOW_SECONDS))),
    passwordLogins: rateByAddress(rateBudget(backend.create('password-logins', env.LOGINS_PER_ADDRESS, GUESS_WINDOW_SECONDS))),
    passwordResetMails: rateBudget(backend.create('password-reset-mail', PASSWORD_RESET_MAILS_PER_WINDOW, GUESS_WINDOW_SECONDS)),
    signChallengesUsed: rateBudget(backend.create('sign-used', 1, SIGN_CHALLENGE_SECONDS)),
    sockets: capByAddress(sockets),
    subscriptions: capByAddress(subscriptions),
    async close() {
      await Promise.all([sockets.close(), subscriptions.close()]);
      await backend.close();
    },
  };
}

/** A prefix no other test run uses, for tests that share one Redis. */
export const uniqueLimitPrefix = () => `test-${randomBytes(6).toString('hex')}`;
