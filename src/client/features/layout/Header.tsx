import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useMatches } from 'react-router';
import { localizePath, type LanguageId } from '../../../shared/locales';
import { useShop } from '../../app/shop-context';
import { SmartLink } from '../../components/SmartLink';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { SearchBar } from '../search/SearchBar';

type PageData = { alternates?: readonly { languageId: string; canonicalUrl: string }[] } | undefined;

/** The same page in the other language when the page knows it, else that language's home page. */
function useOtherLanguageUrl(other: LanguageId): string {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const alternate = (match.data as PageData)?.alternates?.find((a) => a.languageId === other);
    if (alternate) return alternate.canonicalUrl;
  }
  return localizePath('/', other);
}

export function Header({ layout, languageId }: { layout: LayoutQuery; languageId: LanguageId }) {
  const intl = useIntl();
  const { variant } = useShop();
  const other: LanguageId = languageId === 'sv' ? 'en' : 'sv';
  const otherUrl = useOtherLanguageUrl(other);
  const shopName = intl.formatMessage({ id: variant === 'candy' ? 'shop.name.candy' : 'shop.name' });
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        <FormattedMessage id="header.skipToContent" />
      </a>
      <div className="top-bar">
        <p className="top-bar__usp">
          <FormattedMessage id={variant === 'candy' ? 'USP_TEXT.candy' : 'USP_TEXT'} />
        </p>
        <nav className="top-bar__nav" aria-label={layout.topBar?.title || 'top-bar'}>
          {layout.topBar?.menuItems.map((item) => (
            <SmartLink key={item.id} href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank}>
              {item.label}
            </SmartLink>
          ))}
        </nav>
      </div>
      <div className="header-main">
        <Link to={localizePath('/', languageId)} className="logo">
          {shopName}
        </Link>
        <SearchBar languageId={languageId} />
        <a className="language-switch" href={otherUrl} hrefLang={other} aria-label={intl.formatMessage({ id: 'language.switch.label' })}>
          <FormattedMessage id="language.switch" />
        </a>
      </div>
      <nav className="main-nav" aria-label={layout.mainMenu?.title || intl.formatMessage({ id: 'header.menu' })}>
        <ul>
          {layout.mainMenu?.menuItems.map((item) => (
            <li key={item.id}>
              <SmartLink href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank} title={item.title}>
                {item.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
