import type { ApolloClient } from '@apollo/client';
import { channels, type LanguageId } from '../../../shared/locales';
import { SubscribeToNewsletterDocument } from '../../graphql/generated/documents/SubscribeToNewsletter';

/**
 * Signs an address up; answers the server's confirmation, or its text for what is wrong (null: no text of its
 * own, show the generic one).
 */
export async function subscribeToNewsletter(client: ApolloClient, languageId: LanguageId, email: string): Promise<{ ok: boolean; message: string | null }> {
  const channel = channels[languageId];
  const result = await client
    .mutate({ mutation: SubscribeToNewsletterDocument, variables: { email: email.trim(), channelId: channel.channelId, languageId: channel.languageId }, errorPolicy: 'all' })
    .catch((error: unknown) => ({ data: undefined, error }));
  const answer = result.data?.subscribeToNewsletter;
  if (answer) return answer;
  // Imported here: the footer's form would otherwise bring Apollo's chunk with it while the page hydrates.
  const { CombinedGraphQLErrors } = await import('@apollo/client/errors');
  const failure = CombinedGraphQLErrors.is(result.error) ? result.error.errors[0]?.message : undefined;
  return { ok: false, message: failure ?? null };
}
