/**
 * Order mails, and the password reset and e-mail change mails (modules/auth), queued the same way: rendered in the order's language, queued in mail_outbox in the caller's transaction, sent over SMTP
 * by the sender, and previewed at /mail/…. The mail module does not read orders: the order module hands it the
 * mail's data.
 */
export { enqueueBackInStockMail, enqueueOrderMail, forgetMails } from './outbox';
export type { BackInStockMailData } from './BackInStockMail';
export { enqueuePasswordResetMail, type PasswordResetMailData } from './PasswordResetMail';
export { enqueueEmailChangeMail, type EmailChangeMailData } from './EmailChangeMail';
export { maskMailKeys } from './outbox-store';
export { registerMailPreviews, registerMailRenderScript } from './preview';
export { MAILBOX_PATH, registerDevMailbox } from './mailbox';
export { createMailSender } from './sender';
export type { OrderMailData, OrderMailKind } from './types';
