import { createHash } from 'node:crypto';
import type { RateBudget } from './budgets';

/** The two budgets of one kind of login (admin, customer). */
export interface LoginLimits {
  perAccount: RateBudget;
  perAddress: RateBudget;
}

export interface LoginAttempt {
  /** The password proved right: the attempt is given back. */
  succeeded(): Promise<void>;
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
export async function beginLoginAttempt(limits: LoginLimits, email: string, address: string): Promise<LoginAttempt | LoginRefused> {
  // Hashed, so a counter's key is a fixed 43 characters whatever the caller sends as an email.
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
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
  return {
    async succeeded() {
      await Promise.all([limits.perAccount.giveBack(account), limits.perAddress.giveBack(address)]);
    },
  };
}
