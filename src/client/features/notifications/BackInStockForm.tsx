import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { isValidEmail } from '../../../shared/email';
import { SubmitButton, TextField } from '../../components/form';
import { useHydrated } from '../../hooks/use-hydrated';
import { notify } from '../../lib/ui-state';
import { useShopMutation } from '../../lib/use-shop-mutation';
import { useChannelVariables } from '../../hooks/use-language';
import { RegisterBackInStockDocument } from '../../graphql/generated/documents/RegisterBackInStock';

/**
 * Sign-up for an email when a sold-out SKU is back. The address is checked here with
 * the same rule the API uses, so the shopper hears about a typo at once; the API's answer is the last word.
 */
export function BackInStockForm({ skuId, skuName }: { skuId: number; skuName: string }) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const channel = useChannelVariables();
  const [register, { loading }] = useShopMutation(RegisterBackInStockDocument);
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
    const answer = await register({ skuId, email: email.trim(), ...channel });
    if (answer.error) {
      // An address the server refuses is said at the field; anything else (sold out no more, gone) in a notice.
      if (answer.error.code === 'INVALID_EMAIL') return showError(answer.error.message);
      return notify(answer.error.message, 'error');
    }
    notify(answer.data.registerBackInStock.message, 'success');
    setEmail('');
  };

  return (
    <form className="back-in-stock" method="post" noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 className="back-in-stock__title" id={`${id}-title`}>
        <FormattedMessage id="backInStock.title" />
      </h2>
      <p className="back-in-stock__text">
        <FormattedMessage id="backInStock.text" values={{ sku: skuName }} />
      </p>
      <TextField
        id={`${id}-email`}
        label={<FormattedMessage id="backInStock.email" />}
        error={error}
        announce
        inputRef={input}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={setEmail}
        row={{
          className: 'back-in-stock__row',
          after: (
            <SubmitButton pending={loading} disabled={!hydrated} pendingLabel={<FormattedMessage id="backInStock.sending" />}>
              <FormattedMessage id="backInStock.submit" />
            </SubmitButton>
          ),
        }}
      />
    </form>
  );
}
