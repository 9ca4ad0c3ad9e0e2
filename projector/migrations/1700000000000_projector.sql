-- Up Migration
-- Bookkeeping of the projector, kept in the read-model schema itself so that a rebuilt schema carries its own
-- positions and a checkpoint is committed in the same transaction as the rows it stands for.
CREATE TABLE checkpoints (
  partition integer PRIMARY KEY,
  next_offset bigint NOT NULL
);

-- A partition stops at an event it cannot parse or apply; the row says which and why.
CREATE TABLE failures (
  partition integer PRIMARY KEY,
  "offset" bigint NOT NULL,
  event_id text,
  event_type text,
  error text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);

-- Live pushes written with the read-model change that caused them, delivered by every api process after commit
-- and replayed to clients that reconnect.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  room text NOT NULL,
  event text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_room_id ON outbox (room, id);

CREATE TABLE heartbeat (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  beat_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE heartbeat;
DROP TABLE outbox;
DROP TABLE failures;
DROP TABLE checkpoints;
