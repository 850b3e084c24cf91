import { createHash } from 'node:crypto';
import { addressKey } from './address-key';
import type { AddressLimits } from './address-limits';
import type { RateBudget } from './budgets';

/** The two budgets of one kind of login (admin, customer). */
export interface LoginLimits {
  perAccount: RateBudget;
  perAddress: RateBudget;
}

export interface LoginAttempt {
  /** The password proved right: the attempt is given back. */
  succeeded(): Promise<void>;
  /** The password was never checked (the server was too busy to hash it): no guess was made, so it is given back. */
  notChecked(): Promise<void>;
}

/** A refused attempt: when the limit that refused it has room again. */
export interface LoginRefused {
  retryAfterSeconds: number;
}

export const isRefused = (attempt: LoginAttempt | LoginRefused): attempt is LoginRefused => 'retryAfterSeconds' in attempt;

/**
 * Wrong logins (admin and customer alike) are limited per account (guessing one account's password from many addresses) and per
 * address (trying many accounts from one). An attempt counts as wrong from its start, so concurrent guesses
 * cannot all pass the check, and is given back once the password proved right. Refused when either limit is
 * used up: the password must then not be checked, so a right one cannot be told from a wrong one.
 */
// Hashed, so a counter's key is a fixed 43 characters whatever the caller sends as an email.
const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

export async function beginLoginAttempt(limits: LoginLimits, email: string, address: string): Promise<LoginAttempt | LoginRefused> {
  const account = accountKey(email);
  const [byAccount, byAddress] = await Promise.all([
    limits.perAccount.take(account),
    limits.perAddress.take(address),
  ]);
  if (!byAccount.allowed || !byAddress.allowed) {
    // A refused attempt checks nothing, so it must not use up the other limit either.
    if (byAccount.allowed) await limits.perAccount.giveBack(account);
    if (byAddress.allowed) await limits.perAddress.giveBack(address);
    return { retryAfterSeconds: Math.max(byAccount.retryAfterSeconds, byAddress.retryAfterSeconds) };
  }
  const giveBack = async () => {
    await Promise.all([limits.perAccount.giveBack(account), limits.perAddress.giveBack(address)]);
  };
  return { succeeded: giveBack, notChecked: giveBack };
}

/**
 * The customer's limits. The per-account one never refuses: anyone can make wrong logins to any account, so a
 * refusal there would lock its owner out. Past it, every login to the account must carry a proof of work, which
 * slows guessing from many addresses without shutting anyone out; so must every login from an address past
 * `challengeAfter`. Refusals come only from the address's own counters: per address, and per account and address.
 */
export interface CustomerLoginLimits {
  perAccount: RateBudget;
  perAddress: RateBudget;
  perAccountAndAddress: RateBudget;
  /** Wrong logins from one address (to any account) after which each login from it needs a proof of work. */
  challengeAfter: number;
  /** Wrong logins to one account (from any address) after which each login to it needs a proof of work. */
  accountChallengeAfter: number;
}

export interface CustomerLoginAttempt extends LoginAttempt {
  /**
   * Whether this login must answer a sign challenge before its password is checked. Decided on the counts this
   * attempt's own increments returned: had it read the counts first, concurrent guesses would all read the same
   * count below the threshold and all be checked without one. A login answered with a challenge instead makes no
   * guess, so the caller gives it back (`notChecked`).
   */
  needsChallenge: boolean;
}

/** The customer's three login counters: a login, and a current password asked for before a change, count alike. */
export type CustomerLoginCounters = Pick<CustomerLoginLimits, 'perAccount' | 'perAddress' | 'perAccountAndAddress'>;

export const customerLoginCounters = (limits: AddressLimits): CustomerLoginCounters => ({
  perAccount: limits.customerLoginFailuresPerAccount,
  perAddress: limits.customerLoginFailuresPerAddress,
  perAccountAndAddress: limits.customerLoginFailuresPerAccountAndAddress,
});

/** Like beginLoginAttempt, but only the address's counters can refuse; the account's only counts. */
export async function beginCustomerLoginAttempt(
  limits: CustomerLoginCounters & Partial<Pick<CustomerLoginLimits, 'challengeAfter' | 'accountChallengeAfter'>>,
  email: string,
  address: string,
): Promise<CustomerLoginAttempt | LoginRefused> {
  const account = accountKey(email);
  const pair = `${account}:${addressKey(address)}`;
  const [byAddress, byPair] = await Promise.all([limits.perAddress.take(address), limits.perAccountAndAddress.take(pair)]);
  if (!byAddress.allowed || !byPair.allowed) {
    if (byAddress.allowed) await limits.perAddress.giveBack(address);
    if (byPair.allowed) await limits.perAccountAndAddress.giveBack(pair);
    return { retryAfterSeconds: Math.max(byAddress.retryAfterSeconds, byPair.retryAfterSeconds) };
  }
  // Past its limit the counter still counts (the window's count only grows); its verdict is not a refusal.
  const byAccount = await limits.perAccount.take(account);
  const giveBack = async () => {
    await Promise.all([limits.perAccount.giveBack(account), limits.perAddress.giveBack(address), limits.perAccountAndAddress.giveBack(pair)]);
  };
  return {
    // Without thresholds (the current password asked for before a change, which cannot carry a proof of work) never.
    needsChallenge: byAddress.used > (limits.challengeAfter ?? Infinity) || byAccount.used > (limits.accountChallengeAfter ?? Infinity),
    succeeded: giveBack,
    notChecked: giveBack,
  };
}
