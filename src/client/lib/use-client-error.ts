import { useCallback } from 'react';
import { useIntl } from '../i18n/intl';
import { clientErrorOf, type ClientError } from './client-error';

/** Turns any refusal (GraphQL, /auth, no answer) into the client error shape, worded in the shopper's language. */
export function useClientErrorOf(): (error: unknown) => ClientError {
  const intl = useIntl();
  return useCallback((error: unknown) => clientErrorOf(error, intl.formatMessage({ id: 'error.generic' })), [intl]);
}
