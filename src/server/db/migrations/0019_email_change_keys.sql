-- Changing the sign-in address goes through single-use, expiring keys mailed to the shopper, the same kind of key
-- as the password reset's: so they live in the same table, told apart by purpose (modules/auth/email-change.ts).
--   reset:         sets a new password (forgot password; unchanged).
--   confirm-email: mailed to the new address; opening it moves the account there (email: the new address).
--   undo-email:    mailed to the old address once the account moved; opening it moves the account back, ends
--                  every session and opens the reset flow (email: the address to restore).
-- A reset or a password change ends only reset keys: the undo link must outlive a password the taker set.
ALTER TABLE password_reset_keys ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'confirm-email', 'undo-email'));
ALTER TABLE password_reset_keys ADD COLUMN email text CHECK (char_length(email) BETWEEN 3 AND 254);
ALTER TABLE password_reset_keys ADD CONSTRAINT password_reset_keys_purpose_email_check CHECK ((purpose = 'reset') = (email IS NULL));

-- The outbox carries the e-mail change's mails: the link to the new address (emailconfirm), the notice with the
-- undo link to the old one (emailchanged), and the notice to an address that already has an account (emailtaken).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('orderconfirmed', 'ordershipped', 'passwordreset', 'backinstock', 'emailconfirm', 'emailchanged', 'emailtaken'));
