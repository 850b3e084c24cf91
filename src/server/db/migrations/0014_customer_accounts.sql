-- Customer accounts: the customer, their sign-in sessions, password reset keys and store credit.
-- email is compared case-insensitively (one account per address whatever its case).
-- password_hash is the server's slow hash (scrypt, modules/auth) of what the browser sends: the password
-- already hashed with SHA-384 and the shop's fixed salt (base64), so the plain password never leaves the device.
CREATE TABLE customers (
  customer_id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email                  text        NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  password_hash          text        NOT NULL,
  customer_type          text        NOT NULL DEFAULT 'PERSON' CHECK (customer_type IN ('PERSON', 'ORGANIZATION')),
  first_name             text,
  last_name              text,
  phone_number           text,
  gender                 text        NOT NULL DEFAULT 'UNSPECIFIED' CHECK (gender IN ('UNSPECIFIED', 'WOMAN', 'MAN')),
  care_of                text,
  street_address         text,
  address_line2          text,
  zip                    text,
  city                   text,
  country                text        NOT NULL DEFAULT 'SE',
  personal_id_number     text,
  organisation_id_number text,
  company_name           text,
  newsletter_consent     boolean     NOT NULL DEFAULT false,
  language_id            text        NOT NULL DEFAULT 'sv' CHECK (language_id IN ('sv', 'en')),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));

-- A token is valid only while its session row is: logout, a password change, deleting the account and
-- "log out everywhere" set revoked_at (or delete the row), which every server instance sees at once.
-- shop_as_admin_id: the admin who opened this session through a one-time "shop as" link.
CREATE TABLE customer_sessions (
  session_id       uuid        PRIMARY KEY,
  customer_id      integer     NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  revoked_at       timestamptz,
  shop_as_admin_id integer
);
CREATE INDEX customer_sessions_customer_idx ON customer_sessions (customer_id);

-- Forgot password: only the key's SHA-256 is stored here, so this table alone does not let anyone reset. The
-- reset mail in mail_outbox holds the key itself until it is sent, used or expired; then it is masked there.
-- used_at makes a key single-use; a new key leaves older unused ones valid until they expire.
CREATE TABLE password_reset_keys (
  key_hash    text        PRIMARY KEY,
  customer_id integer     NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_reset_keys_customer_idx ON password_reset_keys (customer_id);

-- One-time "shop as" links an admin creates: the link carries a signed token; its id is stored so it is
-- accepted once.
CREATE TABLE shop_as_links (
  link_id     uuid        PRIMARY KEY,
  customer_id integer     NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
  admin_id    integer     NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Store credit: one row per movement (öre inc VAT, positive adds, negative spends); the balance is the sum.
CREATE TABLE customer_credit_movements (
  movement_id  integer     GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id  integer     NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
  amount_minor integer     NOT NULL CHECK (amount_minor <> 0),
  description  text        NOT NULL,
  order_id     text        REFERENCES orders (order_id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_credit_movements_customer_idx ON customer_credit_movements (customer_id, created_at);

-- Newsletter sign-ups (footer, settings): one row per address whatever its case.
CREATE TABLE newsletter_subscriptions (
  email         text        NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  language_id   text        NOT NULL CHECK (language_id IN ('sv', 'en')),
  subscribed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_subscriptions_email_key ON newsletter_subscriptions (lower(email));

-- An order placed with a token belongs to that customer; a guest order never does (even with the same email).
-- Deleting the account keeps the order for bookkeeping and erases the person's details from it (modules/customer).
ALTER TABLE orders ADD COLUMN customer_id integer REFERENCES customers (customer_id) ON DELETE SET NULL;
CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;

-- A signed-in customer's cart belongs to them: only their token reads or changes it.
ALTER TABLE carts ADD COLUMN customer_id integer REFERENCES customers (customer_id) ON DELETE CASCADE;
CREATE UNIQUE INDEX carts_customer_key ON carts (customer_id) WHERE customer_id IS NOT NULL;
