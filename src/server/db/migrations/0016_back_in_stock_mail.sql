-- The back-in-stock notice (modules/notifications) is queued through the mail outbox like the order mails and
-- the password reset mail (0015).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('orderconfirmed', 'ordershipped', 'passwordreset', 'backinstock'));
