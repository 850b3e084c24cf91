import { useCallback } from 'react';
import { useLanguageId } from '../../hooks/use-language';
import { useApollo } from '../../lib/apollo-client';
import { startSession } from './session';

/** Starts the tab's session if the layout has not yet (it does so after the first render), for a form about to use it. */
export function useStartSession(): () => void {
  const { ready, get } = useApollo();
  const languageId = useLanguageId();
  // The forms that start it render with the client (the panel once it loaded, the account's pages): `get` is a fallback.
  return useCallback(() => {
    if (ready) startSession({ client: ready, languageId });
    else void get().then((client) => startSession({ client, languageId }));
  }, [ready, get, languageId]);
}
