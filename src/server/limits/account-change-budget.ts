import type { LanguageId } from '../../shared/locales';
import { t } from '../i18n';
import { tooManyAttempts } from '../domain-error';
import type { RequestContext } from '../request-context';

/**
 * Sign-ups that enrol or mail an address anyone can type (back in stock, the newsletter) draw from the client
 * address's ACCOUNT_CHANGES_PER_ADDRESS budget, as register and forgot-password do: one address enrolled 100
 * strangers' addresses in under a second before.
 */
export async function spendAccountChange(ctx: Pick<RequestContext, 'limits' | 'clientAddress'>, languageId: LanguageId): Promise<void> {
  const verdict = await ctx.limits.accountChanges.take(ctx.clientAddress);
  if (!verdict.allowed) throw tooManyAttempts(t(languageId, 'server.tooManyAttempts'));
}
