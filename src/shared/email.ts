/**
 * The one email rule of the shop, for every form, the GraphQL API, /auth, the configuration and the mail sender,
 * so an address never passes one and fails another (a customer could otherwise save an address they cannot log in
 * with): something before the @, a dotted domain after it, a top-level part of two letters or more, letters of any
 * alphabet (åsa@exempel.se), no spaces, none of the characters that make a mail header an address list or a name
 * (<>",;:()[]\), and no longer than an address can be (RFC 5321: 254 characters).
 */
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_PATTERN = /^[^\s@<>",;:()[\]\\]+@(?:[^\s@<>",;:()[\]\\.]+\.)+[^\s@<>",;:()[\]\\.]{2,}$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
