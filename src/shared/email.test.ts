import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isValidEmail } from './email';

describe('isValidEmail', () => {
  it('accepts ordinary addresses, with surrounding spaces trimmed', () => {
    for (const email of ['anna@example.se', 'a.b+tag@mail.example.com', '  kim@shop.example  ', 'åsa@exempel.se']) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('rejects empty, partial and spaced addresses', () => {
    for (const email of ['', '   ', 'anna', 'anna@', '@example.se', 'anna@example', 'anna@example.s', 'an na@example.se', 'anna@@example.se', 'anna@example..se']) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('rejects addresses longer than an address can be', () => {
    const domain = '@example.se';
    expect(isValidEmail('a'.repeat(EMAIL_MAX_LENGTH - domain.length) + domain)).toBe(true);
    expect(isValidEmail('a'.repeat(EMAIL_MAX_LENGTH - domain.length + 1) + domain)).toBe(false);
  });
});
