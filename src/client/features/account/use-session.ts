import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useLanguageId } from '../../hooks/use-language';
import { startSession } from './session';

/** Starts the tab's session if the layout has not yet (it does so after the first render), for a form about to use it. */
export function useStartSession(): () => void {
  const client = useApolloClient();
  const languageId = useLanguageId();
  return useCallback(() => startSession({ client, languageId }), [client, languageId]);
}
