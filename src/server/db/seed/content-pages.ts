import { SHOP_INFO } from './shop-info';
import type { ShopVariant } from '../../../shared/shop';
import type { Lang, Localized } from './types';

export interface ContentPage {
  readonly id: number;
  readonly key: 'about' | 'cookies' | 'purchase-terms' | 'customer-service';
  readonly alias: Localized;
  readonly title: Localized;
  /** One-line meta description. */
  readonly description: Localized;
  /** Simple HTML: p, h2, ul, li and a only, so the renderer can sanitise it with a short allow-list. */
  readonly body: Localized;
}

function html(...parts: string[]): string {
  return parts.join('');
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function aboutPage(variant: ShopVariant): ContentPage {
  const shop = SHOP_INFO[variant];
  const games = variant === 'games';
  return {
    id: 1,
    key: 'about',
    alias: { sv: 'om-oss', en: 'about-us' },
    title: { sv: 'Om oss', en: 'About us' },
    description: {
      sv: `${shop.name.sv} drivs sedan 2015 av två entusiaster och säljer ${shop.tagline.sv}.`,
      en: `Run by two enthusiasts since 2015, ${shop.name.en} sells ${shop.tagline.en}.`,
    },
    body: {
      sv: html(
        games
          ? `<p>${shop.name.sv} startade 2015 och drivs av två entusiaster som har samlat på tv-spel sedan barndomen. Det som började som ett sätt att hitta nya hem åt dubbletter i samlingen är i dag en butik med tusentals spel, konsoler och tillbehör.</p>`
          : `<p>${shop.name.sv} startade 2015 och drivs av två godisentusiaster som ville samla Nordens godaste godis, choklad och lakrits på ett ställe. I dag packar vi allt från lösgodis till presentaskar varje vardag.</p>`,
        '<h2>Därför handlar du hos oss</h2>',
        list(games
          ? [
              'Rengjort och testat – varje spel, konsol och tillbehör går igenom vår verkstad innan det säljs.',
              'Leverans nästa dag – varor i lager skickar vi senast nästa vardag.',
              'Fri retur – ångrar du dig skickar du tillbaka varan utan kostnad inom 30 dagar.',
            ]
          : [
              'Färskt godis – vi fyller på lagret varje vecka och väger upp lösgodiset samma dag som det skickas.',
              'Leverans nästa dag – varor i lager skickar vi senast nästa vardag.',
              'Fri retur på oöppnade förpackningar inom 30 dagar.',
            ]),
        games
          ? '<p>Har du frågor eller vill du sälja din samling? <a href="/kundtjanst">Kontakta oss</a> så hjälper vi dig.</p>'
          : '<p>Letar du efter en present eller godis till kontoret? <a href="/kundtjanst">Kontakta oss</a> så hjälper vi dig.</p>',
      ),
      en: html(
        games
          ? `<p>${shop.name.en} started in 2015 and is run by two enthusiasts who have collected video games since childhood. What began as a way to find new homes for duplicates in the collection is today a shop with thousands of games, consoles and accessories.</p>`
          : `<p>${shop.name.en} started in 2015 and is run by two sweet-toothed enthusiasts who wanted to gather the best Nordic sweets, chocolate and licorice in one place. Today we pack everything from pick and mix to gift boxes every working day.</p>`,
        '<h2>Why shop with us</h2>',
        list(games
          ? [
              'Cleaned and tested – every game, console and accessory passes through our workshop before it is sold.',
              'Next-day delivery – items in stock ship no later than the next working day.',
              'Free returns – if you change your mind, send the item back free of charge within 30 days.',
            ]
          : [
              'Fresh sweets – we restock every week and weigh up pick and mix on the day it ships.',
              'Next-day delivery – items in stock ship no later than the next working day.',
              'Free returns on unopened packages within 30 days.',
            ]),
        games
          ? '<p>Questions, or want to sell your collection? <a href="/en/customer-service">Get in touch</a> and we will help you.</p>'
          : '<p>Looking for a present or sweets for the office? <a href="/en/customer-service">Get in touch</a> and we will help you.</p>',
      ),
    },
  };
}

function cookiesPage(): ContentPage {
  return {
    id: 2,
    key: 'cookies',
    alias: { sv: 'cookies', en: 'cookies' },
    title: { sv: 'Cookies', en: 'Cookies' },
    description: { sv: 'Vilka cookies vi använder och hur länge de sparas.', en: 'Which cookies we use and how long they are kept.' },
    body: {
      sv: html(
        '<p>Vi använder cookies för att butiken ska fungera och komma ihåg dina val. Vi säljer aldrig information om dig till någon annan.</p>',
        '<h2>Cookies vi sätter</h2>',
        list([
          'Språk – kommer ihåg valt språk i 365 dagar.',
          'Samtycke (ralph-cookie-consent) – sparar ditt val om cookies i 365 dagar.',
          'Demomeddelande (ralph-demo-notice) – i en demobutik: kommer ihåg att du stängt meddelandet tills du stänger webbläsaren.',
          'Varukorg – kommer ihåg din varukorg i ungefär ett år.',
          'Inställningar – favoriter, kundtyp och om priser visas med eller utan moms sparas i ungefär ett år.',
          'Inloggning (apollo-token) – håller dig inloggad i sju dagar om du vill bli ihågkommen, annars i 30 minuter.',
        ]),
        '<h2>Dina val</h2>',
        '<p>Första gången du besöker oss väljer du om du godkänner cookies. Du kan ändra dig när som helst genom att rensa cookies i webbläsaren.</p>',
      ),
      en: html(
        '<p>We use cookies to make the shop work and to remember your choices. We never sell information about you to anyone else.</p>',
        '<h2>Cookies we set</h2>',
        list([
          'Language – remembers your chosen language for 365 days.',
          'Consent (ralph-cookie-consent) – stores your cookie choice for 365 days.',
          'Demo notice (ralph-demo-notice) – in a demo shop: remembers that you closed the notice until you close the browser.',
          'Cart – remembers your cart for about a year.',
          'Preferences – favourites, customer type and whether prices include VAT are kept for about a year.',
          'Login (apollo-token) – keeps you signed in for seven days if you ask us to remember you, otherwise for 30 minutes.',
        ]),
        '<h2>Your choices</h2>',
        '<p>On your first visit you choose whether to accept cookies. You can change your mind at any time by clearing cookies in your browser.</p>',
      ),
    },
  };
}

function termsPage(variant: ShopVariant): ContentPage {
  const games = variant === 'games';
  const vat = games ? 25 : 12;
  return {
    id: 3,
    key: 'purchase-terms',
    alias: { sv: 'kopvillkor', en: 'purchase-terms' },
    title: { sv: 'Köpvillkor', en: 'Purchase terms' },
    description: { sv: 'Priser, leverans, betalning och returer hos oss.', en: 'Prices, delivery, payment and returns in our shop.' },
    body: {
      sv: html(
        '<h2>Priser</h2>',
        `<p>Alla priser anges i svenska kronor inklusive ${vat} % moms. Företagskunder kan välja att visa priser exklusive moms.</p>`,
        '<h2>Leverans</h2>',
        '<p>Varor i lager skickar vi senast nästa vardag. Beställningsvaror tar längre tid: produktsidan visar leveranstiden. Frakten är fri när du handlar för minst 499 kr.</p>',
        '<h2>Betalning</h2>',
        list(['Kort', 'Faktura', 'Delbetalning', 'Presentkort']),
        '<h2>Ångerrätt och retur</h2>',
        games
          ? '<p>Du har 14 dagars ångerrätt enligt lagen om distansavtal, och hos oss är returen alltid fri i 30 dagar. Begagnade konsoler och tillbehör har tre månaders garanti.</p>'
          : '<p>Oöppnade förpackningar kan returneras fritt inom 30 dagar. Ångerrätten gäller inte livsmedel där förseglingen har brutits, och lösgodis vägs upp på beställning och kan därför inte returneras.</p>',
      ),
      en: html(
        '<h2>Prices</h2>',
        `<p>All prices are in Swedish kronor including ${vat} % VAT. Business customers can choose to see prices excluding VAT.</p>`,
        '<h2>Delivery</h2>',
        '<p>Items in stock ship no later than the next working day. Items ordered in for you take longer: the product page shows the delivery time. Shipping is free when you spend at least SEK 499.</p>',
        '<h2>Payment</h2>',
        list(['Card', 'Invoice', 'Instalments', 'Gift card']),
        '<h2>Right of withdrawal and returns</h2>',
        games
          ? '<p>You have a 14-day right of withdrawal under the Distance Contracts Act, and returns are always free with us for 30 days. Pre-owned consoles and accessories come with a three-month warranty.</p>'
          : '<p>Unopened packages can be returned free of charge within 30 days. The right of withdrawal does not cover food whose seal has been broken, and pick and mix is weighed to order and therefore cannot be returned.</p>',
      ),
    },
  };
}

function customerServicePage(variant: ShopVariant): ContentPage {
  const shop = SHOP_INFO[variant];
  const contact = (lang: Lang): string =>
    `<a href="mailto:${shop.email}">${shop.email}</a> ${lang === 'sv' ? 'eller' : 'or'} <a href="${shop.phoneHref}">${shop.phoneDisplay}</a>`;
  return {
    id: 4,
    key: 'customer-service',
    alias: { sv: 'kundtjanst', en: 'customer-service' },
    title: { sv: 'Kundtjänst', en: 'Customer service' },
    description: { sv: 'Kontakta oss om beställningar, leveranser och returer.', en: 'Contact us about orders, deliveries and returns.' },
    body: {
      sv: html(
        `<p>Vi svarar på vardagar mellan 9 och 16. Nå oss på ${contact('sv')}.</p>`,
        '<h2>Vanliga frågor</h2>',
        list([
          'Var är mitt paket? Du får ett spårningsnummer i leveransbekräftelsen när paketet har skickats.',
          'Hur returnerar jag en vara? Kontakta oss så skickar vi en fri retursedel.',
          'Kan jag ändra min beställning? Hör av dig så snart som möjligt, innan paketet har skickats.',
        ]),
        '<p>Läs mer i våra <a href="/kopvillkor">köpvillkor</a>.</p>',
      ),
      en: html(
        `<p>We answer on working days between 9 and 16. Reach us at ${contact('en')}.</p>`,
        '<h2>Frequently asked questions</h2>',
        list([
          'Where is my parcel? You get a tracking number in the shipping confirmation once the parcel has left us.',
          'How do I return an item? Contact us and we will send you a free return label.',
          'Can I change my order? Get in touch as soon as possible, before the parcel has shipped.',
        ]),
        '<p>Read more in our <a href="/en/purchase-terms">purchase terms</a>.</p>',
      ),
    },
  };
}

export function contentPages(variant: ShopVariant): ContentPage[] {
  return [aboutPage(variant), cookiesPage(), termsPage(variant), customerServicePage(variant)];
}
