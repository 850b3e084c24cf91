import { useState } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import { routes } from '../../../shared/routes';
import { useShop } from '../../lib/shop-context';
import { useLanguageId } from '../../hooks/use-language';
import { SmartLink } from '../../components/SmartLink';
import { storeConsent } from './consent-cookie';
import { allowPersonalisation, allowTelemetryCookies } from '../analytics';

/** Shown only while no choice is stored; either answer hides it. */
export function CookieConsent() {
  const { cookieConsent } = useShop();
  const languageId = useLanguageId();
  const [choice, setChoice] = useState(cookieConsent);
  if (choice !== null) return null;
  const answer = (allowed: boolean) => {
    storeConsent(allowed);
    allowTelemetryCookies(allowed);
    allowPersonalisation(allowed);
    setChoice(allowed);
  };
  return (
    <section className="cookie-consent" aria-labelledby="cookie-consent-title">
      <h2 id="cookie-consent-title" className="cookie-consent__title">
        <FormattedMessage id="consent.title" />
      </h2>
      <p>
        <FormattedMessage
          id="consent.text"
          values={{
            link: (text) => (
              <SmartLink href={routes.content('cookies', languageId)} languageId={languageId}>
                {text}
              </SmartLink>
            ),
          }}
        />
      </p>
      <div className="cookie-consent__actions">
        <button type="button" className="button" onClick={() => answer(false)}>
          <FormattedMessage id="consent.decline" />
        </button>
        <button type="button" className="button button--primary" onClick={() => answer(true)}>
          <FormattedMessage id="consent.allow" />
        </button>
      </div>
    </section>
  );
}
