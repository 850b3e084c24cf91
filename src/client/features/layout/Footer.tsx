import { FormattedMessage, useIntl } from 'react-intl';
import type { LanguageId } from '../../../shared/locales';
import { useShop } from '../../app/shop-context';
import { SmartLink } from '../../components/SmartLink';
import type { LayoutQuery } from '../../graphql/generated/operations';

export function Footer({ layout, languageId }: { layout: LayoutQuery; languageId: LanguageId }) {
  const intl = useIntl();
  const { variant } = useShop();
  const columns = [layout.footerFirst, layout.footerSecond, layout.footerThird];
  return (
    <footer className="site-footer">
      <section className="site-footer__about">
        <h2>
          <FormattedMessage id="footer.about" />
        </h2>
        <p>
          <FormattedMessage id={variant === 'candy' ? 'footer.aboutText.candy' : 'footer.aboutText'} />
        </p>
        <h2>
          <FormattedMessage id="footer.newsletter" />
        </h2>
        <p>
          <FormattedMessage id="footer.newsletterText" />
        </p>
      </section>
      {columns.map((menu, index) =>
        menu ? (
          <nav key={index} className="site-footer__column" aria-label={menu.title}>
            <h2>{menu.title}</h2>
            <ul>
              {menu.menuItems.map((item) => (
                <li key={item.id}>
                  <SmartLink href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank}>
                    {item.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null,
      )}
      <p className="site-footer__copyright">
        <FormattedMessage
          id="footer.copyright"
          values={{ year: new Date().getFullYear(), shop: intl.formatMessage({ id: variant === 'candy' ? 'shop.name.candy' : 'shop.name' }) }}
        />
      </p>
    </footer>
  );
}
