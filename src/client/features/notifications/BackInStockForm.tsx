import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isValidEmail } from '../../../shared/email';
import { useHydrated } from '../../hooks/use-hydrated';
import { useApolloClientLater } from '../../lib/apollo-client';
import { notify } from '../../lib/ui-state';
import { useChannelVariables } from '../../hooks/use-language';
import { RegisterBackInStockDocument } from '../../graphql/generated/documents/RegisterBackInStock';

/** Codes whose server message is written for the shopper (see registerBackInStock in the schema). */
const SHOPPER_FACING_CODES = new Set(['INVALID_EMAIL', 'SKU_NOT_FOUND', 'ALREADY_IN_STOCK']);

/**
 * Sign-up for an email when a sold-out SKU is back. The address is checked here with
 * the same rule the API uses, so the shopper hears about a typo at once; the API's answer is the last word.
 */
export function BackInStockForm({ skuId, skuName }: { skuId: number; skuName: string }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const channel = useChannelVariables();
  const apollo = useApolloClientLater();
  const [loading, setLoading] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const showError = (text: string) => {
    setError(text);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return showError(intl.formatMessage({ id: 'validation.email' }));
    setError(null);
    setLoading(true);
    const result = await apollo()
      .then((client) => client.mutate({ mutation: RegisterBackInStockDocument, variables: { skuId, email: email.trim(), ...channel }, errorPolicy: 'all' }))
      .catch(() => null)
      .finally(() => setLoading(false));
    const answer = result?.data?.registerBackInStock;
    if (answer) {
      notify(answer.message, 'success');
      setEmail('');
      return;
    }
    // Apollo's code is here by now (the mutation needed it); imported, it would load before the product page hydrates.
    const { CombinedGraphQLErrors } = await import('@apollo/client/errors');
    const failure = CombinedGraphQLErrors.is(result?.error) ? result.error.errors[0] : undefined;
    const code = failure?.extensions?.code;
    if (code === 'INVALID_EMAIL' && failure) return showError(failure.message);
    const shopperFacing = typeof code === 'string' && SHOPPER_FACING_CODES.has(code);
    notify(shopperFacing && failure ? failure.message : intl.formatMessage({ id: 'error.generic' }), 'error');
  };

  return (
    <form className="back-in-stock" method="post" noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 className="back-in-stock__title" id={`${id}-title`}>
        <FormattedMessage id="backInStock.title" />
      </h2>
      <p className="back-in-stock__text">
        <FormattedMessage id="backInStock.text" values={{ sku: skuName }} />
      </p>
      <label className="field__label" htmlFor={`${id}-email`}>
        <FormattedMessage id="backInStock.email" />
      </label>
      <div className="back-in-stock__row">
        <input
          ref={input}
          id={`${id}-email`}
          className="field__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button" disabled={!hydrated || loading} aria-busy={loading || undefined}>
          <FormattedMessage id={loading ? 'backInStock.sending' : 'backInStock.submit'} />
        </button>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
