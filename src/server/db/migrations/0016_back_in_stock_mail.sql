-- The back-in-stock notice (modules/notifications) is queued through the mail outbox like the order mails.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('orderconfirmed', 'ordershipped', 'backinstock'));
