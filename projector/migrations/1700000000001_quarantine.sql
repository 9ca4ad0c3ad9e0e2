-- Up Migration
-- An event that cannot be applied no longer stops its partition: its company is quarantined instead. The company's
-- later events are parked (kept, in log order) until the projector can apply the first one, so other companies on
-- the partition go on. `failures` (one row per stopped partition) is replaced by these two tables.
DROP TABLE failures;

CREATE TABLE quarantined_companies (
  company_id text PRIMARY KEY,
  partition integer NOT NULL,
  -- The first event of the company that could not be applied; every later one of the company is parked.
  "offset" bigint NOT NULL,
  event_id text,
  event_type text,
  error text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);

-- The raw records (JSON text, so even a string Postgres cannot hold in jsonb is kept) of quarantined companies.
CREATE TABLE parked_events (
  partition integer NOT NULL,
  "offset" bigint NOT NULL,
  company_id text NOT NULL,
  record text NOT NULL,
  PRIMARY KEY (partition, "offset")
);
CREATE INDEX parked_events_company ON parked_events (company_id, partition, "offset");

-- Down Migration
DROP TABLE parked_events;
DROP TABLE quarantined_companies;
CREATE TABLE failures (
  partition integer PRIMARY KEY,
  "offset" bigint NOT NULL,
  event_id text,
  event_type text,
  error text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
