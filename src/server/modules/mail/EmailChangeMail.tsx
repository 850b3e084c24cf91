import { renderToStaticMarkup } from 'react-dom/server';
import type { LanguageId } from '../../../shared/locales';
import { SHOP_CONTACT, type ShopVariant } from '../../../shared/shop';
import type { Queryable } from '../../db/client';
import { shopName, t } from '../../i18n';
import { enqueueMail } from './outbox-store';
import type { EmailChangeMailKind, RenderedMail } from './types';

/**
 * The mails of an e-mail change (modules/auth/email-change.ts), each to one address:
 * - emailconfirm, to the new address: the link that moves the account there (`url`, valid `validHours`).
 * - emailchanged, to the old address once the account moved: says so, with the link that moves it back (`url`,
 *   valid `validHours`), so a change the owner did not make can be undone from the mailbox they still have.
 * - emailtaken, to the new address when another account already has it: no link; the requester is told the same
 *   as for a free address, so only the address's owner learns that it is taken.
 */
export interface EmailChangeMailData {
  kind: EmailChangeMailKind;
  to: string;
  language: LanguageId;
  /** The address the account asked to move to (confirm, taken) or moved to (changed). */
  newEmail: string;
  url?: string;
  validHours?: number;
}

interface Parts {
  subject: string;
  heading: string;
  before: string[];
  button?: { label: string; url: string };
  after: string[];
}

function partsOf(data: EmailChangeMailData, shop: string): Parts {
  const { language: l, newEmail: email } = data;
  const hours = String(data.validHours ?? 0);
  const link = (label: string) => (data.url ? { label, url: data.url } : undefined);
  switch (data.kind) {
    case 'emailconfirm':
      return {
        subject: t(l, 'mail.emailConfirm.subject', { shopName: shop }),
        heading: t(l, 'mail.emailConfirm.heading'),
        before: [t(l, 'mail.emailConfirm.intro', { email, hours })],
        button: link(t(l, 'mail.emailConfirm.button')),
        after: [t(l, 'mail.emailConfirm.ignore')],
      };
    case 'emailchanged':
      return {
        subject: t(l, 'mail.emailChanged.subject', { shopName: shop }),
        heading: t(l, 'mail.emailChanged.heading'),
        before: [t(l, 'mail.emailChanged.intro', { email }), t(l, 'mail.emailChanged.undo', { days: String(Math.round(Number(hours) / 24)) })],
        button: link(t(l, 'mail.emailChanged.button')),
        after: [t(l, 'mail.emailChanged.ignore')],
      };
    case 'emailtaken':
      return {
        subject: t(l, 'mail.emailTaken.subject', { shopName: shop }),
        heading: t(l, 'mail.emailTaken.heading'),
        before: [t(l, 'mail.emailTaken.intro', { email })],
        after: [t(l, 'mail.emailTaken.ignore')],
      };
  }
}

export function renderEmailChangeMail(data: EmailChangeMailData, variant: ShopVariant = 'games'): RenderedMail {
  const { language } = data;
  const shop = shopName(variant, language);
  const parts = partsOf(data, shop);
  const regards = t(language, 'mail.regards', { shopName: shop });
  const markup = renderToStaticMarkup(
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <title>{parts.subject}</title>
      </head>
      <body style={{ fontFamily: 'Arial, sans-serif', color: '#1a1a1a', margin: 0, padding: 16 }}>
        <h1 style={{ fontSize: 20 }}>{parts.heading}</h1>
        {parts.before.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {parts.button && (
          <p>
            <a href={parts.button.url} style={{ display: 'inline-block', padding: '12px 20px', background: '#1a1a1a', color: '#ffffff', textDecoration: 'none', borderRadius: 4 }}>
              {parts.button.label}
            </a>
          </p>
        )}
        {parts.after.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p>{regards}</p>
        <p style={{ fontSize: 12, color: '#555555' }}>{SHOP_CONTACT[variant].email}</p>
      </body>
    </html>,
  );
  const text = [
    parts.heading,
    '',
    ...parts.before.flatMap((line) => [line, '']),
    ...(parts.button ? [`${parts.button.label}: ${parts.button.url}`, ''] : []),
    ...parts.after.flatMap((line) => [line, '']),
    regards,
    '',
  ].join('\n');
  return { subject: parts.subject, html: `<!DOCTYPE html>${markup}`, text };
}

/** Queues the mail; pass the transaction that stores its key, so the mail exists exactly when the key does. */
export async function enqueueEmailChangeMail(db: Queryable, data: EmailChangeMailData, variant: ShopVariant): Promise<string> {
  return enqueueMail(db, { ...renderEmailChangeMail(data, variant), kind: data.kind, to: data.to, languageId: data.language, orderId: null });
}
