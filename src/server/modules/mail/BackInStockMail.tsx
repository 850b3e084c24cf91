import { renderToStaticMarkup } from 'react-dom/server';
import type { LanguageId } from '../../../shared/locales';
import { SHOP_CONTACT, type ShopVariant } from '../../../shared/shop';
import { shopName, t } from '../../i18n';
import { BRAND } from './OrderMail';
import type { RenderedMail } from './types';

const INK = '#1f1f24';
const MUTED = '#5c5c66';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface BackInStockMailData {
  languageId: LanguageId;
  /** The SKU's name as the shop shows it (the product's, with the SKU's when it has several). */
  productName: string;
  /** The product page, absolute; absent when the shop has no public address configured (no link then). */
  productUrl?: string;
}

/** Only web links may become the button. */
const webUrl = (url: string | undefined) => (url && /^https?:\/\//.test(url) ? url : undefined);

/** The notice that a SKU a shopper asked about can be bought again: one paragraph and a button to the product. */
export function renderBackInStockMail(data: BackInStockMailData, variant: ShopVariant): RenderedMail {
  const { languageId: language, productName: name } = data;
  const shop = { name: shopName(variant, language), email: SHOP_CONTACT[variant].email };
  const subject = t(language, 'mail.backInStock.subject', { name });
  const intro = t(language, 'mail.backInStock.intro', { name });
  const button = t(language, 'mail.backInStock.button');
  const url = webUrl(data.productUrl);
  const questions = t(language, 'mail.questions', { email: shop.email });
  const regards = t(language, 'mail.regards', { shopName: shop.name });
  const markup = renderToStaticMarkup(
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f4f6', fontFamily: FONT, color: INK }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: 'collapse', backgroundColor: '#f4f4f6' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width={600} cellPadding={0} cellSpacing={0} border={0} style={{ width: '100%', maxWidth: 600, borderCollapse: 'collapse', backgroundColor: '#ffffff' }}>
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: BRAND, padding: '20px 24px', color: '#ffffff', fontSize: 22, fontWeight: 700, fontFamily: FONT }}>{shop.name}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px', fontFamily: FONT }}>
                        <h1 style={{ margin: '0 0 12px', fontSize: 24, lineHeight: '30px', color: INK }}>{subject}</h1>
                        <p style={{ margin: '0 0 20px', fontSize: 15, lineHeight: '22px', color: INK }}>{intro}</p>
                        {url ? (
                          <a href={url} style={{ display: 'inline-block', padding: '12px 20px', backgroundColor: BRAND, borderRadius: 6, color: '#ffffff', fontWeight: 700, fontSize: 15, textDecoration: 'none' }}>
                            {button}
                          </a>
                        ) : null}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 24px 24px', fontSize: 13, lineHeight: '20px', color: MUTED, fontFamily: FONT }}>
                        <p style={{ margin: '0 0 8px' }}>{questions}</p>
                        <p style={{ margin: 0 }}>{regards}</p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>,
  );
  const text = [subject, '', intro, ...(url ? ['', `${button}: ${url}`] : []), '', questions, regards, ''].join('\n');
  return { subject, html: `<!DOCTYPE html>${markup}`, text };
}
