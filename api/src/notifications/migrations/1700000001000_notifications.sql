-- Up Migration
-- The notifier's own state (DESIGN.md §6), beside the accounts: not a read model, never rebuilt from scratch. A
-- replay of the log meets the idempotency keys below and inserts nothing again, so nobody is mailed twice.

-- Where the notifier stands in each log (embedded, or a Kafka topic), moved in the transaction that writes what it
-- decided for those events.
CREATE TABLE notifier_checkpoints (
  log text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  PRIMARY KEY (log, partition)
);

-- The notifier's sign of life, for /webapps/api/ready.
CREATE TABLE notifier_heartbeat (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  beat_at timestamptz NOT NULL
);

CREATE TABLE notification_preferences (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  language text NOT NULL DEFAULT 'en',
  -- kind -> false for a mail switched off; a kind missing is on
  mail jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL
);

-- In-app notifications. (source, account_id, kind) is the idempotency key: source is the event id, or
-- `reminder:{challengeId}` for a reminder the notifier's clock raised.
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  account_id uuid NOT NULL,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  UNIQUE (source, account_id, kind)
);
CREATE INDEX notifications_account ON notifications (account_id, id DESC);
CREATE INDEX notifications_unread ON notifications (account_id) WHERE read_at IS NULL;

-- Mails to deliver, one per notification at most: written with the notification, sent by the sender with retries.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  notification_id bigint NOT NULL UNIQUE REFERENCES notifications (id) ON DELETE CASCADE,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  unsubscribe_url text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  sent_at timestamptz,
  -- gave up after too many failures
  failed_at timestamptz
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Down Migration
DROP TABLE mail_outbox;
DROP TABLE notifications;
DROP TABLE notification_preferences;
DROP TABLE notifier_heartbeat;
DROP TABLE notifier_checkpoints;
