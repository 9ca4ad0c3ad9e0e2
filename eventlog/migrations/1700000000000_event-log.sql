-- Up Migration
-- The embedded event log: one partition, offsets are a gapless sequence handed out under the head row lock,
-- so offsets become visible in commit order and a reader never passes over one that commits later.
CREATE TABLE events (
  "offset" bigint PRIMARY KEY,
  company_id text NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  body jsonb NOT NULL,
  appended_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  next_offset bigint NOT NULL
);

INSERT INTO head (next_offset) VALUES (0);

-- Down Migration
DROP TABLE events;
DROP TABLE head;
