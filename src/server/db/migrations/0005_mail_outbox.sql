-- Mails waiting to be sent (order confirmations, shipping notices). A mail is written here in the same
-- transaction as the change that causes it, and a sender delivers it over SMTP later, so an unreachable
-- mail server never fails or slows a checkout.
-- The id is random: it is also the address of the mail's browser preview (/mail/{kind}/{id}), which must
-- not be guessable because a mail holds the customer's name and address.
-- next_attempt_at spaces out retries after failures; locked_until is a short lease taken by the sender
-- that is delivering the mail, so several server instances never send the same mail twice.
CREATE TABLE mail_outbox (
  id              uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  kind            text        NOT NULL CHECK (kind IN ('orderconfirmed', 'ordershipped')),
  to_address      text        NOT NULL CHECK (char_length(to_address) BETWEEN 3 AND 254),
  subject         text        NOT NULL,
  html            text        NOT NULL,
  text            text        NOT NULL,
  language_id     text        NOT NULL CHECK (language_id IN ('sv', 'en')),
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at         timestamptz,
  attempts        integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error      text,
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  locked_until    timestamptz
);
-- What the sender reads: unsent mails, oldest first.
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (created_at, id) WHERE sent_at IS NULL;
