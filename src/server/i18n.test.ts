import { describe, expect, it } from 'vitest';
import { languageOfUrl, t } from './i18n';

describe('server texts', () => {
  it('fills in placeholders, every occurrence, and leaves the rest of the text as written', () => {
    expect(t('sv', 'server.cart.stockLimit', { stock: '3' })).toBe('Du kan tyvärr inte lägga fler i varukorgen. Endast 3 kvar på lager');
    expect(t('sv', 'server.cart.stockChanged', { name: 'Zelda', stock: '2' })).toBe(
      'Endast 2 av Zelda kvar på lager. Antalet i varukorgen har ändrats till 2',
    );
    expect(t('en', 'mail.regards', { shopName: 'Retro Games Shop' })).toBe('Best regards, Retro Games Shop');
  });

  it('inserts values as given: braces, quotes and angle brackets in a name are not message syntax', () => {
    const name = "Mario's <b>{Party}</b> '{x}'";
    expect(t('sv', 'server.cart.itemRemoved', { name })).toBe(`${name} är slut i lager och har tagits bort från varukorgen`);
  });

  it('reads the pages’ texts too, in both languages', () => {
    expect(t('sv', 'error.generic')).toBe('Något gick tyvärr fel. Försök gärna igen och kontakta kundtjänst om problemet kvarstår.');
    expect(t('en', 'notFound.text')).toBe('This page could not be found');
    expect(t('en', 'offline.title')).toBe("You're offline");
  });

  it('throws when a placeholder has no value, rather than sending a half-made text', () => {
    expect(() => t('sv', 'server.cart.stockLimit')).toThrow(/stock/);
  });

  it('takes the language from the address: /en and below are English, every other path Swedish', () => {
    for (const url of ['/en', '/en/', '/en/checkout', '/en?q=1', '/en#top', '/en/s/a%00b']) expect(languageOfUrl(url), url).toBe('en');
    for (const url of ['/', '/kassan', '/engelska', '/s/en', '/?lang=/en/', 'http://example.com/en']) expect(languageOfUrl(url), url).toBe('sv');
  });
});
