import { renderToStaticMarkup } from 'react-dom/server';
import { SHOP_CONTACT, type ShopVariant } from '../../../shared/shop';
import { shopName } from '../../i18n';
import { addressLines, OrderMail } from './OrderMail';
import { mailTexts, type MailTexts } from './texts';
import type { OrderMailData, OrderMailKind, RenderedMail } from './types';

/** Only web links may become the tracking button; anything else (javascript:, data:) is dropped. */
function safeWebUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

interface MailParts {
  subject: string;
  heading: string;
  intro: string;
  trackingUrl?: string;
}

function partsOf(kind: OrderMailKind, data: OrderMailData, texts: MailTexts): MailParts {
  if (kind === 'orderconfirmed') {
    return {
      subject: texts.confirmedSubject(data.orderNumber),
      heading: texts.confirmedHeading,
      intro: texts.confirmedIntro(data.customerName, data.orderNumber),
    };
  }
  return {
    subject: texts.shippedSubject(data.orderNumber),
    heading: texts.shippedHeading,
    intro: texts.shippedIntro(data.customerName, data.orderNumber),
    trackingUrl: safeWebUrl(data.trackingUrl),
  };
}

/** The plain-text alternative: the same content for clients (and people) that do not show HTML. */
function plainText(data: OrderMailData, texts: MailTexts, parts: MailParts, shop: { name: string; email: string }): string {
  const out: string[] = [parts.heading, '', parts.intro, '', `${texts.orderNumber}: ${data.orderNumber}`];
  if (parts.trackingUrl) out.push('', `${texts.trackParcel}: ${parts.trackingUrl}`);
  out.push('');
  for (const line of data.lines) {
    const name = line.skuName ? `${line.name} (${line.skuName})` : line.name;
    out.push(`${line.quantity} × ${name}`, `   ${line.unitPriceFormatted} · ${texts.lineTotal}: ${line.totalFormatted}`);
  }
  out.push('', `${texts.subtotal}: ${data.subtotalFormatted}`, `${texts.shipping}: ${data.shippingFormatted}`);
  if (data.discountFormatted) out.push(`${texts.discount}: ${data.discountFormatted}`);
  out.push(`${texts.total}: ${data.totalFormatted}`, `${texts.vatIncluded}: ${data.vatFormatted}`);
  if (data.giftCardFormatted) out.push(`${texts.giftCard}: ${data.giftCardFormatted}`);
  if (data.creditFormatted) out.push(`${texts.credit}: ${data.creditFormatted}`);
  if ((data.giftCardFormatted || data.creditFormatted) && data.amountToPayFormatted) out.push(`${texts.amountToPay}: ${data.amountToPayFormatted}`);
  out.push('');
  out.push(`${texts.shippingMethod}: ${data.shippingMethod}`, `${texts.paymentMethod}: ${data.paymentMethod}`, '');
  out.push(`${texts.shippingAddress}:`, ...addressLines(data.shippingAddress), '');
  out.push(texts.questions(shop.email), texts.regards(shop.name), '');
  return out.join('\n');
}

export function renderOrderMail(kind: OrderMailKind, data: OrderMailData, variant: ShopVariant = 'games'): RenderedMail {
  const texts = mailTexts[data.language];
  const shop = { name: shopName(variant, data.language), email: SHOP_CONTACT[variant].email };
  const parts = partsOf(kind, data, texts);
  const markup = renderToStaticMarkup(
    <OrderMail
      data={data}
      texts={texts}
      shop={shop}
      heading={parts.heading}
      intro={parts.intro}
      subject={parts.subject}
      trackingUrl={parts.trackingUrl}
    />,
  );
  return { subject: parts.subject, html: `<!DOCTYPE html>${markup}`, text: plainText(data, texts, parts, shop) };
}

/** The mail sent when an order has been placed. */
export function renderOrderConfirmed(data: OrderMailData, variant: ShopVariant = 'games'): RenderedMail {
  return renderOrderMail('orderconfirmed', data, variant);
}

/** The mail sent when an order has left the warehouse, with a tracking link when the carrier gave one. */
export function renderOrderShipped(data: OrderMailData, variant: ShopVariant = 'games'): RenderedMail {
  return renderOrderMail('ordershipped', data, variant);
}
