-- A session slides: each token refresh moves expires_at to now + lifetime_seconds (1800 when "remember me" was
-- off, 604800 otherwise), never past the absolute limit counted from created_at (modules/auth/sessions.ts).
ALTER TABLE customer_sessions ADD COLUMN lifetime_seconds integer NOT NULL DEFAULT 604800 CHECK (lifetime_seconds > 0);

-- The outbox also carries the password reset mail.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('orderconfirmed', 'ordershipped', 'passwordreset'));
