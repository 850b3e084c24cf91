import { renderToStaticMarkup } from 'react-dom/server';
import type { LanguageId } from '../../../shared/locales';
import { SHOP_CONTACT, type ShopVariant } from '../../../shared/shop';
import type { Queryable } from '../../db/client';
import { shopName, t } from '../../i18n';
import { enqueueMail } from './outbox-store';
import type { RenderedMail } from './types';

export interface PasswordResetMailData {
  to: string;
  language: LanguageId;
  /** The page that sets a new password, with the key (/account/reset-password?key=…). */
  resetUrl: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

export function renderPasswordResetMail(data: PasswordResetMailData, variant: ShopVariant = 'games'): RenderedMail {
  const { language } = data;
  const shop = shopName(variant, language);
  const subject = t(language, 'mail.passwordReset.subject', { shopName: shop });
  const intro = t(language, 'mail.passwordReset.intro', { minutes: String(data.validMinutes) });
  const button = t(language, 'mail.passwordReset.button');
  const ignore = t(language, 'mail.passwordReset.ignore');
  const regards = t(language, 'mail.regards', { shopName: shop });
  const markup = renderToStaticMarkup(
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={{ fontFamily: 'Arial, sans-serif', color: '#1a1a1a', margin: 0, padding: 16 }}>
        <h1 style={{ fontSize: 20 }}>{t(language, 'mail.passwordReset.heading')}</h1>
        <p>{intro}</p>
        <p>
          <a href={data.resetUrl} style={{ display: 'inline-block', padding: '12px 20px', background: '#1a1a1a', color: '#ffffff', textDecoration: 'none', borderRadius: 4 }}>
            {button}
          </a>
        </p>
        <p>{ignore}</p>
        <p>{regards}</p>
        <p style={{ fontSize: 12, color: '#555555' }}>{SHOP_CONTACT[variant].email}</p>
      </body>
    </html>,
  );
  const text = [t(language, 'mail.passwordReset.heading'), '', intro, '', `${button}: ${data.resetUrl}`, '', ignore, '', regards, ''].join('\n');
  return { subject, html: `<!DOCTYPE html>${markup}`, text };
}

/** Queues the reset mail; pass the transaction that stores the key so the mail exists exactly when the key does. */
export async function enqueuePasswordResetMail(db: Queryable, data: PasswordResetMailData, variant: ShopVariant): Promise<string> {
  const rendered = renderPasswordResetMail(data, variant);
  return enqueueMail(db, { ...rendered, kind: 'passwordreset', to: data.to, languageId: data.language, orderId: null });
}
