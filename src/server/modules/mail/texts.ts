import type { LanguageId } from '../../../shared/locales';

/** The order mails' wording in both shop languages. */
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
  amountToPay: string;
  shippingMethod: string;
  paymentMethod: string;
  shippingAddress: string;
  questions: (email: string) => string;
  regards: (shopName: string) => string;
}

export const mailTexts: Record<LanguageId, MailTexts> = {
  sv: {
    confirmedSubject: (orderNumber) => `Tack för din beställning ${orderNumber}`,
    confirmedHeading: 'Tack för din beställning!',
    confirmedIntro: (name, orderNumber) =>
      `Hej ${name}! Vi har tagit emot din beställning ${orderNumber} och skickar den så snart vi kan.`,
    shippedSubject: (orderNumber) => `Din beställning är skickad (${orderNumber})`,
    shippedHeading: 'Din beställning är skickad',
    shippedIntro: (name, orderNumber) => `Hej ${name}! Din beställning ${orderNumber} har lämnat vårt lager och är på väg till dig.`,
    trackParcel: 'Spåra paketet',
    orderNumber: 'Ordernummer',
    product: 'Produkt',
    quantity: 'Antal',
    unitPrice: 'À-pris',
    lineTotal: 'Summa',
    subtotal: 'Delsumma',
    shipping: 'Frakt',
    discount: 'Rabatt',
    total: 'Totalt',
    vatIncluded: 'Varav moms',
    giftCard: 'Betalt med presentkort',
    amountToPay: 'Att betala med valt betalsätt',
    shippingMethod: 'Leveranssätt',
    paymentMethod: 'Betalsätt',
    shippingAddress: 'Leveransadress',
    questions: (email) => `Frågor om din beställning? Svara på det här mejlet eller skriv till ${email}.`,
    regards: (shopName) => `Vänliga hälsningar, ${shopName}`,
  },
  en: {
    confirmedSubject: (orderNumber) => `Thanks for your order ${orderNumber}`,
    confirmedHeading: 'Thanks for your order!',
    confirmedIntro: (name, orderNumber) => `Hi ${name}! We have received your order ${orderNumber} and will ship it as soon as we can.`,
    shippedSubject: (orderNumber) => `Your order has shipped (${orderNumber})`,
    shippedHeading: 'Your order has shipped',
    shippedIntro: (name, orderNumber) => `Hi ${name}! Your order ${orderNumber} has left our warehouse and is on its way to you.`,
    trackParcel: 'Track your parcel',
    orderNumber: 'Order number',
    product: 'Product',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    discount: 'Discount',
    total: 'Total',
    vatIncluded: 'Including VAT',
    giftCard: 'Paid with gift card',
    amountToPay: 'To pay with the chosen payment method',
    shippingMethod: 'Shipping method',
    paymentMethod: 'Payment method',
    shippingAddress: 'Shipping address',
    questions: (email) => `Questions about your order? Reply to this email or write to ${email}.`,
    regards: (shopName) => `Best regards, ${shopName}`,
  },
};
