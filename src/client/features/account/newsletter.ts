import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
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
  const failure = CombinedGraphQLErrors.is(result.error) ? result.error.errors[0]?.message : undefined;
  return { ok: false, message: failure ?? null };
}
