import { createHash } from 'node:crypto';
import type { RateBudget } from '../../limits/budgets';

export interface LoginLimits {
  adminLoginFailuresPerAccount: RateBudget;
  adminLoginFailuresPerAddress: RateBudget;
}

/**
 * Wrong admin logins are limited per account (guessing one account's password from many addresses) and per
 * address (trying many accounts from one). An attempt counts as wrong from its start, so concurrent guesses
 * cannot all pass the check, and is given back once the password proved right. Null when either limit is used
 * up: the password must then not be checked, so a right one cannot be told from a wrong one.
 */
export async function beginLoginAttempt(limits: LoginLimits, email: string, address: string): Promise<{ succeeded(): Promise<void> } | null> {
  // Hashed, so a counter's key is a fixed 43 characters whatever the caller sends as an email.
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  const [byAccount, byAddress] = await Promise.all([
    limits.adminLoginFailuresPerAccount.take(account),
    limits.adminLoginFailuresPerAddress.take(address),
  ]);
  if (!byAccount.allowed || !byAddress.allowed) {
    // A refused attempt checks nothing, so it must not use up the other limit either.
    if (byAccount.allowed) await limits.adminLoginFailuresPerAccount.giveBack(account);
    if (byAddress.allowed) await limits.adminLoginFailuresPerAddress.giveBack(address);
    return null;
  }
  return {
    async succeeded() {
      await Promise.all([limits.adminLoginFailuresPerAccount.giveBack(account), limits.adminLoginFailuresPerAddress.giveBack(address)]);
    },
  };
}
