import type { LanguageId } from '../../../shared/locales';
import { t } from '../../i18n';
import type { MailKind } from './types';

/** The order mails' wording in both shop languages (texts in `locales/server/*.json`). */
export interface MailTexts {
  confirmedSubject: (orderNumber: string) => string;
  confirmedHeading: string;
  confirmedIntro: (name: string, orderNumber: string) => string;
  shippedSubject: (orderNumber: string) => string;
  shippedHeading: string;
  shippedIntro: (name: string, orderNumber: string) => string;
  trackParcel: string;
  orderNumber: string;
  product: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  subtotal: string;
  shipping: string;
  discount: string;
  total: string;
  vatIncluded: string;
  giftCard: string;
  credit: string;
  amountToPay: string;
  shippingMethod: string;
  paymentMethod: string;
  shippingAddress: string;
  questions: (email: string) => string;
  regards: (shopName: string) => string;
}

function mailTextsIn(languageId: LanguageId): MailTexts {
  return {
    confirmedSubject: (orderNumber) => t(languageId, 'mail.confirmed.subject', { orderNumber }),
    confirmedHeading: t(languageId, 'mail.confirmed.heading'),
    confirmedIntro: (name, orderNumber) => t(languageId, 'mail.confirmed.intro', { name, orderNumber }),
    shippedSubject: (orderNumber) => t(languageId, 'mail.shipped.subject', { orderNumber }),
    shippedHeading: t(languageId, 'mail.shipped.heading'),
    shippedIntro: (name, orderNumber) => t(languageId, 'mail.shipped.intro', { name, orderNumber }),
    trackParcel: t(languageId, 'mail.trackParcel'),
    orderNumber: t(languageId, 'mail.orderNumber'),
    product: t(languageId, 'mail.product'),
    quantity: t(languageId, 'mail.quantity'),
    unitPrice: t(languageId, 'mail.unitPrice'),
    lineTotal: t(languageId, 'mail.lineTotal'),
    subtotal: t(languageId, 'mail.subtotal'),
    shipping: t(languageId, 'mail.shipping'),
    discount: t(languageId, 'mail.discount'),
    total: t(languageId, 'mail.total'),
    vatIncluded: t(languageId, 'mail.vatIncluded'),
    giftCard: t(languageId, 'mail.giftCard'),
    credit: t(languageId, 'mail.credit'),
    amountToPay: t(languageId, 'mail.amountToPay'),
    shippingMethod: t(languageId, 'mail.shippingMethod'),
    paymentMethod: t(languageId, 'mail.paymentMethod'),
    shippingAddress: t(languageId, 'mail.shippingAddress'),
    questions: (email) => t(languageId, 'mail.questions', { email }),
    regards: (shopName) => t(languageId, 'mail.regards', { shopName }),
  };
}

export const mailTexts: Record<LanguageId, MailTexts> = { sv: mailTextsIn('sv'), en: mailTextsIn('en') };

/** The words around a mail on its preview page (/mail/orderconfirmed, /mail/ordershipped, /mail/passwordreset, /mail/emailchanged …). */
export interface MailPreviewTexts {
  title: Record<MailKind, string>;
  sample: string;
  stored: (to: string) => string;
  plain: string;
  /** Shown without scripts: the render script draws the mail, the plain-text version is there without it. */
  noScript: string;
}

function previewTextsIn(languageId: LanguageId): MailPreviewTexts {
  return {
    title: {
      orderconfirmed: t(languageId, 'mail.preview.title.orderconfirmed'),
      ordershipped: t(languageId, 'mail.preview.title.ordershipped'),
      passwordreset: t(languageId, 'mail.preview.title.passwordreset'),
      backinstock: t(languageId, 'mail.preview.title.backinstock'),
      emailconfirm: t(languageId, 'mail.preview.title.emailconfirm'),
      emailchanged: t(languageId, 'mail.preview.title.emailchanged'),
      emailtaken: t(languageId, 'mail.preview.title.emailtaken'),
    },
    sample: t(languageId, 'mail.preview.sample'),
    stored: (to) => t(languageId, 'mail.preview.stored', { to }),
    plain: t(languageId, 'mail.preview.plain'),
    noScript: t(languageId, 'mail.preview.noScript'),
  };
}

export const mailPreviewTexts: Record<LanguageId, MailPreviewTexts> = { sv: previewTextsIn('sv'), en: previewTextsIn('en') };
