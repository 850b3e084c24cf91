-- A stored mail holds a customer's name, email and address, so its preview is shown only to whoever holds the
-- order's token (or an admin): order_id ties the mail to that order. A mail whose order is deleted is shown to
-- admins only.
-- message_id is the mail's Message-ID. It travels in every copy, reply and forward of the mail, so it is random
-- and apart from the outbox id, which must stay out of anyone's hands but the shop's.
ALTER TABLE mail_outbox ADD COLUMN order_id text REFERENCES orders (order_id) ON DELETE SET NULL;
ALTER TABLE mail_outbox ADD COLUMN message_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE INDEX mail_outbox_order_idx ON mail_outbox (order_id);
