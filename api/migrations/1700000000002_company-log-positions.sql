-- Up Migration
-- Where each company's events end in the log, written by the command that appended them while it holds the
-- company's lock: the next command waits for the projection to reach exactly this, not the partition's head.
CREATE TABLE company_log_positions (
  company_id text NOT NULL,
  -- which log (embedded, or a Kafka topic): positions of another log mean nothing here
  log text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  PRIMARY KEY (company_id, log)
);

-- Down Migration
DROP TABLE company_log_positions;
