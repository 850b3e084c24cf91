import { FormattedMessage } from '../../i18n/intl';
import { useMatches } from 'react-router';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { writeCookie } from '../../lib/cookie';
import type { Alternate } from '../../components/Head';

/** The locale cookie keeps the choice for 365 days. */
const LOCALE_COOKIE = 'ralph-locale';

/**
 * Goes to the same page in the other language (localized slugs from the page's alternates; a list keeps its
 * filters, sort and pages). A full page load on purpose: the other language is a different route tree with
 * its own messages.
 */
export function LanguageSwitch({ languageId }: { languageId: LanguageId }) {
  const other: LanguageId = languageId === 'sv' ? 'en' : 'sv';
  const href = useOtherLanguageUrl(other);
  return (
    <a
      className="language-switch"
      href={href}
      hrefLang={other}
      lang={other}
      onClick={() => {
        writeCookie(LOCALE_COOKIE, other);
      }}
    >
      <FormattedMessage id="language.switch" />
    </a>
  );
}

/** `languageSwitch`, when a page has it, keeps what the shopper chose there (a list's filters, sort and pages). */
type PageData = { alternates?: readonly Alternate[]; languageSwitch?: readonly Alternate[] } | undefined;

/** The same page in the other language when the page knows it, else that language's home page. */
function useOtherLanguageUrl(other: LanguageId): string {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const data = match.data as PageData;
    const alternate = (data?.languageSwitch ?? data?.alternates)?.find((a) => a.languageId === other);
    if (alternate) return alternate.canonicalUrl;
  }
  return routes.home(other);
}
