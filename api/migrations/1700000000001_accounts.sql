-- Up Migration
-- Accounts and credentials are not events: they hold secrets, and a password change must not be replayable.
CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  verified_at timestamptz,
  full_name text,
  phone_country_code text,
  phone_number text,
  created_at timestamptz NOT NULL
);

CREATE TABLE email_verifications (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  refresh_hash text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_attempts integer NOT NULL DEFAULT 0
);

-- Only a hash of the session id is stored: a leaked table does not hand out sessions.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  refreshed_at timestamptz NOT NULL,
  access_expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Fixed-window counters shared by every api process (login attempts per account and per address).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  count integer NOT NULL
);

-- Mail of development installs, readable on /webapps/dev/mailbox.
CREATE TABLE dev_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_outbox_recipient ON dev_outbox (recipient, id);

-- Down Migration
DROP TABLE dev_outbox;
DROP TABLE rate_limits;
DROP TABLE sessions;
DROP TABLE email_verifications;
DROP TABLE accounts;
