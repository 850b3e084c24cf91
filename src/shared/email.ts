/**
 * One email rule for the browser form and the API, so a shopper never passes one and fails the other:
 * something before the @, a dotted domain after it, a top-level part of two letters or more, no spaces,
 * and no longer than an address can be (RFC 5321: 254 characters).
 */
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
