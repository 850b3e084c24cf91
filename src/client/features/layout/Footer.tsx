import { useState } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import type { LanguageId } from '../../../shared/locales';
import { SHOP_CONTACT } from '../../../shared/shop';
import { useShop } from '../../lib/shop-context';
import { Icon } from '../../components/Icon';
import { SmartLink } from '../../components/SmartLink';
import type { LayoutQuery } from '../../graphql/generated/operations';
import { useMediaQuery } from '../../hooks/use-media-query';
import { NewsletterSignup } from '../newsletter';
import { VatToggle } from '../pricing';
import { PaymentLogos, SocialLinks } from './footer-lists';
import { Copyright } from '../../components/shop-texts';

type FlatMenu = NonNullable<LayoutQuery['footerFirst']>;

export function Footer({ layout, languageId }: { layout: LayoutQuery; languageId: LanguageId }) {
  const intl = useIntl();
  const { variant } = useShop();
  const contact = SHOP_CONTACT[variant];
  const columns = [layout.footerFirst, layout.footerSecond, layout.footerThird].filter((menu): menu is FlatMenu => Boolean(menu));
  return (
    <footer className="site-footer">
      <section className="site-footer__about" aria-labelledby="footer-about">
        <h2 id="footer-about">
          <FormattedMessage id="footer.about" />
        </h2>
        <p>
          <FormattedMessage id={variant === 'candy' ? 'footer.aboutText.candy' : 'footer.aboutText'} />
        </p>
        <h2>
          <FormattedMessage id="footer.contact" />
        </h2>
        <ul className="site-footer__contact">
          <li>
            <SmartLink href={`mailto:${contact.email}`} languageId={languageId}>
              {/* Where the address is wider than a small phone's column, it breaks after the @, not inside a word. */}
              <span>
                {contact.email.split('@')[0]}@<wbr />
                {contact.email.split('@')[1]}
              </span>
            </SmartLink>
          </li>
          <li>
            <SmartLink href={contact.phoneHref} languageId={languageId}>
              {contact.phoneDisplay}
            </SmartLink>
          </li>
        </ul>
        <SocialLinks profiles={contact.social} />
        <h2>
          <FormattedMessage id="footer.newsletter" />
        </h2>
        <p>
          <FormattedMessage id="footer.newsletterText" />
        </p>
        <NewsletterSignup languageId={languageId} />
        <VatToggle />
      </section>
      {columns.map((menu, index) => (
        <FooterColumn key={index} menu={menu} languageId={languageId} />
      ))}
      <section className="site-footer__logos" aria-label={intl.formatMessage({ id: 'footer.payment' })}>
        <PaymentLogos />
      </section>
      <Copyright />
    </footer>
  );
}

/**
 * A menu column; on phones an accordion, open on wider screens. The column reads the screen's width itself: its
 * change after hydration then re-renders the columns alone, not the footer, whose newsletter sign-up may still be
 * waiting for its code (an update passing it would wait for that code too).
 */
function FooterColumn({ menu, languageId }: { menu: FlatMenu; languageId: LanguageId }) {
  const accordion = !useMediaQuery('(min-width: 768px)');
  const [open, setOpen] = useState(false);
  const id = `footer-menu-${menu.title.replace(/\W+/g, '-').toLowerCase()}`;
  const expanded = !accordion || open;
  return (
    <nav className={`site-footer__column ${expanded ? '' : 'site-footer__column--closed'}`} aria-label={menu.title}>
      <h2>
        {accordion ? (
          <button type="button" className="accordion-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
            <span>{menu.title}</span>
            <Icon name={open ? 'minus' : 'plus'} size={20} />
          </button>
        ) : (
          menu.title
        )}
      </h2>
      <ul id={id} className="accordion-panel">
        {menu.menuItems.map((item) => (
          <li key={item.id}>
            <SmartLink href={item.canonicalUrl} languageId={languageId} targetBlank={item.targetBlank}>
              {item.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
