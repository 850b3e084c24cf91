import { BROWSER_PASSWORD_HASH } from '../../../shared/auth';
import type { LanguageId } from '../../../shared/locales';
import { busy, invalidFields, tooManyAttempts } from '../../domain-error';
import type { RequestContext } from '../../request-context';
import { t, type TextId } from '../../i18n';
import { beginCustomerLoginAttempt, customerLoginCounters, isRefused } from '../../limits/login-attempts';
import { PasswordHashBusyError, verifyPassword } from '../../security/password';
import { findCustomerCredentials } from '../customer';

/**
 * The signed-in customer's current password (the browser's hash of it, as /auth takes it), asked for before what
 * a stolen token alone must not do: move the account to another sign-in address, or delete it. Checked as a login
 * is, against the same limits: it spends a password check of the address (each runs the slow hash), and a wrong
 * one is a wrong login to the account from this address, so guessing through the API gets no more tries than
 * guessing at the login. (The login's proof of work cannot be asked for here; the per-address limits still hold.)
 * A missing or wrong password answers BAD_USER_INPUT with the text at extensions.fields.password.
 */
export async function requireCurrentPassword(
  ctx: Pick<RequestContext, 'db' | 'limits' | 'clientAddress'>,
  customerId: number,
  password: string | null | undefined,
  language: LanguageId,
): Promise<void> {
  const refuse = (id: TextId) => invalidFields(t(language, id), { password: t(language, id) });
  if (!password) throw refuse('server.auth.passwordRequired');
  const customer = await findCustomerCredentials(ctx.db, customerId);
  if (!customer) throw new Error(`Customer ${customerId} of a valid session does not exist`);
  const { limits, clientAddress: address } = ctx;
  if (!(await limits.passwordLogins.take(address)).allowed) throw tooManyAttempts(t(language, 'server.tooManyAttempts'));
  const attempt = await beginCustomerLoginAttempt(customerLoginCounters(limits), customer.email, address);
  if (isRefused(attempt)) {
    // No hash runs for a refused attempt, so it spends no password check either.
    await limits.passwordLogins.giveBack(address);
    throw tooManyAttempts(t(language, 'server.tooManyAttempts'));
  }
  // Not the browser's hash: no stored password can match it, but it is a wrong guess all the same.
  const ok =
    BROWSER_PASSWORD_HASH.test(password) &&
    (await verifyPassword(password, customer.passwordHash).catch(async (error: unknown) => {
      if (!(error instanceof PasswordHashBusyError)) throw error;
      // Refused before the hash ran: no guess was made, and no check was spent.
      await Promise.all([attempt.notChecked(), limits.passwordLogins.giveBack(address)]);
      throw busy(t(language, 'server.busy'), error.retryAfterSeconds);
    }));
  if (!ok) throw refuse('server.account.wrongPassword');
  await attempt.succeeded();
}
