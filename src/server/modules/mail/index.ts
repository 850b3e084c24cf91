/**
 * Order mails, and the password reset mail (modules/auth), queued the same way: rendered in the order's language, queued in mail_outbox in the caller's transaction, sent over SMTP
 * by the sender, and previewed at /mail/…. The mail module does not read orders: the order module hands it the
 * mail's data.
 */
export { enqueueBackInStockMail, enqueueOrderMail, forgetMails } from './outbox';
export type { BackInStockMailData } from './BackInStockMail';
export { enqueuePasswordResetMail, type PasswordResetMailData } from './PasswordResetMail';
export { maskPasswordResetKeys } from './outbox-store';
export { registerMailPreviews } from './preview';
export { MAILBOX_PATH, registerDevMailbox } from './mailbox';
export { createMailSender } from './sender';
export type { OrderMailData, OrderMailKind } from './types';
