-- Up Migration
-- DESIGN.md §17 "Web Push": the browsers that asked to be told on the phone's lock screen, and the pushes to them.

-- Which kinds reach the account's phones; a kind missing has its default (events/src/notifications/push.ts).
ALTER TABLE notification_preferences ADD COLUMN push jsonb NOT NULL DEFAULT '{}';

-- One row per browser (its push service endpoint is unique). The session it was made in: signing that browser out
-- (or any other end of its session) deletes the subscription (the trigger below; docs/decisions/notifications.md).
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_hash text,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash) WHERE session_hash IS NOT NULL;

CREATE FUNCTION push_subscriptions_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM courtside.push_subscriptions WHERE session_hash = NEW.id_hash;
  RETURN NEW;
END $$;
CREATE TRIGGER sessions_revoked_end_push AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION push_subscriptions_end_with_session();

-- The pushes to send: one per notification and subscription at most (the idempotency key), written with the
-- notification by the notifier, sent by the push sender with retries. The payload is the notification's words in
-- the account's language, `{title, body, url}`.
CREATE TABLE push_outbox (
  id bigserial PRIMARY KEY,
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  urgency text NOT NULL CHECK (urgency IN ('normal', 'high')),
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  sent_at timestamptz,
  -- gave up: too many failures, or the push service refused it for good
  failed_at timestamptz,
  UNIQUE (notification_id, subscription_id)
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);

-- Down Migration
DROP TABLE push_outbox;
DROP TRIGGER sessions_revoked_end_push ON sessions;
DROP FUNCTION push_subscriptions_end_with_session();
DROP TABLE push_subscriptions;
ALTER TABLE notification_preferences DROP COLUMN push;
