import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isValidEmail } from '../../../shared/email';
import type { LanguageId } from '../../../shared/locales';
import { useApolloClientLater } from '../../lib/apollo-client';
import { notify } from '../../lib/ui-state';
import { useHydrated } from '../../hooks/use-hydrated';
import { subscribeToNewsletter } from './newsletter';

/** The footer's newsletter sign-up; the mutation loads on the first submit. */
export default function NewsletterForm({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const apollo = useApolloClientLater();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until its code has arrived and hydrated, a tap would post the page instead of signing up: the button waits.
  const hydrated = useHydrated();
  const generic = () => intl.formatMessage({ id: 'error.generic' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setError(intl.formatMessage({ id: 'validation.email' }));
    setBusy(true);
    try {
      const answer = await subscribeToNewsletter(await apollo(), languageId, email);
      setError(answer.ok ? null : (answer.message ?? generic()));
      if (answer.ok) {
        setEmail('');
        notify(answer.message ?? intl.formatMessage({ id: 'account.success.newsletter' }), 'success');
      }
    } catch {
      setError(generic());
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="newsletter-signup" method="post" noValidate onSubmit={submit}>
      <label className="field__label" htmlFor="newsletter-email">
        <FormattedMessage id="footer.newsletterEmail" />
      </label>
      <div className="newsletter-signup__row">
        <input
          id="newsletter-email"
          className="field__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy || !hydrated}>
          <FormattedMessage id="footer.newsletterSubmit" />
        </button>
      </div>
      {error && (
        <p className="field__error" id="newsletter-email-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
