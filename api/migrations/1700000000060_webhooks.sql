-- Up Migration
-- DESIGN.md §18: a club's webhook endpoints, their outbox of deliveries and the webhooks consumer's own checkpoints.
-- Configuration of a company, not a fact of its history: beside the log, as calendar feeds are.
CREATE TABLE webhooks (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  url text NOT NULL,
  types text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  -- `whsec_` + base64: shown once at creation, kept to sign every delivery
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  -- the first failure after the endpoint's last success: failing for 3 days in a row disables it
  failing_since timestamptz,
  disabled_at timestamptz
);
CREATE INDEX webhooks_company ON webhooks (company_id, created_at);

-- The outbox: written by the webhooks consumer in the transaction that moves its checkpoint, delivered by the sender.
-- One row per change and endpoint (`change_key`): its id is the `webhook-id` of every attempt, so a receiver sees a
-- retry, a redelivery or a repeat after a crash as the same message.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  -- log order per endpoint: the consumer writes a company's changes in the order of its partition
  seq bigserial NOT NULL UNIQUE,
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  change_key text NOT NULL,
  type text NOT NULL,
  event_id uuid,
  body text NOT NULL,
  -- false for a ping or a redelivery: sent when due, not held behind the endpoint's older changes
  in_order boolean NOT NULL DEFAULT true,
  attempts integer NOT NULL DEFAULT 0,
  status integer,
  error text,
  at timestamptz NOT NULL,
  -- NULL once delivered or given up
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  UNIQUE (webhook_id, change_key)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, seq) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, seq DESC);

-- Where the webhooks consumer (`courtside.webhooks`) stands in each log.
CREATE TABLE webhook_checkpoints (
  log text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  PRIMARY KEY (log, partition)
);

CREATE TABLE webhook_heartbeat (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  beat_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE webhook_heartbeat;
DROP TABLE webhook_checkpoints;
DROP TABLE webhook_deliveries;
DROP TABLE webhooks;
