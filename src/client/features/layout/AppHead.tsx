import { useIntl } from '../../i18n/intl';
import { manifestPath } from '../../../shared/app-icons';
import type { LanguageId } from '../../../shared/locales';
import { useShop } from '../../lib/shop-context';

/**
 * The installed app's link and title in the shown page's language (React hoists them into <head>): installing from
 * an English page installs the English app. In the layout, not the document, whose language is the first page's.
 */
export function AppHead({ languageId }: { languageId: LanguageId }) {
  const intl = useIntl();
  const { variant } = useShop();
  return (
    <>
      <link rel="manifest" href={manifestPath(languageId)} />
      <meta name="apple-mobile-web-app-title" content={intl.formatMessage({ id: variant === 'candy' ? 'shop.shortName.candy' : 'shop.shortName' })} />
    </>
  );
}
