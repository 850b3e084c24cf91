import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { isValidEmail } from '../../../shared/email';
import { channels, type LanguageId } from '../../../shared/locales';
import { SubmitButton, TextField } from '../../components/form';
import { SubscribeToNewsletterDocument } from '../../graphql/generated/documents/SubscribeToNewsletter';
import { useHydrated } from '../../hooks/use-hydrated';
import { notify } from '../../lib/ui-state';
import { useShopMutation } from '../../lib/use-shop-mutation';

/** The footer's newsletter sign-up; the mutation (and Apollo) load on the first submit. */
export default function NewsletterForm({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const [subscribe, { loading }] = useShopMutation(SubscribeToNewsletterDocument);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Until its code has arrived and hydrated, a tap would post the page instead of signing up: the button waits.
  const hydrated = useHydrated();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setError(intl.formatMessage({ id: 'validation.email' }));
    const { channelId } = channels[languageId];
    const answer = await subscribe({ email: email.trim(), channelId, languageId });
    if (answer.error) return setError(answer.error.fields.email ?? answer.error.message);
    const { ok, message } = answer.data.subscribeToNewsletter;
    if (!ok) return setError(message ?? intl.formatMessage({ id: 'error.generic' }));
    setError(null);
    setEmail('');
    notify(message ?? intl.formatMessage({ id: 'account.success.newsletter' }), 'success');
  };
  return (
    <form className="newsletter-signup" method="post" noValidate onSubmit={submit}>
      <TextField
        id="newsletter-email"
        label={<FormattedMessage id="footer.newsletterEmail" />}
        error={error}
        announce
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        row={{
          className: 'newsletter-signup__row',
          after: (
            <SubmitButton pending={loading} disabled={!hydrated}>
              <FormattedMessage id="footer.newsletterSubmit" />
            </SubmitButton>
          ),
        }}
      />
    </form>
  );
}
