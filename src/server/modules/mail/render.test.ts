import { describe, expect, it } from 'vitest';
import { renderOrderConfirmed, renderOrderShipped } from './render';
import type { OrderMailData } from './types';

function order(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    orderNumber: '2024-0117',
    language: 'sv',
    customerName: 'Kim Berg',
    customerEmail: 'kim@example.se',
    lines: [
      { name: 'Super Mario Bros. 3', skuName: 'PAL, komplett i kartong', quantity: 1, unitPriceFormatted: '499 kr', totalFormatted: '499 kr' },
      { name: 'Tetris', skuName: '', quantity: 2, unitPriceFormatted: '149 kr', totalFormatted: '298 kr' },
    ],
    subtotalFormatted: '797 kr',
    shippingFormatted: '49 kr',
    discountFormatted: '−80 kr',
    totalFormatted: '766 kr',
    vatFormatted: '153,20 kr',
    shippingMethod: 'PostNord MyPack Collect',
    paymentMethod: 'Klarna faktura',
    shippingAddress: { name: 'Kim Berg', careOf: 'Lind', street: 'Ågatan 3', zip: '753 20', city: 'Uppsala', country: 'Sverige' },
    trackingUrl: 'https://tracking.example/parcel?id=123&lang=sv',
    ...overrides,
  };
}

describe('order mails', () => {
  it('renders the confirmation in Swedish with every line, the totals and the delivery facts', () => {
    const mail = renderOrderConfirmed(order());
    expect(mail.subject).toBe('Tack för din beställning 2024-0117');
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="sv">/);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    for (const text of ['Retro Spelbutiken', 'Tack för din beställning!', 'Hej Kim Berg!', 'Super Mario Bros. 3', 'PAL, komplett i kartong', 'Tetris', '298 kr', 'Delsumma', '797 kr', 'Frakt', '49 kr', 'Rabatt', '−80 kr', 'Totalt', '766 kr', 'Varav moms', '153,20 kr', 'PostNord MyPack Collect', 'Klarna faktura', 'c/o Lind', 'Ågatan 3', '753 20 Uppsala', 'kundtjanst@retrospelbutiken.example']) {
      expect(mail.html, text).toContain(text);
    }
    // Email-safe markup: tables and inline styles in the brand colour, no style sheets or scripts.
    expect(mail.html).toContain('role="presentation"');
    expect(mail.html).toContain('background-color:#EE3F6B');
    expect(mail.html).not.toMatch(/<style|<script|<link/);
    // The confirmation has no tracking button.
    expect(mail.html).not.toContain('Spåra paketet');
    expect(mail.text).toContain('2 × Tetris');
    expect(mail.text).toContain('1 × Super Mario Bros. 3 (PAL, komplett i kartong)');
    expect(mail.text).toContain('Totalt: 766 kr');
    expect(mail.text).toContain('Leveransadress:\nKim Berg\nc/o Lind\nÅgatan 3\n753 20 Uppsala\nSverige');
  });

  it('renders the English texts and leaves out an absent discount', () => {
    const mail = renderOrderConfirmed(order({ language: 'en', discountFormatted: undefined }));
    expect(mail.subject).toBe('Thanks for your order 2024-0117');
    expect(mail.html).toContain('<html lang="en">');
    for (const text of ['Thanks for your order!', 'Hi Kim Berg!', 'Subtotal', 'Shipping', 'Including VAT', 'Payment method', 'Shipping address', 'Best regards, Retro Game Shop']) {
      expect(mail.html, text).toContain(text);
    }
    expect(mail.html).not.toContain('Discount');
    expect(mail.text).not.toContain('Discount');
    expect(mail.html).not.toContain('Delsumma');
  });

  it('renders the shipped mail with a tracking button, in both languages', () => {
    const sv = renderOrderShipped(order());
    expect(sv.subject).toBe('Din beställning är skickad (2024-0117)');
    expect(sv.html).toContain('Din beställning är skickad');
    expect(sv.html).toContain('href="https://tracking.example/parcel?id=123&amp;lang=sv"');
    expect(sv.html).toContain('Spåra paketet');
    expect(sv.text).toContain('Spåra paketet: https://tracking.example/parcel?id=123&lang=sv');
    const en = renderOrderShipped(order({ language: 'en' }));
    expect(en.subject).toBe('Your order has shipped (2024-0117)');
    expect(en.html).toContain('Track your parcel');
    expect(en.html).toContain('Hi Kim Berg! Your order 2024-0117 has left our warehouse');
  });

  it('shows no tracking button without a web link', () => {
    for (const trackingUrl of [undefined, '', 'javascript:alert(1)', 'not a url']) {
      const mail = renderOrderShipped(order({ trackingUrl }));
      expect(mail.html).not.toContain('Spåra paketet');
      expect(mail.html).not.toContain('javascript:');
    }
  });

  it('escapes markup in every shopper- and catalog-provided text', () => {
    const evil = '<script>alert("x")</script>';
    const mail = renderOrderConfirmed(
      order({
        customerName: `Eve ${evil}`,
        lines: [{ name: `Pwn ${evil}`, skuName: '<img src=x onerror=alert(1)>', quantity: 1, unitPriceFormatted: '1 kr', totalFormatted: '1 kr' }],
        shippingAddress: { name: 'Eve', street: '"><b>bold</b>', zip: '1', city: 'X', country: 'Y' },
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('Pwn &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('carries the candy shop name in the candy variant', () => {
    const mail = renderOrderConfirmed(order(), 'candy');
    expect(mail.html).toContain('Godisbutiken');
    expect(mail.html).not.toContain('Retro Spelbutiken');
    expect(mail.text).toContain('Vänliga hälsningar, Godisbutiken');
  });
});
