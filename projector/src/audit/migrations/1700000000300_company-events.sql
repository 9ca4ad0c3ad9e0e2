-- Up Migration
-- Every event of a company, for the audit page: who did what, when, newest first.
CREATE TABLE company_events (
  company_id text NOT NULL,
  seq integer NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  stream_id text NOT NULL,
  ladder_id text,
  season_id text,
  actor_id text NOT NULL,
  occurred_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  PRIMARY KEY (company_id, seq)
);
CREATE INDEX company_events_ladder ON company_events (company_id, ladder_id, seq);
CREATE INDEX company_events_season ON company_events (company_id, season_id, seq);

-- Down Migration
DROP TABLE company_events;
