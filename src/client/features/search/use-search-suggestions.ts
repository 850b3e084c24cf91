import { useCallback, useEffect, useState } from 'react';
import { channels, type LanguageId } from '../../../shared/locales';
import type { SearchSuggestionsQuery } from '../../graphql/generated/operations';
import { useApollo, useApolloForActions } from '../../lib/apollo-client';
import { SEARCH_DEBOUNCE_MS } from './search-constants';
import { useDebouncedValue } from './use-debounced-value';

export type Suggestions = SearchSuggestionsQuery['searchSuggestions'];
export type SuggestedProduct = Suggestions['products'][number];

interface Answer {
  /** What was asked: language, limit and term. Only an answer to the current question counts as current. */
  key: string;
  suggestions: Suggestions | null;
  failed: boolean;
}

export interface SearchSuggestionsState {
  /** The trimmed text; '' means no search. */
  term: string;
  /** Typing started a question whose answer has not arrived (typing sets loading). */
  loading: boolean;
  /** The latest answer while the text is non-empty; during loading it may belong to an earlier term. */
  suggestions: Suggestions | null;
  /** The answer belongs to the current term. */
  current: boolean;
  failed: boolean;
  /** Forgets the shown answer (closing the search). */
  reset: () => void;
}

/**
 * Suggestions for what the shopper types: the query runs 500 ms after the last keystroke, never for empty
 * text, and an answer is kept only while its question is still the latest, so a slow answer to an older
 * term can never replace a newer one.
 */
export function useSearchSuggestions(text: string, limit: number, languageId: LanguageId): SearchSuggestionsState {
  const apollo = useApolloForActions();
  // A question asked before the client's code came (and failed with it) is asked again once the client is here.
  const clientArrived = useApollo().ready !== null;
  const term = text.trim();
  const settled = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  // Only a term the shopper has stopped typing is asked for; an emptied field asks nothing.
  const queryTerm = term && settled === term ? term : '';
  const keyOf = (t: string) => `${languageId}|${limit}|${t}`;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!queryTerm) return;
    let latest = true;
    const key = `${languageId}|${limit}|${queryTerm}`;
    const variables = { searchText: queryTerm, limit, channelId: channels[languageId].channelId, languageId };
    // The query's document comes with the first question, not with the header's code.
    Promise.all([apollo(), import('../../graphql/generated/documents/SearchSuggestions')])
      .then(([client, { SearchSuggestionsDocument }]) => client.query({ query: SearchSuggestionsDocument, variables }))
      .then(
        ({ data }) => {
          if (latest) setAnswer({ key, suggestions: data?.searchSuggestions ?? null, failed: !data });
        },
        () => {
          if (latest) setAnswer({ key, suggestions: null, failed: true });
        },
      );
    // A newer term, limit or language supersedes this question: its answer is dropped when it arrives.
    return () => {
      latest = false;
    };
  }, [apollo, queryTerm, limit, languageId, clientArrived]);

  const reset = useCallback(() => setAnswer(null), []);
  const current = term !== '' && answer?.key === keyOf(term);
  return {
    term,
    loading: term !== '' && !current,
    suggestions: term ? (answer?.suggestions ?? null) : null,
    current,
    failed: current && Boolean(answer?.failed),
    reset,
  };
}
